//! `bake`: the last thing made, in the oven (portions placed, a batter
//! put in its vessel first).

use super::{Clause, Flow};
use crate::baseline::session::{number, Session};
use crate::instructions::{duration, temperature};

pub(super) fn act(s: &mut Session, c: &Clause) -> Flow {
    let (clause, ws) = (c.text, &c.ws);
    if s.portions && !s.in_vessel {
        s.place(ws);
    } else if !s.in_vessel && s.work.is_some_and(|w| !s.bowls[w].vessel) {
        s.batter_into_vessel(ws);
    }
    let Some(thing) = s.last.clone() else {
        return Flow::Stop;
    };
    let (d, unit) = match duration(clause).unwrap_or((20.0, "minute")) {
        // The kitchen reads a baking time in minutes, whatever
        // its unit: `1 hour` is written as 60 minutes.
        (h, "hour") => (h * 60.0, "minute"),
        other => other,
    };
    // No temperature given: the preheated oven's.
    let rest = match (temperature(clause), s.oven.clone()) {
        (None, Some(oven)) => {
            let (q, u) = (s.fresh("temperature-quantity"), s.fresh("temperature-unit"));
            format!("{oven} {} {unit} {q} {u}", number(d))
        }
        (t, _) => format!(
            "?oven {} {unit} {} degrees-celsius",
            number(d),
            number(t.unwrap_or(180.0))
        ),
    };
    let mut baked = s.act("bake", "baked", &thing, &rest, "bake the last thing made");
    if baked.is_none() {
        // Raw pieces in a dish cannot be baked as they are (the
        // kitchen keeps no temperature for an apple slice): what
        // is in the dish is tossed together first.
        if let Some(w) = s.bowls.iter().position(|b| b.var == thing) {
            let in_hand = s.work.replace(w);
            s.trace
                .push("  (implied: what is in the dish is tossed together before baking)".into());
            s.apply("mingle", &[]);
            let thing = s.bowls[w].var.clone();
            baked = s.act("bake", "baked", &thing, &rest, "bake the last thing made");
            if in_hand != Some(w) {
                s.work = in_hand;
            }
        }
    }
    if let Some(out) = baked {
        s.last = Some(out);
    }
    Flow::Go
}
