//! The benchmark's documented example solutions reproduce tables 6.1 to
//! 6.10 of the technical documentation (40 figures), and the reference's
//! unrounded scores (`expected/examples.tsv`): goal-condition success and
//! dish approximation score equal to 6 decimals (the same when both are
//! written with 6), the execution time exactly and Smatch at the 2 decimals
//! the reference prints.

mod common;

use sous_eval::csv::cell;
use sous_eval::{Metric, MetricSet, Options, RecipeReport};

fn evaluate(file: &str) -> RecipeReport {
    let gold = common::current_gold();
    let options = Options {
        metrics: MetricSet::ALL,
        ..Options::default()
    };
    let path = common::benchmark_dir()
        .join("documentation/examples/evaluation")
        .join(file);
    let mut reports = common::evaluate_file(&path, &gold, &options);
    assert_eq!(reports.len(), 1, "{file}");
    reports.remove(0)
}

#[test]
fn forty_documented_figures() {
    let table = common::tsv(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/documented-examples.tsv"),
    );
    assert_eq!(table.len(), 10);
    let mut checked = 0;
    let mut wrong = Vec::new();
    for row in &table {
        let r = evaluate(&row[1]);
        assert!(r.problem.is_none(), "{}: {:?}", row[1], r.problem);
        let expected = [&row[3], &row[4], &row[5], &row[6]];
        for (m, want) in Metric::ALL.into_iter().zip(expected) {
            let got = cell(&r, m);
            checked += 1;
            if &got != want {
                wrong.push(format!(
                    "table {} ({}): {} is {got}, documented {want}",
                    row[0],
                    row[1],
                    m.name()
                ));
            }
        }
    }
    assert_eq!(checked, 40);
    assert!(
        wrong.is_empty(),
        "{} of 40 figures differ:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[test]
fn unrounded_scores_agree_with_the_reference_run() {
    let expected = common::tsv(&common::spec_dir().join("expected/examples.tsv"));
    let mut wrong = Vec::new();
    for row in expected
        .iter()
        .filter(|r| !r[0].starts_with("example-multiple"))
    {
        let r = evaluate(&row[0]);
        let (gcs, dish) = (&row[3], &row[4]);
        let six = |x: Option<f64>| x.map_or("NIL".to_string(), |v| format!("{v:.6}"));
        let (got_gcs, got_dish) = (
            six(r.goal_condition_success),
            six(r.dish_approximation_score),
        );
        if (&got_gcs, &got_dish) != (gcs, dish) {
            wrong.push(format!(
                "{}: {got_gcs} {got_dish}, reference {gcs} {dish}",
                row[0]
            ));
        }
        assert_eq!(cell(&r, Metric::SmatchScore), row[2], "{}: smatch", row[0]);
        assert_eq!(
            r.execution_time,
            Some(row[5].parse().unwrap()),
            "{}: time",
            row[0]
        );
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
