//! Step-by-step agreement with the reference's own traces
//! (`../shared/spec/expected/traces/*.trace.json`): same execution order of
//! the kitchen-state chain, and every binding available at the same time and
//! of the same class.

mod common;

use std::path::PathBuf;

fn traces_dir() -> PathBuf {
    common::spec_dir().join("expected/traces")
}

#[test]
fn bindings_match_the_reference_traces() {
    let mut checked = 0;
    let mut problems = Vec::new();
    for recipe in [
        "almond-crescent-cookies",
        "bisquick-shortcake-biscuits",
        "black-bean-salad-4",
        "broccoli-salad",
        "chocolate-cream-cheese-cupcakes",
        "whole-wheat-ginger-snaps",
    ] {
        let trace: serde_json::Value = serde_json::from_str(
            &std::fs::read_to_string(traces_dir().join(format!("{recipe}.trace.json"))).unwrap(),
        )
        .unwrap();
        // The trace's source names the gold file (black-bean-salad-4's trace is of that file).
        let source = trace["source"].as_str().unwrap();
        let file = common::benchmark_dir().join(source);
        let x = sous_sim::execute(&common::parse_one(&file));
        assert_eq!(
            x.execution_time(),
            trace["execution-time"].as_f64(),
            "{recipe}"
        );
        for step in trace["steps"].as_array().unwrap() {
            for b in step["bindings"].as_array().unwrap() {
                let var = b["var"].as_str().unwrap();
                let Some(ours) = x.binding(var) else {
                    problems.push(format!("{recipe}: {var} unbound"));
                    continue;
                };
                let class = b["class"].as_str().unwrap();
                if ours.available_at != b["available-at"].as_f64()
                    || ours.value.class_name() != class
                {
                    problems.push(format!(
                        "{recipe}: {var}: reference {class} at {:?}, sous {} at {:?}",
                        b["available-at"].as_f64(),
                        ours.value.class_name(),
                        ours.available_at
                    ));
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 300, "only {checked} bindings compared");
    assert!(
        problems.is_empty(),
        "{} of {checked} bindings differ:\n{}",
        problems.len(),
        problems.join("\n")
    );
}
