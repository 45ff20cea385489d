//! The work whose instructions `tools/instructions.py` counts under
//! callgrind: `sous-perf execute|evaluate|request|stream`.
//!
//! Each workload is prepared (files read, networks parsed, start-up tables
//! built) and run once to warm up, then run once more inside a function
//! named `measured_*`; callgrind counts only what that function does
//! (`--toggle-collect`), so start-up and file reading never move the count.
//! Instruction counts do not depend on the machine's load, which is what
//! makes them a regression check on shared machines where timings are noise.

use std::hint::black_box;
use std::process::ExitCode;

use sous_eval::{evaluate_recipe, GoldStandard, MetricSet, Options};

/// The allocator of the `sous` binary, so the counts are those of the
/// program users run.
#[global_allocator]
static ALLOCATOR: sous_alloc::Allocator = sous_alloc::Allocator;

fn main() -> ExitCode {
    let which = std::env::args().nth(1).unwrap_or_default();
    match which.as_str() {
        "execute" => execute(),
        "evaluate" => evaluate(),
        "request" => request(),
        "stream" => stream(),
        "scored" => scored(false),
        "errors" => scored(true),
        _ => {
            eprintln!("usage: sous-perf execute|evaluate|request|stream|scored|errors");
            return ExitCode::from(2);
        }
    }
    ExitCode::SUCCESS
}

/// The 30 current gold networks executed from the full kitchen.
fn execute() {
    let recipes: Vec<sous_lang::Recipe> = sous_testdata::gold_recipes()
        .into_iter()
        .map(|(r, _)| r)
        .collect();
    assert_eq!(recipes.len(), 30, "the 30 current gold networks");
    black_box(work_execute(&recipes));
    let actions = black_box(measured_execute(&recipes));
    println!("executed 30 networks, {actions} steps");
}

/// The counted run (the warm-up calls `work_execute` directly).
#[inline(never)]
fn measured_execute(recipes: &[sous_lang::Recipe]) -> usize {
    work_execute(recipes)
}

fn work_execute(recipes: &[sous_lang::Recipe]) -> usize {
    recipes
        .iter()
        .map(|r| sous_sim::execute(r).steps.len())
        .sum()
}

/// The 30 gold networks scored as predictions of their own recipes with all
/// four metrics, the gold standard loaded and executed afresh.
fn evaluate() {
    let dir = sous_testdata::gold_current_dir();
    let gold = GoldStandard::load(&dir).expect("the gold standard loads");
    let predictions = gold.as_predictions();
    assert_eq!(predictions.len(), 30, "the 30 current gold networks");
    let options = Options {
        metrics: MetricSet::ALL,
        ..Options::default()
    };
    black_box(work_evaluate(&dir, &predictions, &options));
    let scored = black_box(measured_evaluate(&dir, &predictions, &options));
    println!("scored {scored} networks");
}

/// The 30 gold networks scored as predictions of their own recipes with
/// the reference's three metrics, the gold standard loaded and executed
/// once, without (`scored`) or with (`errors`) the errors against the gold:
/// the two counts side by side are what finding the errors costs.
fn scored(errors: bool) {
    let dir = sous_testdata::gold_current_dir();
    let gold = GoldStandard::load(&dir).expect("the gold standard loads");
    let predictions = gold.as_predictions();
    assert_eq!(predictions.len(), 30, "the 30 current gold networks");
    // The warm-up executes the gold networks once, as a server would have.
    black_box(work_scored(&gold, &predictions, errors));
    let n = if errors {
        black_box(measured_errors(&gold, &predictions))
    } else {
        black_box(measured_scored(&gold, &predictions))
    };
    println!("scored {n} networks");
}

#[inline(never)]
fn measured_scored(gold: &GoldStandard, predictions: &[Prediction]) -> usize {
    work_scored(gold, predictions, false)
}

#[inline(never)]
fn measured_errors(gold: &GoldStandard, predictions: &[Prediction]) -> usize {
    work_scored(gold, predictions, true)
}

fn work_scored(gold: &GoldStandard, predictions: &[Prediction], errors: bool) -> usize {
    let options = Options {
        errors,
        ..Options::default()
    };
    predictions
        .iter()
        .map(|(r, d)| evaluate_recipe(r, d, gold, &options))
        .filter(|r| r.problem.is_none())
        .count()
}

type Prediction = (sous_lang::Recipe, Vec<sous_lang::Diagnostic>);

#[inline(never)]
fn measured_evaluate(
    dir: &std::path::Path,
    predictions: &[Prediction],
    options: &Options,
) -> usize {
    work_evaluate(dir, predictions, options)
}

fn work_evaluate(dir: &std::path::Path, predictions: &[Prediction], options: &Options) -> usize {
    let gold = GoldStandard::load(dir).expect("the gold standard loads");
    predictions
        .iter()
        .map(|(r, d)| evaluate_recipe(r, d, &gold, options))
        .filter(|r| r.problem.is_none())
        .count()
}

/// One `POST /api/execute` of the almond-crescent-cookies gold network,
/// without the HTTP around it: the body deserialised, the network parsed,
/// validated and executed, the compact answer written (lean since the
/// `api` merge: bindings one level deep).
fn request() {
    let network = std::fs::read_to_string(sous_testdata::gold_file(
        &sous_testdata::gold_current_dir(),
        "almond-crescent-cookies",
    ))
    .expect("the almond gold network is readable");
    let body = serde_json::json!({"network": network, "compact": true}).to_string();
    let limits = sous_server::Limits::default();
    black_box(work_request(&body, &limits));
    let bytes = black_box(measured_request(&body, &limits));
    println!("answer of {bytes} bytes");
}

#[inline(never)]
fn measured_request(body: &str, limits: &sous_server::Limits) -> usize {
    work_request(body, limits)
}

fn work_request(body: &str, limits: &sous_server::Limits) -> usize {
    let req: sous_server::ExecuteRequest = serde_json::from_str(body).expect("a valid request");
    sous_server::execute_json(&req, limits)
        .expect("the request succeeds")
        .len()
}

/// Predictions in the stream workload: ten rounds of the 30 gold networks.
const STREAMED: usize = 300;

/// 300 predictions streamed through `sous evaluate - --format jsonl` on one
/// thread: read a section at a time, scored with the default metrics
/// against a gold standard loaded beforehand, each report written as a JSON
/// line. The gold standard's loading is left out: a stream pays it once,
/// and what the streaming goal (predictions a second) measures is the cost
/// of one more prediction.
fn stream() {
    let dir = sous_testdata::gold_current_dir();
    let gold = GoldStandard::load(&dir).expect("the gold standard loads");
    let networks: Vec<String> = gold
        .networks()
        .map(|g| {
            let body = std::fs::read_to_string(&g.path).expect("a gold network is readable");
            let body = body.trim();
            if body.starts_with('#') {
                body.to_string()
            } else {
                format!("#{}\n{body}", g.recipe_id)
            }
        })
        .collect();
    assert_eq!(networks.len(), 30, "the 30 current gold networks");
    let input: String = networks
        .iter()
        .cycle()
        .take(STREAMED)
        .flat_map(|n| [n.as_str(), "\n\n"])
        .collect();
    // One worker, and it is this thread: callgrind counts only the thread
    // that enters `measured_stream`.
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .use_current_thread()
        .build()
        .expect("a one-thread pool");
    let options = Options::default();
    pool.install(|| {
        black_box(work_stream(&input, &gold, &options));
        let bytes = black_box(measured_stream(&input, &gold, &options));
        println!("streamed {STREAMED} predictions, {bytes} bytes of reports");
    });
}

#[inline(never)]
fn measured_stream(input: &str, gold: &GoldStandard, options: &Options) -> usize {
    work_stream(input, gold, options)
}

fn work_stream(input: &str, gold: &GoldStandard, options: &Options) -> usize {
    let mut bytes = 0;
    let mut emit = |r: sous_eval::RecipeReport| bytes += r.json_with_file("<stdin>").len() + 1;
    let n = sous_eval::batch::evaluate_reader(
        input.as_bytes(),
        "<stdin>",
        gold,
        options,
        sous_eval::batch::CHUNK,
        &mut emit,
    )
    .expect("an in-memory input reads");
    assert_eq!(n, STREAMED, "every streamed prediction is scored");
    bytes
}
