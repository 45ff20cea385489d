//! From a network string to Smatch triples (the benchmark's `get_meaning`).
//!
//! The string is handled textually, exactly as the reference does: every `(`
//! is deleted, the rest is cut at every `)`, empty pieces are dropped, and
//! each piece is trimmed and cut at single spaces. A piece is one predicate:
//! its first token becomes a new node (instance triple with the name); each
//! later token `j` is either a variable (`?x`, a node shared by all its
//! occurrences, relation `ARG{j-1}` from the predicate node to it) or a
//! constant (attribute `ARG{j-1}` with the token as value). Nested lists
//! therefore fall apart into several pieces, as in the reference.

use std::borrow::Cow;

use rustc_hash::FxHashMap;

/// Triples of one network. Node `k` is the k-th node created; node names
/// (`a3`, `b17`) are not needed since both sides are indexed separately.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Triples {
    /// Instance label of every node (`instances[k]` is node `k`'s): the
    /// predicate name, or `var` for a variable.
    pub instances: Vec<String>,
    /// `(label, node, value)`, e.g. `("ARG4", 1, "BUTTER")`.
    pub attributes: Vec<(String, usize, String)>,
    /// `(label, from, to)`: predicate node → variable node.
    pub relations: Vec<(String, usize, usize)>,
}

impl Triples {
    /// Number of triples Smatch counts for this network.
    pub fn len(&self) -> usize {
        self.instances.len() + self.attributes.len() + self.relations.len()
    }

    /// Whether the network has no triple.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// `is_variable`: longer than one character and starting with `?`.
fn is_variable(token: &str) -> bool {
    token.len() > 1 && token.starts_with('?')
}

/// Python's `str.strip()` for the characters that can occur here.
fn py_strip(s: &str) -> &str {
    s.trim_matches(|c: char| c.is_whitespace())
}

/// The benchmark's `get_meaning(input, prefix)` without the prefix.
///
/// Pieces with fewer than two tokens are skipped (the reference prints a
/// message). A piece whose first token is a variable is skipped too; the
/// reference means to do that but crashes with a `NameError` while printing
/// its message (only reachable through list arguments).
pub fn get_meaning(network: &str) -> Triples {
    let line = py_strip(network).replace('(', "");
    let mut t = Triples::default();
    // One map for predicate keys (name + piece index) and variable names, as
    // in the reference. A predicate's key is only ever looked up again as a
    // variable, which needs a name starting with `?`: only the keys of
    // predicates named `?` itself are kept.
    let mut node_of: FxHashMap<Cow<'_, str>, usize> = FxHashMap::default();
    let mut tokens: Vec<&str> = Vec::new();
    for (i, piece) in line.split(')').filter(|p| !p.is_empty()).enumerate() {
        tokens.clear();
        tokens.extend(py_strip(piece).split(' '));
        if tokens.len() < 2 || is_variable(tokens[0]) {
            continue;
        }
        let pred_node = t.instances.len();
        if tokens[0] == "?" {
            node_of.insert(Cow::Owned(format!("?{i}")), pred_node);
        }
        t.instances.push(tokens[0].to_string());
        for (j, &token) in tokens.iter().enumerate().skip(1) {
            let label = arg_label(j - 1);
            if is_variable(token) {
                let var_node = match node_of.get(token) {
                    Some(&n) => n,
                    None => {
                        let n = t.instances.len();
                        node_of.insert(Cow::Borrowed(token), n);
                        t.instances.push("var".to_string());
                        n
                    }
                };
                t.relations.push((label, pred_node, var_node));
            } else {
                t.attributes.push((label, pred_node, token.to_string()));
            }
        }
    }
    t
}

/// `"ARG{k}"`.
fn arg_label(k: usize) -> String {
    const LABELS: [&str; 10] = [
        "ARG0", "ARG1", "ARG2", "ARG3", "ARG4", "ARG5", "ARG6", "ARG7", "ARG8", "ARG9",
    ];
    match LABELS.get(k) {
        Some(l) => (*l).to_string(),
        None => format!("ARG{k}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(x: &str) -> String {
        x.to_string()
    }

    #[test]
    fn predicates_variables_and_constants() {
        let t = get_meaning("(FETCH ?A ?K BUTTER 230 G) (BEAT ?B ?A)");
        assert_eq!(t.instances, vec!["FETCH", "var", "var", "BEAT", "var"]);
        assert_eq!(
            t.attributes,
            vec![
                (s("ARG2"), 0, s("BUTTER")),
                (s("ARG3"), 0, s("230")),
                (s("ARG4"), 0, s("G"))
            ]
        );
        assert_eq!(
            t.relations,
            vec![
                (s("ARG0"), 0, 1),
                (s("ARG1"), 0, 2),
                (s("ARG0"), 3, 4),
                (s("ARG1"), 3, 1)
            ]
        );
        assert_eq!(t.len(), 12);
    }

    #[test]
    fn every_predicate_occurrence_is_its_own_node() {
        let t = get_meaning("(F ?A) (F ?A)");
        assert_eq!(t.instances, vec!["F", "var", "F"]);
        assert_eq!(t.relations, vec![(s("ARG0"), 0, 1), (s("ARG0"), 2, 1)]);
    }

    #[test]
    fn list_arguments_break_the_predicate_apart() {
        // "(F ?A (B C) D E)" → pieces "F ?A B C", " D E".
        let t = get_meaning("(F ?A (B C) D E)");
        assert_eq!(t.instances, vec!["F", "var", "D"]);
        assert_eq!(
            t.attributes,
            vec![
                (s("ARG1"), 0, s("B")),
                (s("ARG2"), 0, s("C")),
                (s("ARG0"), 2, s("E"))
            ]
        );
        // A one-token piece (" D") is skipped.
        let t = get_meaning("(F ?A (B C) D)");
        assert_eq!(t.instances, vec!["F", "var"]);
        // So is a piece starting with a variable.
        let t = get_meaning("(F (B C) ?X ?Y)");
        assert_eq!(t.instances, vec!["F"]);
        assert_eq!(t.len(), 3);
    }

    #[test]
    fn a_predicate_named_question_mark_is_found_as_a_variable() {
        // Piece 1 is `? ?1 ?0`: its key `?1` names the predicate node, so
        // the argument `?1` is the node itself; `?0` is piece 0's variable.
        let t = get_meaning("(F ?0) (? ?1 ?0) (G ?1)");
        assert_eq!(t.instances, vec!["F", "var", "?", "G"]);
        assert_eq!(
            t.relations,
            vec![
                (s("ARG0"), 0, 1),
                (s("ARG0"), 2, 2),
                (s("ARG1"), 2, 1),
                (s("ARG0"), 3, 2)
            ]
        );
        // A key overwrites a variable seen before.
        let t = get_meaning("(F ?1) (? X) (G ?1)");
        assert_eq!(t.instances, vec!["F", "var", "?", "G"]);
        assert_eq!(t.relations, vec![(s("ARG0"), 0, 1), (s("ARG0"), 3, 2)]);
        assert_eq!(
            get_meaning("(F A B C D E F G H I J K L)").attributes[11],
            (s("ARG11"), 0, s("L"))
        );
    }

    #[test]
    fn single_question_mark_is_a_constant() {
        let t = get_meaning("(F ? ?A)");
        assert_eq!(t.attributes, vec![(s("ARG0"), 0, s("?"))]);
        assert_eq!(t.relations, vec![(s("ARG1"), 0, 1)]);
    }

    #[test]
    fn empty_string_has_no_triples() {
        assert!(get_meaning("").is_empty());
        assert!(get_meaning("   ").is_empty());
    }
}
