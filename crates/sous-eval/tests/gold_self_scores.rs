//! Each gold network scored as a prediction of its own recipe gives the
//! reference's values (1.00 except two reference quirks): goal-condition
//! success and dish approximation score equal to 6 decimals (the same when
//! both are written with 6), the execution time exactly.

mod common;

use sous_eval::Options;

#[test]
fn gold_networks_score_as_the_reference_scores_them() {
    let gold = common::current_gold();
    let expected = common::tsv(&common::spec_dir().join("expected/gold-self-scores.tsv"));
    assert_eq!(expected.len(), 30);
    let mut wrong = Vec::new();
    for row in &expected {
        let path = common::gold_current_dir().join(&row[0]);
        let loaded = sous_eval::source::load(&path);
        let (mut recipe, diags) = loaded.recipes.into_iter().next().expect("one recipe");
        // Scored under its file's recipe id (one gold file has another recipe's header).
        recipe.id = row[1].clone();
        let r = sous_eval::evaluate_recipe(&recipe, &diags, &gold, &Options::default());
        let (gcs, dish) = (&row[2], &row[3]);
        let time: f64 = row[4].parse().unwrap();
        let six = |x: Option<f64>| x.map_or("NIL".to_string(), |v| format!("{v:.6}"));
        println!(
            "{}: {:?} {:?} {:?} {:?}",
            row[1],
            r.goal_condition_success,
            r.dish_approximation_score,
            r.execution_time,
            r.problem
        );
        if &six(r.goal_condition_success) != gcs
            || &six(r.dish_approximation_score) != dish
            || r.execution_time != Some(time)
        {
            wrong.push(format!(
                "{}: expected {gcs} {dish} {time}, got {:?} {:?} {:?}",
                row[1], r.goal_condition_success, r.dish_approximation_score, r.execution_time
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} wrong:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}
