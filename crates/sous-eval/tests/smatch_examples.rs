//! Smatch on the benchmark's documented examples (Tables 6.1-6.10, all
//! predictions of almond-crescent-cookies), against the numbers of
//! `spec/expected-results.md`. Needs the benchmark data: `$SOUS_BENCHMARK_DIR`.

use std::path::{Path, PathBuf};

use sous_eval::smatch::{
    lisp_network_string, network_triples, smatch, smatch_exact, ExactLimits, SmatchOptions,
};
use sous_lang::Predicate;

fn benchmark_dir() -> PathBuf {
    sous_testdata::benchmark_dir()
}

fn load(path: &Path) -> Vec<Predicate> {
    sous_testdata::parse_one(path).predicates
}

fn almond_gold() -> Vec<Predicate> {
    load(
        &benchmark_dir()
            .join("data/gold-standard-solutions/meaning-only/almond-crescent-cookies.solution"),
    )
}

fn example(name: &str) -> Vec<Predicate> {
    load(
        &benchmark_dir()
            .join("documentation/examples/evaluation")
            .join(format!("{name}.solution")),
    )
}

/// (example, matches, test triples, gold triples, reported F, exact optimum).
/// The first five columns are the reference's (spec/expected-results.md);
/// the optimum is ours (proven by `smatch_exact`).
const EXAMPLES: [(&str, usize, usize, usize, &str, usize); 10] = [
    ("perfect", 285, 285, 285, "1.00", 285),
    ("perfect-permuted-sequence", 285, 285, 285, "1.00", 285),
    ("perfect-switched-operations", 281, 285, 285, "0.99", 281),
    ("missing-tool-reuse", 273, 301, 285, "0.93", 281),
    ("missing-minor-implicit", 264, 274, 285, "0.94", 272),
    ("partial-failure", 217, 230, 285, "0.84", 230),
    ("wrong-ingredient", 284, 285, 285, "1.00", 284),
    // The hill climbing gets stuck at 275; the whole gold is contained (285).
    ("additional-side-dish", 275, 327, 285, "0.90", 285),
    ("extended-main-dish", 285, 335, 285, "0.92", 285),
    ("no-cooking", 18, 19, 285, "0.12", 18),
];

#[test]
fn almond_gold_has_the_documented_triples() {
    let gold = almond_gold();
    let (t, _) = network_triples(&gold, &gold);
    assert_eq!(t.instances.len(), 113);
    assert_eq!(t.attributes.len(), 33);
    assert_eq!(t.relations.len(), 139);
    assert_eq!(t.instances.iter().filter(|l| *l != "var").count(), 27);
    let s = lisp_network_string(&gold);
    assert!(
        s.starts_with("(BAKE ?BAKED-CRESCENTS ?KS-WITH-BAKED-CRESCENTS "),
        "{s}"
    );
    assert!(s.contains("(FETCH-AND-PROPORTION ?PROPORTIONED-BUTTER ?KS-WITH-BUTTER ?KITCHEN ?TARGET-CONTAINER-1 BUTTER 230 G)"));
}

#[test]
fn documented_examples_score_as_the_reference() {
    let gold = almond_gold();
    for (name, matches, test, gold_n, f, _) in EXAMPLES {
        let s = smatch(&example(name), &gold, &SmatchOptions::default());
        assert_eq!(
            (s.matches, s.test_triples, s.gold_triples),
            (matches, test, gold_n),
            "{name}"
        );
        assert_eq!(s.reported_text(), f, "{name}");
        assert_eq!(s.reported(), f.parse::<f64>().unwrap(), "{name}");
    }
}

#[test]
fn seeds_and_threads_do_not_change_the_examples() {
    let gold = almond_gold();
    let preds: Vec<_> = EXAMPLES.iter().map(|e| example(e.0)).collect();
    let reference: Vec<_> = preds
        .iter()
        .map(|p| smatch(p, &gold, &SmatchOptions::default()))
        .collect();
    // Same result from other threads.
    std::thread::scope(|scope| {
        let handles: Vec<_> = preds
            .iter()
            .map(|p| scope.spawn(|| smatch(p, &gold, &SmatchOptions::default())))
            .collect();
        for (h, want) in handles.into_iter().zip(&reference) {
            assert_eq!(h.join().unwrap(), *want);
        }
    });
    // The smart-initialised run alone gives the documented counts whatever
    // the seed (its random part only places nodes without a same-name
    // candidate). The random restarts can do better on some examples
    // (see `restart_variability`).
    for seed in [1, 2, 3] {
        let options = SmatchOptions { restarts: 0, seed };
        for ((name, matches, ..), p) in EXAMPLES.iter().zip(&preds) {
            assert_eq!(
                smatch(p, &gold, &options).matches,
                *matches,
                "{name} seed {seed}"
            );
        }
    }
}

#[test]
fn exact_optimum_of_the_examples() {
    let gold = almond_gold();
    for (name, heuristic, test, gold_n, _, optimum) in EXAMPLES {
        let e = smatch_exact(&example(name), &gold, &ExactLimits::default());
        assert!(e.proven_optimal, "{name}: {e:?}");
        assert_eq!(e.score.matches, optimum, "{name}");
        assert!(e.score.matches >= heuristic, "{name}");
        assert_eq!((e.score.test_triples, e.score.gold_triples), (test, gold_n));
    }
}

/// How often the random restarts lift an example above the documented
/// count, over 1000 seeds (the reference draws them from OS entropy, with the
/// same distribution). Run with
/// `cargo test --release -p sous-eval --test smatch_examples -- --ignored --nocapture`.
#[test]
#[ignore]
fn restart_variability() {
    let gold = almond_gold();
    for (name, matches, ..) in EXAMPLES {
        let p = example(name);
        let mut hist = std::collections::BTreeMap::new();
        for seed in 0..1000u64 {
            let s = smatch(&p, &gold, &SmatchOptions { restarts: 4, seed });
            *hist.entry(s.matches).or_insert(0) += 1;
        }
        let other: usize = hist
            .iter()
            .filter(|(m, _)| **m != matches)
            .map(|(_, n)| n)
            .sum();
        eprintln!("{name}: documented {matches}, other counts in {other}/1000 seeds: {hist:?}");
    }
}
