//! `shape into balls`, `roll`: the portions shaped.

use sous_lang::call::*;

use super::{Clause, Flow};
use crate::baseline::session::Session;
use crate::instructions::shape as shape_of;

pub(super) fn act(s: &mut Session, c: &Clause) -> Flow {
    let (clause, ws) = (c.text, &c.ws);
    s.shape(clause, ws);
    Flow::Go
}

impl Session {
    fn shape(&mut self, clause: &str, ws: &[String]) {
        let r = self.refer(ws);
        if crate::clause_words::ClauseWords::get().into.in_clause(ws)
            && (!r.fresh.is_empty() || !r.bowls.is_empty())
            && self.portions()
        {
            // "Roll in powdered sugar": the portions are dipped in it.
            self.dip(ws);
            return;
        }
        if !self.portions() {
            // Shaping what is still in the bowl: portion it first.
            self.portion(clause, ws);
        }
        let Some(thing) = self.it().filter(|_| self.portions()) else {
            return;
        };
        let call = Call::<Shape>::new()
            .with(shape::PORTIONS, thing)
            .with(shape::SHAPE, shape_of(clause));
        let why = "shape the portions";
        if let Some(out) = self.act(call, shape::PORTIONS, shape::SHAPED_PORTIONS, "shaped", why) {
            self.made(out);
        }
    }
}
