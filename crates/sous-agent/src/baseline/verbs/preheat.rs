//! `preheat the oven to 180 °C`.

use sous_lang::call::*;

use super::{Clause, Flow};
use crate::baseline::session::Session;
use crate::instructions::temperature;

pub(super) fn act(s: &mut Session, c: &Clause) -> Flow {
    let (clause, ws) = (c.text, &c.ws);
    // `Heat the milk` is not about the oven.
    if !crate::clause_words::ClauseWords::get().oven.in_clause(ws) {
        return Flow::Go;
    }
    let t = temperature(clause).unwrap_or(180.0);
    use preheat_oven::*;
    let call = Call::<PreheatOven>::new()
        .with(OVEN, "?oven")
        .with(QUANTITY, t)
        .with(UNIT, "degrees-celsius");
    let oven = s.act(call, OVEN, PREHEATED_OVEN, "oven", "preheat");
    s.preheated(oven);
    Flow::Go
}
