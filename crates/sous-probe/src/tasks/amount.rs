//! `amount` (R2VQ counting): how many grams of ingredient g are in X after
//! step τ? The answer is the simulated amount (a mixture's share of g, all
//! of X's portions together), to the milligram. Only for ingredients the
//! recipe weighs in grams: other amounts need a conversion the text never
//! gives. No chance rate.

use serde_json::json;

use super::{number, AnswerKind, Draft};
use crate::cooked::Cooked;
use crate::describe::{self, words};

pub fn candidates(c: &Cooked) -> Vec<Draft> {
    let mut out = Vec::new();
    // The same grams of the same ingredient are asked once, where they
    // first appear: later steps that leave them as they are ask nothing new.
    let mut asked = std::collections::BTreeSet::new();
    for s in c.numbered() {
        for o in c.step_outputs(s) {
            let grams = describe::grams_by_ingredient(&c.objects[o].value);
            // Only objects of several ingredients make a question worth asking.
            if grams.len() < 2 {
                continue;
            }
            for (g, amount) in grams {
                let fetched = c.fetched(&g);
                // A conversion the text never gives ("8 potatoes" in
                // grams), or a share too small to weigh, is not asked.
                if !fetched.is_some_and(|(_, in_grams)| in_grams) || amount < 0.5 {
                    continue;
                }
                // Nor a share the text cannot tell: the answer must be what
                // some of the recipe's weighings add up to (a topping of
                // "1 tablespoon" a cupcake that only the network states
                // leaves 66 g of the 230 g of cream cheese on the cupcakes).
                if !adds_up(&c.fetches(&g), amount) {
                    continue;
                }
                if !asked.insert((g.clone(), (amount * 1000.0).round() as i64)) {
                    continue;
                }
                out.push(Draft {
                    question: format!(
                        "How many grams of {} are in {} after step {}? Answer with a number of grams.",
                        words(&g),
                        crate::tasks::ingredient_tracing::short_description(c, o),
                        number(c, s)
                    ),
                    context: None,
                    extra_context: None,
                    answer: json!((amount * 1000.0).round() / 1000.0),
                    kind: AnswerKind::Number,
                    chance: 0.0,
                    evidence: json!({
                        "step": number(c, s),
                        "ingredient": g,
                        "object": crate::trace::label(o),
                        "variable": c.objects[o].variable,
                        "description": c.objects[o].description,
                        "fetched_g": fetched.map(|(f, _)| (f * 1000.0).round() / 1000.0),
                    }),
                });
            }
        }
    }
    out
}

/// Whether `amount` is the sum of some of the `fetches`' grams (to the
/// milligram).
fn adds_up(fetches: &[(f64, bool)], amount: f64) -> bool {
    let n = fetches.len().min(16);
    (1u32..1 << n).any(|subset| {
        let sum: f64 = (0..n)
            .filter(|i| subset & (1 << i) != 0)
            .map(|i| fetches[i].0)
            .sum();
        (sum - amount).abs() < 0.001
    })
}

#[cfg(test)]
mod tests {
    use super::adds_up;

    #[test]
    fn an_amount_must_be_what_weighings_add_up_to() {
        let sugar = [(70.0, true), (210.0, true)];
        assert!(adds_up(&sugar, 70.0));
        assert!(adds_up(&sugar, 280.0));
        assert!(!adds_up(&sugar, 230.081));
        assert!(!adds_up(&[], 1.0));
    }
}
