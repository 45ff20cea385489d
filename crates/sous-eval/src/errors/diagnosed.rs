//! Errors found without the gold: what the language's checks find before a
//! network runs (`data/diagnostic-kinds.toml` gives each check its kind),
//! and the actions the kitchen refuses (`failed-action`, with the
//! kitchen's reason). An error at a line where the comparison with the gold
//! already found one follows from that one's root cause: the input a
//! deleted line should have made is never bound.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::Deserialize;
use sous_lang::Diagnostic;
use sous_sim::{Execution, FailureKind};

use super::{ErrorKind, PredictionError};

/// The data file, embedded.
pub const KINDS_TOML: &str = include_str!("../../data/diagnostic-kinds.toml");

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    kinds: BTreeMap<String, Vec<String>>,
}

/// Diagnostic code → kind.
fn kinds() -> &'static BTreeMap<String, ErrorKind> {
    static KINDS: OnceLock<BTreeMap<String, ErrorKind>> = OnceLock::new();
    KINDS.get_or_init(|| {
        let file: File = toml::from_str(KINDS_TOML)
            .unwrap_or_else(|e| panic!("data/diagnostic-kinds.toml (embedded): {e}"));
        let mut out = BTreeMap::new();
        for (kind, codes) in file.kinds {
            let kind = ErrorKind::named(&kind)
                .unwrap_or_else(|| panic!("data/diagnostic-kinds.toml: `{kind}` is no error kind"));
            for code in codes {
                out.insert(code, kind);
            }
        }
        out
    })
}

/// The kind of the diagnostic with `code` (a code the file lacks is a
/// parse error: the network cannot be read as meant).
pub fn kind_of(code: &str) -> ErrorKind {
    kinds().get(code).copied().unwrap_or(ErrorKind::ParseError)
}

/// One error per diagnostic, at its line and column.
pub fn of_diagnostics(diagnostics: &[Diagnostic]) -> Vec<PredictionError> {
    diagnostics
        .iter()
        .map(|d| PredictionError {
            kind: kind_of(d.code),
            primary: true,
            caused_by: None,
            line: Some(d.span.line as usize),
            column: Some(d.span.column as usize),
            gold_line: None,
            role: None,
            message: match &d.help {
                Some(h) => format!("{} ({h})", d.message),
                None => d.message.clone(),
            },
        })
        .collect()
}

/// One `failed-action` per action of `x` that bound a failed object.
pub fn of_failures(x: &Execution) -> Vec<PredictionError> {
    x.failures
        .iter()
        .filter(|f| f.kind == FailureKind::FailedObject)
        .filter_map(|f| {
            let a = &x.network.actions[f.action?];
            Some(PredictionError {
                kind: ErrorKind::FailedAction,
                primary: true,
                caused_by: None,
                line: Some(a.span.line as usize),
                column: Some(a.span.column as usize),
                gold_line: None,
                role: None,
                message: format!("{}: {}", a.signature.name, f.message),
            })
        })
        .collect()
}

/// `more` added to `errors`. A name the kitchen does not know, a wrong
/// number of arguments or text that does not parse is the root cause of
/// what the comparison with the gold found at its line (a misspelt
/// `butterr` is no wrong ingredient of its own); anything else found at a
/// line where `errors` has one follows from that one's root cause (the
/// input a deleted line should have made is never bound).
pub fn attribute(errors: &mut Vec<PredictionError>, more: Vec<PredictionError>) {
    for mut e in more {
        let here: Vec<usize> = (0..errors.len())
            .filter(|&i| errors[i].line.is_some() && errors[i].line == e.line)
            .collect();
        let root_cause = matches!(
            e.kind,
            ErrorKind::ParseError | ErrorKind::UnknownName | ErrorKind::Arity
        );
        if root_cause {
            let me = errors.len();
            for &i in &here {
                let before = errors[i].caused_by.unwrap_or(i);
                for x in errors.iter_mut().filter(|x| x.caused_by == Some(before)) {
                    x.caused_by = Some(me);
                }
                errors[before].primary = false;
                errors[before].caused_by = Some(me);
            }
        } else if let Some(&i) = here.first() {
            e.primary = false;
            e.caused_by = Some(errors[i].caused_by.unwrap_or(i));
        }
        errors.push(e);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every code the language's checks and the evaluator's loader emit.
    fn codes() -> Vec<String> {
        let sources = [
            include_str!("../../../sous-lang/src/parser.rs"),
            include_str!("../../../sous-lang/src/validate.rs"),
            include_str!("../source.rs"),
        ];
        let mut out = Vec::new();
        for s in sources {
            let mut rest = s;
            while let Some(at) = rest.find("Diagnostic::") {
                rest = &rest[at..];
                let call = &rest[..rest.find(')').unwrap_or(rest.len()).min(200)];
                if let Some(q) = call.find('"') {
                    let code = &call[q + 1..];
                    if let Some(end) = code.find('"') {
                        out.push(code[..end].to_string());
                    }
                }
                rest = &rest[1..];
            }
        }
        out.sort();
        out.dedup();
        out
    }

    fn at(kind: ErrorKind, line: usize) -> PredictionError {
        PredictionError {
            kind,
            primary: true,
            caused_by: None,
            line: Some(line),
            column: Some(1),
            gold_line: None,
            role: None,
            message: String::new(),
        }
    }

    #[test]
    fn a_misspelt_name_is_the_root_cause_and_an_unbound_input_a_consequence() {
        let mut errors = vec![
            at(ErrorKind::WrongArgument, 3),
            at(ErrorKind::MissingStep, 9),
        ];
        errors[1].line = None;
        attribute(&mut errors, vec![at(ErrorKind::UnknownName, 3)]);
        assert!(errors[2].primary && !errors[0].primary);
        assert_eq!(errors[0].caused_by, Some(2));
        attribute(
            &mut errors,
            vec![
                at(ErrorKind::UnboundInput, 3),
                at(ErrorKind::UnboundInput, 5),
            ],
        );
        assert_eq!(errors[3].caused_by, Some(2));
        assert!(errors[4].primary, "nothing else at line 5");
    }

    #[test]
    fn every_check_has_a_kind() {
        let codes = codes();
        assert!(codes.len() > 15, "{codes:?}");
        let missing: Vec<&String> = codes.iter().filter(|c| !kinds().contains_key(*c)).collect();
        assert!(
            missing.is_empty(),
            "codes with no kind in diagnostic-kinds.toml: {missing:?}"
        );
        assert_eq!(kind_of("unknown-class"), ErrorKind::UnknownName);
        assert_eq!(kind_of("never-bound"), ErrorKind::UnboundInput);
    }
}
