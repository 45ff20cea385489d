//! The physical test cases (`tests/fixtures/physical/*.toml`) run in both
//! modes, one JSON line each, for `tools/physics_tables.py`:
//! `cargo run --release -p sous-physics --example physical_cases`.

use std::path::Path;

use sous_physics::{execute_in_mode_with, physics_summary, Mode};
use sous_sim::{FailureKind, Options};

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/physical");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("the fixtures folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    let gold = sous_testdata::gold_current_dir();
    for path in files {
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(&path).expect("a fixture");
        let case: toml::Table = toml::from_str(&text).expect("a TOML fixture");
        let spec = case["network"].as_str().expect("`network`");
        let what = text
            .lines()
            .take_while(|l| l.starts_with('#'))
            .map(|l| l.trim_start_matches('#').trim())
            .collect::<Vec<_>>()
            .join(" ");
        let network = sous_testdata::edits::network(spec, &gold, &dir);
        let (file, _) = sous_lang::parse(&name, &network);
        let Some(recipe) = file.recipes.first() else {
            continue;
        };
        let q = execute_in_mode_with(recipe, Mode::Qualitative, Options::default());
        let p = execute_in_mode_with(recipe, Mode::Quantitative, Options::default());
        let physical: Vec<String> = p
            .failures
            .iter()
            .filter(|f| f.kind == FailureKind::Backend)
            .map(|f| f.message.clone())
            .collect();
        let s = physics_summary(&p);
        let line = serde_json::json!({
            "case": name,
            "what": what,
            "qualitative_failures": q.failures.len(),
            "physical_failures": physical,
            "spilled_g": s.as_ref().map(|s| s.spilled_mass_g),
            "moved_g": s.as_ref().map(|s| s.moved_mass_g),
        });
        println!("{line}");
    }
}
