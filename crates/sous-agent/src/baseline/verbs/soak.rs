//! `soak`: the named ingredient left in water.

use super::{Clause, Flow};
use crate::baseline::session::{Bowl, Session};

pub(super) fn act(s: &mut Session, c: &Clause) -> Flow {
    let ws = &c.ws;
    s.soak(ws);
    Flow::Go
}

impl Session {
    /// `Soak the raisins in the hot water`: the first into the second's
    /// container, set aside.
    fn soak(&mut self, ws: &[String]) {
        let r = self.refer(ws);
        let [what, liquid, ..] = r.fresh[..] else {
            return;
        };
        let (source, target) = (
            self.fetched[what].var.clone(),
            self.fetched[liquid].var.clone(),
        );
        if let Some(out) = self.transfer("soaking", &target, &source, "soaked in the liquid") {
            self.bowls.push(Bowl {
                var: out.clone(),
                items: vec![liquid, what],
                mixed: true,
                vessel: false,
                poured_into: false,
                dressed: false,
                topped: false,
                heatable: false,
            });
            let b = self.bowls.len() - 1;
            self.fetched[what].bowl = Some(b);
            self.fetched[liquid].bowl = Some(b);
            self.last = Some(out);
        }
    }
}
