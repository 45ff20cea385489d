//! `result` (R2VQ): what does step τ produce? The answer is the
//! description of what the step leaves, and its base ingredients (scored
//! as a set). No chance rate (free text).

use serde_json::json;

use super::{number, step_name, AnswerKind, Draft};
use crate::cooked::Cooked;

pub fn candidates(c: &Cooked) -> Vec<Draft> {
    let mut out = Vec::new();
    for s in c.numbered() {
        let outputs = c.step_outputs(s);
        if outputs.is_empty() {
            continue;
        }
        let mut ingredients: Vec<String> = outputs
            .iter()
            .flat_map(|&o| c.objects[o].ingredients.clone())
            .collect();
        ingredients.sort();
        ingredients.dedup();
        out.push(Draft {
            question: format!(
                "What does {} produce? Answer with what it is and what it is made of; the recipe's names for the ingredients are accepted.",
                step_name(c, s)
            ),
            context: None,
            extra_context: None,
            answer: json!({
                "descriptions": outputs.iter().map(|&o| c.objects[o].description.clone()).collect::<Vec<_>>(),
                "ingredients": ingredients,
            }),
            kind: AnswerKind::Described,
            chance: 0.0,
            evidence: json!({
                "step": number(c, s),
                "objects": outputs.iter().map(|&o| json!({
                    "object": crate::trace::label(o),
                    "variable": c.objects[o].variable,
                })).collect::<Vec<_>>(),
            }),
        });
    }
    out
}
