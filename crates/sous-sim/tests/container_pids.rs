//! A container's persistent id is unique in every kitchen state.
//!
//! Ingredients share ids on purpose (a portion weighed out of a stock keeps
//! the stock's id), so a search by id finds the first one in the
//! kitchen's order. No container has been seen to share its id with
//! anything. That would let a primitive that has just moved a container
//! keep its new place instead of searching the kitchen again from its root
//! (issue 24). This test holds the observation over the gold networks of
//! 2024 and 2023, the benchmark's example predictions and mutants of all
//! of them, in both profiles, so a change that breaks it shows here first.

use std::collections::HashMap;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use sous_kitchen::{slot, Entity, IdGen, Ontology};
use sous_lang::{ArgKind, Recipe};
use sous_sim::{execute_with, Options, Profile};

/// Mutants made of each network (dropped, repeated and rewired predicates).
const MUTANTS: usize = 4;

/// The ids that things with contents share with anything else in the
/// kitchen below `root`, through `contents` lists (what the searches walk).
fn shared_container_pids(root: &Entity) -> Vec<u32> {
    fn walk(e: &Entity, seen: &mut HashMap<u32, (bool, usize)>) {
        for c in e.contents().iter() {
            let entry = seen.entry(c.pid.0).or_default();
            entry.0 |= c.has_slot(slot::CONTENTS);
            entry.1 += 1;
            walk(c, seen);
        }
    }
    let mut seen = HashMap::new();
    walk(root, &mut seen);
    let mut shared: Vec<u32> = seen
        .into_iter()
        .filter(|(_, (container, n))| *container && *n > 1)
        .map(|(pid, _)| pid)
        .collect();
    shared.sort_unstable();
    shared
}

/// A few random edits: a predicate dropped, one repeated, an argument
/// given another of the network's variables.
fn mutate(recipe: &Recipe, rng: &mut StdRng) -> Recipe {
    let mut r = recipe.clone();
    let variables: Vec<String> = r
        .predicates
        .iter()
        .flat_map(|p| &p.args)
        .filter_map(|a| match &a.kind {
            ArgKind::Variable(v) => Some(v.clone()),
            _ => None,
        })
        .collect();
    for _ in 0..rng.gen_range(1..4) {
        if r.predicates.is_empty() || variables.is_empty() {
            break;
        }
        let i = rng.gen_range(0..r.predicates.len());
        match rng.gen_range(0..4) {
            0 => {
                r.predicates.remove(i);
            }
            1 => r.predicates.push(r.predicates[i].clone()),
            _ => {
                let n = r.predicates[i].args.len();
                let j = rng.gen_range(0..n.max(1));
                if let Some(arg) = r.predicates[i].args.get_mut(j) {
                    if matches!(arg.kind, ArgKind::Variable(_)) {
                        arg.kind =
                            ArgKind::Variable(variables[rng.gen_range(0..variables.len())].clone());
                    }
                }
            }
        }
    }
    r
}

fn networks() -> Vec<Recipe> {
    let mut files = Vec::new();
    for dir in [
        sous_testdata::gold_current_dir(),
        sous_testdata::gold_2023_dir(),
        sous_testdata::benchmark_dir().join("documentation/examples/evaluation"),
    ] {
        files.extend(sous_testdata::files_with_extension(&dir, "solution"));
    }
    let mut recipes = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        let (file, _) = sous_lang::parse(&f.display().to_string(), &text);
        recipes.extend(file.recipes);
    }
    assert!(recipes.len() >= 70, "the gold networks and examples load");
    recipes
}

#[test]
fn no_container_shares_its_persistent_id() {
    let kitchen_state = Ontology::get().known().kitchen_state;
    let mut rng = StdRng::seed_from_u64(24);
    let mut states = 0;
    for recipe in networks() {
        let mut variants = vec![recipe.clone()];
        variants.extend((0..MUTANTS).map(|_| mutate(&recipe, &mut rng)));
        for (k, variant) in variants.iter().enumerate() {
            for profile in [Profile::Reference, Profile::Corrected] {
                let options = Options {
                    max_primitive_runs: 2_000,
                    profile,
                };
                let execution = execute_with(variant, options);
                for b in execution.bindings.iter().flatten() {
                    if b.value.class != kitchen_state {
                        continue;
                    }
                    states += 1;
                    let shared = shared_container_pids(&b.value);
                    assert!(
                        shared.is_empty(),
                        "{} (variant {k}, {profile:?}): containers share ids {shared:?}",
                        recipe.id
                    );
                }
            }
        }
    }
    assert!(
        states > 10_000,
        "only {states} kitchen states were looked at"
    );
}

/// The check itself sees a shared id.
#[test]
fn a_shared_container_id_is_seen() {
    let (ks, first) = sous_kitchen::full_kitchen();
    let mut ids = IdGen::starting_at(first);
    let onto = Ontology::get();
    assert!(shared_container_pids(ks.root()).is_empty());
    let bowl = Entity::new(onto.id("medium-bowl").unwrap(), &mut ids);
    let mut copy = bowl.clone();
    copy.set_flag(slot::USED, true);
    let mut ks = ks;
    let counter_top = ks.counter_top().unwrap();
    ks.push_front(&counter_top, std::sync::Arc::new(bowl.clone()));
    ks.push_front(&counter_top, std::sync::Arc::new(copy));
    assert_eq!(shared_container_pids(ks.root()), vec![bowl.pid.0]);
}
