//! Smatch as it appears in a report.

use sous_lang::Recipe;

use crate::report::{ExactSmatchReport, SmatchReport, SmatchRuns};
use crate::smatch::{smatch_exact, smatch_runs, ExactLimits};

/// The reference's hill-climbing score with the default seed, its spread
/// over `runs` seeds when `runs > 1`, and the exact optimum when asked for.
pub fn smatch_report(predicted: &Recipe, gold: &Recipe, exact: bool, runs: usize) -> SmatchReport {
    let all = smatch_runs(&predicted.predicates, &gold.predicates, runs);
    let s = all[0];
    let spread = (all.len() > 1).then(|| {
        let f1: Vec<f64> = all.iter().map(|r| r.reported()).collect();
        SmatchRuns {
            runs: all.len(),
            mean: f1.iter().sum::<f64>() / f1.len() as f64,
            min: f1.iter().copied().fold(f64::INFINITY, f64::min),
            max: f1.iter().copied().fold(f64::NEG_INFINITY, f64::max),
            min_matches: all.iter().map(|r| r.matches).min().unwrap_or(0),
            max_matches: all.iter().map(|r| r.matches).max().unwrap_or(0),
            f1,
        }
    });
    SmatchReport {
        f1: s.reported(),
        f1_unrounded: s.f1,
        precision: s.precision,
        recall: s.recall,
        matches: s.matches,
        predicted_triples: s.test_triples,
        gold_triples: s.gold_triples,
        exact: exact.then(|| {
            let e = smatch_exact(
                &predicted.predicates,
                &gold.predicates,
                &ExactLimits::default(),
            );
            ExactSmatchReport {
                f1: e.score.f1,
                matches: e.score.matches,
                proven_optimal: e.proven_optimal,
            }
        }),
        runs: spread,
    }
}
