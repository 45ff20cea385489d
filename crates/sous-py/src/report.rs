//! `sous.Report`: the scores of one recipe, as `sous evaluate --format json`
//! writes them.

use pyo3::prelude::*;
use serde_json::Value;

/// The scores of one predicted network (one element of `sous evaluate
/// --format json`). Metrics that were not asked for, or that have no value
/// (a network without a solution), are `None`.
#[pyclass(frozen, module = "sous")]
pub struct Report {
    json: Value,
}

impl Report {
    pub(crate) fn new(report: &sous_eval::RecipeReport) -> Report {
        Report {
            json: serde_json::to_value(report).unwrap_or(Value::Null),
        }
    }

    fn field<'py>(&self, py: Python<'py>, key: &str) -> PyResult<Bound<'py, PyAny>> {
        crate::to_py(py, self.json.get(key).unwrap_or(&Value::Null))
    }
}

#[pymethods]
impl Report {
    #[getter]
    fn recipe_id(&self) -> String {
        self.json["recipe-id"]
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    /// Smatch's F1 (rounded to 2 decimals as the reference prints it), or
    /// `None` when not asked for.
    #[getter]
    fn smatch_score<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        crate::to_py(py, &self.json["smatch"]["f1"])
    }

    /// Smatch in full: f1, precision, recall, matched triples and, with
    /// `smatch_runs`, the spread over seeds.
    #[getter]
    fn smatch<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "smatch")
    }

    #[getter]
    fn goal_condition_success<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "goal-condition-success")
    }

    #[getter]
    fn dish_approximation_score<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "dish-approximation-score")
    }

    #[getter]
    fn execution_time<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "execution-time")
    }

    /// Why the recipe has no (or partial) scores: `{kind, message, ...}`, or `None`.
    #[getter]
    fn problem<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "problem")
    }

    /// The failed actions of the prediction, as messages.
    #[getter]
    fn failures<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        crate::to_py(
            py,
            self.json.get("failures").unwrap_or(&Value::Array(vec![])),
        )
    }

    /// The explanation of the scores (with `explain=True`), or `None`.
    #[getter]
    fn explanation<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "explanation")
    }

    /// The prediction's errors against the gold (with `errors=True`): a
    /// list of dicts `{kind, primary, caused_by, line, column, gold_line,
    /// role, message}`, or `None`.
    #[getter]
    fn errors<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "errors")
    }

    /// The report as a dict, with the keys of `sous evaluate --format json`.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        crate::to_py(py, &self.json)
    }

    /// The report as JSON text.
    fn to_json(&self) -> String {
        self.json.to_string()
    }

    fn __repr__(&self) -> String {
        let v = |k: &str| match &self.json[k] {
            Value::Null => "None".to_string(),
            x => x.to_string(),
        };
        format!(
            "Report(recipe_id={:?}, smatch_score={}, goal_condition_success={}, dish_approximation_score={}, execution_time={})",
            self.recipe_id(),
            match &self.json["smatch"]["f1"] {
                Value::Null => "None".to_string(),
                x => x.to_string(),
            },
            v("goal-condition-success"),
            v("dish-approximation-score"),
            v("execution-time")
        )
    }
}
