//! `drain`: what is in the pot, through a colander.

use super::{Clause, Flow};
use crate::baseline::session::Session;

pub(super) fn act(s: &mut Session, _c: &Clause) -> Flow {
    let Some(w) = s.work else {
        return Flow::Stop;
    };
    let input = s.bowls[w].var.clone();
    if let Some(out) = s.drain(&input, "drain what is in the pot") {
        s.bowls[w].var = out.clone();
        s.worked(out);
    }
    Flow::Go
}
