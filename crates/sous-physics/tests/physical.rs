//! Networks that are fine in the symbolic kitchen and wrong in a real one:
//! the physics kitchen must catch each. One fixture a case
//! (`tests/fixtures/physical/*.toml`), kept as edits of a gold network so
//! that no benchmark data is in the repository:
//!
//! - `network`: the gold network and its edits (`sous_testdata::edits`);
//! - `fails`: the start of the action that must fail physically;
//! - `reason`: words its physical reason must contain.
//!
//! Each must run in qualitative mode without a failed action, and in
//! quantitative mode fail that action with that reason (a `backend`
//! failure), or spill more than 1 % of the mass the hand moved.

use std::path::Path;

use serde::Deserialize;
use sous_physics::{execute_in_mode_with, physics_summary, Mode};
use sous_sim::{FailureKind, Options};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    network: String,
    fails: String,
    reason: String,
}

#[test]
fn the_physics_catches_what_the_symbolic_kitchen_cannot() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/physical");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    assert!(files.len() >= 12, "{} fixtures", files.len());
    let gold = sous_testdata::gold_current_dir();
    let problems: Vec<String> = std::thread::scope(|s| {
        let handles: Vec<_> = files
            .chunks(files.len().div_ceil(2))
            .map(|chunk| {
                let gold = &gold;
                let dir = &dir;
                s.spawn(move || {
                    chunk
                        .iter()
                        .filter_map(|path| check(path, gold, dir).err())
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

fn check(path: &Path, gold: &Path, dir: &Path) -> Result<(), String> {
    let name = path.file_stem().unwrap().to_string_lossy().to_string();
    let case: Case = toml::from_str(&std::fs::read_to_string(path).unwrap())
        .map_err(|e| format!("{name}: {e}"))?;
    let text = sous_testdata::edits::network(&case.network, gold, dir);
    let (file, diags) = sous_lang::parse(&name, &text);
    if !diags.is_empty() || file.recipes.len() != 1 {
        return Err(format!("{name}: the network does not parse: {diags:?}"));
    }
    let recipe = &file.recipes[0];
    let q = execute_in_mode_with(recipe, Mode::Qualitative, Options::default());
    if let Some(f) = q.failures.first() {
        return Err(format!("{name}: fails in qualitative mode: {}", f.message));
    }
    let p = execute_in_mode_with(recipe, Mode::Quantitative, Options::default());
    let physical: Vec<&str> = p
        .failures
        .iter()
        .filter(|f| f.kind == FailureKind::Backend)
        .map(|f| f.message.as_str())
        .collect();
    if physical
        .iter()
        .any(|m| m.starts_with(&case.fails) && m.contains(&case.reason))
    {
        return Ok(());
    }
    let spilled = physics_summary(&p).is_some_and(|s| s.spilled_mass_g > 0.01 * s.moved_mass_g);
    if spilled {
        return Ok(());
    }
    Err(format!(
        "{name}: expected `{}…` to fail with “{}”; physical failures: {physical:?}",
        case.fails, case.reason
    ))
}
