//! `drain`: what is in the pot, through a colander.

use super::{Clause, Flow};
use crate::baseline::session::Session;

pub(super) fn act(s: &mut Session, _c: &Clause) -> Flow {
    let Some(input) = s.in_hand_var() else {
        return Flow::Stop;
    };
    if let Some(out) = s.drain(&input, "drain what is in the pot") {
        s.worked(out);
    }
    Flow::Go
}
