//! `sous understand`: recipe texts (the benchmark's XML) to a `.solution`
//! file, with the baseline agent or a language model
//! (`--agent llm`), optionally scored at once against the gold networks.

use std::path::{Path, PathBuf};

use std::time::Duration;

use clap::{Args, ValueEnum};
use serde_json::json;
use sous_agent::llm::{Client, LlmAgent, LlmConfig, Transcript};
use sous_agent::RecipeText;
use sous_eval::{MetricSet, Options, RecipeReport};

use crate::run::{FAILED, INVALID, OK};
use crate::Format;

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

/// The flags of `--agent llm`.
#[derive(Args, Debug)]
pub struct LlmArgs {
    /// The OpenAI-compatible endpoint (`http://127.0.0.1:8080/v1`, or a URL
    /// ending in `/chat/completions`). Nothing is sent anywhere without it.
    #[arg(long, value_name = "URL")]
    llm_url: Option<String>,
    /// The model name sent with each request.
    #[arg(long, value_name = "NAME")]
    model: Option<String>,
    /// The environment variable holding the API key, sent as a Bearer token
    /// (default: OPENAI_API_KEY when it is set).
    #[arg(long, value_name = "VAR")]
    api_key_env: Option<String>,
    /// Repair rounds: how often the checks' findings go back to the model.
    #[arg(long, value_name = "N", default_value_t = 2)]
    max_repairs: usize,
    /// One instruction at a time, the kitchen shown to the model before each.
    #[arg(long)]
    incremental: bool,
    /// Append every exchange (request, answer, timing) to this JSONL file.
    #[arg(long, value_name = "FILE.jsonl")]
    transcript: Option<PathBuf>,
    /// Seconds one request may take.
    #[arg(long, value_name = "SECS", default_value_t = 120)]
    timeout: u64,
    /// Gold networks to show as examples (never the recipe's own family).
    /// Default: `$SOUS_BENCHMARK_DIR/data/gold-standard-solutions/meaning-only`.
    #[arg(long, value_name = "DIR")]
    examples: Option<PathBuf>,
    /// How many examples.
    #[arg(long, value_name = "N", default_value_t = 2)]
    example_count: usize,
}

/// Who understands the recipes.
enum Agent {
    Baseline,
    Llm(Box<(LlmAgent, Transcript)>),
}

impl Agent {
    /// The agent the flags ask for; an error for an LLM without endpoint or
    /// model, LLM flags without `--agent llm`, or an unset API key variable.
    fn new(args: &UnderstandArgs) -> Result<Agent, String> {
        let llm = &args.llm;
        if args.agent == AgentKind::Baseline {
            if llm.llm_url.is_some() || llm.model.is_some() || llm.transcript.is_some() {
                return Err("--llm-url, --model and --transcript need --agent llm".into());
            }
            return Ok(Agent::Baseline);
        }
        let url = llm.llm_url.as_deref().ok_or(
            "--agent llm needs --llm-url URL: an OpenAI-compatible endpoint (llama.cpp server, Ollama, vLLM, OpenAI…)",
        )?;
        let model = llm
            .model
            .as_deref()
            .ok_or("--agent llm needs --model NAME")?;
        let api_key = match &llm.api_key_env {
            Some(var) => Some(std::env::var(var).map_err(|_| {
                format!("--api-key-env {var}: the environment variable {var} is not set")
            })?),
            None => std::env::var("OPENAI_API_KEY").ok(),
        };
        let examples_dir = llm.examples.clone().or_else(|| {
            let dir = sous_eval::gold::gold_dir_of_benchmark(&benchmark_dir().ok()?);
            dir.is_dir().then_some(dir)
        });
        if examples_dir.is_none() {
            eprintln!(
                "warning: no example networks (set SOUS_BENCHMARK_DIR or pass --examples DIR)"
            );
        }
        let transcript = match &llm.transcript {
            Some(path) => Transcript::open(path).map_err(|e| e.to_string())?,
            None => Transcript::none(),
        };
        let client = Client::new(url, model, api_key, Duration::from_secs(llm.timeout));
        let config = LlmConfig {
            max_repairs: llm.max_repairs,
            incremental: llm.incremental,
            examples_dir,
            examples: llm.example_count,
        };
        Ok(Agent::Llm(Box::new((
            LlmAgent::new(client, config),
            transcript,
        ))))
    }

    fn understand(&mut self, recipe: &RecipeText) -> Result<Outcome, String> {
        let (understood, failed) = match self {
            Agent::Baseline => {
                let u = sous_agent::understand(recipe);
                let failed = u
                    .trace
                    .iter()
                    .any(|t| t.contains("not understood") || t.contains("fails"));
                (u, failed)
            }
            Agent::Llm(llm) => {
                let (agent, transcript) = &mut **llm;
                let out = agent
                    .understand(recipe, transcript)
                    .map_err(|e| e.to_string())?;
                let failed = !out.problems.is_empty();
                (out.understood, failed)
            }
        };
        Ok(Outcome {
            network: understood.solution(),
            id: understood.id,
            trace: understood.trace,
            failed,
        })
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
    let mut code = OK;
    let mut outcomes = Vec::new();
    let mut agent = match Agent::new(&args) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("error: {e}");
            return INVALID;
        }
    };
    for path in paths {
        let recipe = match read_recipe(&path) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("error: {}: {e}", path.display());
                code = code.max(INVALID);
                continue;
            }
        };
        match agent.understand(&recipe) {
            Ok(o) => {
                if args.trace {
                    eprintln!("{}:", o.id);
                    for t in &o.trace {
                        eprintln!("  {t}");
                    }
                }
                if o.failed {
                    code = code.max(FAILED);
                    if !args.trace {
                        for line in problems(&o.trace) {
                            eprintln!("{}: {line}", o.id);
                        }
                    }
                }
                outcomes.push(o);
            }
            Err(e) => {
                eprintln!("error: {}: {}: {e}", path.display(), recipe.id);
                code = code.max(FAILED);
            }
        }
    }
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
