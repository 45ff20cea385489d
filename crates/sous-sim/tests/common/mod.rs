//! Test data for the simulator tests.
#![allow(dead_code)]

pub use sous_testdata::*;

/// (file stem, current time, 2023 time) for the 30 gold networks.
pub fn expected_times() -> Vec<(String, f64, f64)> {
    include_str!("../fixtures/gold-execution-times.tsv")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (
                f[0].to_string(),
                f[1].parse().unwrap(),
                f[2].parse().unwrap(),
            )
        })
        .collect()
}

pub fn parse_one(path: &std::path::Path) -> sous_lang::Recipe {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let (file, diags) = sous_lang::parse(&path.display().to_string(), &text);
    assert!(diags.is_empty(), "{}: {diags:?}", path.display());
    assert_eq!(file.recipes.len(), 1, "{}", path.display());
    file.recipes.into_iter().next().unwrap()
}
