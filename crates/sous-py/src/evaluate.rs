//! `sous.evaluate`: the numbers of `sous evaluate --format json`, from Python.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use pyo3::prelude::*;
use sous_eval::source::{load, load_text, Loaded};
use sous_eval::{GoldStandard, Metric, MetricSet, Options};

use crate::errors::Failure;
use crate::report::Report;

const NO_DATA: &str = "no gold networks: pass benchmark=DIR (a checkout of \
    https://github.com/muhai-project/recipe-execution-benchmark), set SOUS_BENCHMARK_DIR, \
    or pass gold=DIR";

/// The benchmark folder: the one given, else `SOUS_BENCHMARK_DIR`.
pub(crate) fn benchmark_dir(given: Option<PathBuf>) -> Result<PathBuf, Failure> {
    given
        .or_else(|| std::env::var_os("SOUS_BENCHMARK_DIR").map(PathBuf::from))
        .ok_or_else(|| Failure::Benchmark(NO_DATA.into()))
}

/// The gold standard of a folder, loaded once per process: its gold
/// networks are executed on first use and kept, as in the CLI.
pub(crate) fn gold_standard(dir: &Path) -> Result<Arc<GoldStandard>, Failure> {
    static LOADED: Mutex<BTreeMap<PathBuf, Arc<GoldStandard>>> = Mutex::new(BTreeMap::new());
    let key = dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf());
    let mut loaded = LOADED.lock().unwrap_or_else(|p| p.into_inner());
    if let Some(g) = loaded.get(&key) {
        return Ok(g.clone());
    }
    let gold = Arc::new(GoldStandard::load(dir).map_err(|e| Failure::Benchmark(e.to_string()))?);
    loaded.insert(key, gold.clone());
    Ok(gold)
}

/// The gold standard for `gold=` or `benchmark=` (or `SOUS_BENCHMARK_DIR`).
pub(crate) fn resolve_gold(
    gold: Option<PathBuf>,
    benchmark: Option<PathBuf>,
) -> Result<Arc<GoldStandard>, Failure> {
    let dir = match gold {
        Some(g) => g,
        None => sous_eval::gold::gold_dir_of_benchmark(&benchmark_dir(benchmark)?),
    };
    gold_standard(&dir)
}

/// Metric names as the CLI takes them; `None`: all but smatch-score, as
/// the reference (and `sous evaluate`) default to.
pub(crate) fn parse_metrics(names: Option<Vec<String>>) -> Result<MetricSet, Failure> {
    let Some(names) = names else {
        return Ok(MetricSet::default());
    };
    let mut set = MetricSet::NONE;
    for name in &names {
        let m = Metric::parse(name).ok_or_else(|| {
            let known: Vec<&str> = Metric::ALL.iter().map(|m| m.name()).collect();
            Failure::Value(format!(
                "unknown metric `{name}`; known: {}",
                known.join(", ")
            ))
        })?;
        set = set.with(m);
    }
    Ok(if set.is_empty() {
        MetricSet::default()
    } else {
        set
    })
}

/// A network's text, or the path of a `.solution` file.
pub(crate) enum Input {
    Text(String),
    File(PathBuf),
}

impl<'py> FromPyObject<'_, 'py> for Input {
    type Error = PyErr;

    fn extract(ob: Borrowed<'_, 'py, PyAny>) -> PyResult<Self> {
        if let Ok(s) = ob.extract::<String>() {
            // A network has predicates (or is empty); a path has neither.
            let is_text = s.trim().is_empty() || s.contains(['(', '\n', '#']);
            return Ok(if is_text {
                Input::Text(s)
            } else {
                Input::File(PathBuf::from(s))
            });
        }
        Ok(Input::File(ob.extract::<PathBuf>()?))
    }
}

impl Input {
    fn load(self) -> Loaded {
        match self {
            Input::Text(t) => load_text("network".into(), t.into_bytes()),
            Input::File(p) => load(&p),
        }
    }
}

/// Scores predicted networks against the benchmark's gold standard.
///
/// `network_or_path` is a network's text or the path of a `.solution` file
/// (a `str` is a path when it holds no `(`, `#` or newline)
/// (several `#recipe-id` sections are scored one by one). `recipe` names
/// the recipe of a single network without a header. The gold networks come
/// from `gold` (a folder of `<recipe-id>.solution` files), else from
/// `benchmark` (a benchmark checkout), else from `SOUS_BENCHMARK_DIR`.
/// `metrics` are the CLI's names (default: all but smatch-score).
/// `explain=True` keeps the explanation of the scores, `errors=True` the
/// prediction's errors against the gold (`Report.errors`).
/// `smatch="exact"` also computes the exact optimum; `smatch_runs=K` reports
/// the spread over K seeds. `profile` is `reference` or `corrected`. `jobs`
/// is the number of threads for a file of several recipes (1: the calling
/// thread; 0: all cores). Returns one `Report` per recipe, in input order; a
/// recipe that is invalid or unknown gets a report with a `problem`, and
/// the others are still scored. Raises `NetworkError` when nothing can be
/// read, `BenchmarkError` when there is no gold standard.
#[pyfunction]
#[pyo3(signature = (
    network_or_path, *, recipe = None, gold = None, benchmark = None, metrics = None,
    explain = false, errors = false, smatch = "heuristic", smatch_runs = 1, profile = "reference",
    jobs = 1
))]
#[allow(clippy::too_many_arguments)]
pub fn evaluate(
    py: Python<'_>,
    network_or_path: Input,
    recipe: Option<String>,
    gold: Option<PathBuf>,
    benchmark: Option<PathBuf>,
    metrics: Option<Vec<String>>,
    explain: bool,
    errors: bool,
    smatch: &str,
    smatch_runs: usize,
    profile: &str,
    jobs: usize,
) -> PyResult<Vec<Report>> {
    let smatch = smatch.to_string();
    let profile = profile.to_string();
    crate::guard(py, move || {
        let mut metrics = parse_metrics(metrics)?;
        let exact = match smatch.as_str() {
            "heuristic" => false,
            "exact" => true,
            other => {
                return Err(Failure::Value(format!(
                    "unknown smatch `{other}`; supported: heuristic, exact"
                )))
            }
        };
        if exact || smatch_runs > 1 {
            metrics = metrics.with(Metric::SmatchScore);
        }
        let options = Options {
            metrics,
            exact_smatch: exact,
            smatch_runs,
            profile: crate::parse_profile(&profile)?,
            explain,
            errors,
            backend: None,
        };
        let gold = resolve_gold(gold, benchmark)?;
        let mut loaded = network_or_path.load();
        if let Some(d) = loaded.fatal.take() {
            return Err(Failure::Network {
                name: loaded.name,
                diagnostics: vec![d],
            });
        }
        if let Some(id) = recipe {
            match loaded.recipes.as_mut_slice() {
                [(r, _)] => r.id = id.to_lowercase(),
                _ => {
                    return Err(Failure::Value(
                        "recipe= names the recipe of a single network; this input has several"
                            .into(),
                    ))
                }
            }
        }
        let reports = if jobs == 1 {
            loaded
                .recipes
                .iter()
                .map(|(r, d)| sous_eval::evaluate_recipe(r, d, &gold, &options))
                .collect()
        } else {
            let evaluate =
                || sous_eval::batch::evaluate_all(&loaded.recipes, &gold, &options, &|| {});
            match rayon::ThreadPoolBuilder::new().num_threads(jobs).build() {
                Ok(pool) => pool.install(evaluate),
                Err(_) => evaluate(),
            }
        };
        Ok(reports.iter().map(Report::new).collect::<Vec<_>>())
    })
}
