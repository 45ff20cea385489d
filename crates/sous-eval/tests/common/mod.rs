//! Finding the benchmark data for tests.
#![allow(dead_code)]

use std::path::PathBuf;

/// `$SOUS_BENCHMARK_DIR`, or a failure that says how to get the data.
pub fn benchmark_dir() -> PathBuf {
    dir_from(
        "SOUS_BENCHMARK_DIR",
        "../../../shared/recipe-execution-benchmark",
        "the Recipe Execution Benchmark (muhai-project/recipe-execution-benchmark)",
    )
}

/// `$SOUS_BENCHMARK_2023_DIR`: the January-2023 gold networks.
pub fn gold_2023_dir() -> PathBuf {
    dir_from(
        "SOUS_BENCHMARK_2023_DIR",
        "../../../shared/recipe-execution-benchmark-2023",
        "the January-2023 gold networks",
    )
    .join("gold-networks")
}

fn dir_from(var: &str, fallback: &str, what: &str) -> PathBuf {
    let dir = std::env::var_os(var)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(fallback));
    assert!(
        dir.is_dir(),
        "{what} not found at {}. Set {var} to its folder (for example: git clone the benchmark and export {var}=/path/to/it); `.ci/run` sets it to ../shared/...",
        dir.display()
    );
    dir
}

pub fn gold_current_dir() -> PathBuf {
    benchmark_dir().join("data/gold-standard-solutions/meaning-only")
}

/// The gold file for a recipe id (one recipe is stored under another name).
pub fn gold_file(dir: &std::path::Path, recipe: &str) -> PathBuf {
    let stem = if recipe == "black-bean-and-sweet-potato-salad" {
        "vegan-black-bean-and-sweet-potato-salad"
    } else {
        recipe
    };
    dir.join(format!("{stem}.solution"))
}

pub fn parse_one(path: &std::path::Path) -> sous_lang::Recipe {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let (file, diags) = sous_lang::parse(&path.display().to_string(), &text);
    assert!(diags.is_empty(), "{}: {diags:?}", path.display());
    assert_eq!(file.recipes.len(), 1, "{}", path.display());
    file.recipes.into_iter().next().unwrap()
}

/// `$SOUS_SPEC_DIR`: the behavioural specification with the expected numbers.
pub fn spec_dir() -> PathBuf {
    dir_from(
        "SOUS_SPEC_DIR",
        "../../../shared/spec",
        "the reference's specification and expected numbers",
    )
}

/// Rows of a tab-separated file, comment lines (`#`) left out.
pub fn tsv(path: &std::path::Path) -> Vec<Vec<String>> {
    std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split('\t').map(str::to_string).collect())
        .collect()
}

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
