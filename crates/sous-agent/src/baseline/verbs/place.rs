//! `place`, `put`, `transfer`: into a bowl, onto a vessel or a rack, or
//! portions set out.

use super::{is_bowl, is_vessel, Clause, Flow};
use crate::baseline::session::Session;
use crate::instructions::{Kind, Verb};

pub(super) fn act(s: &mut Session, c: &Clause) -> Flow {
    let (clause, ws) = (c.text, &c.ws);
    if !s.in_vessel() && !s.portions() && s.named_tool(ws, is_bowl).is_some() {
        let r = s.refer(ws);
        let class = s.named_tool(ws, is_bowl);
        match s.in_hand_var() {
            // `Place in a large bowl`: the bowl in hand, moved.
            Some(source) if r.fresh.is_empty() && s.loose().is_empty() => {
                let Some(bowl) = class.and_then(|c| s.fetch(c, "the bowl the sentence names"))
                else {
                    return Flow::Stop;
                };
                if let Some(out) = s.transfer("container", &bowl, &source, "moved into the bowl") {
                    s.worked(out);
                }
            }
            // `put in a large bowl`: what was just cut (said or not),
            // into a new bowl.
            _ => {
                s.want_new_bowl();
                if r.fresh.is_empty() && !s.loose().is_empty() {
                    let loose = s.take_loose();
                    let class = s.named_tool(ws, is_bowl);
                    for i in loose {
                        if !s.ingredient(i).used() {
                            s.add(i, class);
                        }
                    }
                } else {
                    s.combine(&Verb::implied(Kind::Add), clause, ws);
                }
            }
        }
        return Flow::Go;
    }
    if s.in_vessel() && s.named_tool(ws, is_bowl).is_some() {
        // `put them in a large bowl`: what was baked, into a bowl.
        let class = s.named_tool(ws, is_bowl).unwrap_or("large-bowl");
        let Some(thing) = s.it() else {
            return Flow::Stop;
        };
        let Some(bowl) = s.fetch(class, "the bowl the sentence names") else {
            return Flow::Stop;
        };
        if let Some(out) = s.transfer("container", &bowl, &thing, "into the bowl") {
            s.made(out);
        }
        return Flow::Go;
    }
    // `Place the apples in the prepared pan`.
    if !s.refer(ws).fresh.is_empty()
        && ((s.ready_class().is_some()
            && crate::clause_words::ClauseWords::get()
                .prepared
                .in_clause(ws))
            || s.named_tool(ws, is_vessel).is_some())
    {
        s.spread_out(ws);
        return Flow::Go;
    }
    // `Place the oil in a measuring cup`: ingredients put into a
    // container of their own.
    if !s.refer(ws).fresh.is_empty() && !s.portions() && s.named_tool(ws, is_vessel).is_none() {
        s.want_new_bowl();
        s.combine(&Verb::implied(Kind::Add), clause, ws);
        return Flow::Go;
    }
    // `Remove from the pan to a wire rack`.
    if s.in_vessel() && crate::clause_words::ClauseWords::get().rack.in_clause(ws) {
        s.onto_rack(ws);
        return Flow::Go;
    }
    // `Place paper liners in 12 muffin cups`: the vessel lined.
    if crate::clause_words::ClauseWords::get().liner.in_clause(ws)
        && s.named_tool(ws, is_vessel).is_some()
    {
        s.clause(&Verb::implied(Kind::Line), clause);
        return Flow::Go;
    }
    if !s.portions() && s.in_hand().is_some() {
        s.portion(clause, ws);
    }
    s.place(ws);
    Flow::Go
}
