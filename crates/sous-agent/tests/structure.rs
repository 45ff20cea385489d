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

/// Every string a data file of the agent or the kitchen holds (keys and
/// values), and each word of them.
fn data_words() -> std::collections::BTreeSet<String> {
    fn collect(v: &toml::Value, out: &mut std::collections::BTreeSet<String>) {
        match v {
            toml::Value::String(s) => {
                out.insert(s.clone());
                out.extend(s.split([' ', '_']).map(str::to_string));
            }
            toml::Value::Array(a) => a.iter().for_each(|x| collect(x, out)),
            toml::Value::Table(t) => t.iter().for_each(|(k, x)| {
                out.insert(k.clone());
                collect(x, out);
            }),
            _ => {}
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = std::collections::BTreeSet::new();
    for dir in [root.join("data"), root.join("../sous-kitchen/data")] {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "toml") {
                let text = std::fs::read_to_string(&path).unwrap();
                let value: toml::Value = toml::from_str(&text).unwrap();
                collect(&value, &mut out);
            }
        }
    }
    out
}

/// The word literals `text` compares against: `== "x"`, `!= "x"`,
/// `matches!(…, "x" | "y")`, `Some("x")`, `contains("x")`, and lists of
/// words (`["a", "b"]`). Names the agent gives its variables and the
/// reasons of its trace are no comparisons.
fn compared_words(text: &str) -> Vec<String> {
    let word = r#""([a-z][a-z' -]*)""#;
    let patterns = [
        format!(r"[=!]=\s*{word}"),
        format!(r"{word}\s*[=!]="),
        // One `|` (an alternative of a pattern), not a closure's `||`.
        format!(r"(?:^|[^|])\|\s*{word}"),
        format!(r"{word}\s*\|[^|]"),
        format!(r"Some\(\s*{word}"),
        format!(r"(?:contains|starts_with|ends_with)\(\s*&?{word}"),
    ];
    let mut out = Vec::new();
    for p in patterns {
        let re = regex::Regex::new(&p).unwrap();
        out.extend(re.captures_iter(text).map(|c| c[1].to_string()));
    }
    // Lists of words: `["a", "b"]`.
    let list = regex::Regex::new(r#"\[\s*"[a-z][^"\]]*"(?:\s*,\s*"[^"\]]*")*\s*,?\s*\]"#).unwrap();
    let item = regex::Regex::new(word).unwrap();
    for l in list.find_iter(text) {
        out.extend(item.captures_iter(l.as_str()).map(|c| c[1].to_string()));
    }
    out
}

#[test]
fn every_word_the_baseline_compares_against_is_in_a_data_file() {
    let known = data_words();
    let mut files = Vec::new();
    rust_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src/baseline"),
        &mut files,
    );
    let mut missing = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        // Tests may say anything.
        let code = text.split("#[cfg(test)]").next().unwrap_or_default();
        for w in compared_words(code) {
            if !known.contains(&w) {
                missing.push(format!("{}: \"{w}\"", f.display()));
            }
        }
    }
    missing.sort();
    missing.dedup();
    assert!(
        missing.is_empty(),
        "word literals no data file holds:\n{}",
        missing.join("\n")
    );
}

#[test]
fn comparisons_are_found() {
    let code = r#"if w == "into" || matches!(x, "over" | "onto") { f(["a", "b"]) } g("stem", why)"#;
    let mut found = compared_words(code);
    found.sort();
    assert_eq!(found, ["a", "b", "into", "onto", "over"]);
}
