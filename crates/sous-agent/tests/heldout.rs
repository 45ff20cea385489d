//! The baseline agent on recipes it was never tuned on: `tests/heldout`
//! (cookies, muffins, a crumble, salads), written with their gold networks
//! by someone who had not seen the agent, and never used to change it.
//!
//! Asserted: every network executes with no failed action, and the mean
//! dish approximation score stays above a floor of 0.78 (0.779 when the set
//! was first scored, 0.895 at its best, 0.790 now; the target is
//! 0.80, not met). The set is not read to find out why: it stays held out.

mod support;

use std::path::Path;

#[test]
fn held_out_recipes_become_networks_that_run_and_score() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/heldout");
    let gold = sous_eval::GoldStandard::load(&dir.join("gold")).expect("the held-out gold loads");
    let scores = support::understand_and_score(&dir.join("recipes"), &gold);
    assert!(scores.len() >= 7);
    let (_, dish) = support::report("held out, baseline agent", &scores);
    for s in &scores {
        assert_eq!(s.failed, 0, "{}: failed actions", s.id);
    }
    assert!(dish >= 0.78, "mean dish approximation score {dish:.3}");
}

/// The development set (`tests/dev`), which the agent may be tuned on:
/// every network executes, and the mean dish score stays above 0.95
/// (0.968 measured on its 16 recipes).
#[test]
fn development_recipes_become_networks_that_run_and_score() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/dev");
    let gold = sous_eval::GoldStandard::load(&dir.join("gold")).expect("the dev gold loads");
    let scores = support::understand_and_score(&dir.join("recipes"), &gold);
    assert!(scores.len() >= 8);
    let (_, dish) = support::report("development set, baseline agent", &scores);
    for s in &scores {
        assert_eq!(s.failed, 0, "{}: failed actions", s.id);
    }
    assert!(dish >= 0.95, "mean dish approximation score {dish:.3}");
}
