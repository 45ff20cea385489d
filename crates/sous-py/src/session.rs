//! `sous.Session`: a network built up call by call, the same session type
//! as the HTTP API's (`sous_eval::session::Session`).

use std::path::PathBuf;
use std::sync::Arc;

use pyo3::prelude::*;
use pyo3::types::PyDict;
use serde_json::Value;
use sous_eval::session::SessionError;

use crate::errors::Failure;
use crate::evaluate::{benchmark_dir, gold_standard, parse_metrics};
use crate::execution::{read_network, Execution};
use crate::report::Report;

/// A network built up call by call, for agents that read a recipe step by
/// step and look at the kitchen in between. Each `add` runs only the new
/// actions and what they enable (earlier bindings never change); a call
/// with an invalid line raises `NetworkError` and leaves the session as it
/// was.
#[pyclass(module = "sous")]
pub struct Session {
    core: sous_eval::session::Session,
    /// The benchmark folder the recipe's gold network comes from (default:
    /// `SOUS_BENCHMARK_DIR`, looked up when evaluating).
    benchmark: Option<PathBuf>,
    last: Option<Arc<Execution>>,
}

fn read(network: &str) -> Result<sous_lang::Recipe, Failure> {
    read_network("session", network)
}

impl Session {
    fn last_field<'py>(
        &self,
        py: Python<'py>,
        key: &str,
        empty: Value,
    ) -> PyResult<Bound<'py, PyAny>> {
        match &self.last {
            Some(x) => x.field(py, key),
            None => crate::to_py(py, &empty),
        }
    }
}

#[pymethods]
impl Session {
    /// A new, empty session. `recipe` is the benchmark recipe it is for
    /// (needed to evaluate it); `profile` is `reference` or `corrected`;
    /// `benchmark` is the benchmark folder (default: `SOUS_BENCHMARK_DIR`).
    /// Raises `UnknownRecipeError` for a recipe the benchmark lacks.
    #[new]
    #[pyo3(signature = (recipe = None, *, profile = "reference", benchmark = None))]
    fn new(
        py: Python<'_>,
        recipe: Option<String>,
        profile: &str,
        benchmark: Option<PathBuf>,
    ) -> PyResult<Session> {
        let profile = profile.to_string();
        crate::guard(py, move || {
            let profile = crate::parse_profile(&profile)?;
            if let Some(r) = &recipe {
                let dir =
                    sous_eval::gold::gold_dir_of_benchmark(&benchmark_dir(benchmark.clone())?);
                if gold_standard(&dir)?.get(r).is_none() {
                    return Err(Failure::UnknownRecipe(format!("no benchmark recipe `{r}`")));
                }
            }
            Ok(Session {
                core: sous_eval::session::Session::new(recipe, profile, None),
                benchmark,
                last: None,
            })
        })
    }

    /// Adds one or more predicates (one per line; they may use variables
    /// bound by earlier calls), executes the network, and returns the
    /// bindings this call added: variable → entity dict.
    fn add<'py>(&mut self, py: Python<'py>, actions: &str) -> PyResult<Bound<'py, PyDict>> {
        let mut core = self.core.clone();
        let (x, new) = crate::guard(py, || core.add(actions, read))?;
        self.core = core;
        self.last = x.map(|x| Arc::new(Execution::new(Arc::new(x), true)));
        let added = PyDict::new(py);
        if let Some(last) = &self.last {
            let bindings = last.field(py, "bindings")?;
            for var in new {
                added.set_item(&var, bindings.get_item(&var)?)?;
            }
        }
        Ok(added)
    }

    /// The benchmark recipe the session is for, or `None`.
    #[getter]
    fn recipe(&self) -> Option<String> {
        self.core.recipe().map(str::to_string)
    }

    /// `reference` or `corrected`.
    #[getter]
    fn profile(&self) -> &'static str {
        self.core.profile().name()
    }

    /// The predicates received so far, one per line.
    #[getter]
    fn network(&self) -> String {
        self.core.network().to_string()
    }

    /// The latest execution of the whole network, or `None` before the first action.
    #[getter]
    fn execution(&self) -> Option<Execution> {
        self.last.as_ref().map(|x| x.share())
    }

    /// Every variable → its entity dict (`None` when unbound).
    #[getter]
    fn bindings<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.last_field(py, "bindings", Value::Object(Default::default()))
    }

    /// The actions in the order they ran.
    #[getter]
    fn steps<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.last_field(py, "steps", Value::Array(vec![]))
    }

    /// The actions that failed, with the reason.
    #[getter]
    fn failed_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.last_field(py, "failed_actions", Value::Array(vec![]))
    }

    /// The kitchen state reached (a dict, compact), or `None` before the first action.
    #[getter]
    fn kitchen<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.last_field(py, "final_kitchen", Value::Null)
    }

    /// The kitchen reached, as text: only what differs from the initial
    /// kitchen (what the LLM harness of `sous understand` shows a model).
    #[getter]
    fn kitchen_text(&self) -> String {
        let initial = sous_kitchen::full_kitchen().0.root().clone();
        match self
            .last
            .as_ref()
            .and_then(|x| x.inner().final_kitchen().cloned())
        {
            Some(k) => sous_kitchen::describe::changes(&k, &initial),
            None => String::new(),
        }
    }

    /// Scores the network so far against the recipe's gold network, in the
    /// session's kitchen. `metrics` as in `sous.evaluate` (default: all
    /// four). Raises `SousError` for a session without a recipe.
    #[pyo3(signature = (metrics = None, *, explain = true))]
    fn evaluate(
        &self,
        py: Python<'_>,
        metrics: Option<Vec<String>>,
        explain: bool,
    ) -> PyResult<Report> {
        let core = self.core.clone();
        let benchmark = self.benchmark.clone();
        crate::guard(py, move || {
            let metrics = match metrics {
                None => sous_eval::MetricSet::ALL,
                some => parse_metrics(some)?,
            };
            let dir = sous_eval::gold::gold_dir_of_benchmark(&benchmark_dir(benchmark)?);
            let gold = gold_standard(&dir)?;
            core.evaluate(&gold, metrics, explain, read)
                .map(|r| Report::new(&r))
                .map_err(|e| match e {
                    SessionError::NoRecipe => Failure::Session(
                        "this session is for no recipe: create it with Session(recipe=...) to evaluate it".into(),
                    ),
                    SessionError::UnknownRecipe(r) => {
                        Failure::UnknownRecipe(format!("no gold network for recipe `{r}`"))
                    }
                    SessionError::Network(f) => f,
                })
        })
    }

    fn __repr__(&self) -> String {
        format!(
            "Session(recipe={:?}, profile={:?}, actions={})",
            self.core.recipe(),
            self.core.profile().name(),
            self.core.network().lines().count()
        )
    }
}
