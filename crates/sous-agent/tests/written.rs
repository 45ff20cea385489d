//! Recipes written in other words than the benchmark's (`tests/written`,
//! no gold networks): every line is understood or skipped as no cooking,
//! and the network has at least two actions an instruction.

use std::path::Path;

#[test]
fn recipes_in_other_words_are_understood_line_by_line() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/written/recipes");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/written/recipes")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "xml"))
        .collect();
    files.sort();
    assert!(files.len() >= 22, "{} recipes", files.len());
    let mut problems = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let recipe = sous_agent::parse_recipe(&text).unwrap();
        let understood = sous_agent::understand(&recipe);
        let trace = understood.trace.join("\n");
        if trace.contains("not understood") {
            problems.push(format!("{}:\n{trace}", recipe.id));
        }
        if understood.actions.len() < recipe.instructions.len() * 2 {
            problems.push(format!(
                "{}: only {} actions",
                recipe.id,
                understood.actions.len()
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}
