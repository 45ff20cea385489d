//! `drop by spoonfuls`, `spoon`: portions set out, or spooned over what
//! is in hand or what was baked.

use super::{Clause, Flow};
use crate::baseline::session::Session;
use crate::instructions::{Kind, Verb};

pub(super) fn act(s: &mut Session, c: &Clause) -> Flow {
    let (clause, ws) = (c.text, &c.ws);
    // `Divide the batter among the 12 muffin cups`: the tins are filled.
    if s.tins_named(ws) {
        s.clause(&Verb::implied(Kind::Fill), clause);
        return Flow::Go;
    }
    // `Spoon the topping over the apples`: sprinkled over them.
    if s.in_hand().is_some()
        && crate::clause_words::ClauseWords::get().over.in_clause(ws)
        && s.refer(ws).fresh.is_empty()
    {
        let r = s.refer(ws);
        s.sprinkle_bowl(&r.bowls, &r.bowl_at, ws);
        return Flow::Go;
    }
    // `Spoon a little icing on each cookie`.
    if s.over_dish(ws) {
        s.spread_over_dish();
        return Flow::Go;
    }
    s.portion(clause, ws);
    s.place(ws);
    Flow::Go
}
