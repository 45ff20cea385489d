//! `cool`, `let stand`: the last thing made, left to cool (on a rack if
//! the sentence says so).

use sous_lang::call::*;

use super::{Clause, Flow};
use crate::baseline::session::Session;
use crate::instructions::duration;

pub(super) fn act(s: &mut Session, c: &Clause) -> Flow {
    let (clause, ws) = (c.text, &c.ws);
    s.cool(clause, ws);
    Flow::Go
}

impl Session {
    /// Cooling: for a time where it stands (`cool for 5 minutes`), onto a
    /// wire rack if one is named, to room temperature if `completely`.
    fn cool(&mut self, clause: &str, ws: &[String]) {
        if self.chilled_in_sentence() {
            // Standing after `refrigerate` in one sentence is in the fridge.
            return;
        }
        // What cools is what was baked, if anything was.
        self.take_up_dish();
        if let Some((d, unit)) = duration(clause) {
            let Some(thing) = self.it() else {
                return;
            };
            use leave_for_time::*;
            let call = Call::<LeaveForTime>::new()
                .with(CONTAINER_WITH_INGREDIENTS, thing)
                .with(COOLING_QUANTITY, d)
                .with(COOLING_UNIT, unit);
            let (input, output) = (
                CONTAINER_WITH_INGREDIENTS,
                CONTAINER_WITH_INGREDIENTS_AT_TEMPERATURE,
            );
            let why = "left to cool for the time given";
            if let Some(out) = self.act(call, input, output, "cooling", why) {
                self.made(out);
            }
        }
        self.onto_rack(ws);
        // Cooling with no time given: until it is at room temperature.
        let timed = duration(clause).is_some();
        let words = crate::clause_words::ClauseWords::get();
        if words.completely.in_clause(ws) || words.room_temperature.in_clause(ws) || !timed {
            let Some(thing) = self.it() else {
                return;
            };
            let (q, u) = (
                self.fresh("room-temp-quantity"),
                self.fresh("room-temp-unit"),
            );
            use bring_to_temperature::*;
            let call = Call::<BringToTemperature>::new()
                .with(CONTAINER_WITH_INGREDIENTS, thing)
                .with(TEMPERATURE_QUANTITY, q)
                .with(TEMPERATURE_UNIT, u);
            let (input, output) = (
                CONTAINER_WITH_INGREDIENTS,
                CONTAINER_WITH_INGREDIENTS_AT_TEMPERATURE,
            );
            if let Some(out) = self.act(call, input, output, "cooled", "cooled completely") {
                self.made(out);
            }
        }
    }
}
