//! `amount` (R2VQ counting): how many grams of ingredient g are in X after
//! step τ? The answer is the simulated amount (a mixture's share of g, all
//! of X's portions together), to the milligram. No chance rate.

use serde_json::json;

use super::{number, AnswerKind, Draft};
use crate::cooked::Cooked;
use crate::describe::{self, words};

pub fn candidates(c: &Cooked) -> Vec<Draft> {
    let mut out = Vec::new();
    for s in c.numbered() {
        for o in c.step_outputs(s) {
            let grams = describe::grams_by_ingredient(&c.objects[o].value);
            // Only objects of several ingredients make a question worth asking.
            if grams.len() < 2 {
                continue;
            }
            for (g, amount) in grams {
                out.push(Draft {
                    question: format!(
                        "How many grams of {} are in the {} after step {}?",
                        words(&g),
                        container_words(c, o),
                        number(c, s)
                    ),
                    context: None,
                    extra_context: None,
                    answer: json!((amount * 1000.0).round() / 1000.0),
                    kind: AnswerKind::Number,
                    chance: 0.0,
                    evidence: json!({
                        "step": number(c, s),
                        "object": crate::trace::label(o),
                        "variable": c.objects[o].variable,
                        "description": c.objects[o].description,
                    }),
                });
            }
        }
    }
    out
}

/// How the question names the thing: its container ("large bowl"), or
/// "portions on the counter-top" for a list of portions.
fn container_words(c: &Cooked, o: usize) -> String {
    let v = &c.objects[o].value;
    if v.is_a_name("list-of-kitchen-entities") {
        "portions on the counter-top".into()
    } else {
        words(v.class_name())
    }
}
