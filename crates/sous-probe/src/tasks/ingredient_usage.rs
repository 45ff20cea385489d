//! `ingredient-usage` (NHK): after step τ, is ingredient g still unused?
//! t_c is the first step that takes in something holding g (from the
//! dataflow); the answer is τ < t_c. One instance per ingredient, τ drawn
//! from one of the two ranges chosen at random, as the NHK paper does, so
//! the instances are balanced. Chance: 1/2.

use rand::seq::SliceRandom;
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use serde_json::json;

use super::{first_use, number, step_name, AnswerKind, Draft};
use crate::cooked::Cooked;
use crate::describe::words;

pub fn candidates(c: &Cooked, rng: &mut ChaCha8Rng) -> Vec<Draft> {
    let steps = c.numbered();
    let mut out = Vec::new();
    for g in c.ingredients() {
        let Some(tc) = first_use(c, &g) else { continue };
        let (before, after): (Vec<usize>, Vec<usize>) =
            steps.iter().partition(|&&s| number(c, s) < number(c, tc));
        let range = match (before.is_empty(), after.is_empty()) {
            (true, true) => continue,
            (true, false) => &after,
            (false, true) => &before,
            (false, false) => {
                if rng.gen_bool(0.5) {
                    &before
                } else {
                    &after
                }
            }
        };
        let Some(&tau) = range.choose(rng) else {
            continue;
        };
        let unused = number(c, tau) < number(c, tc);
        out.push(Draft {
            question: format!(
                "After step {}, is the {} still unused (in its original state)? Answer true or false.",
                number(c, tau),
                words(&g)
            ),
            context: None,
            extra_context: None,
            answer: json!(unused),
            kind: AnswerKind::Boolean,
            chance: 0.5,
            evidence: json!({
                "ingredient": g,
                "step": number(c, tau),
                "first_used_in": step_name(c, tc),
            }),
        });
    }
    out
}
