//! Named edits of a network's predicate lines, so that a network derived
//! from another (a fuzz finding, a physical test case, a correction of a
//! benchmark gold network) can be kept as the edits, not as a copy.
//!
//! Edits, applied in order to the predicate lines (counted from 1, the
//! `#id` header and blank lines excluded):
//! - `drop N`, `drop-last N`, `dup N`, `swap A B`;
//! - `insert N (LINE)`: LINE inserted before line N (after the last for
//!   one past it);
//! - `set N K TOKEN`: token K of line N (the predicate name is token 0);
//! - `permute SEED`: the lines in a seeded random order;
//! - `duplicate SEED N`: N seeded random lines repeated right after themselves.
//!
//! The random edits use their own SplitMix64 and Fisher–Yates shuffle, so a
//! seed names the same network on every platform and every `rand` version.

/// Why an edit cannot be applied.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EditError {
    /// The edit names a known operation but its arguments do not fit it.
    #[error("`{edit}`: {message}")]
    Bad {
        /// The edit as written.
        edit: String,
        /// What is wrong with its arguments.
        message: String,
    },
    /// The edit names a line past the network's end.
    #[error("`{edit}`: line {line} is not there (the network has {lines} lines)")]
    NoLine {
        /// The edit as written.
        edit: String,
        /// The line it names, from 1.
        line: usize,
        /// How many predicate lines the network has at that point.
        lines: usize,
    },
    /// The edit's first word is no operation of the list above.
    #[error("unknown edit `{0}`")]
    Unknown(String),
}

/// The predicate lines of a network text (no header, no blank lines).
pub fn predicate_lines(text: &str) -> Vec<String> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect()
}

/// The network of `text` with `edits` applied, as a `.solution` section
/// headed `#id`.
pub fn edited<'a>(
    text: &str,
    id: &str,
    edits: impl IntoIterator<Item = &'a str>,
) -> Result<String, EditError> {
    let mut lines = predicate_lines(text);
    apply_all(&mut lines, edits)?;
    Ok(format!("#{id}\n{}\n", lines.join("\n")))
}

/// Applies `edits` in order to `lines`.
pub fn apply_all<'a>(
    lines: &mut Vec<String>,
    edits: impl IntoIterator<Item = &'a str>,
) -> Result<(), EditError> {
    edits.into_iter().try_for_each(|e| apply(lines, e))
}

/// Applies one edit to `lines`.
pub fn apply(lines: &mut Vec<String>, edit: &str) -> Result<(), EditError> {
    let w: Vec<&str> = edit.split_whitespace().collect();
    let bad = |message: &str| EditError::Bad {
        edit: edit.to_string(),
        message: message.to_string(),
    };
    let n = |k: usize| -> Result<usize, EditError> {
        w.get(k)
            .and_then(|x| x.parse().ok())
            .ok_or_else(|| bad("a number expected"))
    };
    let line = |k: usize, len: usize| -> Result<usize, EditError> {
        let l = n(k)?;
        if l == 0 || l > len {
            return Err(EditError::NoLine {
                edit: edit.to_string(),
                line: l,
                lines: len,
            });
        }
        Ok(l - 1)
    };
    match w.first().copied().unwrap_or("") {
        "insert" => {
            let at = n(1)?;
            if at == 0 || at > lines.len() + 1 {
                return Err(EditError::NoLine {
                    edit: edit.to_string(),
                    line: at,
                    lines: lines.len(),
                });
            }
            let text = edit
                .split_once('(')
                .map(|(_, rest)| format!("({rest}"))
                .ok_or_else(|| bad("a line in parentheses expected"))?;
            lines.insert(at - 1, text);
        }
        "drop" => {
            let i = line(1, lines.len())?;
            lines.remove(i);
        }
        "drop-last" => {
            let k = n(1)?;
            lines.truncate(lines.len().saturating_sub(k));
        }
        "dup" => {
            let i = line(1, lines.len())?;
            let l = lines[i].clone();
            lines.insert(i + 1, l);
        }
        "swap" => {
            let (a, b) = (line(1, lines.len())?, line(2, lines.len())?);
            lines.swap(a, b);
        }
        "set" => {
            let i = line(1, lines.len())?;
            let k = n(2)?;
            let token = w.get(3).ok_or_else(|| bad("a token expected"))?;
            let inner = lines[i]
                .trim()
                .trim_start_matches('(')
                .trim_end_matches(')');
            let mut tokens: Vec<String> = inner.split_whitespace().map(str::to_string).collect();
            let slot = tokens
                .get_mut(k)
                .ok_or_else(|| bad(&format!("line {} has no token {k}", i + 1)))?;
            *slot = token.to_string();
            lines[i] = format!("({})", tokens.join(" "));
        }
        "permute" => {
            let mut rng = SplitMix64(n(1)? as u64);
            for i in (1..lines.len()).rev() {
                lines.swap(i, rng.below(i + 1));
            }
        }
        "duplicate" => {
            let mut rng = SplitMix64(n(1)? as u64);
            for _ in 0..n(2)? {
                if lines.is_empty() {
                    break;
                }
                let k = rng.below(lines.len());
                let l = lines[k].clone();
                lines.insert(k + 1, l);
            }
        }
        _ => return Err(EditError::Unknown(edit.to_string())),
    }
    Ok(())
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
        apply_all(&mut l, ["swap 1 2", "set 1 1 9", "dup 4"]).unwrap();
        assert_eq!(l, ["(b 9)", "(a 1)", "(c 3)", "(d 4)", "(d 4)"]);
        apply_all(&mut l, ["drop-last 2", "drop 1"]).unwrap();
        assert_eq!(l, ["(a 1)", "(c 3)"]);
        let mut p: Vec<String> = (0..10).map(|i| format!("({i})")).collect();
        apply(&mut p, "permute 7").unwrap();
        let mut q: Vec<String> = (0..10).map(|i| format!("({i})")).collect();
        apply(&mut q, "permute 7").unwrap();
        assert_eq!(p, q, "a seed names one order");
        let mut sorted = p.clone();
        sorted.sort();
        assert_ne!(p, sorted);
        apply(&mut q, "duplicate 3 2").unwrap();
        assert_eq!(q.len(), 12);
    }

    #[test]
    fn bad_edits_are_errors_not_panics() {
        let mut l: Vec<String> = vec!["(a 1)".into()];
        assert!(matches!(
            apply(&mut l, "drop 5"),
            Err(EditError::NoLine { .. })
        ));
        assert!(matches!(
            apply(&mut l, "set 1 7 x"),
            Err(EditError::Bad { .. })
        ));
        assert!(matches!(
            apply(&mut l, "insert 1 no parens"),
            Err(EditError::Bad { .. })
        ));
        assert!(matches!(
            apply(&mut l, "frobnicate 1"),
            Err(EditError::Unknown(_))
        ));
        assert_eq!(l, ["(a 1)"]);
    }
}
