//! The streamed JSON views (`ExecutionView`, `EntityView`, what the API
//! writes) and the `serde_json::Value` forms (`execution_json_with`,
//! `entity_json_with`, what `sous run --format json` prints) are one walk:
//! for every gold network, compact or not, they give the same text, and the
//! compact form of one network is pinned by a snapshot.

mod common;

use sous_kitchen::{entity_json_with, EntityView};
use sous_sim::{execute, execution_json_with, ExecutionView};

#[test]
fn streamed_views_equal_the_value_forms() {
    let recipes = common::expected_times();
    assert_eq!(recipes.len(), 30);
    for (recipe, _, _) in recipes {
        let r = common::parse_one(&common::gold_file(&common::gold_current_dir(), &recipe));
        let x = execute(&r);
        for compact in [false, true] {
            let streamed = serde_json::to_string(&ExecutionView {
                execution: &x,
                compact,
            })
            .unwrap();
            let value = execution_json_with(&x, compact).to_string();
            assert!(streamed == value, "{recipe}, compact {compact}");
            for step in 0..x.steps.len() {
                let Some(k) = x.kitchen_after(step) else {
                    continue;
                };
                let streamed = serde_json::to_string(&EntityView { entity: k, compact }).unwrap();
                let value = entity_json_with(k, compact).to_string();
                assert!(
                    streamed == value,
                    "{recipe}, step {step}, compact {compact}"
                );
            }
        }
    }
}

#[test]
fn compact_bindings_of_almond_crescent_cookies() {
    let r = common::parse_one(&common::gold_file(
        &common::gold_current_dir(),
        "almond-crescent-cookies",
    ));
    let v = execution_json_with(&execute(&r), true);
    insta::assert_json_snapshot!("compact-bindings-almond-crescent-cookies", v["bindings"]);
}
