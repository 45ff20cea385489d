//! Hand-checked truth: for each recipe with a file in
//! `tests/fixtures/truth/`, every published instance (all 30 gold networks,
//! the shortcut filter on, no cap) was answered by hand from the recipe
//! text and its gold network, with the reasoning beside each answer. sous
//! must agree with every one, and every hand answer must still name a
//! published question (so the file cannot go stale).

use std::path::Path;

use serde::Deserialize;
use sous_probe::tasks::Task;

#[derive(Deserialize)]
struct Truth {
    instance: Vec<Entry>,
}

#[derive(Deserialize)]
struct Entry {
    task: String,
    question: String,
    answer: toml::Value,
    why: String,
}

#[test]
fn sous_agrees_with_the_hand_made_answers() {
    let recipes = sous_testdata::gold_recipes();
    let bench = sous_testdata::benchmark_dir();
    let cooked = sous_probe::cook_all(&recipes, Some(&bench), sous_sim::Profile::Corrected);
    let instances = sous_probe::probe_all(&cooked, &Task::ALL, 0, None);
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/truth");
    let mut problems = Vec::new();
    let mut checked = 0;
    let fixtures = sous_testdata::files_with_extension(&dir, "toml");
    assert!(!fixtures.is_empty(), "no truth files in {}", dir.display());
    for path in fixtures {
        let recipe = path.file_stem().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(&path).unwrap();
        let truth: Truth =
            toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let mine: Vec<_> = instances.iter().filter(|i| i.recipe_id == recipe).collect();
        assert!(!mine.is_empty(), "{recipe}: no instances");
        for i in &mine {
            let Some(e) = truth
                .instance
                .iter()
                .find(|e| e.task == i.task.name() && e.question == i.question)
            else {
                problems.push(format!("{recipe}: no hand answer for {:?}", i.question));
                continue;
            };
            let expected = serde_json::to_value(&e.answer).unwrap();
            checked += 1;
            if !sous_probe::score::agrees(i.answer_kind, &expected, &i.answer) {
                problems.push(format!(
                    "{recipe} {}: {:?}\n    by hand {expected} ({})\n    sous    {}",
                    e.task, i.question, e.why, i.answer
                ));
            }
        }
        for e in &truth.instance {
            if !mine
                .iter()
                .any(|i| i.task.name() == e.task && i.question == e.question)
            {
                problems.push(format!(
                    "{recipe}: the hand answer to {:?} names no published question",
                    e.question
                ));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "{} of {checked} disagree:\n{}",
        problems.len(),
        problems.join("\n")
    );
}
