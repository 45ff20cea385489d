//! `bring-to-temperature`.

use crate::{Exec, SimError};

pub fn run(_x: &mut Exec) -> Result<(), SimError> {
    Err(SimError::Crash(
        "`bring-to-temperature` is not implemented yet".into(),
    ))
}
