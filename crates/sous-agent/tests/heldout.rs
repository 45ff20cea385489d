//! The baseline agent on recipes it was never tuned on: `tests/heldout`
//! (two each of cookies, muffins, crumbles and salads), written with their
//! gold networks by someone who had not seen the agent, and never used to
//! change it.
//!
//! Asserted: every network executes with no failed action, and the mean
//! dish approximation score stays above a floor of 0.88 (0.908 when this
//! set was first scored; the target is 0.80). The set is not read to
//! find out why a recipe scores low: it stays held out. Once a held-out set
//! has been measured and reported, it may move to `tests/dev` and a fresh one
//! take its place (the first one, 0.796, did).

mod support;

use std::path::Path;

#[test]
fn held_out_recipes_become_networks_that_run_and_score() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/heldout");
    let gold = sous_eval::GoldStandard::load(&dir.join("gold")).expect("the held-out gold loads");
    let scores = support::understand_and_score(&dir.join("recipes"), &gold);
    assert!(scores.len() >= 8);
    let (_, dish) = support::report("held out, baseline agent", &scores);
    for s in &scores {
        assert_eq!(s.failed, 0, "{}: failed actions", s.id);
    }
    assert!(dish >= 0.88, "mean dish approximation score {dish:.3}");
}

/// The development set (`tests/dev`), which the agent may be tuned on:
/// every network executes, and the mean dish score stays above 0.96
/// (0.980 measured on its 23 recipes).
#[test]
fn development_recipes_become_networks_that_run_and_score() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/dev");
    let gold = sous_eval::GoldStandard::load(&dir.join("gold")).expect("the dev gold loads");
    let scores = support::understand_and_score(&dir.join("recipes"), &gold);
    assert!(scores.len() >= 23);
    let (_, dish) = support::report("development set, baseline agent", &scores);
    for s in &scores {
        assert_eq!(s.failed, 0, "{}: failed actions", s.id);
    }
    assert!(dish >= 0.96, "mean dish approximation score {dish:.3}");
}
