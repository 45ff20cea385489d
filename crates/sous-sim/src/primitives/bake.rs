//! `bake`.

use crate::{Exec, SimError};

pub fn run(_x: &mut Exec) -> Result<(), SimError> {
    Err(SimError::Crash("`bake` is not implemented yet".into()))
}
