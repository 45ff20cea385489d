//! `lifespan` (R2VQ object lifespan): in which step is X made, and in
//! which step is it used up? The question states the convention: made in
//! step a (0: an ingredient line, before step one), used up in step b, the
//! step that takes it in or replaces it with a new state of the same thing
//! (the beaten butter and sugar that step 2 mixes with flour is used up in
//! step 2). Things never used up (the dish) are not asked about: "until
//! the end" is not a step. Chance: one over the ordered pairs of steps.

use serde_json::json;

use super::{number, AnswerKind, Draft};
use crate::cooked::Cooked;

pub fn candidates(c: &Cooked) -> Vec<Draft> {
    let n = c.numbered().len();
    let mut out = Vec::new();
    for o in 0..c.objects.len() {
        let obj = &c.objects[o];
        let from = number(c, obj.made_in);
        let Some(to) = c.ends_in(o).map(|e| number(c, e)) else {
            continue;
        };
        if to <= from {
            continue; // made and used up within one step
        }
        out.push(Draft {
            question: format!(
                "The {}: in which step is it made, and in which step is it used up (taken by a \
                 later step, or turned into something else)? Answer with two step numbers: made \
                 in step a, used up in step b (0 for the ingredient list).",
                c.name_of(o)
            ),
            context: None,
            extra_context: None,
            answer: json!([from, to]),
            kind: AnswerKind::Range,
            chance: 2.0 / (n * (n + 1)).max(1) as f64,
            evidence: json!({
                "object": crate::trace::label(o),
                "variable": obj.variable,
                "made_in": from,
                "ends_in": to,
            }),
        });
    }
    out
}
