//! `sous.run` and `sous.Execution`: one network executed, with the content
//! of `sous run --format json` and `POST /api/execute`.

use std::sync::{Arc, OnceLock};

use pyo3::prelude::*;
use serde_json::Value;
use sous_lang::Diagnostic;

use crate::errors::Failure;

/// Reads the one network of `text` (named `name` in messages); errors
/// become a `NetworkError` with every problem.
pub(crate) fn read_network(name: &str, text: &str) -> Result<sous_lang::Recipe, Failure> {
    use sous_eval::source::{one_network, NotOneNetwork};
    let network = |diagnostics| Failure::Network {
        name: name.to_string(),
        diagnostics,
    };
    let (recipe, diags) = one_network(name, text).map_err(|e| match e {
        NotOneNetwork::Fatal(d) => network(vec![d]),
        e => network(vec![Diagnostic::error(
            "not-one-network",
            sous_lang::Span::default(),
            e.to_string(),
        )]),
    })?;
    if diags.iter().any(Diagnostic::is_error) {
        return Err(network(diags));
    }
    Ok(recipe)
}

/// An executed network. The JSON view is made on first use, so `sous.run`
/// costs the execution alone.
#[pyclass(frozen, module = "sous")]
pub struct Execution {
    x: Arc<sous_sim::Execution>,
    compact: bool,
    json: OnceLock<Value>,
}

impl Execution {
    pub(crate) fn new(x: Arc<sous_sim::Execution>, compact: bool) -> Execution {
        Execution {
            x,
            compact,
            json: OnceLock::new(),
        }
    }

    /// Another handle on the same execution (and its JSON, once made).
    pub(crate) fn share(&self) -> Execution {
        let json = OnceLock::new();
        if let Some(v) = self.json.get() {
            let _ = json.set(v.clone());
        }
        Execution {
            x: self.x.clone(),
            compact: self.compact,
            json,
        }
    }

    pub(crate) fn inner(&self) -> &sous_sim::Execution {
        &self.x
    }

    fn json(&self) -> &Value {
        self.json
            .get_or_init(|| sous_sim::execution_json_with(&self.x, self.compact))
    }

    /// One key of [`Execution::to_dict`], without converting the rest.
    pub(crate) fn field<'py>(&self, py: Python<'py>, key: &str) -> PyResult<Bound<'py, PyAny>> {
        crate::to_py(py, &self.json()[key])
    }
}

#[pymethods]
impl Execution {
    /// The recipe id (the `#recipe-id` header, or `network`).
    #[getter]
    fn recipe_id(&self) -> String {
        self.x.network.recipe_id.clone()
    }

    /// Whether every action ran and every variable is bound.
    #[getter]
    fn solved(&self) -> bool {
        self.x.solved
    }

    /// The recipe execution time in seconds (`None` without a solution,
    /// as the reference reports NIL).
    #[getter]
    fn execution_time<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "execution_time")
    }

    /// Variable → the entity bound to it (a dict), or `None` when unbound.
    #[getter]
    fn bindings<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "bindings")
    }

    /// Variable → the time its value is available (`None` when unbound).
    #[getter]
    fn available_at<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "available_at")
    }

    /// The actions in the order they ran, with their times and outputs.
    #[getter]
    fn steps<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "steps")
    }

    /// The actions that failed, with the reason.
    #[getter]
    fn failed_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "failed_actions")
    }

    /// The kitchen state after the last action (a dict), or `None`.
    #[getter]
    fn final_kitchen<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "final_kitchen")
    }

    /// The whole execution as a dict (what `to_json` writes).
    pub(crate) fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        crate::to_py(py, self.json())
    }

    /// The execution as JSON text: byte for byte what `sous run --format
    /// json` prints for the same network (with `compact=False`).
    fn to_json(&self) -> String {
        self.json().to_string()
    }

    fn __repr__(&self) -> String {
        format!(
            "Execution(recipe_id={:?}, solved={}, execution_time={}, failed_actions={})",
            self.x.network.recipe_id,
            if self.x.solved { "True" } else { "False" },
            self.x
                .execution_time()
                .map_or("None".to_string(), |t| t.to_string()),
            self.x.failures.len()
        )
    }
}

/// Executes a network in the simulated kitchen.
///
/// `network` is the text of one network (a `#recipe-id` header is
/// optional). `compact` leaves attributes with default values out of the
/// entities, as the HTTP API does; `profile` is `reference` (the default:
/// the reference's kitchen, bugs included) or `corrected`. Raises
/// `NetworkError` when the network cannot be read or validated; failed
/// actions are not errors (see `Execution.failed_actions`).
#[pyfunction]
#[pyo3(signature = (network, *, compact = true, profile = "reference"))]
pub fn run(py: Python<'_>, network: &str, compact: bool, profile: &str) -> PyResult<Execution> {
    crate::guard(py, || {
        let profile = crate::parse_profile(profile)?;
        let recipe = read_network("network", network)?;
        let options = sous_sim::Options {
            profile,
            ..sous_sim::Options::default()
        };
        let x = sous_sim::execute_with(&recipe, options);
        Ok(Execution::new(Arc::new(x), compact))
    })
}
