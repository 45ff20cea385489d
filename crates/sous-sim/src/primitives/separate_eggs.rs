//! `separate-eggs`.

use crate::{Exec, SimError};

pub fn run(_x: &mut Exec) -> Result<(), SimError> {
    Err(SimError::Crash(
        "`separate-eggs` is not implemented yet".into(),
    ))
}
