//! `sous` for Python: the simulator, the evaluator and sessions of the Rust
//! crates, as a native extension (`sous._sous`, re-exported by the `sous`
//! package, whose pure-Python part adds the Gymnasium environment).
//!
//! Every call releases the GIL while Rust works, so Python threads scale
//! over cores, and catches panics, so a bug raises `SousError` instead of
//! aborting the interpreter.

mod benchmark;
mod data;
mod errors;
mod evaluate;
mod execution;
mod probe;
mod report;
mod session;
mod tools;

use std::panic::{catch_unwind, AssertUnwindSafe};

use pyo3::prelude::*;

/// mimalloc, as in the `sous` binary: the simulator copies kitchen entities
/// on write, and glibc's malloc was a fifth of an execution's time.
#[global_allocator]
static ALLOCATOR: sous_alloc::Allocator = sous_alloc::Allocator;

use errors::Failure;

/// Runs `f` without the GIL, turning a panic into a `Failure::Internal`
/// and a `Failure` into the Python exception it stands for.
pub(crate) fn guard<T: Send>(
    py: Python<'_>,
    f: impl FnOnce() -> Result<T, Failure> + Send,
) -> PyResult<T> {
    let outcome = py.detach(|| catch_unwind(AssertUnwindSafe(f)));
    match outcome {
        Ok(Ok(t)) => Ok(t),
        Ok(Err(failure)) => Err(failure.into_py(py)),
        Err(panic) => {
            let m = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "a panic".into());
            Err(Failure::Internal(m).into_py(py))
        }
    }
}

/// A serialisable Rust value as Python objects (dicts, lists, numbers).
pub(crate) fn to_py<'py>(
    py: Python<'py>,
    value: &impl serde::Serialize,
) -> PyResult<Bound<'py, PyAny>> {
    Ok(pythonize::pythonize(py, value)?)
}

/// `reference` or `corrected`.
pub(crate) fn parse_profile(name: &str) -> Result<sous_sim::Profile, Failure> {
    name.parse()
        .map_err(|e: sous_sim::UnknownName| Failure::Value(e.to_string()))
}

#[pymodule]
fn _sous(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("SousError", py.get_type::<errors::SousError>())?;
    m.add("NetworkError", py.get_type::<errors::NetworkError>())?;
    m.add("BenchmarkError", py.get_type::<errors::BenchmarkError>())?;
    m.add(
        "UnknownRecipeError",
        py.get_type::<errors::UnknownRecipeError>(),
    )?;
    m.add_class::<execution::Execution>()?;
    m.add_class::<report::Report>()?;
    m.add_class::<session::Session>()?;
    m.add_class::<benchmark::Benchmark>()?;
    m.add_class::<tools::ToolKitchen>()?;
    m.add_function(wrap_pyfunction!(execution::run, m)?)?;
    m.add_function(wrap_pyfunction!(evaluate::evaluate, m)?)?;
    m.add_function(wrap_pyfunction!(data::primitives, m)?)?;
    m.add_function(wrap_pyfunction!(data::kitchen, m)?)?;
    m.add_function(wrap_pyfunction!(probe::probe_judge, m)?)?;
    m.add_function(wrap_pyfunction!(data::_panic_for_tests, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
