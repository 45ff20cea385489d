//! The reference's list aliasing as the evaluator sees it: its own trace of
//! the almond gold shows `?portioned-dough` crescent-shaped (the later
//! `shape`s changed the very objects), so a prediction that portions the
//! dough but never shapes it does not reach that goal.

mod common;

use sous_eval::{MetricSet, Options};

#[test]
fn the_gold_portioned_dough_is_seen_crescent_shaped() {
    let gold = common::current_gold();
    let path = common::gold_current_dir().join("almond-crescent-cookies.solution");
    let mut recipe = common::parse_one(&path);
    // The gold network up to and including portion-and-arrange (file order
    // is execution order for this linear network).
    let cut = recipe
        .predicates
        .iter()
        .position(|p| p.name == "portion-and-arrange")
        .expect("the gold portions the dough");
    recipe.predicates.truncate(cut + 1);
    let options = Options {
        metrics: MetricSet::default(),
        explain: true,
        ..Options::default()
    };
    let r = sous_eval::evaluate_recipe(&recipe, &[], &gold, &options);
    let goals = r.explanation.unwrap().goals.unwrap();
    let missed: Vec<&str> = goals
        .goals
        .iter()
        .filter(|g| g.reached_by.is_none())
        .map(|g| g.output_variable.as_str())
        .collect();
    // Every goal up to the mixed dough is reached; the portions are not,
    // because the gold's portions are, after the run, crescents.
    assert_eq!(goals.reached, 17, "missed: {missed:?}");
    assert!(missed.contains(&"?portioned-dough"), "missed: {missed:?}");
}
