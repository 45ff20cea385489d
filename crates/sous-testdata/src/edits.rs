//! Networks derived from the benchmark's gold networks by named edits, so a
//! test fixture can name a prediction (`gold:almond-crescent-cookies; permute
//! 7`) without copying benchmark data into the repository.
//!
//! Edits, applied in order to the gold network's predicate lines (counted
//! from 1, header excluded):
//! - `drop N`, `drop-last N`, `dup N`, `swap A B`;
//! - `insert N (LINE)`: LINE inserted before line N (after the last for
//!   one past it);
//! - `set N K TOKEN`: token K of line N (the predicate name is token 0);
//! - `permute SEED`: the lines in a seeded random order;
//! - `duplicate SEED N`: N seeded random lines repeated right after themselves.
//!
//! The random edits use their own SplitMix64 and Fisher–Yates shuffle, so a
//! seed names the same network on every platform and every `rand` version.

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
    let mut lines: Vec<String> = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect();
    for edit in parts {
        apply(&mut lines, edit);
    }
    format!("#{}\n{}\n", recipe_id(id), lines.join("\n"))
}

/// The recipe a gold file is the network of: its file name, except for the
/// two files whose name is not their recipe's id (one's header names
/// another recipe, the other's name has a `vegan-` prefix).
fn recipe_id(file_stem: &str) -> &str {
    file_stem.strip_prefix("vegan-").unwrap_or(file_stem)
}

fn apply(lines: &mut Vec<String>, edit: &str) {
    let w: Vec<&str> = edit.split_whitespace().collect();
    let n = |k: usize| -> usize {
        w.get(k)
            .and_then(|x| x.parse().ok())
            .unwrap_or_else(|| panic!("`{edit}`: a number expected"))
    };
    match w[0] {
        "insert" => {
            let at = n(1) - 1;
            let text = edit
                .split_once('(')
                .map(|(_, rest)| format!("({rest}"))
                .unwrap_or_else(|| panic!("`{edit}`: a line in parentheses expected"));
            lines.insert(at, text);
        }
        "drop" => {
            lines.remove(n(1) - 1);
        }
        "drop-last" => lines.truncate(lines.len() - n(1)),
        "dup" => {
            let l = lines[n(1) - 1].clone();
            lines.insert(n(1), l);
        }
        "swap" => lines.swap(n(1) - 1, n(2) - 1),
        "set" => {
            let line = &lines[n(1) - 1];
            let inner = line.trim().trim_start_matches('(').trim_end_matches(')');
            let mut tokens: Vec<String> = inner.split_whitespace().map(str::to_string).collect();
            tokens[n(2)] = w[3].to_string();
            lines[n(1) - 1] = format!("({})", tokens.join(" "));
        }
        "permute" => {
            let mut rng = SplitMix64(n(1) as u64);
            for i in (1..lines.len()).rev() {
                lines.swap(i, rng.below(i + 1));
            }
        }
        "duplicate" => {
            let mut rng = SplitMix64(n(1) as u64);
            for _ in 0..n(2) {
                let k = rng.below(lines.len());
                let l = lines[k].clone();
                lines.insert(k + 1, l);
            }
        }
        other => panic!("unknown edit `{other}`"),
    }
}

struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (a multiply-shift; the tiny bias is irrelevant here).
    fn below(&mut self, n: usize) -> usize {
        ((self.next() as u128 * n as u128) >> 64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edits() {
        let mut l: Vec<String> = ["(a 1)", "(b 2)", "(c 3)", "(d 4)"]
            .map(String::from)
            .to_vec();
        apply(&mut l, "swap 1 2");
        apply(&mut l, "set 1 1 9");
        apply(&mut l, "dup 4");
        assert_eq!(l, ["(b 9)", "(a 1)", "(c 3)", "(d 4)", "(d 4)"]);
        apply(&mut l, "drop-last 2");
        apply(&mut l, "drop 1");
        assert_eq!(l, ["(a 1)", "(c 3)"]);
        let mut p: Vec<String> = (0..10).map(|i| format!("({i})")).collect();
        apply(&mut p, "permute 7");
        let mut q: Vec<String> = (0..10).map(|i| format!("({i})")).collect();
        apply(&mut q, "permute 7");
        assert_eq!(p, q, "a seed names one order");
        let mut sorted = p.clone();
        sorted.sort();
        assert_ne!(p, sorted);
        apply(&mut q, "duplicate 3 2");
        assert_eq!(q.len(), 12);
    }
}
