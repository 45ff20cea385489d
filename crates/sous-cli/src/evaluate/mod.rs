//! `sous evaluate`: the reference evaluator's command line, faster and with
//! explanations. `stream` scores many inputs in bounded memory; `output`
//! holds what both ways of scoring report with.

mod output;
mod stream;

pub use output::{exit_code, warn_failures, EvalFormat};

use std::io::IsTerminal;
use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use miette::Severity as MSeverity;
use sous_eval::report::RecipeReport;
use sous_eval::report::{Problem, ProblemKind};
use sous_eval::source::{load, Loaded};
use sous_eval::{csv, gold, text, GoldStandard, Metric, MetricSet, Options};
use sous_server::{Config, Limits, Preloaded};

use crate::run::{INVALID, OK};
use crate::{render, serve};

/// The reference's single-dash flags, rewritten to clap's long form.
const REFERENCE_FLAGS: [&str; 5] = ["-input", "-output", "-metrics", "-show-output", "-lib-dir"];

/// Rewrites `-input`, `-METRICS` … (compared case-insensitively, as the
/// reference does) to `--input`, `--metrics` ….
pub fn normalise_reference_flags(args: impl IntoIterator<Item = String>) -> Vec<String> {
    args.into_iter()
        .map(
            |a| match REFERENCE_FLAGS.iter().find(|f| f.eq_ignore_ascii_case(&a)) {
                Some(f) => format!("-{f}"),
                None => a,
            },
        )
        .collect()
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq, Debug)]
pub enum SmatchMode {
    /// The reference's hill climbing (deterministic).
    Heuristic,
    /// Also the exact optimum, reported next to the heuristic score.
    Exact,
}

#[derive(Args, Debug)]
#[command(args_override_self = true)]
pub struct EvaluateArgs {
    /// The `.solution` files with the predicted networks (or `-input FILE`):
    /// files, folders (their `*.solution` files, recursively) or `-` for
    /// standard input. Several inputs, a folder or `-` are read one recipe at
    /// a time, in bounded memory.
    #[arg(value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Same as FILE (the reference's `-input`).
    #[arg(long, value_name = "FILE")]
    input: Option<PathBuf>,
    /// Write the results CSV here (the reference's `-output`).
    #[arg(long, value_name = "FILE.csv")]
    output: Option<PathBuf>,
    /// Metrics: smatch-score goal-condition-success dish-approximation-score
    /// execution-time, or none. Default: all but smatch-score (as the reference).
    #[arg(long, num_args = 1.., value_delimiter = ',', value_name = "METRIC")]
    metrics: Vec<String>,
    /// The reference's `-show-output t`: after scoring, serve the web page
    /// with the evaluated recipes preloaded and print its address.
    #[arg(long = "show-output", value_name = "t|nil")]
    show_output: Option<String>,
    /// Same as `-show-output t`.
    #[arg(long)]
    show: bool,
    /// Port of the page `--show` serves (0: any free port).
    #[arg(long, default_value_t = 8000)]
    port: u16,
    /// Address the page `--show` serves on (loopback unless told otherwise).
    #[arg(long, default_value = "127.0.0.1")]
    bind: std::net::IpAddr,
    /// Accepted for compatibility and ignored: Smatch is built in.
    #[arg(long = "lib-dir", value_name = "DIR")]
    lib_dir: Option<PathBuf>,
    /// The benchmark folder (recipes and gold networks).
    #[arg(long, env = "SOUS_BENCHMARK_DIR", value_name = "DIR")]
    benchmark: Option<PathBuf>,
    /// Score against the gold networks (`<recipe-id>.solution`) of this folder instead.
    #[arg(long, value_name = "DIR")]
    gold: Option<PathBuf>,
    /// `jsonl`: one report per line as recipes finish, in input order
    /// (with the file it came from).
    #[arg(long, value_enum, default_value = "text")]
    format: EvalFormat,
    /// Explain each score: matched goals, the winning dish, ingredient by ingredient.
    #[arg(long)]
    explain: bool,
    /// List the prediction's errors against the gold network: missing and
    /// additional steps, wrong arguments (with the argument's role), steps
    /// in another order; each a root cause or caused by one. In JSON,
    /// each report's `errors`.
    #[arg(long)]
    errors: bool,
    /// `exact` also computes the optimal Smatch (and turns smatch-score on).
    #[arg(long, value_enum, default_value = "heuristic")]
    smatch: SmatchMode,
    /// Run Smatch's procedure with K seeds for its random restarts and report
    /// the mean, minimum and maximum (and turn smatch-score on). The CSV keeps
    /// run 1, the default seed, so it stays reproducible.
    #[arg(long, value_name = "K", default_value_t = 1)]
    smatch_runs: usize,
    /// `reference` (default) or `corrected`: the kitchen the prediction and
    /// the gold network both run in (see `sous run --help`).
    #[arg(long, value_parser = crate::named_parser::<sous_sim::Profile>(), default_value = "reference")]
    profile: sous_sim::Profile,
    /// Threads (default: all cores).
    #[arg(long, short = 'j')]
    jobs: Option<usize>,
    /// Rows in the reference's order (the reverse of the input), for byte-identical CSVs.
    #[arg(long)]
    reference_order: bool,
    /// Score against the gold networks corrected by the errata (defects a
    /// faithful reading does not share: `crates/sous-eval/data/errata.toml`).
    #[arg(long)]
    errata: bool,
    /// Which simulator carries out the predicted networks (the gold standard
    /// is always run in the qualitative kitchen, as the benchmark's is).
    #[arg(long, value_parser = crate::named_parser::<sous_sim::Mode>(), default_value = "qualitative")]
    mode: crate::Mode,
}

/// The root causes of each kind over `reports`.
fn totals(reports: &[RecipeReport]) -> Vec<usize> {
    let mut n = vec![0; sous_eval::errors::ErrorKind::ALL.len()];
    for e in reports.iter().filter_map(|r| r.errors.as_deref()) {
        for (t, c) in n.iter_mut().zip(sous_eval::errors::root_causes(e)) {
            *t += c;
        }
    }
    n
}

const NO_DATA: &str = "no gold networks: pass --benchmark DIR (a checkout of \
    https://github.com/muhai-project/recipe-execution-benchmark), set SOUS_BENCHMARK_DIR, \
    put it at ./recipe-execution-benchmark or ../shared/recipe-execution-benchmark, \
    or pass --gold DIR";

pub fn run(args: EvaluateArgs) -> u8 {
    let inputs: Vec<PathBuf> = args.input.iter().chain(&args.files).cloned().collect();
    if inputs.is_empty() {
        eprintln!("error: no input: `sous evaluate FILE.solution` (or `-input FILE`)");
        return INVALID;
    }
    let streaming = inputs.len() > 1
        || args.format == EvalFormat::Jsonl
        || inputs.iter().any(|p| p.as_os_str() == "-" || p.is_dir());
    let Some((metrics, has_none)) = parse_metrics(&args) else {
        return INVALID;
    };
    let show = args.show || args.show_output.as_deref().is_some_and(is_true);
    if has_none && !show {
        eprintln!("`none` in the metrics: nothing to evaluate");
        return OK;
    }
    let benchmark = crate::inputs::benchmark(args.benchmark.as_deref()).ok();
    let gold = match gold_standard_with(args.gold.as_deref(), benchmark.as_deref(), args.errata) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("error: {e}");
            return INVALID;
        }
    };
    let options = Options {
        metrics,
        exact_smatch: args.smatch == SmatchMode::Exact,
        smatch_runs: args.smatch_runs,
        profile: args.profile,
        explain: args.explain || show,
        errors: args.errors,
        backend: sous_physics::backend(args.mode).map(sous_eval::Simulator),
    };
    if streaming {
        if show {
            eprintln!("error: --show takes one file");
            return INVALID;
        }
        return stream::run(&inputs, &gold, &options, &args.stream_settings());
    }
    let loaded = load(&inputs[0]);
    if let Some(d) = &loaded.fatal {
        render::diagnostic(&loaded.name, &loaded.text, d);
        return INVALID;
    }
    for (_, diags) in &loaded.recipes {
        for d in diags {
            render::diagnostic(&loaded.name, &loaded.text, d);
        }
    }
    let mut reports = evaluate_loaded(&loaded, &gold, &options, args.jobs);
    if args.reference_order {
        reports.reverse();
    }

    let code = report_problems(&loaded, &reports);
    match args.format {
        EvalFormat::Json | EvalFormat::Jsonl => println!(
            "{}",
            serde_json::to_string_pretty(&reports).expect("reports serialise")
        ),
        EvalFormat::Text => {
            for r in &reports {
                print!("{}", text::scores(r, metrics));
                if args.explain {
                    let e = text::explanation(r);
                    if !e.is_empty() {
                        println!("{e}");
                    }
                }
                if let Some(errors) = &r.errors {
                    print!("{}", text::errors(errors));
                }
            }
            if args.errors && reports.len() > 1 {
                print!("\n{}", text::error_totals(&totals(&reports), reports.len()));
            }
        }
    }
    if let Some(out) = &args.output {
        if let Err(e) = write_csv(
            out,
            &csv::results_csv(&reports, metrics, options.exact_smatch),
        ) {
            eprintln!("error: cannot write {}: {e}", out.display());
            return INVALID;
        }
    }
    if show {
        let served = show_page(&args, &loaded, reports);
        return code.max(served);
    }
    code
}

/// The gold standard: the `<recipe-id>.solution` files of `gold`, else the
/// benchmark's gold networks (`sous understand --evaluate` shares this).
pub fn gold_standard(
    gold: Option<&Path>,
    benchmark: Option<&Path>,
) -> Result<GoldStandard, String> {
    let dir = match (gold, benchmark) {
        (Some(g), _) => g.to_path_buf(),
        (None, Some(b)) => gold::gold_dir_of_benchmark(b),
        (None, None) => return Err(NO_DATA.to_string()),
    };
    GoldStandard::load(&dir).map_err(|e| e.to_string())
}

/// The gold standard, corrected by the errata (`sous-eval/data/errata.toml`)
/// where `errata` is set.
pub fn gold_standard_with(
    gold: Option<&Path>,
    benchmark: Option<&Path>,
    errata: bool,
) -> Result<GoldStandard, String> {
    let g = gold_standard(gold, benchmark)?;
    if errata {
        g.with_errata().map_err(|e| e.to_string())
    } else {
        Ok(g)
    }
}

/// Scores every recipe of `loaded` on `jobs` threads (default: all cores),
/// with a progress bar on a terminal; reports in input order.
pub fn evaluate_loaded(
    loaded: &Loaded,
    gold: &GoldStandard,
    options: &Options,
    jobs: Option<usize>,
) -> Vec<RecipeReport> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.unwrap_or(0))
        .build();
    let bar = progress_bar(loaded.recipes.len());
    let evaluate =
        || sous_eval::batch::evaluate_all(&loaded.recipes, gold, options, &|| bar.inc(1));
    let reports = match pool {
        Ok(pool) => pool.install(evaluate),
        Err(_) => evaluate(),
    };
    bar.finish_and_clear();
    reports
}

/// Serves the page with every evaluated recipe preloaded, until Ctrl-C.
fn show_page(args: &EvaluateArgs, loaded: &Loaded, reports: Vec<RecipeReport>) -> u8 {
    let preloaded = reports
        .into_iter()
        .map(|report| {
            let index = loaded
                .recipes
                .iter()
                .position(|(r, _)| r.span.line == report.line);
            Preloaded {
                recipe_id: report.recipe_id.clone(),
                network: index.map_or("", |i| loaded.recipe_text(i)).to_string(),
                report: Some(report),
            }
        })
        .collect();
    let config = Config {
        bind: args.bind,
        port: args.port,
        benchmark: crate::inputs::benchmark(args.benchmark.as_deref()).ok(),
        limits: Limits::default(),
        preloaded,
        access: Default::default(),
        timeouts: Default::default(),
        physics: Default::default(),
    };
    serve::serve(config, |addr| {
        eprintln!("sous shows the evaluation at http://{addr}/ (Ctrl-C to stop)");
    })
}

impl EvaluateArgs {
    fn stream_settings(&self) -> stream::Settings {
        stream::Settings {
            format: self.format,
            explain: self.explain,
            output: self.output.clone(),
            jobs: self.jobs,
        }
    }
}

fn is_true(v: &str) -> bool {
    v.eq_ignore_ascii_case("t") || v.eq_ignore_ascii_case("true")
}

/// The metric set, and whether `none` was given. Unknown names are warned
/// about and ignored (the reference ignores them silently).
fn parse_metrics(args: &EvaluateArgs) -> Option<(MetricSet, bool)> {
    let mut set = MetricSet::NONE;
    let mut none = false;
    let mut unknown = Vec::new();
    for name in &args.metrics {
        if name.eq_ignore_ascii_case("none") {
            none = true;
        } else if let Some(m) = Metric::parse(name) {
            set = set.with(m);
        } else {
            unknown.push(name.as_str());
        }
    }
    if !unknown.is_empty() {
        let known: Vec<&str> = Metric::ALL.iter().map(|m| m.name()).collect();
        eprintln!(
            "warning: ignoring unknown metric(s) {} (known: {}, none)",
            unknown.join(", "),
            known.join(", ")
        );
        if set.is_empty() && !none {
            eprintln!("error: no known metric given");
            return None;
        }
    }
    if set.is_empty() && !none {
        set = MetricSet::default();
    }
    if args.smatch == SmatchMode::Exact || args.smatch_runs > 1 {
        set = set.with(Metric::SmatchScore);
    }
    Some((set, none))
}

fn progress_bar(n: usize) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(n as u64);
    if let Ok(style) =
        ProgressStyle::with_template("{bar:40} {pos}/{len} recipes evaluated ({elapsed})")
    {
        bar.set_style(style);
    }
    bar
}

/// Warns about failed actions and reports each recipe's problem on standard
/// error; the exit code they call for (1 no solution, 2 invalid).
pub fn report_problems(loaded: &Loaded, reports: &[RecipeReport]) -> u8 {
    let mut code = OK;
    for r in reports {
        warn_failures(&loaded.name, r);
        if let Some(p) = &r.problem {
            code = code.max(exit_code(p));
            if p.kind != ProblemKind::Invalid && p.kind != ProblemKind::Duplicate {
                report_problem(&loaded.name, &loaded.text, &r.recipe_id, p);
            }
        }
    }
    code
}

fn report_problem(name: &str, text: &str, recipe: &str, p: &Problem) {
    let message = format!("{recipe}: {}", p.message);
    let help = (!p.details.is_empty()).then(|| p.details.join("\n"));
    match p.span {
        Some(span) => render::report(
            name,
            text,
            kind_code(p.kind),
            &message,
            span,
            help.as_deref(),
            MSeverity::Error,
        ),
        None => {
            eprintln!("error: {name}: {message}");
            for d in &p.details {
                eprintln!("  {d}");
            }
        }
    }
}

fn kind_code(k: ProblemKind) -> &'static str {
    match k {
        ProblemKind::Invalid => "invalid",
        ProblemKind::UnknownRecipe => "unknown-recipe",
        ProblemKind::Duplicate => "duplicate-recipe",
        ProblemKind::NoSolution => "no-solution",
        ProblemKind::ReferenceCrash => "reference-crash",
        ProblemKind::BadGold => "bad-gold",
    }
}

fn write_csv(path: &Path, csv: &str) -> std::io::Result<()> {
    if path
        .extension()
        .is_none_or(|e| !e.eq_ignore_ascii_case("csv"))
    {
        eprintln!(
            "warning: {} does not end in .csv (written anyway)",
            path.display()
        );
    }
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    std::fs::write(path, csv)
}
