//! Where tests find the data they check against. Each folder comes from an
//! environment variable (`.ci/run` sets them), else from `../shared/...` next
//! to the repository; a test that cannot find it fails and says how to get it,
//! it never skips.

use std::path::{Path, PathBuf};

pub mod edits;
pub mod fake_llm;
pub mod gold_replay;

/// `$SOUS_BENCHMARK_DIR`: the Recipe Execution Benchmark checkout.
pub fn benchmark_dir() -> PathBuf {
    dir_from(
        "SOUS_BENCHMARK_DIR",
        "recipe-execution-benchmark",
        "the Recipe Execution Benchmark (git clone https://github.com/muhai-project/recipe-execution-benchmark)",
    )
}

/// The current gold networks.
pub fn gold_current_dir() -> PathBuf {
    benchmark_dir().join("data/gold-standard-solutions/meaning-only")
}

/// `$SOUS_BENCHMARK_2023_DIR`: the gold networks as published in January 2023.
pub fn gold_2023_dir() -> PathBuf {
    dir_from(
        "SOUS_BENCHMARK_2023_DIR",
        "recipe-execution-benchmark-2023",
        "the January-2023 gold networks",
    )
    .join("gold-networks")
}

/// `$SOUS_SPEC_DIR`: the reference's behavioural specification and expected numbers.
pub fn spec_dir() -> PathBuf {
    dir_from(
        "SOUS_SPEC_DIR",
        "spec",
        "the reference's specification and expected numbers",
    )
}

fn dir_from(var: &str, shared_name: &str, what: &str) -> PathBuf {
    let dir = std::env::var_os(var).map(PathBuf::from).unwrap_or_else(|| {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../../shared")
            .join(shared_name)
    });
    assert!(
        dir.is_dir(),
        "{what} not found at {}. Set {var} to its folder; `.ci/run` sets it to ../shared/{shared_name}",
        dir.display()
    );
    dir
}

/// The files of `dir` whose name ends in `.ext`, sorted by path.
pub fn files_with_extension(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == ext))
        .collect();
    files.sort();
    files
}

/// The gold file of a recipe id (one recipe's file has another name).
pub fn gold_file(dir: &Path, recipe: &str) -> PathBuf {
    let stem = if recipe == "black-bean-and-sweet-potato-salad" {
        "vegan-black-bean-and-sweet-potato-salad"
    } else {
        recipe
    };
    dir.join(format!("{stem}.solution"))
}

/// Rows of a tab-separated file, comment lines (`#`) and blank lines left out.
pub fn tsv(path: &Path) -> Vec<Vec<String>> {
    std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split('\t').map(str::to_string).collect())
        .collect()
}

/// The 30 current gold networks, each with its file's stem (the name
/// `sous_probe::cook_all` and the evaluator look its annotation up by where
/// the header names another recipe).
pub fn gold_recipes() -> Vec<(sous_lang::Recipe, Option<String>)> {
    let files = files_with_extension(&gold_current_dir(), "solution");
    assert_eq!(files.len(), 30, "the benchmark has 30 gold networks");
    files
        .iter()
        .map(|f| {
            let stem = f.file_stem().map(|s| s.to_string_lossy().to_string());
            (parse_one(f), stem)
        })
        .collect()
}

/// The one recipe of a network file that must parse without a problem.
pub fn parse_one(path: &Path) -> sous_lang::Recipe {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let (file, diags) = sous_lang::parse(&path.display().to_string(), &text);
    assert!(diags.is_empty(), "{}: {diags:?}", path.display());
    assert_eq!(file.recipes.len(), 1, "{}", path.display());
    file.recipes.into_iter().next().expect("one recipe")
}
