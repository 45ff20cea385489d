//! `POST /api/evaluate`: score a network against a recipe's gold standard.

use std::sync::Arc;

use axum::extract::State;
use axum::Json;
use serde::Deserialize;

use super::network::read_network;
use crate::{ApiError, AppState};
use sous_eval::{Metric, MetricSet, Options, RecipeReport};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EvaluateRequest {
    recipe: String,
    network: String,
    /// Metric names; default: all four.
    #[serde(default)]
    metrics: Vec<String>,
    /// Include the explanation (default true).
    #[serde(default = "yes")]
    explain: bool,
    /// Include the prediction's errors against the gold (default true).
    #[serde(default = "yes")]
    errors: bool,
    /// `qualitative` (the default) or `quantitative`: which simulator runs
    /// the prediction (the gold network always runs qualitatively).
    #[serde(default)]
    mode: Option<String>,
    /// `reference` (default) or `corrected`: the kitchen both the prediction
    /// and the gold network run in.
    #[serde(default)]
    profile: Option<String>,
}

fn yes() -> bool {
    true
}

/// All four metrics (unless fewer are asked for) and their explanation.
pub async fn evaluate(
    State(state): State<Arc<AppState>>,
    body: Result<Json<EvaluateRequest>, axum::extract::rejection::JsonRejection>,
) -> Result<Json<RecipeReport>, ApiError> {
    let Json(req) = body?;
    let mode = super::parse_mode(req.mode.as_deref())?;
    let profile = super::parse_profile(req.profile.as_deref())?;
    let mut metrics = MetricSet::NONE;
    for name in &req.metrics {
        let m = Metric::parse(name).ok_or_else(|| {
            let known: Vec<&str> = Metric::ALL.iter().map(|m| m.name()).collect();
            ApiError::bad_request(format!(
                "unknown metric `{name}`; known: {}",
                known.join(", ")
            ))
        })?;
        metrics = metrics.with(m);
    }
    if metrics.is_empty() {
        metrics = MetricSet::ALL;
    }
    evaluate_text(
        state,
        req.recipe,
        req.network,
        metrics,
        (req.explain, req.errors),
        mode,
        profile,
    )
    .await
}

/// Scores `network` against the gold network of `recipe_id`.
pub(super) async fn evaluate_text(
    state: Arc<AppState>,
    recipe_id: String,
    network: String,
    metrics: MetricSet,
    (explain, errors): (bool, bool),
    mode: sous_sim::Mode,
    profile: sous_sim::Profile,
) -> Result<Json<RecipeReport>, ApiError> {
    let mut recipe = read_network(&network, &state.limits)?;
    recipe.id = recipe_id.to_lowercase();
    let options = Options {
        metrics,
        exact_smatch: false,
        smatch_runs: 1,
        profile,
        explain,
        errors,
        backend: super::simulator(mode),
    };
    let run = {
        let state = state.clone();
        move || {
            let benchmark = state.benchmark()?;
            if benchmark.gold.get(&recipe.id).is_none() {
                return Err(ApiError::not_found(format!(
                    "no gold network for recipe `{}`",
                    recipe.id
                )));
            }
            Ok(sous_eval::evaluate_recipe(
                &recipe,
                &[],
                &benchmark.gold,
                &options,
            ))
        }
    };
    let report = super::run_in_mode(&state, mode, run).await?;
    Ok(Json(report))
}
