//! Smatch between two recipe networks, as the benchmark computes it.
//!
//! The reference evaluator prints both networks as Lisp text (predicates
//! sorted by name, see [`lisp_network_string`]) and runs the benchmark's
//! modified `smatch.py` on the two strings: the text is cut into instance,
//! attribute and relation triples ([`triples`]), and a one-to-one mapping
//! of predicted nodes to gold nodes is improved by hill climbing from a
//! "smart" start and 4 random ones. The number of triples
//! the best mapping matches gives precision, recall and F1; the metric is
//! F1 as Python prints it with `"%.2f"` ([`SmatchScore::reported`]).
//!
//! The hill climbing finds a local optimum and the benchmark's published
//! numbers are those local optima, so [`smatch`] reproduces the heuristic.
//! [`smatch_exact`] computes the true maximum of the same objective.

mod exact;
mod hill_climb;
pub(crate) mod hungarian;
mod lisp;
mod pool;
mod pyfmt;
mod pyset;
pub mod triples;

use serde::Serialize;
use sous_lang::Predicate;

pub use exact::{smatch_exact, smatch_exact_triples, ExactLimits, ExactSmatch};
pub use lisp::{lisp_network_string, lisp_number};
pub use pyfmt::py_format_fixed;
pub use triples::{get_meaning, Triples};

/// Options of the hill climbing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SmatchOptions {
    /// Random restarts after the smart-initialised run (`smatch.py -r`, 4).
    pub restarts: usize,
    /// Seed of the random initialisations (the reference is unseeded).
    pub seed: u64,
}

impl SmatchOptions {
    /// The seed of run 1, fixed so that a score is the same on every
    /// evaluation (the reference draws its restarts unseeded).
    pub const DEFAULT_SEED: u64 = 0x5EED_2023_0112_0001;
}

impl Default for SmatchOptions {
    fn default() -> Self {
        SmatchOptions {
            restarts: 4,
            seed: Self::DEFAULT_SEED,
        }
    }
}

/// Result of a Smatch comparison.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct SmatchScore {
    /// Triples matched by the best mapping found.
    pub matches: usize,
    /// Triples of the prediction.
    pub test_triples: usize,
    /// Triples of the gold network.
    pub gold_triples: usize,
    /// Matches over the prediction's triples.
    pub precision: f64,
    /// Matches over the gold network's triples.
    pub recall: f64,
    /// The harmonic mean of precision and recall, unrounded.
    pub f1: f64,
}

impl SmatchScore {
    /// Precision, recall and F1 as `compute_f` computes them (all 0 when a
    /// network has no triples; F1 0 when nothing matches).
    pub fn from_counts(matches: usize, test_triples: usize, gold_triples: usize) -> SmatchScore {
        let (precision, recall, f1) = if test_triples == 0 || gold_triples == 0 {
            (0.0, 0.0, 0.0)
        } else {
            let p = matches as f64 / test_triples as f64;
            let r = matches as f64 / gold_triples as f64;
            let f = if p + r != 0.0 {
                2.0 * p * r / (p + r)
            } else {
                0.0
            };
            (p, r, f)
        };
        SmatchScore {
            matches,
            test_triples,
            gold_triples,
            precision,
            recall,
            f1,
        }
    }

    /// F1 as the reference reports it (Python `"%.2f"`, parsed back).
    pub fn reported(&self) -> f64 {
        self.reported_text()
            .parse()
            .expect("a formatted float parses")
    }

    /// The text after `F-score: ` in the reference's output.
    pub fn reported_text(&self) -> String {
        py_format_fixed(self.f1, 2)
    }
}

/// The two networks' triples as the reference builds them.
pub fn network_triples(predicted: &[Predicate], gold: &[Predicate]) -> (Triples, Triples) {
    (
        get_meaning(&lisp_network_string(predicted)),
        get_meaning(&lisp_network_string(gold)),
    )
}

/// Smatch of `predicted` against `gold` with the reference's hill climbing.
pub fn smatch(predicted: &[Predicate], gold: &[Predicate], options: &SmatchOptions) -> SmatchScore {
    let (t1, t2) = network_triples(predicted, gold);
    smatch_triples(&t1, &t2, options)
}

/// The reference's procedure run `runs` times, run `r` with the seed
/// `DEFAULT_SEED + r` (run 0 is [`smatch`] with the default options): the
/// spread that `smatch.py`'s unseeded restarts draw from.
pub fn smatch_runs(predicted: &[Predicate], gold: &[Predicate], runs: usize) -> Vec<SmatchScore> {
    let (t1, t2) = network_triples(predicted, gold);
    let pool = pool::Pool::new(&t1, &t2);
    let ceiling = t1.len().min(t2.len()) as u32;
    (0..runs.max(1) as u64)
        .map(|r| {
            let seed = SmatchOptions::DEFAULT_SEED.wrapping_add(r);
            let (matches, _) = hill_climb::best_match(&pool, 4, seed, ceiling);
            SmatchScore::from_counts(matches as usize, t1.len(), t2.len())
        })
        .collect()
}

/// Smatch of two triple sets (hill climbing).
pub fn smatch_triples(t1: &Triples, t2: &Triples, options: &SmatchOptions) -> SmatchScore {
    let pool = pool::Pool::new(t1, t2);
    let ceiling = t1.len().min(t2.len()) as u32;
    let (matches, _) = hill_climb::best_match(&pool, options.restarts, options.seed, ceiling);
    SmatchScore::from_counts(matches as usize, t1.len(), t2.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn f_edge_cases() {
        let s = SmatchScore::from_counts(0, 0, 10);
        assert_eq!((s.precision, s.recall, s.f1), (0.0, 0.0, 0.0));
        let s = SmatchScore::from_counts(0, 10, 0);
        assert_eq!(s.f1, 0.0);
        let s = SmatchScore::from_counts(0, 5, 7);
        assert_eq!((s.precision, s.recall, s.f1), (0.0, 0.0, 0.0));
        assert_eq!(s.reported(), 0.0);
        let s = SmatchScore::from_counts(285, 285, 285);
        assert_eq!(s.f1, 1.0);
        assert_eq!(s.reported_text(), "1.00");
        // wrong-ingredient: F 0.99649… prints as 1.00.
        assert_eq!(SmatchScore::from_counts(284, 285, 285).reported(), 1.0);
        // additional-side-dish.
        let s = SmatchScore::from_counts(275, 327, 285);
        assert_eq!(s.reported_text(), "0.90");
        // F exactly 0.125 (1 match, 15 and 1 triples) rounds to even.
        let s = SmatchScore::from_counts(1, 15, 1);
        assert_eq!(s.f1, 0.125);
        assert_eq!(s.reported_text(), "0.12");
    }

    #[test]
    fn identical_networks_match_fully() {
        let (file, _) = sous_lang::parse(
            "t.solution",
            "#r\n(fetch ?a ?k butter 230 g)\n(beat ?b ?k2 ?k ?a ?tool)\n",
        );
        let p = &file.recipes[0].predicates;
        let s = smatch(p, p, &SmatchOptions::default());
        assert_eq!((s.matches, s.test_triples, s.gold_triples), (17, 17, 17));
    }

    #[test]
    fn empty_networks_score_zero() {
        let s = smatch(&[], &[], &SmatchOptions::default());
        assert_eq!(
            (s.matches, s.test_triples, s.gold_triples, s.f1),
            (0, 0, 0, 0.0)
        );
    }
}
