//! `leave-for-time`.

use crate::{Exec, SimError};

pub fn run(_x: &mut Exec) -> Result<(), SimError> {
    Err(SimError::Crash(
        "`leave-for-time` is not implemented yet".into(),
    ))
}
