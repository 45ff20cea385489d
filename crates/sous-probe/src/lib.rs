//! Intermediate states as data. An executed network is cut into the
//! recipe's steps (`cooked.rs`, with the benchmark's utterance-and-meaning
//! annotation when there is one) and its dataflow; `trace.rs` turns that
//! into one row per step and a timeline per ingredient, and `tasks/`
//! generates probing questions whose answers come from the simulation,
//! never from annotators. `score.rs` scores a model's answers; `chat.rs`
//! writes instances for fine-tuning.

pub mod annotation;
pub mod chat;
pub mod cooked;
pub mod describe;
pub mod knowledge;
pub mod render;
pub mod score;
pub mod tasks;
pub mod trace;

pub use annotation::Annotation;
pub use cooked::Cooked;
pub use trace::Trace;

use rayon::prelude::*;

/// Executes every recipe and cuts it into steps (in parallel; in input
/// order). Annotations come from the benchmark folder when given, found by
/// the recipe's id or else by the other name given with it (the file's
/// stem: some gold files' headers differ from their names).
pub fn cook_all(
    recipes: &[(sous_lang::Recipe, Option<String>)],
    benchmark: Option<&std::path::Path>,
    profile: sous_sim::Profile,
) -> Vec<Cooked> {
    recipes
        .par_iter()
        .map(|(r, alias)| {
            let by = |name: &str| benchmark.and_then(|b| Annotation::of_benchmark(b, name));
            let first = Cooked::with_profile(r, by(&r.id).as_ref(), profile);
            match alias {
                Some(a) if !first.annotated && a != &r.id => match by(a) {
                    Some(ann) => Cooked::with_profile(r, Some(&ann), profile),
                    None => first,
                },
                _ => first,
            }
        })
        .collect()
}

/// The instances of `tasks` for every recipe: recipe by recipe, task by
/// task, the same for the same seed whatever the number of threads.
pub fn probe_all(
    cooked: &[Cooked],
    tasks: &[tasks::Task],
    seed: u64,
    max_per_recipe: Option<usize>,
) -> Vec<tasks::Instance> {
    cooked
        .par_iter()
        .map(|c| {
            tasks
                .iter()
                .flat_map(|&t| tasks::generate(c, t, seed, max_per_recipe))
                .collect::<Vec<_>>()
        })
        .collect::<Vec<_>>()
        .into_iter()
        .flatten()
        .collect()
}
