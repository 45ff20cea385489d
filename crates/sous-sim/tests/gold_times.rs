//! Every gold network runs without failure in the time the reference gives it.

mod common;

use sous_sim::execute;

fn check(dir: std::path::PathBuf, column: usize) {
    let mut wrong = Vec::new();
    for (recipe, current, jan) in common::expected_times() {
        let expected = if column == 0 { current } else { jan };
        let path = common::gold_file(&dir, &recipe);
        let r = common::parse_one(&path);
        let x = execute(&r);
        let got = x.execution_time();
        if got != Some(expected) || !x.failures.is_empty() {
            wrong.push(format!(
                "{recipe}: expected {expected}, got {got:?}, failures {:?}",
                x.failures.iter().map(|f| &f.message).collect::<Vec<_>>()
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of 30 wrong:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[test]
fn current_gold_networks_take_the_reference_times() {
    check(common::gold_current_dir(), 0);
}

#[test]
fn january_2023_gold_networks_take_the_documented_times() {
    check(common::gold_2023_dir(), 1);
}
