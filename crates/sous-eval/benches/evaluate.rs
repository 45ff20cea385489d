//! All 30 gold networks evaluated as predictions of their own recipes with
//! all four metrics, on one core, gold standard loaded and executed afresh
//! each time (the reference needs 118 s without Smatch, ~50 min with it).
//!
//! `SOUS_BENCHMARK_DIR` must point at the benchmark checkout.

use std::path::PathBuf;

use criterion::{criterion_group, criterion_main, Criterion};
use sous_eval::{evaluate_recipe, GoldStandard, MetricSet, Options};

/// The allocator of the `sous` binary, the server and the Python module, so
/// the figure is what their users get.
#[global_allocator]
static ALLOCATOR: sous_alloc::Allocator = sous_alloc::Allocator;

fn gold_dir() -> PathBuf {
    sous_testdata::gold_current_dir()
}

fn all_gold(c: &mut Criterion, name: &str, metrics: MetricSet) {
    let dir = gold_dir();
    let gold = GoldStandard::load(&dir).unwrap();
    let predictions = gold.as_predictions();
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

/// The ten documented example solutions (imperfect predictions: Smatch runs
/// all five climbs), all four metrics.
fn examples(c: &mut Criterion) {
    let dir = sous_testdata::benchmark_dir().join("documentation/examples/evaluation");
    let gold = GoldStandard::load(&gold_dir()).unwrap();
    let mut predictions = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let loaded = sous_eval::source::load(&entry.unwrap().path());
        predictions.extend(loaded.recipes);
    }
    assert_eq!(predictions.len(), 10);
    let options = Options {
        metrics: MetricSet::ALL,
        ..Options::default()
    };
    c.bench_function("10 documented examples, all four metrics", |b| {
        b.iter(|| {
            predictions
                .iter()
                .map(|(r, d)| evaluate_recipe(r, d, &gold, &options))
                .filter(|r| r.problem.is_none())
                .count()
        })
    });
}

/// What `sous.evaluate` does per call, in-process in Rust (the Python
/// package's overhead is measured against this): each gold network's text
/// parsed and scored with all four metrics, the gold standard loaded and
/// executed once beforehand.
fn gold_as_text(c: &mut Criterion) {
    let dir = gold_dir();
    let gold = GoldStandard::load(&dir).unwrap();
    let texts: Vec<String> = gold
        .networks()
        .map(|g| std::fs::read_to_string(&g.path).unwrap())
        .collect();
    let options = Options {
        metrics: MetricSet::ALL,
        ..Options::default()
    };
    let score = |texts: &[String]| {
        texts
            .iter()
            .flat_map(|t| {
                let loaded = sous_eval::source::load_text("network".into(), t.as_bytes().to_vec());
                loaded
                    .recipes
                    .iter()
                    .map(|(r, d)| evaluate_recipe(r, d, &gold, &options))
                    .collect::<Vec<_>>()
            })
            .filter(|r| r.problem.is_none())
            .count()
    };
    assert_eq!(score(&texts), 30);
    c.bench_function(
        "30 gold networks as text, all four metrics, gold loaded once",
        |b| b.iter(|| score(&texts)),
    );
}

/// What finding the errors costs: the 30 gold networks as predictions of
/// their own recipes (the reference's three metrics, the gold standard
/// loaded and executed once), without and with `Options::errors`, side by
/// side in one run. The ratio of the two is the figure; the errors should
/// add at most a fifth.
fn errors(c: &mut Criterion) {
    let dir = gold_dir();
    let gold = GoldStandard::load(&dir).unwrap();
    let predictions = gold.as_predictions();
    assert_eq!(predictions.len(), 30);
    let mut group = c.benchmark_group("30 gold networks, errors");
    for (name, errors) in [("without", false), ("with", true)] {
        let options = Options {
            errors,
            ..Options::default()
        };
        group.bench_function(name, |b| {
            b.iter(|| {
                predictions
                    .iter()
                    .map(|(r, d)| evaluate_recipe(r, d, &gold, &options))
                    .filter(|r| r.problem.is_none())
                    .count()
            })
        });
    }
    group.finish();
}

fn benches(c: &mut Criterion) {
    errors(c);
    examples(c);
    gold_as_text(c);
    all_gold(c, "30 gold networks, all four metrics", MetricSet::ALL);
    all_gold(c, "30 gold networks, without smatch", MetricSet::default());
}

criterion_group! {
    name = evaluate;
    config = Criterion::default().sample_size(10);
    targets = benches
}
criterion_main!(evaluate);
