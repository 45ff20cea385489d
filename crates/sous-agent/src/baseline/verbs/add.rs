//! `add`, `pour`, `stir in`: into the working bowl, or the batter into a
//! prepared vessel.

use super::{is_vessel, Clause, Flow};
use crate::baseline::session::Session;

pub(super) fn act(s: &mut Session, c: &Clause) -> Flow {
    let (verb, clause, ws) = (c.verb, c.text, &c.ws);
    // `Pour the batter into the prepared pan`.
    let words = crate::clause_words::ClauseWords::get();
    if words.into.in_clause(ws)
        && (s.named_tool(ws, is_vessel).is_some()
            || words.prepared.in_clause(ws)
            || (s.ready_class().is_some() && words.ready_vessel.in_clause(ws)))
        && s.refer(ws).fresh.is_empty()
    {
        s.batter_into_vessel(ws);
        return Flow::Go;
    }
    s.combine(verb, clause, ws);
    Flow::Go
}
