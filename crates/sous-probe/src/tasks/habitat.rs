//! `habitat` (R2VQ): where is X after step τ? The answer is the kitchen
//! place (counter-top, oven, fridge …) and the container holding it, read
//! from the simulated kitchen state after the step. Chance: 1/(number of
//! places in the kitchen).

use serde_json::json;

use super::{number, AnswerKind, Draft};
use crate::cooked::Cooked;

pub fn candidates(c: &Cooked) -> Vec<Draft> {
    let places = sous_kitchen::full_kitchen()
        .0
        .root()
        .contents()
        .len()
        .max(1);
    let mut out = Vec::new();
    for s in c.numbered() {
        for o in c.step_outputs(s) {
            let Some((place, container)) = c.place_of(o, s) else {
                continue;
            };
            out.push(Draft {
                question: format!(
                    "Where is the {} after step {}? Answer with the place in the kitchen.",
                    c.objects[o].description,
                    number(c, s)
                ),
                context: None,
                extra_context: None,
                answer: json!(place),
                kind: AnswerKind::Text,
                chance: 1.0 / places as f64,
                evidence: json!({
                    "step": number(c, s),
                    "object": crate::trace::label(o),
                    "variable": c.objects[o].variable,
                    "container": container,
                }),
            });
        }
    }
    out
}
