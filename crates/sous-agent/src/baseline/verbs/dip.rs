//! `dip the tops in sugar`: the portions dipped.

use sous_lang::call::*;

use super::{Clause, Flow};
use crate::baseline::session::Session;

pub(super) fn act(s: &mut Session, c: &Clause) -> Flow {
    let ws = &c.ws;
    s.dip(ws);
    Flow::Go
}

impl Session {
    /// The last thing made (portions) dipped in the named ingredient.
    pub(super) fn dip(&mut self, ws: &[String]) {
        // What was baked or shaped is dipped, even when a coating was made
        // after it (`Sift the sugar into a bowl. Dip the crescents in it`).
        let Some(thing) = self.dish().or_else(|| self.it()) else {
            return;
        };
        let r = self.refer(ws);
        let (coating, spent) = match (r.fresh.first(), r.bowls.first()) {
            (Some(&i), _) => (self.ingredient(i).var.clone(), Some(i)),
            (None, Some(&b)) => (self.bowl(b).var.clone(), None),
            (None, None) => return,
        };
        let call = Call::<Dip>::new()
            .with(dip::OBJECT, thing)
            .with(dip::DIP_CONTAINER, coating);
        let why = "dipped in an ingredient";
        if let Some(out) = self.act(call, dip::OBJECT, dip::DIPPED_OBJECT, "dipped", why) {
            if let Some(i) = spent {
                self.use_up(i);
            }
            self.made(out);
        }
    }
}
