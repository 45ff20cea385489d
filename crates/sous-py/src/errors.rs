//! The exceptions the package raises, and the conversion of what went wrong
//! on the Rust side into them. Nothing panics across the boundary: a panic
//! is caught and raised as `SousError` (see [`crate::guard`]).

use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyValueError};
use pyo3::prelude::*;
use sous_lang::{Diagnostic, Severity};

create_exception!(
    sous,
    SousError,
    PyException,
    "Base class of the errors sous raises."
);
create_exception!(
    sous,
    NetworkError,
    SousError,
    "A network that cannot be read or validated: `.line`, `.column` (1-based, of the first error) and `.diagnostics` (every problem, as dicts)."
);
create_exception!(
    sous,
    BenchmarkError,
    SousError,
    "The benchmark data (recipes, gold networks) cannot be found or read."
);
create_exception!(
    sous,
    UnknownRecipeError,
    SousError,
    "A recipe id the benchmark (or the gold folder) does not have."
);

/// What can go wrong, before it becomes a Python exception (built without
/// the GIL, raised with it).
#[derive(Debug)]
pub enum Failure {
    /// A network with errors: its name (file or `network`) and its problems.
    Network {
        name: String,
        diagnostics: Vec<Diagnostic>,
    },
    Benchmark(String),
    UnknownRecipe(String),
    /// A bad argument (a metric name, a profile).
    Value(String),
    /// A session cannot do what was asked (evaluate without a recipe).
    Session(String),
    /// A bug in sous (a caught panic).
    Internal(String),
}

impl Failure {
    pub fn into_py(self, py: Python<'_>) -> PyErr {
        match self {
            Failure::Network { name, diagnostics } => network_error(py, &name, &diagnostics),
            Failure::Benchmark(m) => BenchmarkError::new_err(m),
            Failure::UnknownRecipe(m) => UnknownRecipeError::new_err(m),
            Failure::Value(m) => PyValueError::new_err(m),
            Failure::Session(m) => SousError::new_err(m),
            Failure::Internal(m) => {
                SousError::new_err(format!("internal error in sous (please report it): {m}"))
            }
        }
    }
}

/// The message of a network's problems, as the CLI words them:
/// `network:3:1: error[unbalanced-parenthesis]: this `(` is never closed`.
fn message(name: &str, diagnostics: &[Diagnostic]) -> String {
    let mut lines = Vec::new();
    for d in diagnostics {
        let severity = match d.severity {
            Severity::Error => "error",
            _ => "warning",
        };
        lines.push(format!(
            "{name}:{}:{}: {severity}[{}]: {}",
            d.span.line, d.span.column, d.code, d.message
        ));
        if let Some(h) = &d.help {
            lines.push(format!("  help: {h}"));
        }
    }
    lines.join("\n")
}

fn network_error(py: Python<'_>, name: &str, diagnostics: &[Diagnostic]) -> PyErr {
    let first = diagnostics
        .iter()
        .find(|d| d.is_error())
        .or(diagnostics.first());
    let err = NetworkError::new_err(message(name, diagnostics));
    let value = err.value(py);
    let set = || -> PyResult<()> {
        value.setattr("line", first.map(|d| d.span.line))?;
        value.setattr("column", first.map(|d| d.span.column))?;
        value.setattr("diagnostics", pythonize::pythonize(py, diagnostics)?)?;
        Ok(())
    };
    match set() {
        Ok(()) => err,
        Err(e) => e,
    }
}
