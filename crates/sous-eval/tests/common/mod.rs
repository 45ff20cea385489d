//! Test data and helpers for the evaluator tests.
#![allow(dead_code)]

pub use sous_testdata::*;

pub fn current_gold() -> sous_eval::GoldStandard {
    sous_eval::GoldStandard::load(&gold_current_dir()).expect("gold networks load")
}

pub fn gold_2023() -> sous_eval::GoldStandard {
    sous_eval::GoldStandard::load(&gold_2023_dir()).expect("gold networks load")
}

/// Evaluates every recipe of a solution file.
pub fn evaluate_file(
    path: &std::path::Path,
    gold: &sous_eval::GoldStandard,
    options: &sous_eval::Options,
) -> Vec<sous_eval::RecipeReport> {
    let loaded = sous_eval::source::load(path);
    assert!(
        loaded.fatal.is_none(),
        "{}: {:?}",
        path.display(),
        loaded.fatal
    );
    loaded
        .recipes
        .iter()
        .map(|(r, d)| sous_eval::evaluate_recipe(r, d, gold, options))
        .collect()
}
