//! Every gold network runs without failure in the time the reference gives it.

mod common;

use sous_sim::execute;

/// Failures the reference itself has on the current gold networks (its own
/// trace shows the same failed-objects): cupcakes' `top-with` cannot top
/// mixtures, so the bake that follows has nothing to bake.
const REFERENCE_FAILURES: &[(&str, &[&str])] =
    &[("chocolate-cream-cheese-cupcakes", &["top-with", "bake"])];

fn check(dir: std::path::PathBuf, column: usize) {
    let mut wrong = Vec::new();
    for (recipe, current, jan) in common::expected_times() {
        let expected = if column == 0 { current } else { jan };
        let path = common::gold_file(&dir, &recipe);
        let r = common::parse_one(&path);
        let x = execute(&r);
        let got = x.execution_time();
        let failed: Vec<&str> = x
            .failures
            .iter()
            .filter_map(|f| f.action)
            .map(|a| x.network.actions[a].signature.name)
            .collect();
        let allowed: &[&str] = REFERENCE_FAILURES
            .iter()
            .find(|(r, _)| column == 0 && *r == recipe)
            .map_or(&[], |(_, f)| f);
        if got != Some(expected) || failed != allowed || x.failures.len() != allowed.len() {
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
