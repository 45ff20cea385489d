//! `spread`: over what was baked, the named things over a vessel, or the
//! batter into its vessel.

use super::{Clause, Flow};
use crate::baseline::session::Session;

pub(super) fn act(s: &mut Session, c: &Clause) -> Flow {
    let ws = &c.ws;
    if s.over_dish(ws) {
        s.spread_over_dish();
        return Flow::Go;
    }
    if !s.refer(ws).fresh.is_empty() {
        s.spread_out(ws);
        return Flow::Go;
    }
    s.batter_into_vessel(ws);
    Flow::Go
}
