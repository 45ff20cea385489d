//! The error taxonomy on the benchmark's documented example solutions,
//! whose names say what is wrong with them. Each gets the primary errors
//! its name says, and `perfect` and `perfect-permuted-sequence` none: the
//! primary errors are asserted, and every error is in a snapshot
//! (`tests/snapshots/`). Needs the benchmark data: `$SOUS_BENCHMARK_DIR`.

mod common;

use sous_eval::errors::{against_gold, ErrorKind, PredictionError};

fn errors_of(file: &str) -> Vec<PredictionError> {
    let gold = common::current_gold();
    let path = common::benchmark_dir()
        .join("documentation/examples/evaluation")
        .join(format!("{file}.solution"));
    let loaded = sous_eval::source::load(&path);
    let (recipe, _) = &loaded.recipes[0];
    let gold_recipe = gold
        .get(&recipe.id)
        .and_then(|g| g.recipe.as_ref().ok())
        .expect("the gold network reads");
    against_gold(recipe, gold_recipe)
}

/// Each example, and the kinds of its primary errors, by how many.
const NAMED: &[(&str, &[(ErrorKind, usize)])] = &[
    ("perfect", &[]),
    ("perfect-permuted-sequence", &[]),
    // Vanilla and almond extract added the other way round, and the two
    // flours: additions into one bowl commute ("adding ingredients in a
    // bowl in a different order before mixing them should not have an
    // impact", the benchmark's documentation says).
    ("perfect-switched-operations", &[]),
    // Cocoa powder fetched for the white sugar.
    ("wrong-ingredient", &[(ErrorKind::WrongArgument, 1)]),
    // A whisk fetched twice more instead of the first used again.
    ("missing-tool-reuse", &[(ErrorKind::AdditionalStep, 2)]),
    // The butter is not brought to room temperature.
    ("missing-minor-implicit", &[(ErrorKind::MissingStep, 1)]),
    // The network stops before the tray: its last six steps.
    ("partial-failure", &[(ErrorKind::MissingStep, 6)]),
    // A chocolate dip made beside the cookies.
    ("additional-side-dish", &[(ErrorKind::AdditionalStep, 4)]),
    // The same dip, and the cookies dipped in it.
    ("extended-main-dish", &[(ErrorKind::AdditionalStep, 5)]),
    // Only the tools are fetched: everything else is missing.
    ("no-cooking", &[(ErrorKind::MissingStep, 24)]),
];

#[test]
fn each_documented_example_gets_the_errors_its_name_says() {
    let mut wrong = Vec::new();
    for (name, expected) in NAMED {
        let errors = errors_of(name);
        let mut got: Vec<(ErrorKind, usize)> = Vec::new();
        for e in errors.iter().filter(|e| e.primary) {
            match got.iter_mut().find(|(k, _)| *k == e.kind) {
                Some((_, n)) => *n += 1,
                None => got.push((e.kind, 1)),
            }
        }
        if got != *expected {
            wrong.push(format!("{name}: {got:?}, expected {expected:?}"));
        }
        // Every consequence names a primary error before or after it.
        for e in &errors {
            if let Some(c) = e.caused_by {
                assert!(errors[c].primary && !e.primary, "{name}: {e:?}");
            }
        }
        insta::assert_json_snapshot!(*name, errors);
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
