//! `shape into balls`, `roll`: the portions shaped.

use super::{Clause, Flow};
use crate::baseline::session::Session;
use crate::instructions::shape;

pub(super) fn act(s: &mut Session, c: &Clause) -> Flow {
    let (clause, ws) = (c.text, &c.ws);
    s.shape(clause, ws);
    Flow::Go
}

impl Session {
    fn shape(&mut self, clause: &str, ws: &[String]) {
        let r = self.refer(ws);
        if ws.iter().any(|w| w == "in" || w == "into")
            && (!r.fresh.is_empty() || !r.bowls.is_empty())
            && self.portions
        {
            // "Roll in powdered sugar": the portions are dipped in it.
            self.dip(ws);
            return;
        }
        if !self.portions {
            // Shaping what is still in the bowl: portion it first.
            self.portion(clause, ws);
        }
        let Some(thing) = self.last.clone().filter(|_| self.portions) else {
            return;
        };
        if let Some(out) = self.act(
            "shape",
            "shaped",
            &thing,
            &shape(clause),
            "shape the portions",
        ) {
            self.last = Some(out);
        }
    }
}
