//! `mash`: the named ingredients mashed where they are.

use super::{Clause, Flow};
use crate::baseline::session::Session;

pub(super) fn act(s: &mut Session, c: &Clause) -> Flow {
    let (verb, ws) = (c.verb, &c.ws);
    s.prepare_named(verb.kind, ws);
    Flow::Go
}
