//! Classes the code names are resolved once, when the ontology loads
//! ([`Known`]); no code outside tests looks a class up by name in a way that
//! can panic at run time.

use std::path::{Path, PathBuf};

use sous_kitchen::{Known, Ontology, OntologyError, ONTOLOGY_TOML};

#[test]
fn every_known_class_is_in_the_embedded_ontology() {
    let o = Ontology::from_toml(ONTOLOGY_TOML).expect("the embedded ontology loads");
    for name in Known::NAMES {
        assert!(o.id(name).is_some(), "`{name}` is not in the ontology");
    }
    assert_eq!(o.known().g, o.id("g").unwrap());
    assert_eq!(o.known().failed_object, o.id("failed-object").unwrap());
}

#[test]
fn an_ontology_without_a_known_class_is_rejected_naming_it() {
    let text: String = ONTOLOGY_TOML
        .lines()
        .filter(|l| !l.starts_with("egg-separator = "))
        .map(|l| format!("{l}\n"))
        .collect();
    match Ontology::from_toml(&text) {
        Err(OntologyError::MissingKnownClass(name)) => assert_eq!(name, "egg-separator"),
        other => panic!("expected a missing known class, got {other:?}"),
    }
}

/// `.must(` (the old panicking lookup) anywhere, or `.id(…)` followed by
/// `.unwrap()` / `.expect(`, outside `#[cfg(test)]` items of `crates/*/src`.
#[test]
fn no_panicking_class_lookup_by_name_outside_tests() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    for krate in std::fs::read_dir(&crates).expect("crates/") {
        rust_files(&krate.expect("entry").path().join("src"), &mut files);
    }
    assert!(files.len() > 50, "found only {} source files", files.len());
    let mut found = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("readable");
        for line in panicking_lookups(&without_test_items(&text)) {
            let shown = file.strip_prefix(&crates).unwrap_or(file);
            found.push(format!("crates/{}:{line}", shown.display()));
        }
    }
    assert!(
        found.is_empty(),
        "class lookups by name that can panic (use `Ontology::known()`; add the class to \
         crates/sous-kitchen/src/known.rs):\n{}",
        found.join("\n")
    );
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries {
        let path = e.expect("entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}

/// The text with every `#[cfg(test)]` item blanked out (its lines kept, so
/// line numbers still match). The item ends at the brace closing its first `{`.
fn without_test_items(text: &str) -> String {
    const ATTRIBUTE: &str = "#[cfg(test)]";
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find(ATTRIBUTE) {
        out.push_str(&rest[..start]);
        let item = start + ATTRIBUTE.len();
        let end = item_end(&rest[item..]).map_or(rest.len(), |e| item + e);
        out.extend(rest[start..end].chars().filter(|&c| c == '\n'));
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// Byte offset just past the item `text` starts with: the brace closing its
/// first `{`, or a `;` before any (`#[cfg(test)] use …;`).
fn item_end(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (i, c) in text.char_indices() {
        match c {
            ';' if depth == 0 => return Some(i + 1),
            '{' => depth += 1,
            '}' if depth == 1 => return Some(i + 1),
            '}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    None
}

/// 1-based line numbers of `.must(` and of `.id(…)` unwrapped or expected.
fn panicking_lookups(text: &str) -> Vec<usize> {
    let line_of = |at: usize| text[..at].matches('\n').count() + 1;
    let mut lines: Vec<usize> = text
        .match_indices(".must(")
        .map(|(i, _)| line_of(i))
        .collect();
    for (i, _) in text.match_indices(".id(") {
        let after = &text[i + ".id".len()..];
        let Some(close) = closing_paren(after) else {
            continue;
        };
        let next = after[close..].trim_start();
        if next.starts_with(".unwrap()") || next.starts_with(".expect(") {
            lines.push(line_of(i));
        }
    }
    lines.sort_unstable();
    lines
}

/// Offset just past the `)` matching the `(` that `text` starts with.
fn closing_paren(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (i, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' if depth == 1 => return Some(i + 1),
            ')' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    None
}
