//! The files a command reads: files as given, folders walked for their
//! `*.solution` files.

use std::path::PathBuf;

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
