//! `sous.ToolKitchen`: the kitchen of `sous understand --protocol tools`
//! for harnesses that hold the conversation themselves (Inspect AI's
//! tool-using agent). The tools are the primitives as OpenAI-style
//! function schemas, generated from their signatures; each call is built
//! into an action, run at once, and answered with what it made and what
//! changed in the kitchen, or why it failed (then it is undone). The same
//! code as the CLI's protocol, so a model meets the same kitchen in both.

use pyo3::prelude::*;
use sous_agent::llm::tools::bench::Bench;
use sous_agent::llm::tools::schema::{tools_with, Detail, FINISH};
use sous_agent::llm::ToolCall;

use crate::errors::Failure;

/// A kitchen driven by tool calls: one per recipe and conversation.
#[pyclass(module = "sous", unsendable)]
pub struct ToolKitchen {
    bench: Bench,
    calls: usize,
}

#[pymethods]
impl ToolKitchen {
    /// A kitchen holding `(get-kitchen ?kitchen)` only, for `recipe`.
    #[new]
    fn new(recipe: &str) -> Self {
        ToolKitchen {
            bench: Bench::new(recipe),
            calls: 0,
        }
    }

    /// The tools, as OpenAI function tools (`{"type": "function",
    /// "function": {name, description, parameters}}`), `finish` last.
    /// `ingredients` narrows the ingredient names an argument takes to
    /// those and the classes below them; `described=False` leaves out the
    /// descriptions (smaller requests).
    #[staticmethod]
    #[pyo3(signature = (ingredients = None, described = true))]
    fn tools<'py>(
        py: Python<'py>,
        ingredients: Option<Vec<String>>,
        described: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        let names: Option<Vec<&str>> = ingredients
            .as_ref()
            .map(|v| v.iter().map(String::as_str).collect());
        crate::to_py(py, &tools_with(Detail { described }, names.as_deref()))
    }

    /// The name of the tool that ends the conversation (`finish`).
    #[classattr]
    fn finish() -> &'static str {
        FINISH
    }

    /// Runs one call of tool `name` with `arguments` (a JSON object, as
    /// text or a dict) and returns the tool result: `ran` (the action's
    /// text), `outputs`, `defaults` and `kitchen` when it ran, else
    /// `error`. A bad call is answered with an `error`, never raised.
    fn call<'py>(
        &mut self,
        py: Python<'py>,
        name: &str,
        arguments: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let text = match arguments.extract::<String>() {
            Ok(t) => t,
            Err(_) => {
                let v: serde_json::Value = pythonize::depythonize(arguments).map_err(|e| {
                    Failure::Value(format!("the arguments are not JSON data: {e}")).into_py(py)
                })?;
                v.to_string()
            }
        };
        self.calls += 1;
        let call = ToolCall::function(&format!("call-{}", self.calls), name, &text);
        let done = self.bench.call(&call);
        crate::to_py(py, &done.content)
    }

    /// The network so far: `(get-kitchen ?kitchen)` and every action that ran.
    #[getter]
    fn network(&self) -> String {
        let mut s = self.bench.lines().join("\n");
        s.push('\n');
        s
    }

    /// How many actions ran (the first line not counted).
    #[getter]
    fn actions(&self) -> usize {
        self.bench.actions()
    }
}
