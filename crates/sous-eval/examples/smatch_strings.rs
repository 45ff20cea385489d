//! Prints the strings the reference passes to `smatch.py` for a prediction
//! and a gold network, and our scores for them.
//!
//! ```text
//! cargo run --release -p sous-eval --example smatch_strings -- PRED.solution GOLD.solution [--exact] [--seeds N]
//! ```
//! Output: line 1 the prediction string, line 2 the gold string, then
//! `heuristic <match> <test> <gold> <F> <seconds>`; with `--exact`,
//! `exact <match> <proven> <nodes> <seconds>`; with `--seeds N`, the match
//! counts of seeds `0..N` as `seeds <count>:<times> …`.

use std::time::Instant;

use sous_eval::smatch::{lisp_network_string, smatch, smatch_exact, ExactLimits, SmatchOptions};

fn load(path: &str) -> Vec<sous_lang::Predicate> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let (file, diags) = sous_lang::parse(path, &text);
    assert!(diags.is_empty(), "{path}: {diags:?}");
    file.recipes
        .into_iter()
        .next()
        .expect("one recipe")
        .predicates
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    assert!(args.len() >= 2, "usage: smatch_strings PRED GOLD [--exact]");
    let (pred, gold) = (load(&args[0]), load(&args[1]));
    println!("{}", lisp_network_string(&pred));
    println!("{}", lisp_network_string(&gold));
    let t = Instant::now();
    let s = smatch(&pred, &gold, &SmatchOptions::default());
    let secs = t.elapsed().as_secs_f64();
    println!(
        "heuristic {} {} {} {} {secs:.6}",
        s.matches,
        s.test_triples,
        s.gold_triples,
        s.reported_text()
    );
    if let Some(i) = args.iter().position(|a| a == "--seeds") {
        let n: u64 = args[i + 1].parse().expect("--seeds N");
        let mut hist = std::collections::BTreeMap::new();
        for seed in 0..n {
            let s = smatch(&pred, &gold, &SmatchOptions { restarts: 4, seed });
            *hist.entry(s.matches).or_insert(0u64) += 1;
        }
        let parts: Vec<String> = hist.iter().map(|(m, k)| format!("{m}:{k}")).collect();
        println!("seeds {}", parts.join(" "));
    }
    if args.iter().any(|a| a == "--exact") {
        let t = Instant::now();
        let e = smatch_exact(&pred, &gold, &ExactLimits::default());
        let secs = t.elapsed().as_secs_f64();
        println!(
            "exact {} {} {} {secs:.6}",
            e.score.matches, e.proven_optimal, e.nodes_explored
        );
    }
}
