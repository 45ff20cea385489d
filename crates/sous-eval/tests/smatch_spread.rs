//! Smatch as a distribution: `smatch.py` draws its 4 random restarts (and
//! the smart start's picks for nodes without a concept match) from OS
//! entropy, so its score for a pair varies from run to run. sous runs the
//! same procedure with K seeds (`--smatch-runs K`); every value Python
//! printed in its recorded runs must lie inside sous's [min, max].
//!
//! - Predictions of a recipe (the 10 evaluation examples, 3 runs with match
//!   counts in `fixtures/smatch/python-smatch.tsv` and a 4th with the F only,
//!   and permuted and duplicated versions of 5 gold networks, 5 runs each in
//!   `fixtures/smatch/python-spread.tsv`): inside the range of K = 20.
//!
//! Not asserted: the 25 ordered pairs of the 5 almond-crescent-cookies gold
//! networks in `python-smatch.tsv` (networks of different recipes). Their
//! distributions have long tails (almond vs almond-2: 233–263 matches over
//! 300 seeds, mode 238), so 20 seeds miss one of Python's 3 draws on 3 of
//! the 25 pairs. 15 more Python runs of almond vs almond-2 gave mode 238 and
//! one 261, the same distribution as sous's (docs/fidelity.md,
//! "Smatch as a distribution").

use std::path::Path;

use rayon::prelude::*;
use sous_eval::smatch::{smatch_runs, SmatchScore};
use sous_lang::Predicate;

const K: usize = 20;

/// A pair to check: what it is, prediction, gold, Python's match counts and F.
type Job = (
    String,
    Vec<Predicate>,
    Vec<Predicate>,
    Vec<usize>,
    Vec<String>,
);

fn predicates(text: &str) -> Vec<Predicate> {
    let (file, diags) = sous_lang::parse("spread.solution", text);
    assert!(diags.is_empty(), "{diags:?}");
    file.recipes
        .into_iter()
        .next()
        .expect("a recipe")
        .predicates
}

fn load(path: &Path) -> Vec<Predicate> {
    sous_testdata::parse_one(path).predicates
}

/// Checks Python's match counts and printed F against sous's spread.
fn check(
    k: usize,
    what: &str,
    pred: &[Predicate],
    gold: &[Predicate],
    matches: &[usize],
    f: &[String],
) -> Option<String> {
    let runs = smatch_runs(pred, gold, k);
    let (lo, hi) = (
        runs.iter().map(|r| r.matches).min().unwrap(),
        runs.iter().map(|r| r.matches).max().unwrap(),
    );
    let (test, gold_n) = (runs[0].test_triples, runs[0].gold_triples);
    let f_of = |m: usize| SmatchScore::from_counts(m, test, gold_n).reported();
    let (flo, fhi) = (f_of(lo), f_of(hi));
    let bad_matches: Vec<usize> = matches
        .iter()
        .copied()
        .filter(|m| *m < lo || *m > hi)
        .collect();
    let bad_f: Vec<&String> = f
        .iter()
        .filter(|x| {
            let v: f64 = x.parse().unwrap();
            v < flo || v > fhi
        })
        .collect();
    eprintln!("{what}: python {matches:?} {f:?}, sous {lo}-{hi} ({flo:.2}-{fhi:.2})");
    (!bad_matches.is_empty() || !bad_f.is_empty()).then(|| {
        format!("{what}: python {bad_matches:?} {bad_f:?} outside sous's {lo}-{hi} matches ({flo:.2}-{fhi:.2})")
    })
}

#[test]
fn python_smatch_values_lie_in_the_spread_of_sous_seeds() {
    let dir = sous_testdata::benchmark_dir();
    // (what, prediction, gold, Python's match counts, Python's F)
    let mut jobs: Vec<Job> = Vec::new();
    // The examples, 3 runs each (the gold-vs-gold rows are not asserted).
    for line in include_str!("fixtures/smatch/python-smatch.tsv").lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let c: Vec<&str> = line.split('\t').collect();
        if c[2] == "-" || !c[0].starts_with("documentation/") {
            continue;
        }
        let matches: Vec<usize> = c[2].split(',').map(|x| x.parse().unwrap()).collect();
        let f: Vec<String> = c[5].split(',').map(str::to_string).collect();
        let what = format!("{} vs {}", c[0], c[1]);
        jobs.push((
            what,
            load(&dir.join(c[0])),
            load(&dir.join(c[1])),
            matches,
            f,
        ));
    }
    // Edited gold networks, and the examples' 4th run (F only).
    let gold_dir = sous_testdata::gold_current_dir();
    let network = |spec: &str| -> Vec<Predicate> {
        match spec.strip_prefix("file:") {
            Some(path) => load(&dir.join(path)),
            None => predicates(&sous_testdata::edits::network(
                spec,
                &gold_dir,
                Path::new("."),
            )),
        }
    };
    for line in include_str!("fixtures/smatch/python-spread.tsv").lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let c: Vec<&str> = line.split('\t').collect();
        let (pred, gold) = (network(c[0]), network(c[1]));
        let runs = smatch_runs(&pred, &gold, 1);
        assert_eq!(
            (
                runs[0].test_triples.to_string(),
                runs[0].gold_triples.to_string()
            ),
            (c[2].to_string(), c[3].to_string()),
            "{}: triple counts",
            c[0]
        );
        let matches: Vec<usize> = match c[4] {
            "-" => Vec::new(),
            m => m.split(',').map(|x| x.parse().unwrap()).collect(),
        };
        let f: Vec<String> = c[5].split(',').map(str::to_string).collect();
        jobs.push((c[0].to_string(), pred, gold, matches, f));
    }
    assert!(jobs.len() >= 30, "only {} pairs", jobs.len());
    let outside: Vec<String> = jobs
        .par_iter()
        .filter_map(|(what, pred, gold, matches, f)| check(K, what, pred, gold, matches, f))
        .collect();
    assert!(outside.is_empty(), "{}", outside.join("\n"));
}
