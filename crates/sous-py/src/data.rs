//! The data behind `GET /api/primitives` and `GET /api/kitchen`.

use pyo3::prelude::*;

/// Every primitive of the language: its arguments (type, role, default) and
/// its cases, as `GET /api/primitives` gives them.
#[pyfunction]
pub fn primitives(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    crate::to_py(py, &sous_sim::primitive_reference())
}

/// The kitchen state every execution starts from, as `GET /api/kitchen`
/// gives it.
#[pyfunction]
pub fn kitchen(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    let (ks, _) = sous_kitchen::full_kitchen();
    crate::to_py(py, &sous_kitchen::entity_json(ks.root()))
}

/// Panics on purpose, so the tests can check that a panic raises
/// `SousError` instead of aborting the interpreter.
#[pyfunction]
pub fn _panic_for_tests(py: Python<'_>) -> PyResult<()> {
    crate::guard(py, || -> Result<(), crate::errors::Failure> {
        panic!("a panic on purpose (sous._sous._panic_for_tests)")
    })
}
