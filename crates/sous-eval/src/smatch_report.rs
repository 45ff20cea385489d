//! Smatch as it appears in a report.

use sous_lang::Recipe;

use crate::report::{ExactSmatchReport, SmatchReport};
use crate::smatch::{smatch, smatch_exact, ExactLimits, SmatchOptions};

/// The reference's (deterministic) hill-climbing score, and the exact
/// optimum when asked for.
pub fn smatch_report(predicted: &Recipe, gold: &Recipe, exact: bool) -> SmatchReport {
    let s = smatch(
        &predicted.predicates,
        &gold.predicates,
        &SmatchOptions::default(),
    );
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
    }
}
