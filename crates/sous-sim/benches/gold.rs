//! Executes all 30 current gold networks (parsing excluded): `cargo bench -p sous-sim`.

use criterion::{criterion_group, criterion_main, Criterion};

/// The allocator of the `sous` binary, the server and the Python module, so
/// the figure is what their users get.
#[global_allocator]
static ALLOCATOR: sous_alloc::Allocator = sous_alloc::Allocator;

fn gold_recipes() -> Vec<sous_lang::Recipe> {
    sous_testdata::files_with_extension(&sous_testdata::gold_current_dir(), "solution")
        .iter()
        .map(|p| {
            sous_lang::parse("gold", &std::fs::read_to_string(p).unwrap())
                .0
                .recipes
                .remove(0)
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let recipes = gold_recipes();
    assert_eq!(recipes.len(), 30);
    let actions: usize = recipes.iter().map(|r| r.predicates.len()).sum();
    eprintln!("{} recipes, {actions} actions", recipes.len());
    c.bench_function("execute all 30 gold networks", |b| {
        b.iter(|| {
            recipes
                .iter()
                .map(|r| sous_sim::execute(r).steps.len())
                .sum::<usize>()
        })
    });
    // The part of the above that turns recipes into networks (constants
    // made, actions ordered), to tell it from the search.
    c.bench_function("prepare all 30 gold networks", |b| {
        b.iter(|| {
            recipes
                .iter()
                .map(|r| {
                    let mut ids = sous_kitchen::IdGen::starting_at(sous_kitchen::full_kitchen().1);
                    sous_sim::Network::prepare(r, &mut ids).actions.len()
                })
                .sum::<usize>()
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
