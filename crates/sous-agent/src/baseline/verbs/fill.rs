//! `fill the muffin tins`: the batter portioned into a vessel.

use sous_lang::call::*;

use super::{is_vessel, Clause, Flow};
use crate::baseline::session::Session;

pub(super) fn act(s: &mut Session, c: &Clause) -> Flow {
    let ws = &c.ws;
    // `to fill the cup` fills no tins.
    if !s.tins_named(ws) && s.named_tool(ws, is_vessel).is_none() {
        return Flow::Go;
    }
    s.mix_if_unmixed();
    let Some(w) = s.in_hand() else {
        return Flow::Stop;
    };
    let class = s.named_tool(ws, is_vessel).unwrap_or("muffin-tins");
    let (greased, lined, floured) = Session::vessel_words(ws);
    let Some(v) = s.vessel(class, greased, lined, floured) else {
        return Flow::Stop;
    };
    let dough = s.bowl(w).var.clone();
    let (q, u, p) = (s.fresh("quantity"), s.fresh("unit"), s.fresh("pattern"));
    use portion_and_arrange::*;
    let call = Call::<PortionAndArrange>::new()
        .with(CONTAINER_WITH_DOUGH, dough)
        .with(QUANTITY, q)
        .with(UNIT, u)
        .with(ARRANGEMENT_PATTERN, p)
        .with(DESTINATION, v);
    let why = "the batter into the tins";
    if let Some(out) = s.act(call, CONTAINER_WITH_DOUGH, PORTIONS, "filled", why) {
        s.portioned(out, true);
    }
    Flow::Go
}
