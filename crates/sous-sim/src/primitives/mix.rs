//! `mix`.

use crate::{Exec, SimError};

pub fn run(_x: &mut Exec) -> Result<(), SimError> {
    Err(SimError::Crash("`mix` is not implemented yet".into()))
}
