//! `get-kitchen ?kitchen`: the initial kitchen state, available at 0.

use sous_kitchen::full_kitchen;

use crate::{Exec, SimError};

pub fn run(x: &mut Exec) -> Result<(), SimError> {
    x.bind_value("kitchen", full_kitchen().0.into_root(), Some(0.0));
    x.set_start(0.0);
    Ok(())
}
