//! Bad input never panics: every gold network, damaged in seeded random ways
//! (lines dropped, duplicated or swapped, arguments exchanged, variables
//! renamed, numbers replaced by odd ones, characters cut out), goes through
//! the whole evaluator (all four metrics and the explanation) and, when valid,
//! the simulator's JSON. Each case must end in a report, never in a panic;
//! the failing inputs are printed.

mod common;

use std::panic::{catch_unwind, AssertUnwindSafe};

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rayon::prelude::*;
use sous_eval::{MetricSet, Options};

/// Damaged copies per gold network.
const CASES: usize = 6;

const ODD_NUMBERS: &[&str] = &[
    "0",
    "-1",
    "1/3",
    "0.0001",
    "1000000",
    "2.5e3",
    "99999999999",
];

fn tokens(line: &str) -> Vec<&str> {
    line.split(|c: char| c.is_whitespace() || c == '(' || c == ')')
        .filter(|t| !t.is_empty())
        .collect()
}

/// One random change to `lines`.
fn damage(lines: &mut Vec<String>, rng: &mut StdRng) {
    if lines.len() < 3 {
        return;
    }
    // Never the header: the recipe id must survive for the gold to be found.
    let pick = |rng: &mut StdRng, n: usize| rng.gen_range(1..n);
    match rng.gen_range(0..7) {
        0 => {
            let i = pick(rng, lines.len());
            lines.remove(i);
        }
        1 => {
            let i = pick(rng, lines.len());
            let copy = lines[i].clone();
            lines.insert(i, copy);
        }
        2 => {
            let (i, j) = (pick(rng, lines.len()), pick(rng, lines.len()));
            lines.swap(i, j);
        }
        3 => {
            // An argument replaced by a token from elsewhere in the network.
            let all: Vec<String> = lines[1..]
                .iter()
                .flat_map(|l| tokens(l).into_iter().skip(1).map(str::to_string))
                .collect();
            let i = pick(rng, lines.len());
            let words = tokens(&lines[i]);
            if words.len() > 1 && !all.is_empty() {
                let old = words[rng.gen_range(1..words.len())].to_string();
                let new = all.choose(rng).unwrap();
                lines[i] = lines[i].replacen(&old, new, 1);
            }
        }
        4 => {
            // One occurrence of a variable renamed: its users lose it.
            let i = pick(rng, lines.len());
            if let Some(var) = tokens(&lines[i]).into_iter().find(|t| t.starts_with('?')) {
                let var = var.to_string();
                lines[i] = lines[i].replacen(&var, "?nobody-binds-this", 1);
            }
        }
        5 => {
            // A number replaced by an odd one.
            let i = pick(rng, lines.len());
            let number = tokens(&lines[i])
                .into_iter()
                .find(|t| t.parse::<f64>().is_ok())
                .map(str::to_string);
            if let Some(n) = number {
                let odd = ODD_NUMBERS.choose(rng).unwrap();
                lines[i] = lines[i].replacen(&n, odd, 1);
            }
        }
        _ => {
            // A few characters cut out (unbalanced parentheses, broken names).
            let i = pick(rng, lines.len());
            let chars: Vec<char> = lines[i].chars().collect();
            if chars.len() > 2 {
                let start = rng.gen_range(0..chars.len() - 1);
                let end = (start + rng.gen_range(1..4)).min(chars.len());
                lines[i] = chars[..start].iter().chain(&chars[end..]).collect();
            }
        }
    }
}

#[test]
fn damaged_gold_networks_are_evaluated_without_panicking() {
    let gold = common::current_gold();
    let options = Options {
        metrics: MetricSet::ALL,
        exact_smatch: false,
        smatch_runs: 1,
        profile: sous_sim::Profile::Reference,
        explain: true,
        // The errors against the gold too: damage of every kind, no panic.
        errors: true,
        backend: None,
    };
    let files = sous_testdata::files_with_extension(&common::gold_current_dir(), "solution");
    assert_eq!(files.len(), 30);
    let texts: Vec<String> = files
        .iter()
        .map(|f| std::fs::read_to_string(f).unwrap())
        .collect();
    let cases: Vec<(usize, usize)> = (0..files.len())
        .flat_map(|f| (0..CASES).map(move |case| (f, case)))
        .collect();
    // Each case: Ok(per recipe: scored?) or Err(the damaged text).
    let outcomes: Vec<Result<Vec<bool>, String>> = cases
        .par_iter()
        .map(|&(f, case)| {
            let mut rng = StdRng::seed_from_u64((f * 1000 + case) as u64);
            let mut lines: Vec<String> = texts[f].lines().map(str::to_string).collect();
            for _ in 0..rng.gen_range(1..=3) {
                damage(&mut lines, &mut rng);
            }
            let damaged = lines.join("\n");
            catch_unwind(AssertUnwindSafe(|| {
                let loaded =
                    sous_eval::source::load_text("damaged.solution".into(), damaged.clone().into());
                loaded
                    .recipes
                    .iter()
                    .map(|(r, d)| {
                        let report = sous_eval::evaluate_recipe(r, d, &gold, &options);
                        serde_json::to_string(&report).expect("a report serialises");
                        if !d.iter().any(|d| d.is_error()) {
                            // What `POST /api/execute` and `sous run --format json` write.
                            sous_sim::execution_json_with(&sous_sim::execute(r), true);
                        }
                        report.problem.is_none()
                    })
                    .collect()
            }))
            .map_err(|_| format!("{} case {case}:\n{damaged}", files[f].display()))
        })
        .collect();
    let panics: Vec<&String> = outcomes.iter().filter_map(|o| o.as_ref().err()).collect();
    let reports: Vec<bool> = outcomes.iter().flatten().flatten().copied().collect();
    let scored = reports.iter().filter(|&&s| s).count();
    let rejected = reports.len() - scored;
    eprintln!(
        "{} cases: {scored} recipes scored, {rejected} refused or unsolved",
        cases.len()
    );
    assert!(
        panics.is_empty(),
        "{} panics:\n{}",
        panics.len(),
        panics
            .iter()
            .map(|p| p.as_str())
            .collect::<Vec<_>>()
            .join("\n\n")
    );
    // The damage must reach both paths: some networks still score, others are refused.
    assert!(
        scored > 20 && rejected > 20,
        "{scored} scored, {rejected} rejected"
    );
}
