//! `sous run` and `sous check`.

use std::path::Path;

use sous_lang::Diagnostic;
use sous_sim::execution_json;

use crate::{render, Format, Mode};
use sous_eval::source::{load, Loaded};

pub const OK: u8 = 0;
pub const FAILED: u8 = 1;
pub const INVALID: u8 = 2;

/// What to do with each network of a file.
#[derive(Debug, Clone, Copy)]
pub enum Action<'a> {
    /// Only check it.
    Check,
    /// Execute it in the kitchen of `profile`, and draw the physics kitchen
    /// after every step into `render` and export it as glTF into
    /// `export_gltf` when given.
    Execute {
        render: Option<&'a Path>,
        export_gltf: Option<&'a Path>,
        profile: sous_sim::Profile,
    },
}

pub fn run_file(path: &Path, only: Option<&str>, format: Format, mode: Mode, action: Action) -> u8 {
    run_loaded(load(path), only, format, mode, action)
}

/// Runs every recipe of a loaded file; one bad recipe never stops the others.
/// Returns the worst exit code.
pub fn run_loaded(
    loaded: Loaded,
    only: Option<&str>,
    format: Format,
    mode: Mode,
    action: Action,
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
        let Action::Execute {
            render: render_dir,
            export_gltf,
            profile,
        } = action
        else {
            if diags.is_empty() {
                println!("{}: {} predicates, ok", recipe.id, recipe.predicates.len());
            }
            continue;
        };
        let options = sous_sim::Options {
            profile,
            ..sous_sim::Options::default()
        };
        let x = sous_physics::execute_in_mode_with(recipe, mode, options);
        if !x.solved || !x.failures.is_empty() {
            code = code.max(FAILED);
        }
        if let Some(dir) = render_dir {
            if let Err(e) = write_pictures(&x, &recipe.id, dir) {
                eprintln!("error: {e}");
                code = code.max(INVALID);
            }
        }
        if let Some(dir) = export_gltf {
            if let Err(e) = write_gltf(&x, &recipe.id, dir) {
                eprintln!("error: {e}");
                code = code.max(INVALID);
            }
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

/// One PNG of the physics kitchen per executed step: what the step changed
/// framed on the left, the kitchen on the right, a caption with the step,
/// its line and its action.
fn write_pictures(x: &sous_sim::Execution, id: &str, dir: &Path) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    for i in 0..x.steps.len() {
        let Some(png) = sous_physics::render_step(x, i) else {
            continue;
        };
        let png = png.map_err(|e| e.to_string())?;
        let path = dir.join(format!("{id}-step-{:02}.png", i + 1));
        std::fs::write(&path, png).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(())
}

/// One binary glTF of the physics kitchen per executed step.
fn write_gltf(x: &sous_sim::Execution, id: &str, dir: &Path) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    for i in 0..x.steps.len() {
        let Some(world) = sous_physics::world_after(x, i) else {
            continue;
        };
        let glb = sous_physics::world_glb(world).map_err(|e| e.to_string())?;
        let path = dir.join(format!("{id}-step-{:02}.glb", i + 1));
        std::fs::write(&path, glb).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(())
}
