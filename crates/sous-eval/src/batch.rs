//! Evaluating every recipe of an input file, in parallel.

use rayon::prelude::*;
use sous_lang::{Diagnostic, Recipe};

use crate::{evaluate_recipe, GoldStandard, Options, RecipeReport};

/// Evaluates `recipes` on the current rayon pool; the reports come back in
/// input order whatever the number of threads. `done` is called once per
/// finished recipe (for a progress bar).
pub fn evaluate_all(
    recipes: &[(Recipe, Vec<Diagnostic>)],
    gold: &GoldStandard,
    options: &Options,
    done: &(dyn Fn() + Sync),
) -> Vec<RecipeReport> {
    recipes
        .par_iter()
        .map(|(recipe, diagnostics)| {
            let report = evaluate_recipe(recipe, diagnostics, gold, options);
            done();
            report
        })
        .collect()
}
