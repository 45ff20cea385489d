//! Predictions the reference itself scored (`fixtures/reference-cases.tsv`):
//! sous gives its goal-condition success and dish approximation score to 6
//! decimals and its execution time exactly. Each case is a network of ours
//! or an edit of a gold network (`sous_testdata::edits`, so no benchmark
//! data is copied here).

mod common;

use sous_eval::{MetricSet, Options};

#[test]
fn the_reference_scores_are_reproduced() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/reference-cases.tsv");
    let gold = common::current_gold();
    // Gold networks of our own recipes (the reference scored each under the
    // id of a benchmark recipe, with the network as that recipe's gold).
    let own_gold = sous_eval::GoldStandard::load(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/reference/gold"),
    )
    .expect("our gold networks load");
    let files = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/reference");
    let options = Options {
        metrics: MetricSet::default(),
        ..Options::default()
    };
    let mut wrong = Vec::new();
    let mut cases = 0;
    for row in common::tsv(&path) {
        let [case, spec, goal, dish, time, ..] = &row[..] else {
            panic!("a short row: {row:?}");
        };
        let text = common::edits::network(spec, &common::gold_current_dir(), &files);
        let loaded = sous_eval::source::load_text(format!("{case}.solution"), text.into_bytes());
        let (recipe, diagnostics) = &loaded.recipes[0];
        let gold = if own_gold.get(&recipe.id).is_some() {
            &own_gold
        } else {
            &gold
        };
        let r = &sous_eval::evaluate_recipe(recipe, diagnostics, gold, &options);
        let six = |x: Option<f64>| x.map_or("NIL".to_string(), |v| format!("{v:.6}"));
        let got = (
            six(r.goal_condition_success),
            six(r.dish_approximation_score),
            r.execution_time
                .map_or("NIL".to_string(), |t| t.to_string()),
        );
        if (got.0.as_str(), got.1.as_str(), got.2.as_str())
            != (goal.as_str(), dish.as_str(), time.as_str())
        {
            wrong.push(format!(
                "{case}: sous {got:?}, reference ({goal}, {dish}, {time})"
            ));
        }
        cases += 1;
    }
    assert!(cases >= 1);
    assert!(
        wrong.is_empty(),
        "{} of {cases} cases differ:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}
