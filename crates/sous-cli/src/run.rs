//! `sous run` and `sous check`.

use std::path::Path;

use sous_lang::Diagnostic;
use sous_sim::execution_json;

use crate::{render, Format, Mode};
use sous_eval::source::{load, Loaded};

pub const OK: u8 = 0;
pub const FAILED: u8 = 1;
pub const INVALID: u8 = 2;

pub fn run_file(
    path: &Path,
    only: Option<&str>,
    format: Format,
    mode: Mode,
    execute_too: bool,
) -> u8 {
    run_loaded(load(path), only, format, mode, execute_too)
}

/// Runs every recipe of a loaded file; one bad recipe never stops the others.
/// Returns the worst exit code.
pub fn run_loaded(
    loaded: Loaded,
    only: Option<&str>,
    format: Format,
    mode: Mode,
    execute_too: bool,
) -> u8 {
    if let Some(d) = &loaded.fatal {
        render::diagnostic(&loaded.name, &loaded.text, d);
        return INVALID;
    }
    let only = only.map(str::to_lowercase);
    let selected: Vec<_> = loaded
        .recipes
        .iter()
        .filter(|(r, _)| only.as_deref().is_none_or(|o| r.id == o))
        .collect();
    if selected.is_empty() {
        let ids: Vec<&str> = loaded.recipes.iter().map(|(r, _)| r.id.as_str()).collect();
        eprintln!(
            "error: no recipe `{}` in {} (it has: {})",
            only.unwrap_or_default(),
            loaded.name,
            ids.join(", ")
        );
        return INVALID;
    }
    let mut code = OK;
    for (recipe, diags) in selected {
        for d in diags {
            render::diagnostic(&loaded.name, &loaded.text, d);
        }
        let invalid = diags.iter().any(Diagnostic::is_error);
        if !diags.is_empty() {
            code = code.max(INVALID);
        }
        if invalid {
            if format == Format::Json {
                println!(
                    "{}",
                    serde_json::json!({ "recipe_id": recipe.id, "error": "invalid network", "diagnostics": diags })
                );
            }
            continue;
        }
        if !execute_too {
            if diags.is_empty() {
                println!("{}: {} predicates, ok", recipe.id, recipe.predicates.len());
            }
            continue;
        }
        let x = sous_physics::execute_in_mode(recipe, mode.into());
        if !x.solved || !x.failures.is_empty() {
            code = code.max(FAILED);
        }
        match format {
            Format::Json => match mode {
                Mode::Qualitative => println!("{}", execution_json(&x)),
                Mode::Quantitative => {
                    println!("{}", sous_physics::physics_json(&x, execution_json(&x)))
                }
            },
            Format::Text => {
                print!("{}", render::execution_text(&x));
                if mode == Mode::Quantitative {
                    print!("{}", render::physics_text(&x));
                }
            }
        }
    }
    code
}
