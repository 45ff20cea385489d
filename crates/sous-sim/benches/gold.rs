//! Executes all 30 current gold networks (parsing excluded): `cargo bench -p sous-sim`.

use std::path::PathBuf;

use criterion::{criterion_group, criterion_main, Criterion};

fn gold_recipes() -> Vec<sous_lang::Recipe> {
    let dir = std::env::var_os("SOUS_BENCHMARK_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                .join("../../../shared/recipe-execution-benchmark")
        })
        .join("data/gold-standard-solutions/meaning-only");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| {
            panic!(
                "{}: {e}; set SOUS_BENCHMARK_DIR to the benchmark folder",
                dir.display()
            )
        })
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    files
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
}

criterion_group!(benches, bench);
criterion_main!(benches);
