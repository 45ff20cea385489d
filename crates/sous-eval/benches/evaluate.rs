//! All 30 gold networks evaluated as predictions of their own recipes with
//! all four metrics, on one core, gold standard loaded and executed afresh
//! each time (the reference needs 118 s without Smatch, ~50 min with it).
//!
//! `SOUS_BENCHMARK_DIR` must point at the benchmark checkout.

use std::path::PathBuf;

use criterion::{criterion_group, criterion_main, Criterion};
use sous_eval::{evaluate_recipe, GoldStandard, MetricSet, Options};

fn gold_dir() -> PathBuf {
    let dir = std::env::var_os("SOUS_BENCHMARK_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                .join("../../../shared/recipe-execution-benchmark")
        });
    assert!(
        dir.is_dir(),
        "set SOUS_BENCHMARK_DIR to the Recipe Execution Benchmark checkout"
    );
    sous_eval::gold::gold_dir_of_benchmark(&dir)
}

fn all_gold(c: &mut Criterion, name: &str, metrics: MetricSet) {
    let dir = gold_dir();
    let gold = GoldStandard::load(&dir).unwrap();
    let predictions: Vec<_> = gold
        .networks()
        .map(|g| {
            let loaded = sous_eval::source::load(&g.path);
            let (mut recipe, diags) = loaded.recipes.into_iter().next().unwrap();
            recipe.id = g.recipe_id.clone();
            (recipe, diags)
        })
        .collect();
    assert_eq!(predictions.len(), 30);
    let options = Options {
        metrics,
        ..Options::default()
    };
    c.bench_function(name, |b| {
        b.iter(|| {
            let gold = GoldStandard::load(&dir).unwrap();
            predictions
                .iter()
                .map(|(r, d)| evaluate_recipe(r, d, &gold, &options))
                .filter(|r| r.problem.is_none())
                .count()
        })
    });
}

fn benches(c: &mut Criterion) {
    all_gold(c, "30 gold networks, all four metrics", MetricSet::ALL);
    all_gold(c, "30 gold networks, without smatch", MetricSet::default());
}

criterion_group! {
    name = evaluate;
    config = Criterion::default().sample_size(10);
    targets = benches
}
criterion_main!(evaluate);
