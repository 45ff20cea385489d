//! `sous understand`: recipe texts (the benchmark's XML) to a `.solution`
//! file, with the baseline agent or a language model
//! (`--agent llm`), optionally scored at once against the gold networks.

mod llm;
mod summary;

use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::{Args, ValueEnum};
use serde_json::json;
use sous_agent::llm::batch::RecipeRun;
use sous_agent::RecipeText;
use sous_eval::{MetricSet, Options, RecipeReport};

use crate::run::{FAILED, INVALID, OK};
use crate::Format;
use llm::{LlmArgs, LlmRun};

#[derive(Args, Debug)]
pub struct UnderstandArgs {
    /// Recipe files (`.xml`) or folders of them.
    inputs: Vec<PathBuf>,
    /// The benchmark's 30 recipes (`DIR/data/recipe-texts`): DIR, else
    /// `SOUS_BENCHMARK_DIR`, else `./recipe-execution-benchmark` or
    /// `../shared/recipe-execution-benchmark`. The same folder as
    /// `--benchmark DIR` of `evaluate`, `probe` and `serve`.
    #[arg(long, value_name = "DIR", num_args = 0..=1)]
    benchmark: Option<Option<PathBuf>>,
    /// Write the `.solution` file here instead of to standard output.
    #[arg(long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Show, per line of each recipe, what was made of it and why.
    #[arg(long)]
    trace: bool,
    /// Score the networks at once, as `sous evaluate` does with all four
    /// metrics, against the benchmark's gold networks (or `--gold`), and
    /// print a table with the means.
    #[arg(long)]
    evaluate: bool,
    /// With `--evaluate`: the gold networks (`<recipe-id>.solution`) of this
    /// folder instead of the benchmark's.
    #[arg(long, value_name = "DIR", requires = "evaluate")]
    gold: Option<PathBuf>,
    /// With `--evaluate`: score against the gold networks corrected by the
    /// errata (`crates/sous-eval/data/errata.toml`).
    #[arg(long, requires = "evaluate")]
    errata: bool,
    /// `json`: one object per recipe (id, network, trace, and the scores
    /// with `--evaluate`) instead of the network file and the table.
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
    /// Who reads the recipes: the deterministic baseline, or a language
    /// model behind an OpenAI-compatible endpoint (`--llm-url`).
    #[arg(long, value_enum, default_value = "baseline")]
    agent: AgentKind,
    /// After understanding, serve the web page with the understood networks
    /// preloaded (and their scores with `--evaluate`), as `sous evaluate
    /// --show` does.
    #[arg(long)]
    show: bool,
    /// Port of the page `--show` serves (0: any free port).
    #[arg(long, default_value_t = 8000, requires = "show")]
    port: u16,
    /// Address the page `--show` serves on (loopback unless told otherwise).
    #[arg(long, default_value = "127.0.0.1", requires = "show")]
    bind: std::net::IpAddr,
    #[command(flatten)]
    llm: LlmArgs,
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq, Debug)]
pub enum AgentKind {
    Baseline,
    Llm,
}

/// Who understands the recipes.
enum Agent {
    Baseline,
    Llm(Box<LlmRun>),
}

impl Agent {
    /// The agent the flags ask for; an error for an LLM without endpoint or
    /// model, LLM flags without `--agent llm`, or an unset API key variable.
    fn new(args: &UnderstandArgs) -> Result<Agent, String> {
        if args.agent == AgentKind::Baseline {
            let given = args.llm.llm_only_flags();
            if !given.is_empty() {
                return Err(format!("{} need --agent llm", given.join(", ")));
            }
            return Ok(Agent::Baseline);
        }
        Ok(Agent::Llm(Box::new(LlmRun::new(
            &args.llm,
            benchmark_dir().ok(),
        )?)))
    }

    /// What became of each recipe, in order, and with `--agent llm` each
    /// one's run (tokens, seconds) for the summary.
    fn understand_all(
        &self,
        recipes: &[RecipeText],
    ) -> (Vec<Result<Outcome, String>>, Vec<RecipeRun>) {
        match self {
            Agent::Baseline => (
                recipes.iter().map(|r| Ok(baseline(r))).collect(),
                Vec::new(),
            ),
            Agent::Llm(llm) => {
                let runs = llm.run(recipes);
                let outcomes = runs
                    .iter()
                    .map(|r| match &r.outcome {
                        Ok(out) => Ok(Outcome {
                            network: out.understood.solution(),
                            id: out.understood.id.clone(),
                            trace: out.understood.trace.clone(),
                            failed: !out.problems.is_empty(),
                        }),
                        Err(e) => Err(e.to_string()),
                    })
                    .collect();
                (outcomes, runs)
            }
        }
    }
}

/// What the baseline makes of `recipe`.
fn baseline(recipe: &RecipeText) -> Outcome {
    let u = sous_agent::understand(recipe);
    let failed = u
        .trace
        .iter()
        .any(|t| t.contains("not understood") || t.contains("fails"));
    Outcome {
        network: u.solution(),
        id: u.id,
        trace: u.trace,
        failed,
    }
}

/// One line per problem of a trace ("instruction 6 `Work flour mixture
/// into a firm dough.`: not understood: no verb the lexicon knows"), with
/// the recipe line it is about.
fn problems(trace: &[String]) -> Vec<String> {
    let mut line = "";
    let mut out = Vec::new();
    for t in trace {
        if !t.starts_with(' ') {
            line = t;
        }
        let problem = t.trim();
        if problem.contains("not understood") || problem.contains("fails") {
            if t.starts_with(' ') {
                out.push(format!("{line}: {problem}"));
            } else {
                out.push(problem.to_string());
            }
        }
    }
    out
}

/// What became of one recipe.
struct Outcome {
    id: String,
    /// Its `.solution` section.
    network: String,
    trace: Vec<String>,
    /// Whether some line was not understood or some action failed.
    failed: bool,
}

/// The recipe files named by the arguments, folders expanded, sorted.
fn files(args: &UnderstandArgs) -> Result<Vec<PathBuf>, String> {
    let mut inputs = args.inputs.clone();
    if let Some(dir) = &args.benchmark {
        inputs.push(crate::inputs::benchmark(dir.as_deref())?.join("data/recipe-texts"));
    }
    let mut out = Vec::new();
    for p in inputs {
        if p.is_dir() {
            let mut here: Vec<PathBuf> = std::fs::read_dir(&p)
                .map_err(|e| format!("{}: {e}", p.display()))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|f| f.extension().is_some_and(|x| x == "xml"))
                .collect();
            here.sort();
            out.extend(here);
        } else {
            out.push(p);
        }
    }
    if out.is_empty() {
        return Err("no recipe given: name .xml files or folders, or pass --benchmark".into());
    }
    Ok(out)
}

fn benchmark_dir() -> Result<PathBuf, String> {
    crate::inputs::benchmark(None)
}

pub fn run(args: UnderstandArgs) -> u8 {
    let started = Instant::now();
    let paths = match files(&args) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return INVALID;
        }
    };
    // The gold standard first: a missing one stops before any work is done.
    let gold = if args.evaluate {
        let benchmark = args.gold.is_none().then(benchmark_dir).transpose();
        match benchmark.and_then(|b| {
            crate::evaluate::gold_standard_with(args.gold.as_deref(), b.as_deref(), args.errata)
        }) {
            Ok(g) => Some(g),
            Err(e) => {
                eprintln!("error: --evaluate: {e}");
                return INVALID;
            }
        }
    } else {
        None
    };
    let agent = match Agent::new(&args) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("error: {e}");
            return INVALID;
        }
    };
    let (recipes, mut code) = read_recipes(&paths);
    let (results, runs) = agent.understand_all(&recipes);
    let outcomes = report_outcomes(&args, &recipes, results, &mut code);
    let solution: String = outcomes
        .iter()
        .map(|o| format!("{}\n", o.network))
        .collect();
    let reports = match &gold {
        Some(gold) => {
            let (reports, evaluated) = evaluate(&solution, gold);
            // A recipe the evaluator cannot score failed; the input was read.
            code = code.max(evaluated.min(FAILED));
            Some(reports)
        }
        None => None,
    };
    if let Some(f) = &args.output {
        if let Err(e) = std::fs::write(f, &solution) {
            eprintln!("error: cannot write {}: {e}", f.display());
            return INVALID;
        }
    }
    if let Some(path) = &args.llm.summary {
        let scoring = summary::Scoring {
            reports: reports.as_deref(),
            errata: args.errata,
            gold: args.gold.as_deref(),
        };
        let seconds = started.elapsed().as_secs_f64();
        let s = match &agent {
            Agent::Llm(llm) => summary::summary(&args.llm, llm, &runs, &scoring, seconds),
            Agent::Baseline => {
                summary::baseline(args.llm.label.as_deref(), &outcomes, &scoring, seconds)
            }
        };
        let text = serde_json::to_string_pretty(&s).unwrap_or_default();
        if let Err(e) = std::fs::write(path, text + "\n") {
            eprintln!("error: cannot write {}: {e}", path.display());
            return INVALID;
        }
    }
    if args.show {
        return show_page(&args, &outcomes, reports);
    }
    match args.format {
        Format::Json => println!("{}", to_json(&outcomes, reports.as_deref())),
        Format::Text => {
            if args.output.is_none() {
                print!("{solution}");
            }
            if let Some(reports) = &reports {
                print!("{}", sous_eval::text::table(reports, MetricSet::ALL));
            }
        }
    }
    code
}

/// The recipes of `paths` that can be read (the others reported), and
/// the exit code so far.
fn read_recipes(paths: &[PathBuf]) -> (Vec<RecipeText>, u8) {
    let mut code = OK;
    let mut recipes = Vec::new();
    for path in paths {
        match read_recipe(path) {
            Ok(r) => recipes.push(r),
            Err(e) => {
                eprintln!("error: {}: {e}", path.display());
                code = code.max(INVALID);
            }
        }
    }
    (recipes, code)
}

/// Reports each recipe's trace, problems or error on stderr, raising
/// `code`; the outcomes that have a network.
fn report_outcomes(
    args: &UnderstandArgs,
    recipes: &[RecipeText],
    results: Vec<Result<Outcome, String>>,
    code: &mut u8,
) -> Vec<Outcome> {
    let mut outcomes = Vec::new();
    for (recipe, result) in recipes.iter().zip(results) {
        match result {
            Ok(o) => {
                if args.trace {
                    eprintln!("{}:", o.id);
                    for t in &o.trace {
                        eprintln!("  {t}");
                    }
                }
                if o.failed {
                    *code = (*code).max(FAILED);
                    if !args.trace {
                        for line in problems(&o.trace) {
                            eprintln!("{}: {line}", o.id);
                        }
                    }
                }
                outcomes.push(o);
            }
            Err(e) => {
                eprintln!("error: {}: {e}", recipe.id);
                *code = (*code).max(FAILED);
            }
        }
    }
    outcomes
}

/// Serves the page with every understood network preloaded, until Ctrl-C.
fn show_page(
    args: &UnderstandArgs,
    outcomes: &[Outcome],
    reports: Option<Vec<RecipeReport>>,
) -> u8 {
    let mut reports = reports.unwrap_or_default();
    let preloaded = outcomes
        .iter()
        .map(|o| {
            let report = reports
                .iter()
                .position(|r| r.recipe_id == o.id.to_lowercase())
                .map(|k| reports.remove(k));
            sous_server::Preloaded {
                recipe_id: o.id.clone(),
                network: o.network.clone(),
                report,
            }
        })
        .collect();
    let config = sous_server::Config {
        bind: args.bind,
        port: args.port,
        benchmark: benchmark_dir().ok(),
        limits: sous_server::Limits::default(),
        preloaded,
        access: Default::default(),
        timeouts: Default::default(),
        physics: Default::default(),
    };
    crate::serve::serve(config, |addr| {
        eprintln!("sous shows the understood recipes at http://{addr}/ (Ctrl-C to stop)");
    })
}

/// Reads one recipe file.
fn read_recipe(path: &Path) -> Result<RecipeText, String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    sous_agent::parse_recipe(&text).map_err(|e| e.to_string())
}

/// Scores the networks of `solution` with all four metrics, as `sous
/// evaluate` does; the reports and the exit code the evaluation calls for.
fn evaluate(solution: &str, gold: &sous_eval::GoldStandard) -> (Vec<RecipeReport>, u8) {
    let loaded = sous_eval::source::load_text("understood".into(), solution.as_bytes().to_vec());
    let options = Options {
        metrics: MetricSet::ALL,
        exact_smatch: false,
        smatch_runs: 1,
        profile: sous_sim::Profile::Reference,
        explain: false,
        // Counted per kind in the run's summary.
        errors: true,
        backend: None,
    };
    let reports = crate::evaluate::evaluate_loaded(&loaded, gold, &options, None);
    let code = crate::evaluate::report_problems(&loaded, &reports);
    (reports, code)
}

/// One object per recipe: id, network, trace, and its scores when evaluated.
fn to_json(outcomes: &[Outcome], reports: Option<&[RecipeReport]>) -> String {
    let list: Vec<serde_json::Value> = outcomes
        .iter()
        .enumerate()
        .map(|(i, o)| {
            let mut v = json!({
                "id": o.id,
                "network": o.network,
                "trace": o.trace,
                "failed": o.failed,
            });
            if let Some(r) = reports.and_then(|r| r.get(i)) {
                v["scores"] = serde_json::to_value(r).unwrap_or_default();
            }
            v
        })
        .collect();
    serde_json::to_string_pretty(&list).unwrap_or_default()
}
