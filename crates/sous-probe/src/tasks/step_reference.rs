//! `step-reference` (NHK): a step's text with a reference to an earlier
//! product masked; the answer is the step that made it. The product and
//! its maker come from the dataflow; the words masked are the ones that
//! name the product (its kind or its ingredients, after a determiner), or a
//! pronoun, else an explicit reference is added in the NHK's own form.

use serde_json::json;

use super::{number, recipe_context, step_name, AnswerKind, Draft};
use crate::cooked::Cooked;
use crate::describe;
use crate::knowledge::Knowledge;

pub const MASK: &str = "<|mask|>";

/// The byte range of the words in `text` that refer to a thing named by
/// `naming`: a determiner, up to three words, then a naming word; else a
/// pronoun.
pub fn reference_span(text: &str, naming: &[String]) -> Option<(usize, usize)> {
    let k = Knowledge::get();
    let mut tokens: Vec<(usize, usize, String)> = Vec::new();
    let mut start = None;
    for (i, ch) in text.char_indices().chain([(text.len(), ' ')]) {
        let word = ch.is_alphanumeric() || ch == '-' || ch == '\'';
        match (word, start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                tokens.push((s, i, text[s..i].to_lowercase()));
                start = None;
            }
            _ => {}
        }
    }
    let is_noun = |w: &str| {
        let w = w.trim_end_matches('s');
        naming.iter().any(|n| {
            n.split(' ')
                .next_back()
                .is_some_and(|l| l.trim_end_matches('s') == w)
        }) || k
            .reference
            .nouns
            .iter()
            .any(|n| n.trim_end_matches('s') == w)
    };
    for (i, (s, _, w)) in tokens.iter().enumerate() {
        if !k.reference.determiners.contains(w) {
            continue;
        }
        for (_, end, w) in tokens.iter().skip(i + 1).take(4) {
            if is_noun(w) {
                // Stop at the first naming word after the determiner.
                return Some((*s, *end));
            }
            if k.reference.determiners.contains(w) {
                break;
            }
        }
    }
    tokens
        .iter()
        .find(|(_, _, w)| k.reference.pronouns.contains(w))
        .map(|(s, e, _)| (*s, *e))
}

pub fn candidates(c: &Cooked) -> Vec<Draft> {
    let mut out = Vec::new();
    for tau in c.numbered() {
        let t = number(c, tau);
        for o in c.step_inputs(tau) {
            let sigma = c.objects[o].made_in;
            let Some(s) = c.steps[sigma].number else {
                continue; // fetched ingredients are named, not referred to
            };
            // Step 2 can only refer to step 1: nothing to resolve.
            if s >= t || t <= 2 {
                continue;
            }
            let text = &c.steps[tau].text;
            let naming = describe::naming_words(&c.objects[o].value);
            let (masked, how) = match reference_span(text, &naming) {
                Some((a, b)) => (format!("{}{MASK}{}", &text[..a], &text[b..]), "words"),
                None => (format!("{text} (this uses what step {MASK} made)"), "added"),
            };
            out.push(Draft {
                question: format!(
                    "In step {t}, \"{masked}\", {MASK} stands for something an earlier step made. \
                     Which step made it? Answer with the step number."
                ),
                context: Some(recipe_context(c, Some((tau, &masked)))),
                extra_context: None,
                answer: json!(s),
                kind: AnswerKind::Integer,
                chance: 1.0 / (t.max(2) - 1) as f64,
                evidence: json!({
                    "step": t,
                    "masked": how,
                    "object": crate::trace::label(o),
                    "variable": c.objects[o].variable,
                    "description": c.objects[o].description,
                    "made_in": step_name(c, sigma),
                }),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_the_words_that_name_the_product() {
        let naming = vec!["butter".to_string(), "mixture".to_string()];
        let text = "Take generous tablespoons of the dough and roll them.";
        let (a, b) = reference_span(text, &naming).unwrap();
        assert_eq!(&text[a..b], "the dough");
        let text = "Add the vanilla and almond extracts and mix.";
        assert_eq!(reference_span(text, &naming), None);
        let text = "Bake it at 175C.";
        let (a, b) = reference_span(text, &naming).unwrap();
        assert_eq!(&text[a..b], "it");
    }
}
