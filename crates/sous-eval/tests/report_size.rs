//! Reports stay small however large the prediction: the lists that grow
//! with it (dish candidates, surplus ingredients, failures, problem
//! details) are cut to `MAX_LISTED` entries and the rest counted, and the
//! winning candidate is always listed.

mod common;

use sous_eval::report::MAX_LISTED;
use sous_eval::{MetricSet, Options, RecipeReport};

fn evaluate(text: &str) -> RecipeReport {
    let gold = common::current_gold();
    let loaded = sous_eval::source::load_text("big.solution".into(), text.as_bytes().to_vec());
    let (recipe, diags) = &loaded.recipes[0];
    let options = Options {
        metrics: MetricSet::ALL,
        explain: true,
        ..Options::default()
    };
    sous_eval::evaluate_recipe(recipe, diags, &gold, &options)
}

/// 200 weighings of sugar into a kitchen that runs out of bowls after a
/// few dozen: a dish candidate each and over a hundred failed actions.
#[test]
fn a_long_prediction_is_explained_in_bounded_size() {
    let mut text = String::from("#almond-crescent-cookies\n(get-kitchen ?ks-0)\n");
    for i in 1..=200 {
        text.push_str(&format!(
            "(fetch-and-proportion ?b{i} ?ks-{i} ?ks-{} ?t{i} sugar 1 g)\n",
            i - 1
        ));
    }
    let report = evaluate(&text);
    assert_eq!(report.failures.len(), MAX_LISTED);
    let last = report.failures.last().unwrap();
    assert!(
        last.starts_with("… and ") && last.ends_with(" more"),
        "{last}"
    );

    let dish = report.explanation.as_ref().unwrap().dish.as_ref().unwrap();
    assert!(dish.candidates.len() <= MAX_LISTED + 1);
    assert_eq!(dish.candidates.len() + dish.candidates_left_out, 200);
    // The winner is listed, and `best` points at it.
    let best = &dish.candidates[dish.best];
    let top = dish
        .candidates
        .iter()
        .map(|c| c.score)
        .fold(f64::MIN, f64::max);
    assert_eq!(best.score, top);

    let json = serde_json::to_string(&report).unwrap();
    assert!(json.len() < 64 * 1024, "{} bytes", json.len());
    assert!(json.contains("\"candidates-left-out\":"), "{json}");
}

#[test]
fn a_network_with_many_errors_lists_the_first_ones() {
    let mut text = String::from("#almond-crescent-cookies\n(get-kitchen ?k)\n");
    for i in 0..200 {
        text.push_str(&format!("(no-such-primitive ?x{i})\n"));
    }
    let report = evaluate(&text);
    let problem = report.problem.expect("an invalid network");
    assert_eq!(problem.details.len(), MAX_LISTED);
    assert_eq!(problem.details.last().unwrap(), "… and 150 more");
}
