//! `--summary FILE`: one JSON object for a run of `--agent llm` (or of
//! the baseline agent, as a reference row: [`baseline`]): the
//! model, the endpoint and every setting, each recipe's result (its scores
//! with `--evaluate`, tokens, cost, seconds, problems, answers without
//! `usage`, answers cut at the token limit, and text answers and how many
//! of them parsed as predicates of the language), and the totals.
//! `tools/llm_table.py` makes the comparison table of such files (`--write`
//! puts it in docs/llm.md).
//!
//! Means are over every recipe given: a recipe without a network (the
//! endpoint failed) or without a score counts 0.

use std::path::Path;

use serde_json::{json, Value};
use sous_agent::llm::batch::RecipeRun;
use sous_agent::llm::{Prices, Tally};
use sous_eval::report::ProblemKind;
use sous_eval::RecipeReport;

use super::llm::{LlmArgs, LlmRun};

/// How the networks were scored.
pub struct Scoring<'a> {
    /// One report per network made, in the order of the recipes (`None`
    /// without `--evaluate`).
    pub reports: Option<&'a [RecipeReport]>,
    pub errata: bool,
    pub gold: Option<&'a Path>,
}

impl Scoring<'_> {
    /// The report of recipe `id`, if the run was scored.
    fn report(&self, id: &str) -> Option<&RecipeReport> {
        self.reports?
            .iter()
            .find(|r| r.recipe_id == id.to_lowercase())
    }

    /// The mean of score `metric` over `recipes` (summary entries, one
    /// without a score counting 0); `None` when the run was not scored.
    fn mean(&self, recipes: &[Value], metric: &str) -> Option<f64> {
        self.reports.map(|_| {
            recipes
                .iter()
                .map(|r| r["scores"][metric].as_f64().unwrap_or(0.0))
                .sum::<f64>()
                / recipes.len().max(1) as f64
        })
    }
}

/// The summary of a run that took `seconds`.
pub fn summary(
    args: &LlmArgs,
    run: &LlmRun,
    runs: &[RecipeRun],
    scoring: &Scoring,
    seconds: f64,
) -> Value {
    let recipes: Vec<Value> = runs
        .iter()
        .map(|r| recipe(r, scoring.report(&r.id), &run.prices))
        .collect();
    let tally: Tally = runs.iter().map(|r| r.tally).sum();
    let mut spent = run.previous.spent;
    spent += runs.iter().filter(|r| !r.resumed).map(|r| r.tally).sum();
    let count = |key: &str| recipes.iter().filter(|r| r[key] == true).count();
    let mean = |metric: &str| scoring.mean(&recipes, metric);
    let config = &run.agent.config;
    json!({
        "kind": "sous-llm-summary",
        "sous": env!("CARGO_PKG_VERSION"),
        "label": args.label,
        "model": run.agent.client.model,
        "url": run.url,
        "protocol": config.protocol.name(),
        "settings": {
            "temperature": run.agent.client.temperature,
            "seed": run.agent.client.seed,
            "incremental": config.incremental,
            "constrain": if run.agent.client.grammar_server().is_some() { "grammar" } else { "none" },
            "server_kind": run.agent.client.grammar_server().map(|k| k.name()),
            "context_tokens": run.agent.client.budget().map(|b| b.context),
            "answer_tokens": run.agent.client.budget().map(|b| b.answer),
            "token_counter": run.agent.client.budget().map(|b| b.counter.name()),
            "max_step_actions": config.max_step_actions,
            "max_repairs": config.max_repairs,
            "max_calls": config.max_calls,
            "max_repeated_failures": config.max_repeated_failures,
            "examples": config.examples_dir,
            "example_count": config.examples,
            "timeout": args.timeout,
            "jobs": run.jobs,
            "price_in": run.prices.input,
            "price_out": run.prices.output,
            "evaluate": scoring.reports.is_some(),
            "errata": scoring.errata,
            "gold": scoring.gold,
            "resume": args.resume,
        },
        "recipes": recipes,
        "totals": {
            "recipes": runs.len(),
            "finished": runs.iter().filter(|r| r.outcome.is_ok()).count(),
            "resumed": count("resumed"),
            "executed": count("executed"),
            "mean_dish": mean("dish"),
            "mean_goal": mean("goal"),
            "mean_smatch": mean("smatch"),
            "errors": error_totals(&recipes),
            "requests": tally.requests,
            "without_usage": tally.without_usage,
            "truncated": tally.truncated,
            "answers": tally.answers,
            "parsed": tally.parsed,
            "largest_prompt": tally.largest_prompt,
            "prompt_tokens": tally.prompt_tokens,
            "completion_tokens": tally.completion_tokens,
            "cost": run.prices.cost(&tally),
            "spent": {
                "requests": spent.requests,
                "prompt_tokens": spent.prompt_tokens,
                "completion_tokens": spent.completion_tokens,
                "cost": run.prices.cost(&spent),
            },
            // A resumed run's time includes the goes before it: the
            // seconds its resumed recipes took.
            "seconds": seconds + runs.iter().filter(|r| r.resumed).map(|r| r.seconds).sum::<f64>(),
        },
    })
}

/// One recipe's entry.
fn recipe(r: &RecipeRun, report: Option<&RecipeReport>, prices: &Prices) -> Value {
    let (problems, error) = match &r.outcome {
        Ok(out) => (out.problems.clone(), None),
        Err(e) => (Vec::new(), Some(e.to_string())),
    };
    let failed_in_scoring = report.is_some_and(failed_in_scoring);
    let executed = error.is_none() && problems.is_empty() && !failed_in_scoring;
    let mut v = json!({
        "id": r.id,
        "resumed": r.resumed,
        "executed": executed,
        "problems": shown(&problems),
        "problem_count": problems.len(),
        "requests": r.tally.requests,
        "without_usage": r.tally.without_usage,
        "truncated": r.tally.truncated,
        "answers": r.tally.answers,
        "parsed": r.tally.parsed,
        "largest_prompt": r.tally.largest_prompt,
        "prompt_tokens": r.tally.prompt_tokens,
        "completion_tokens": r.tally.completion_tokens,
        "cost": prices.cost(&r.tally),
        "seconds": r.seconds,
    });
    if let Some(e) = error {
        v["error"] = json!(e);
    }
    if let Some(rep) = report {
        v["scores"] = scores(rep);
    }
    v
}

/// How many of a recipe's problems a summary quotes, and how much of each:
/// the transcript has them all; a summary is committed, and a small
/// model's problems quote lines of hundreds of characters.
const SHOWN_PROBLEMS: usize = 5;
const PROBLEM_CHARS: usize = 300;

/// The first problems, each cut to [`PROBLEM_CHARS`] characters.
fn shown(problems: &[String]) -> Vec<String> {
    problems
        .iter()
        .take(SHOWN_PROBLEMS)
        .map(|p| match p.char_indices().nth(PROBLEM_CHARS) {
            Some((end, _)) => format!("{}…", &p[..end]),
            None => p.clone(),
        })
        .collect()
}

/// Whether scoring found the network failing: a failed action, or no
/// network it could run.
fn failed_in_scoring(rep: &RecipeReport) -> bool {
    !rep.failures.is_empty()
        || rep.problem.as_ref().is_some_and(|p| {
            matches!(
                p.kind,
                ProblemKind::Invalid | ProblemKind::NoSolution | ProblemKind::ReferenceCrash
            )
        })
}

/// A recipe's scores, as a summary gives them.
fn scores(rep: &RecipeReport) -> Value {
    json!({
        "dish": rep.dish_approximation_score,
        "goal": rep.goal_condition_success,
        "smatch": rep.smatch.as_ref().map(|s| s.f1),
        "time": rep.execution_time,
        "failed_actions": rep.failures.len(),
        "errors": rep.errors.as_deref().map(error_counts),
    })
}

/// How many root causes of each kind `errors` has (every kind, 0 too).
fn error_counts(errors: &[sous_eval::errors::PredictionError]) -> Value {
    let mut counts = serde_json::Map::new();
    for kind in sous_eval::errors::ErrorKind::ALL {
        let n = errors
            .iter()
            .filter(|e| e.primary && e.kind == kind)
            .count();
        counts.insert(kind.name().to_string(), json!(n));
    }
    Value::Object(counts)
}

/// The root causes of each kind summed over `recipes` (summary entries);
/// `None` when none was scored with errors.
fn error_totals(recipes: &[Value]) -> Option<Value> {
    let mut any = false;
    let mut totals = serde_json::Map::new();
    for kind in sous_eval::errors::ErrorKind::ALL {
        let n: u64 = recipes
            .iter()
            .filter_map(|r| r["scores"]["errors"][kind.name()].as_u64())
            .inspect(|_| any = true)
            .sum();
        totals.insert(kind.name().to_string(), json!(n));
    }
    any.then_some(Value::Object(totals))
}

/// The summary of a run of the baseline agent, in the same form as a
/// model's (no model, no requests, no tokens), so that the comparison
/// table has the baseline as a reference row: each recipe's scores and
/// whether its network executed (every line understood and run, no failed
/// action in scoring either), the means, and the seconds.
pub fn baseline(
    label: Option<&str>,
    outcomes: &[super::Outcome],
    scoring: &Scoring,
    seconds: f64,
) -> Value {
    let recipes: Vec<Value> = outcomes
        .iter()
        .map(|o| {
            let report = scoring.report(&o.id);
            let mut v = json!({
                "id": o.id,
                "executed": !o.failed && !report.is_some_and(failed_in_scoring),
                "requests": 0,
            });
            if let Some(rep) = report {
                v["scores"] = scores(rep);
            }
            v
        })
        .collect();
    let mean = |metric: &str| scoring.mean(&recipes, metric);
    json!({
        "kind": "sous-llm-summary",
        "sous": env!("CARGO_PKG_VERSION"),
        "label": label,
        "model": "none (the baseline agent: rules and lexicons)",
        "protocol": "baseline",
        "settings": {
            "evaluate": scoring.reports.is_some(),
            "errata": scoring.errata,
            "gold": scoring.gold,
        },
        "recipes": recipes,
        "totals": {
            "recipes": outcomes.len(),
            "finished": outcomes.len(),
            "executed": recipes.iter().filter(|r| r["executed"] == true).count(),
            "mean_dish": mean("dish"),
            "mean_goal": mean("goal"),
            "mean_smatch": mean("smatch"),
            "errors": error_totals(&recipes),
            "requests": 0,
            "without_usage": 0,
            "truncated": 0,
            "answers": 0,
            "parsed": 0,
            "largest_prompt": 0,
            "prompt_tokens": 0,
            "completion_tokens": 0,
            "cost": 0.0,
            "seconds": seconds,
        },
    })
}
