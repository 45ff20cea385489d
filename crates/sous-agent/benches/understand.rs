//! The baseline agent over the benchmark's 30 recipe texts, one core:
//! `cargo bench -p sous-agent --bench understand`.

use criterion::{criterion_group, criterion_main, Criterion};

fn understand_all(c: &mut Criterion) {
    let dir = sous_testdata::benchmark_dir().join("data/recipe-texts");
    let recipes: Vec<_> = sous_testdata::files_with_extension(&dir, "xml")
        .iter()
        .map(|f| {
            let text = std::fs::read_to_string(f).expect("readable");
            sous_agent::parse_recipe(&text).expect("a recipe")
        })
        .collect();
    c.bench_function("understand the 30 benchmark recipes", |b| {
        b.iter(|| {
            recipes
                .iter()
                .map(|r| sous_agent::understand(r).actions.len())
                .sum::<usize>()
        })
    });
}

criterion_group!(benches, understand_all);
criterion_main!(benches);
