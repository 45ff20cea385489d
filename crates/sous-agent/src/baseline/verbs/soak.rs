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
            self.ingredient(what).var.clone(),
            self.ingredient(liquid).var.clone(),
        );
        if let Some(out) = self.transfer("soaking", &target, &source, "soaked in the liquid") {
            let soaking = Bowl {
                mixed: true,
                ..Bowl::new(out.clone())
            };
            self.new_bowl(soaking, &[liquid, what]);
            self.made(out);
        }
    }
}
