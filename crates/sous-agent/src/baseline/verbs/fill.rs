//! `fill the muffin tins`: the batter portioned into a vessel.

use super::{is_vessel, Clause, Flow};
use crate::baseline::session::Session;

pub(super) fn act(s: &mut Session, c: &Clause) -> Flow {
    let ws = &c.ws;
    // `to fill the cup` fills no tins.
    if !s.tins_named(ws) && s.named_tool(ws, is_vessel).is_none() {
        return Flow::Go;
    }
    s.mix_if_unmixed();
    let Some(w) = s.work else { return Flow::Stop };
    let class = s.named_tool(ws, is_vessel).unwrap_or("muffin-tins");
    let (greased, lined, floured) = Session::vessel_words(ws);
    let Some(v) = s.vessel(class, greased, lined, floured) else {
        return Flow::Stop;
    };
    let dough = s.bowls[w].var.clone();
    let (q, u, p) = (s.fresh("quantity"), s.fresh("unit"), s.fresh("pattern"));
    let rest = format!("{q} {u} {p} {v}");
    if let Some(out) = s.act(
        "portion-and-arrange",
        "filled",
        &dough,
        &rest,
        "the batter into the tins",
    ) {
        s.last = Some(out);
        s.in_vessel = true;
        s.dish = s.last.clone();
        s.portions = true;
        s.dish = s.last.clone();
        s.work = None;
    }
    Flow::Go
}
