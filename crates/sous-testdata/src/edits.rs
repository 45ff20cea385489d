//! Networks derived from the benchmark's gold networks by named edits, so a
//! test fixture can name a prediction (`gold:almond-crescent-cookies; permute
//! 7`) without copying benchmark data into the repository.
//!
//! The edit language is `sous_lang::edits`.

use std::path::Path;

/// The network text `spec` names: `gold:<recipe-id>` plus edits (`;`
/// separated), or `file:<name>` read from `files_dir`.
pub fn network(spec: &str, gold_dir: &Path, files_dir: &Path) -> String {
    let mut parts = spec.split(';').map(str::trim);
    let source = parts.next().expect("a source");
    if let Some(name) = source.strip_prefix("file:") {
        let path = files_dir.join(name);
        return std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }
    let id = source.strip_prefix("gold:").expect("`gold:` or `file:`");
    let text = std::fs::read_to_string(crate::gold_file(gold_dir, id))
        .unwrap_or_else(|e| panic!("gold network {id}: {e}"));
    sous_lang::edits::edited(&text, recipe_id(id), parts).unwrap_or_else(|e| panic!("{spec}: {e}"))
}

/// The recipe a gold file is the network of: its file name, except for the
/// two files whose name is not their recipe's id (one's header names
/// another recipe, the other's name has a `vegan-` prefix).
fn recipe_id(file_stem: &str) -> &str {
    file_stem.strip_prefix("vegan-").unwrap_or(file_stem)
}
