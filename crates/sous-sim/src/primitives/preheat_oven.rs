//! `preheat-oven`.

use crate::{Exec, SimError};

pub fn run(_x: &mut Exec) -> Result<(), SimError> {
    Err(SimError::Crash(
        "`preheat-oven` is not implemented yet".into(),
    ))
}
