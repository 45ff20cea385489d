//! `portion-and-arrange`.

use crate::{Exec, SimError};

pub fn run(_x: &mut Exec) -> Result<(), SimError> {
    Err(SimError::Crash(
        "`portion-and-arrange` is not implemented yet".into(),
    ))
}
