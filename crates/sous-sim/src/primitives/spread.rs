//! `spread`.

use crate::{Exec, SimError};

pub fn run(_x: &mut Exec) -> Result<(), SimError> {
    Err(SimError::Crash("`spread` is not implemented yet".into()))
}
