use serde::Serialize;

use crate::Span;

/// How bad a [`Diagnostic`] is: whether the recipe is still executed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The reference rejects the file (or would crash): nothing of this recipe runs.
    Error,
    /// The network reads but cannot execute as written (the reference finds no solution).
    Warning,
}

/// A problem found in a network, with where it is and, when obvious, how to fix it.
#[derive(Debug, Clone, PartialEq, Serialize, thiserror::Error)]
#[error("{message}")]
pub struct Diagnostic {
    /// Whether the recipe still runs (see [`Severity`]).
    pub severity: Severity,
    /// A stable kebab-case code, e.g. `unknown-primitive`.
    pub code: &'static str,
    /// The problem in a sentence, naming what the text says.
    pub message: String,
    /// Where the problem is, to underline it.
    pub span: Span,
    /// How to fix it, when that is clear (a likely meant name, a missing argument).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub help: Option<String>,
}

impl Diagnostic {
    /// A problem that stops the recipe from running.
    pub fn error(code: &'static str, span: Span, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            code,
            message: message.into(),
            span,
            help: None,
        }
    }

    /// A problem the recipe is still run with, to show how far it gets.
    pub fn warning(code: &'static str, span: Span, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            code,
            message: message.into(),
            span,
            help: None,
        }
    }

    /// Adds how to fix the problem.
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// Whether the recipe must not be executed.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// The candidate closest to `word`, if it is close enough to be a likely typo.
pub fn did_you_mean<'a>(
    word: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    candidates
        .into_iter()
        .map(|c| (strsim::damerau_levenshtein(word, c), c))
        .filter(|&(d, c)| d > 0 && (d <= 2 || d * 3 <= c.len().max(word.len())))
        .min_by_key(|&(d, c)| (d, c.len(), c))
        .map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::did_you_mean;

    #[test]
    fn suggestions_do_not_depend_on_candidate_order() {
        assert_eq!(did_you_mean("?ks-l", ["?ks-2", "?ks-1"]), Some("?ks-1"));
        assert_eq!(did_you_mean("?ks-l", ["?ks-1", "?ks-2"]), Some("?ks-1"));
    }
}
