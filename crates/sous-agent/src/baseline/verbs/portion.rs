//! `divide into portions`: the working bowl portioned (the tins filled).

use super::{Clause, Flow};
use crate::baseline::session::Session;
use crate::instructions::{Kind, Verb};

pub(super) fn act(s: &mut Session, c: &Clause) -> Flow {
    let (clause, ws) = (c.text, &c.ws);
    // `Divide the batter among the 12 muffin cups`: the tins are filled.
    if s.tins_named(ws) {
        s.clause(&Verb::implied(Kind::Fill), clause);
        return Flow::Go;
    }
    s.portion(clause, ws);
    Flow::Go
}
