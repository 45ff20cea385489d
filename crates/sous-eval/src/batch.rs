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

/// Recipes [`evaluate_reader`] scores together (in parallel) before their
/// reports are written, as `sous evaluate` streams them.
pub const CHUNK: usize = 256;

/// Evaluates an input of any length in bounded memory: its recipes are read
/// one section at a time, `chunk` of them are scored in parallel on the
/// current rayon pool, and `emit` gets each report in input order before
/// the next chunk is read. Line numbers in the reports are the input's.
/// Recipe ids are not checked for repeats across sections (that would need
/// memory that grows with the input). Returns the number of recipes, or the
/// read error that stopped the input.
pub fn evaluate_reader(
    reader: impl std::io::BufRead,
    name: &str,
    gold: &GoldStandard,
    options: &Options,
    chunk: usize,
    emit: &mut dyn FnMut(RecipeReport),
) -> std::io::Result<usize> {
    let mut sections = crate::source::Sections::new(reader);
    let mut count = 0;
    loop {
        let batch: Vec<crate::source::Section> = sections
            .by_ref()
            .take(chunk.max(1))
            .collect::<std::io::Result<_>>()?;
        if batch.is_empty() {
            return Ok(count);
        }
        let reports: Vec<Vec<RecipeReport>> = batch
            .par_iter()
            .map(|s| {
                let loaded =
                    crate::source::load_text(name.to_string(), s.text.clone().into_bytes());
                let shift = s.first_line.saturating_sub(1);
                loaded
                    .recipes
                    .iter()
                    .map(|(recipe, diags)| {
                        let mut r = evaluate_recipe(recipe, diags, gold, options);
                        r.line += shift;
                        if let Some(p) = r.problem.as_mut() {
                            p.line = p.line.map(|l| l + shift);
                            if let Some(span) = p.span.as_mut() {
                                span.line += shift;
                            }
                        }
                        r
                    })
                    .collect()
            })
            .collect();
        for r in reports.into_iter().flatten() {
            count += 1;
            emit(r);
        }
    }
}
