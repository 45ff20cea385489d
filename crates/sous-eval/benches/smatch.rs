//! Smatch on the benchmark's ten evaluation examples against the
//! almond-crescent-cookies gold: the reference's hill climbing on each, and
//! the exact optimum on two. `cargo bench -p sous-eval --bench smatch`
//! (needs `$SOUS_BENCHMARK_DIR`, default `../shared/recipe-execution-benchmark`).

use std::path::{Path, PathBuf};

use criterion::{criterion_group, criterion_main, Criterion};
use sous_eval::smatch::{smatch, smatch_exact, ExactLimits, SmatchOptions};
use sous_lang::Predicate;

/// The allocator of the `sous` binary, the server and the Python module, so
/// the figure is what their users get.
#[global_allocator]
static ALLOCATOR: sous_alloc::Allocator = sous_alloc::Allocator;

fn benchmark_dir() -> PathBuf {
    sous_testdata::benchmark_dir()
}

fn load(path: &Path) -> Vec<Predicate> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    sous_lang::parse("bench", &text)
        .0
        .recipes
        .remove(0)
        .predicates
}

const EXAMPLES: [&str; 10] = [
    "perfect",
    "perfect-permuted-sequence",
    "perfect-switched-operations",
    "missing-tool-reuse",
    "missing-minor-implicit",
    "partial-failure",
    "wrong-ingredient",
    "additional-side-dish",
    "extended-main-dish",
    "no-cooking",
];

fn bench(c: &mut Criterion) {
    let dir = benchmark_dir();
    let gold = load(
        &dir.join("data/gold-standard-solutions/meaning-only/almond-crescent-cookies.solution"),
    );
    let examples: Vec<(&str, Vec<Predicate>)> = EXAMPLES
        .iter()
        .map(|n| {
            let p = dir.join(format!("documentation/examples/evaluation/{n}.solution"));
            (*n, load(&p))
        })
        .collect();

    let mut g = c.benchmark_group("smatch");
    for (name, pred) in &examples {
        g.bench_function(*name, |b| {
            b.iter(|| smatch(pred, &gold, &SmatchOptions::default()).matches)
        });
    }
    g.finish();

    let mut g = c.benchmark_group("smatch-exact");
    g.sample_size(10);
    for (name, pred) in examples
        .iter()
        .filter(|(n, _)| ["additional-side-dish", "missing-tool-reuse"].contains(n))
    {
        g.bench_function(*name, |b| {
            b.iter(|| {
                smatch_exact(pred, &gold, &ExactLimits::default())
                    .score
                    .matches
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
