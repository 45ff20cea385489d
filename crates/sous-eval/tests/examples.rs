//! The benchmark's documented example solutions (technical documentation,
//! tables 6.1 to 6.10) give the reference's numbers.

mod common;

use sous_eval::{Metric, MetricSet, Options};

#[test]
fn examples_reproduce_the_reference() {
    let gold = common::current_gold();
    let options = Options {
        metrics: MetricSet::default(),
        ..Options::default()
    };
    let dir = common::benchmark_dir().join("documentation/examples/evaluation");
    let expected = common::tsv(&common::spec_dir().join("expected/examples.tsv"));
    let mut wrong = Vec::new();
    for row in expected
        .iter()
        .filter(|r| !r[0].starts_with("example-multiple"))
    {
        let reports = common::evaluate_file(&dir.join(&row[0]), &gold, &options);
        let r = &reports[0];
        let gcs: f64 = row[3].parse().unwrap();
        let dish: f64 = row[4].parse().unwrap();
        let time: f64 = row[5].parse().unwrap();
        println!(
            "{}: gcs {:?} dish {:?} time {:?} problem {:?}",
            row[0],
            r.goal_condition_success,
            r.dish_approximation_score,
            r.execution_time,
            r.problem
        );
        if (r.goal_condition_success.unwrap_or(-1.0) - gcs).abs() > 0.0005
            || (r.dish_approximation_score.unwrap_or(-1.0) - dish).abs() > 0.0005
            || r.execution_time != Some(time)
        {
            wrong.push(row[0].clone());
        }
    }
    let _ = Metric::SmatchScore;
    assert!(wrong.is_empty(), "wrong: {wrong:?}");
}
