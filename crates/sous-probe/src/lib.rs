//! Intermediate states as data. An executed network is cut into the
//! recipe's steps (`cooked.rs`, with the benchmark's utterance-and-meaning
//! annotation when there is one) and its dataflow; `trace.rs` turns that
//! into one row per step and a timeline per ingredient, and `tasks/`
//! generates probing questions whose answers come from the simulation,
//! never from annotators. `score.rs` scores a model's answers; `chat.rs`
//! writes instances for fine-tuning, `lm_eval.rs` a task folder for
//! lm-evaluation-harness.

pub mod annotation;
pub mod baselines;
pub mod chat;
pub mod cooked;
pub mod describe;
pub mod knowledge;
pub mod lm_eval;
pub mod nhk;
pub mod pcs;
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

/// The instances of `tasks` for every recipe: every candidate, without the
/// ones trivial rules answer beyond chance ([`baselines::without_shortcuts`],
/// over all the recipes given), then at most `max_per_recipe` per recipe
/// and task drawn with `seed` (a cap draws within each recipe, so it can
/// shift the balance the filter made: `--format stats` shows it). Recipe by
/// recipe, task by task; the same for the same seed whatever the number of
/// threads.
pub fn probe_all(
    cooked: &[Cooked],
    tasks: &[tasks::Task],
    seed: u64,
    max_per_recipe: Option<usize>,
) -> Vec<tasks::Instance> {
    probe_all_with(cooked, tasks, seed, max_per_recipe, true)
}

/// [`probe_all`], with the filters on or off (off: every candidate, those
/// trivial rules answer and those a gold network's defect touches, for
/// training data or for measuring the rules themselves).
pub fn probe_all_with(
    cooked: &[Cooked],
    tasks: &[tasks::Task],
    seed: u64,
    max_per_recipe: Option<usize>,
    filter: bool,
) -> Vec<tasks::Instance> {
    use std::collections::BTreeSet;
    let drawn: Vec<Vec<(Vec<tasks::Instance>, rand_chacha::ChaCha8Rng)>> = cooked
        .par_iter()
        .map(|c| {
            tasks
                .iter()
                .map(|&t| tasks::every_instance(c, t, seed))
                .collect()
        })
        .collect();
    // Questions about an ingredient a gold network's defect touches
    // (`Cooked::artifacts`) say so in their evidence, and are left out
    // with the shortcuts.
    let drawn: Vec<Vec<(Vec<tasks::Instance>, rand_chacha::ChaCha8Rng)>> = drawn
        .into_iter()
        .zip(cooked)
        .map(|(per_task, c)| {
            let artifacts = c.artifacts();
            per_task
                .into_iter()
                .map(|(list, rng)| {
                    let list = list
                        .into_iter()
                        .filter_map(|mut i| {
                            let why = i.evidence["ingredient"]
                                .as_str()
                                .and_then(|g| artifacts.get(g).copied());
                            match why {
                                Some(_) if filter => None,
                                Some(why) => {
                                    i.evidence["artifact"] = why.into();
                                    Some(i)
                                }
                                None => Some(i),
                            }
                        })
                        .collect();
                    (list, rng)
                })
                .collect()
        })
        .collect();
    let kept: BTreeSet<String> = tasks
        .par_iter()
        .enumerate()
        .map(|(k, &t)| {
            let all: Vec<tasks::Instance> =
                drawn.iter().flat_map(|r| r[k].0.iter().cloned()).collect();
            let kept = if filter {
                baselines::without_shortcuts(t, all)
            } else {
                all
            };
            kept.into_iter().map(|i| i.id).collect::<Vec<_>>()
        })
        .flatten()
        .collect();
    drawn
        .into_iter()
        .flatten()
        .flat_map(|(list, mut rng)| {
            let list = list.into_iter().filter(|i| kept.contains(&i.id)).collect();
            tasks::sample(list, max_per_recipe, &mut rng)
        })
        .collect()
}
