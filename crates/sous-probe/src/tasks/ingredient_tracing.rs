//! `ingredient-tracing` (NHK): the world state after step τ (the things
//! that exist then, labelled a, b, c …); which of them contain ingredient
//! g? τ is drawn from [t_c, n], and drawn again while the world state has
//! a single item. Chance: 1/|W_τ|, the paper's upper bound. Where every
//! step from t_c on leaves a single thing (a salad whose ingredients are
//! all combined in its first instruction), the instance is a candidate
//! with chance 1, marked `"trivial": true` in its evidence, and left out
//! of what is published, as the paper discards it (`--all-candidates`
//! keeps it).

use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use serde_json::json;

use super::{first_use, number, AnswerKind, Draft};
use crate::cooked::Cooked;
use crate::describe::{self, words};

/// `a`, `b`, … for a world state's items.
pub fn letter(i: usize) -> String {
    crate::trace::label(i).to_lowercase()
}

/// A thing of the world state as NHK's world states name things: what it
/// is and where, not what went into it ("the beaten mixture made in step
/// 1, in a large bowl"). An ingredient as it was fetched is named: "butter
/// (230 g), in a medium bowl".
pub fn short_description(c: &Cooked, o: usize) -> String {
    let obj = &c.objects[o];
    let v = &obj.value;
    let plain = |e: &sous_kitchen::Entity| !e.is_a_name("mixture") && e.is_a_name("ingredient");
    let items = v.contents_or_items();
    let single = v.is_a_name("ingredient") || items.len() == 1;
    if single && describe::main_item(v).is_some_and(plain) {
        return obj.description.clone();
    }
    let item = describe::main_item(v);
    let mut what = item
        .map(describe::what_it_is)
        .unwrap_or_else(|| "mixture".into());
    let made = number(c, obj.made_in);
    let place =
        describe::where_phrase(&obj.description).map_or(String::new(), |p| format!(", {p}"));
    if items.len() > 1 && !v.is_a_name("ingredient") {
        let portions = items.iter().all(|i| i.class == items[0].class);
        if !portions {
            // Several things in one container, not mixed (the step that
            // made this state may only have covered or chilled them).
            return format!("the unmixed contents as step {made} left them{place}");
        }
        what = format!("{} portions of {what}", items.len());
    }
    format!("the {what} made in step {made}{place}")
}

/// The things that exist after step `s`, in the order they were made.
pub fn world_state(c: &Cooked, s: usize) -> Vec<usize> {
    (0..c.objects.len())
        .filter(|&o| c.alive_after(o, s))
        .collect()
}

pub fn candidates(c: &Cooked, rng: &mut ChaCha8Rng) -> Vec<Draft> {
    let mut out = Vec::new();
    for g in c.ingredients() {
        let Some(tc) = first_use(c, &g) else { continue };
        let mut range: Vec<usize> = c
            .numbered()
            .into_iter()
            .filter(|&s| number(c, s) >= number(c, tc))
            .collect();
        range.shuffle(rng);
        let Some(tau) = range
            .iter()
            .copied()
            .find(|&s| world_state(c, s).len() > 1)
            .or(range.first().copied())
        else {
            continue;
        };
        let mut w = world_state(c, tau);
        if w.is_empty() {
            continue;
        }
        // Listed in an order fixed by the content alone, not the order
        // things were made in (which puts the mixture, the usual answer,
        // last): no letter stands out, and the same question reads the
        // same whatever the seed.
        let step = number(c, tau).to_string();
        w.sort_by_cached_key(|&o| {
            super::stable_hash(&[&c.recipe_id, &g, &step, &short_description(c, o)])
        });
        let mut state = format!("The world state after step {}:\n", number(c, tau));
        let mut answer = Vec::new();
        for (i, &o) in w.iter().enumerate() {
            state.push_str(&format!("{}. {}\n", letter(i), short_description(c, o)));
            if c.objects[o].ingredients.clone().contains(&g) {
                answer.push(letter(i));
            }
        }
        out.push(Draft {
            question: format!(
                "Which items of the world state after step {} contain the {}? Answer with their letters.",
                number(c, tau),
                words(&g)
            ),
            context: None,
            extra_context: Some(state),
            answer: json!(answer),
            kind: AnswerKind::Set,
            chance: 1.0 / w.len() as f64,
            evidence: json!({
                "trivial": w.len() == 1,
                "ingredient": g,
                "step": number(c, tau),
                "items": w.iter().enumerate().map(|(i, &o)| json!({
                    "letter": letter(i),
                    "object": crate::trace::label(o),
                    "variable": c.objects[o].variable,
                    "ingredients": c.objects[o].ingredients.clone(),
                })).collect::<Vec<_>>(),
            }),
        });
    }
    out
}
