//! The files a command reads: files as given, folders walked for their
//! `*.solution` files; the benchmark's folder, found the same way by every
//! command.

use std::path::{Path, PathBuf};

/// Where the benchmark's folder is looked for when neither `--benchmark
/// DIR` nor `SOUS_BENCHMARK_DIR` names it (relative to the working folder).
pub const USUAL_PLACES: [&str; 2] = [
    "recipe-execution-benchmark",
    "../shared/recipe-execution-benchmark",
];

/// The benchmark's folder: `explicit` (`--benchmark DIR`, or its
/// environment variable), else `SOUS_BENCHMARK_DIR`, else the first of
/// [`USUAL_PLACES`] that holds the benchmark's `data` folder.
pub fn benchmark(explicit: Option<&Path>) -> Result<PathBuf, String> {
    if let Some(p) = explicit.filter(|p| !p.as_os_str().is_empty()) {
        return Ok(p.to_path_buf());
    }
    if let Some(p) = std::env::var_os("SOUS_BENCHMARK_DIR").filter(|v| !v.is_empty()) {
        return Ok(PathBuf::from(p));
    }
    USUAL_PLACES
        .iter()
        .map(PathBuf::from)
        .find(|p| p.join("data").is_dir())
        .ok_or_else(|| {
            format!(
                "no benchmark folder: pass --benchmark DIR or set SOUS_BENCHMARK_DIR to a checkout of \
                 https://github.com/muhai-project/recipe-execution-benchmark (looked in ./{} and ./{})",
                USUAL_PLACES[0], USUAL_PLACES[1]
            )
        })
}

/// Files, in order: a folder's `*.solution` files sorted, recursively.
pub fn solution_files(inputs: &[PathBuf]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for p in inputs {
        if p.is_dir() {
            let mut inside: Vec<PathBuf> = std::fs::read_dir(p)
                .into_iter()
                .flatten()
                .filter_map(|e| e.ok().map(|e| e.path()))
                .collect();
            inside.sort();
            let (dirs, files): (Vec<PathBuf>, Vec<PathBuf>) =
                inside.into_iter().partition(|q| q.is_dir());
            out.extend(
                files
                    .into_iter()
                    .filter(|q| q.extension().is_some_and(|x| x == "solution")),
            );
            out.extend(solution_files(&dirs));
        } else {
            out.push(p.clone());
        }
    }
    out
}
