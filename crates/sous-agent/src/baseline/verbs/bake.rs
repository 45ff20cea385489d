//! `bake`: the last thing made, in the oven (portions placed, a batter
//! put in its vessel first).

use super::{Clause, Flow};
use sous_lang::call::*;

use crate::baseline::session::Session;
use crate::instructions::{duration, temperature, Stirring};

pub(super) fn act(s: &mut Session, c: &Clause) -> Flow {
    let (clause, ws) = (c.text, &c.ws);
    if s.portions() && !s.in_vessel() {
        s.place(ws);
    } else if !s.in_vessel() && s.in_hand().is_some_and(|w| !s.bowl(w).vessel) {
        s.batter_into_vessel(ws);
    }
    let Some(thing) = s.it() else {
        return Flow::Stop;
    };
    let (d, unit) = match duration(clause).unwrap_or((20.0, "minute")) {
        // The kitchen reads a baking time in minutes, whatever
        // its unit: `1 hour` is written as 60 minutes.
        (h, "hour") => (h * 60.0, "minute"),
        other => other,
    };
    // No temperature given: the preheated oven's.
    let timed = Call::<Bake>::new()
        .with(bake::TIME_TO_BAKE_QUANTITY, d)
        .with(bake::TIME_TO_BAKE_UNIT, unit);
    let call = match (temperature(clause), s.oven()) {
        (None, Some(oven)) => {
            let (q, u) = (s.fresh("temperature-quantity"), s.fresh("temperature-unit"));
            timed
                .with(bake::OVEN_TO_BAKE_IN, oven)
                .with(bake::TARGET_TEMPERATURE_QUANTITY, q)
                .with(bake::TARGET_TEMPERATURE_UNIT, u)
        }
        (t, _) => timed
            .with(bake::OVEN_TO_BAKE_IN, "?oven")
            .with(bake::TARGET_TEMPERATURE_QUANTITY, t.unwrap_or(180.0))
            .with(bake::TARGET_TEMPERATURE_UNIT, "degrees-celsius"),
    };
    let bake = |s: &mut Session, thing: &str| {
        let call = call.clone().with(bake::THING_TO_BAKE, thing);
        let why = "bake the last thing made";
        s.act(call, bake::THING_TO_BAKE, bake::THING_BAKED, "baked", why)
    };
    let mut baked = bake(s, &thing);
    if baked.is_none() {
        // Raw pieces in a dish cannot be baked as they are (the
        // kitchen keeps no temperature for an apple slice): what
        // is in the dish is tossed together first.
        if let Some(w) = s.bowl_bound_to(&thing) {
            baked = s.with_in_hand(w, |s| {
                s.note("implied: what is in the dish is tossed together before baking");
                s.apply(Stirring::Mingle, &[]);
                let thing = s.bowl(w).var.clone();
                bake(s, &thing)
            });
        }
    }
    if let Some(out) = baked {
        s.made(out);
    }
    Flow::Go
}
