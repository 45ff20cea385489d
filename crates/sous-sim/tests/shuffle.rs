//! Line order does not matter: each gold network with its lines shuffled
//! gives byte-identical JSON, and its final kitchen is pinned by a snapshot.

mod common;

use rand::seq::SliceRandom;
use rand::SeedableRng;
use sous_sim::{execute, execution_json};

fn json_of(text: &str) -> String {
    let (file, diags) = sous_lang::parse("shuffled.solution", text);
    assert!(diags.is_empty(), "{diags:?}");
    execution_json(&execute(&file.recipes[0])).to_string()
}

#[test]
fn shuffled_gold_networks_give_identical_json() {
    for (recipe, _, _) in common::expected_times() {
        let path = common::gold_file(&common::gold_current_dir(), &recipe);
        let text = std::fs::read_to_string(&path).unwrap();
        let (header, body): (Vec<&str>, Vec<&str>) = text.lines().partition(|l| l.starts_with('#'));
        let reference = json_of(&text);
        for seed in [1u64, 2, 3] {
            let mut lines = body.clone();
            lines.shuffle(&mut rand::rngs::StdRng::seed_from_u64(seed));
            let shuffled = format!("{}\n{}\n", header.join("\n"), lines.join("\n"));
            // Line numbers differ after shuffling: compare with them removed.
            let strip = |s: String| {
                let mut v: serde_json::Value = serde_json::from_str(&s).unwrap();
                for step in v["steps"].as_array_mut().unwrap() {
                    step.as_object_mut().unwrap().remove("line");
                }
                for f in v["failed_actions"].as_array_mut().unwrap() {
                    f.as_object_mut().unwrap().remove("line");
                    f.as_object_mut().unwrap().remove("column");
                }
                v.to_string()
            };
            assert!(
                strip(json_of(&shuffled)) == strip(reference.clone()),
                "{recipe}: seed {seed} changes the result"
            );
        }
    }
}

#[test]
fn final_kitchens_of_the_gold_networks() {
    for (recipe, _, _) in common::expected_times() {
        let r = common::parse_one(&common::gold_file(&common::gold_current_dir(), &recipe));
        let v = execution_json(&execute(&r));
        insta::assert_json_snapshot!(format!("final-kitchen-{recipe}"), v["final_kitchen"]);
    }
}
