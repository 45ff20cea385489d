//! `lifespan` (R2VQ object lifespan): from which step to which step does X
//! exist? From the step that made it (0: an ingredient line, before step
//! one) to the last step after which it still exists (it ends when a step
//! uses it or a new state of the same thing replaces it). Chance: one over
//! the number of ordered pairs of steps.

use serde_json::json;

use super::{number, AnswerKind, Draft};
use crate::cooked::Cooked;

pub fn candidates(c: &Cooked) -> Vec<Draft> {
    let steps = c.numbered();
    let n = steps.len();
    let last = steps.last().map_or(0, |&s| number(c, s));
    let mut out = Vec::new();
    for o in 0..c.objects.len() {
        let obj = &c.objects[o];
        let from = number(c, obj.made_in);
        let to = match c.ends_in(o) {
            Some(e) if number(c, e) > 0 => number(c, e) - 1,
            Some(_) => continue, // used up within the ingredient lines
            None => last,
        };
        if to < from {
            continue; // made and used within one step
        }
        out.push(Draft {
            question: format!(
                "From which step to which step does this exist: {}? \
                 Answer with two step numbers (0 for the ingredient list).",
                obj.description
            ),
            context: None,
            extra_context: None,
            answer: json!([from, to]),
            kind: AnswerKind::Range,
            chance: 2.0 / ((n + 1) * (n + 2)) as f64,
            evidence: json!({
                "object": crate::trace::label(o),
                "variable": obj.variable,
                "made_in": from,
                "ends_in": c.ends_in(o).map(|e| number(c, e)),
            }),
        });
    }
    out
}
