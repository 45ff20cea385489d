//! The agent's code stays readable: no function over 150 lines (the
//! baseline's verbs are one module each, and each module's functions
//! short). Counted from the source: a function runs from its `fn` line to
//! the closing brace at its own indentation.

use std::path::{Path, PathBuf};

const MOST_LINES: usize = 150;

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Each function of `text` with its length in lines.
fn functions(text: &str) -> Vec<(String, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let code = line.trim_start();
        let indent = line.len() - code.len();
        let is_fn = ["fn ", "pub fn ", "pub(crate) fn ", "pub(super) fn "]
            .iter()
            .any(|p| code.starts_with(p));
        if !is_fn || code.ends_with(';') {
            continue;
        }
        let close = format!("{}}}", " ".repeat(indent));
        if let Some(end) = (i..lines.len()).find(|&j| lines[j] == close) {
            out.push((code.to_string(), end - i + 1));
        }
    }
    out
}

#[test]
fn no_function_is_over_150_lines() {
    let mut files = Vec::new();
    rust_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut files,
    );
    assert!(files.len() > 20, "{} files", files.len());
    let mut long = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        for (head, n) in functions(&text) {
            if n > MOST_LINES {
                long.push(format!("{} ({n} lines): {head}", f.display()));
            }
        }
    }
    assert!(
        long.is_empty(),
        "functions over {MOST_LINES} lines:\n{}",
        long.join("\n")
    );
}

#[test]
fn the_count_sees_a_long_function() {
    let body = "    let x = 1;\n".repeat(151);
    let text = format!("fn long() {{\n{body}}}\n");
    assert_eq!(functions(&text), vec![("fn long() {".to_string(), 153)]);
}
