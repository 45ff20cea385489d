//! What both ways of scoring (whole files, `evaluate`, and streamed,
//! `stream`) report with: the output format, failures as warnings, and the
//! exit code a problem calls for.

use clap::ValueEnum;
use sous_eval::report::{Problem, RecipeReport};

use crate::run::{FAILED, INVALID};

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq, Debug)]
pub enum EvalFormat {
    Text,
    Json,
    Jsonl,
}

/// The actions of `r` that could not do their job, as warnings.
pub fn warn_failures(name: &str, r: &RecipeReport) {
    for f in &r.failures {
        eprintln!("warning: {name}: {}: {f}", r.recipe_id);
    }
}

/// The exit code a recipe's problem calls for: invalid input, or a network
/// without a solution.
pub fn exit_code(p: &Problem) -> u8 {
    if p.is_fatal() {
        INVALID
    } else {
        FAILED
    }
}
