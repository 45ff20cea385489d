//! `implicit-tool` (R2VQ): with what was step τ done? The answer is the
//! equipment the step's actions used, as the simulation bound it (a whisk,
//! the oven, a lined baking tray), whether or not the text names it.
//! Chance: 1/(number of pieces of equipment the recipe uses), an upper
//! bound in the manner of the NHK paper.

use serde_json::json;

use super::{number, step_name, AnswerKind, Draft};
use crate::cooked::Cooked;

pub fn candidates(c: &Cooked) -> Vec<Draft> {
    let trace = c.trace();
    let mut all: Vec<&String> = trace.steps.iter().flat_map(|r| &r.tools).collect();
    all.sort();
    all.dedup();
    let mut out = Vec::new();
    for s in c.numbered() {
        let tools = &trace.steps[s].tools;
        if tools.is_empty() {
            continue;
        }
        let mut answer = tools.clone();
        answer.sort();
        out.push(Draft {
            question: format!(
                "With what equipment was {} done? Answer with the names of the tools.",
                step_name(c, s)
            ),
            context: None,
            extra_context: None,
            answer: json!(answer),
            kind: AnswerKind::Set,
            chance: 1.0 / all.len().max(1) as f64,
            evidence: json!({
                "step": number(c, s),
                "actions": trace.steps[s].actions,
            }),
        });
    }
    out
}
