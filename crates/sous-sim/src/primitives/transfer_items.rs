//! `transfer-items`.

use crate::{Exec, SimError};

pub fn run(_x: &mut Exec) -> Result<(), SimError> {
    Err(SimError::Crash(
        "`transfer-items` is not implemented yet".into(),
    ))
}
