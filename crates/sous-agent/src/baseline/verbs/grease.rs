//! `grease`, `butter` (a pan), and with `line`, `line with paper`: a vessel
//! made ready before it is needed.

use sous_lang::call::*;

use super::{is_vessel, Clause, Flow};
use crate::baseline::session::Session;
use crate::habits::Habits;
use crate::instructions::Kind;
use sous_kitchen::Ontology;

pub(super) fn act(s: &mut Session, c: &Clause) -> Flow {
    ready_vessel(s, c)
}

/// A vessel greased, lined or floured as the clause says, kept ready.
pub(super) fn ready_vessel(s: &mut Session, c: &Clause) -> Flow {
    let (verb, ws) = (c.verb, &c.ws);
    // A vessel made ready before it is needed.
    let named = s.named_tool(ws, is_vessel);
    let class = named.unwrap_or(Habits::get().portion_vessel);
    let greased = verb.kind == Kind::Grease;
    let words = crate::clause_words::ClauseWords::get();
    let floured = greased && (words.flour.in_clause(ws) || words.floured.in_clause(ws));
    // `Grease a cookie sheet with butter`: that butter.
    let fat = s
        .refer(ws)
        .fresh
        .into_iter()
        .find(|&i| Ontology::get().is_a_name(s.ingredient(i).class, "can-be-brushed-with"))
        .filter(|_| greased && words.with.in_clause(ws));
    let fetched = match fat {
        Some(_) => s.fetch(class, "a vessel to grease"),
        None => None,
    };
    if let (Some(i), Some(v)) = (fat, fetched) {
        let fat_var = s.ingredient(i).var.clone();
        use grease::*;
        let call = Call::<Grease>::new()
            .with(CONTAINER_TO_GREASE, v)
            .with(INGREDIENT_TO_GREASE_WITH, fat_var);
        let why = "greased with the named fat";
        if let Some(g) = s.act(call, CONTAINER_TO_GREASE, GREASED_CONTAINER, "greased", why) {
            s.use_up(i);
            s.ready(g, class);
        }
    } else if let Some(v) = s.vessel(class, greased, !greased, floured) {
        s.ready(v, class);
    }
    Flow::Go
}
