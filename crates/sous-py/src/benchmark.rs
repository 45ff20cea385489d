//! `sous.Benchmark`: the benchmark's recipes and gold networks.

use std::path::PathBuf;
use std::sync::Arc;

use pyo3::prelude::*;

use crate::errors::Failure;
use crate::evaluate::benchmark_dir;

/// A checkout of the Recipe Execution Benchmark: recipe texts and gold
/// networks. `path` defaults to `SOUS_BENCHMARK_DIR`; raises
/// `BenchmarkError` when there is none or it cannot be read.
#[pyclass(frozen, module = "sous")]
pub struct Benchmark {
    inner: Arc<sous_eval::benchmark::Benchmark>,
}

impl Benchmark {
    fn recipe(&self, id: &str) -> Result<&sous_eval::benchmark::RecipeText, Failure> {
        self.inner
            .recipe(id)
            .ok_or_else(|| Failure::UnknownRecipe(format!("no benchmark recipe `{id}`")))
    }

    /// The recipe as the language-model harness reads it.
    fn agent_text(&self, id: &str) -> Result<sous_agent::RecipeText, Failure> {
        let r = self.recipe(id)?;
        Ok(sous_agent::RecipeText {
            id: id.to_string(),
            title: r.title.clone(),
            ingredients: r.ingredients.clone(),
            instructions: r.instructions.clone(),
        })
    }
}

#[pymethods]
impl Benchmark {
    #[new]
    #[pyo3(signature = (path = None))]
    fn new(py: Python<'_>, path: Option<PathBuf>) -> PyResult<Benchmark> {
        crate::guard(py, move || {
            let dir = benchmark_dir(path)?;
            let b = sous_eval::benchmark::Benchmark::load(&dir)
                .map_err(|e| Failure::Benchmark(e.to_string()))?;
            Ok(Benchmark { inner: Arc::new(b) })
        })
    }

    /// The benchmark folder.
    #[getter]
    fn path(&self) -> PathBuf {
        self.inner.dir.clone()
    }

    /// The recipe ids, sorted.
    fn recipes(&self) -> Vec<String> {
        self.inner.recipes.keys().cloned().collect()
    }

    /// The recipe as text: title, ingredient lines, numbered instructions.
    fn text(&self, py: Python<'_>, id: &str) -> PyResult<String> {
        self.recipe(id)
            .map(|r| r.to_text())
            .map_err(|e| e.into_py(py))
    }

    /// The recipe's title.
    fn title(&self, py: Python<'_>, id: &str) -> PyResult<String> {
        self.recipe(id)
            .map(|r| r.title.clone())
            .map_err(|e| e.into_py(py))
    }

    /// The prompt `sous understand --agent llm` sends for the recipe, as
    /// `(system, user)`: the language, its primitives and the kitchen's
    /// names, `examples` gold networks of other recipes, and the recipe
    /// with what to answer (the whole network in one ```lisp block).
    /// `compact` gives one line per primitive and only the ingredients the
    /// recipe mentions (about 3,000 tokens, for small models); otherwise
    /// the full reference and every name. `protocol="tools"` gives the
    /// messages of `--protocol tools` instead: the model makes the recipe
    /// by calling the primitives as tools ([`crate::tools::ToolKitchen`]).
    #[pyo3(signature = (id, *, examples = 0, compact = true, protocol = "text"))]
    fn prompt(
        &self,
        py: Python<'_>,
        id: &str,
        examples: usize,
        compact: bool,
        protocol: &str,
    ) -> PyResult<(String, String)> {
        if !matches!(protocol, "text" | "tools") {
            return Err(Failure::Value(format!(
                "unknown protocol `{protocol}`: `text` or `tools`"
            ))
            .into_py(py));
        }
        use sous_agent::llm::prompt;
        let recipe = self.agent_text(id).map_err(|e| e.into_py(py))?;
        let shown = if examples == 0 {
            Vec::new()
        } else {
            let gold = self
                .inner
                .dir
                .join("data/gold-standard-solutions/meaning-only");
            prompt::examples(&gold, id, examples)
                .map_err(|e| Failure::Benchmark(e.to_string()).into_py(py))?
        };
        let detail = prompt::Detail {
            examples: shown.len(),
            full_reference: !compact,
            all_ingredients: !compact,
        };
        if protocol == "tools" {
            return Ok((prompt::tools_system(&shown), prompt::tools_recipe(&recipe)));
        }
        Ok((
            prompt::system_with(&shown, detail, Some(&recipe), prompt::WHOLE),
            prompt::whole(&recipe),
        ))
    }

    /// The kitchen's ingredients the recipe's text mentions: what a tool
    /// list is narrowed to (`ToolKitchen.tools(ingredients=…)`), as
    /// `--protocol tools` narrows it.
    fn mentioned(&self, py: Python<'_>, id: &str) -> PyResult<Vec<String>> {
        use sous_agent::llm::prompt;
        let recipe = self.agent_text(id).map_err(|e| e.into_py(py))?;
        Ok(prompt::mentioned(
            &sous_kitchen::inventory::inventory().ingredients,
            &prompt::recipe_text(&recipe),
        )
        .into_iter()
        .map(str::to_string)
        .collect())
    }

    /// The recipe's ingredient lines.
    fn ingredients(&self, py: Python<'_>, id: &str) -> PyResult<Vec<String>> {
        self.recipe(id)
            .map(|r| r.ingredients.clone())
            .map_err(|e| e.into_py(py))
    }

    /// The recipe's instructions.
    fn instructions(&self, py: Python<'_>, id: &str) -> PyResult<Vec<String>> {
        self.recipe(id)
            .map(|r| r.instructions.clone())
            .map_err(|e| e.into_py(py))
    }

    /// The gold network's text (its `.solution` file).
    fn gold(&self, py: Python<'_>, id: &str) -> PyResult<String> {
        let found = self
            .inner
            .gold
            .get(id)
            .ok_or_else(|| Failure::UnknownRecipe(format!("no gold network for recipe `{id}`")))
            .and_then(|g| {
                std::fs::read_to_string(&g.path).map_err(|e| {
                    Failure::Benchmark(format!("cannot read {}: {e}", g.path.display()))
                })
            });
        found.map_err(|e| e.into_py(py))
    }

    /// The recipe's XML file, as the benchmark has it.
    fn recipe_xml(&self, py: Python<'_>, id: &str) -> PyResult<String> {
        let found = self
            .inner
            .recipe_file(id)
            .ok_or_else(|| Failure::UnknownRecipe(format!("no benchmark recipe `{id}`")))
            .and_then(|path| {
                std::fs::read_to_string(&path)
                    .map_err(|e| Failure::Benchmark(format!("cannot read {}: {e}", path.display())))
            });
        found.map_err(|e| e.into_py(py))
    }

    fn __repr__(&self) -> String {
        format!(
            "Benchmark({:?}, recipes={})",
            self.inner.dir.display().to_string(),
            self.inner.recipes.len()
        )
    }

    fn __len__(&self) -> usize {
        self.inner.recipes.len()
    }

    fn __contains__(&self, id: &str) -> bool {
        self.inner.recipe(id).is_some()
    }
}
