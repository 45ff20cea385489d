//! `remove from the oven to a rack`: what was baked, onto a rack.

use super::{Clause, Flow};
use crate::baseline::session::Session;

pub(super) fn act(s: &mut Session, c: &Clause) -> Flow {
    let ws = &c.ws;
    s.onto_rack(ws);
    Flow::Go
}
