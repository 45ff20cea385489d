//! `top-with`.

use crate::{Exec, SimError};

pub fn run(_x: &mut Exec) -> Result<(), SimError> {
    Err(SimError::Crash("`top-with` is not implemented yet".into()))
}
