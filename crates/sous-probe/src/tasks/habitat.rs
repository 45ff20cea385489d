//! `habitat` (R2VQ): where is X after step τ? In this kitchen every step
//! ends with its things back on the counter-top (the reference takes trays
//! out of the oven and bowls out of the fridge), so the kitchen place says
//! nothing; the container or surface does: a medium bowl, the large bowl,
//! a lined baking tray, a wire rack. X is named by what it is and which
//! step made it, not by where it is. Chance: one over the containers that
//! hold food at some point of the recipe (a reader's candidates).

use std::collections::BTreeSet;

use serde_json::json;

use super::{number, AnswerKind, Draft};
use crate::cooked::Cooked;
use crate::tasks::ingredient_tracing::short_description;

pub fn candidates(c: &Cooked) -> Vec<Draft> {
    let mut rows = Vec::new();
    for s in c.numbered() {
        let Some(kitchen) = c.kitchen_after(s) else {
            continue;
        };
        for o in c.step_outputs(s) {
            let Some((place, container)) = c.place_in(&kitchen, o) else {
                continue;
            };
            rows.push((s, o, place, container));
        }
    }
    let holders: BTreeSet<&str> = rows.iter().map(|r| r.3.as_str()).collect();
    let chance = 1.0 / holders.len().max(1) as f64;
    rows.iter()
        .map(|(s, o, place, container)| Draft {
            question: format!(
                "After step {}, what holds {}? Answer with the container or surface \
                 (a bowl, a tray, a rack, …); any usual name for it is accepted.",
                number(c, *s),
                without_place(&habitat_name(c, *o))
            ),
            context: None,
            extra_context: None,
            answer: json!(container),
            kind: AnswerKind::Text,
            chance,
            evidence: json!({
                "step": number(c, *s),
                "object": crate::trace::label(*o),
                "variable": c.objects[*o].variable,
                "place": place,
                "candidates": holders,
            }),
        })
        .collect()
}

/// What the question calls object `o`: as tracing does, but several
/// unmixed things by what they are ("the almond flour, all purpose flour
/// and beaten mixture as step 3 left them"), since the place that tells
/// them apart in a world state is the answer here.
fn habitat_name(c: &Cooked, o: usize) -> String {
    let v = &c.objects[o].value;
    let items = v.contents_or_items();
    let unmixed = !v.is_a_name("ingredient")
        && items.len() > 1
        && items.iter().any(|i| i.class != items[0].class);
    if !unmixed {
        return short_description(c, o);
    }
    let mut kinds: Vec<(String, usize)> = Vec::new();
    for i in items.iter().filter(|i| i.is_a_name("ingredient")) {
        let w = crate::describe::what_it_is(i);
        match kinds.iter_mut().find(|(k, _)| *k == w) {
            Some((_, n)) => *n += 1,
            None => kinds.push((w, 1)),
        }
    }
    let what: Vec<String> = kinds
        .into_iter()
        .map(|(w, n)| match n {
            1 => w,
            n => format!("{n} {}", crate::describe::plural(&w)),
        })
        .collect();
    let what = crate::cooked::plain_words(&crate::describe::and_list(&what), &c.renamed);
    format!(
        "the {what} as step {} left them",
        number(c, c.objects[o].made_in)
    )
}

/// "the beaten mixture made in step 1, in a large bowl" → "the beaten
/// mixture made in step 1"; "butter (230 g), in a medium bowl" → "the
/// butter (230 g)".
fn without_place(description: &str) -> String {
    let what = description
        .rsplit_once(", in ")
        .or_else(|| description.rsplit_once(", on "))
        .map_or(description, |(w, _)| w);
    if what.starts_with("the ") {
        what.to_string()
    } else {
        format!("the {what}")
    }
}
