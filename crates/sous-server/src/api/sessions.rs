//! `/api/sessions`: build a network incrementally and look at the kitchen
//! after each step.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};

use super::network::read_network;
use crate::sessions::SessionError;
use crate::{ApiError, AppState};

#[derive(Deserialize, Default)]
pub struct NewSession {
    /// The benchmark recipe the session is for (needed to evaluate it).
    recipe: Option<String>,
    /// `qualitative` (the default) or `quantitative`.
    mode: Option<String>,
    /// `reference` (the default) or `corrected`.
    profile: Option<String>,
}

#[derive(Deserialize)]
pub struct NewActions {
    /// One or more predicates (MUHAI Cooking Language), one per line; they
    /// may use variables bound by earlier calls.
    actions: String,
}

fn session_error(e: SessionError) -> ApiError {
    match e {
        SessionError::Unknown => {
            ApiError::not_found("no such session (ended, or idle for too long)")
        }
        SessionError::TooMany(n) => ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!("too many live sessions (limit {n}); end some with DELETE"),
        ),
    }
}

pub async fn create(
    State(state): State<Arc<AppState>>,
    body: Result<Option<Json<NewSession>>, axum::extract::rejection::JsonRejection>,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    // No body (or no JSON content type): a session for no recipe.
    let req = body?.map(|Json(b)| b).unwrap_or_default();
    let mode = super::parse_mode(req.mode.as_deref())?;
    let profile = super::parse_profile(req.profile.as_deref())?;
    let recipe = req.recipe.map(|r| r.to_lowercase());
    if let Some(r) = &recipe {
        if state
            .benchmark
            .as_ref()
            .and_then(|b| b.gold.get(r))
            .is_none()
        {
            return Err(ApiError::not_found(format!("no benchmark recipe `{r}`")));
        }
    }
    let id = state
        .sessions
        .create(recipe.clone(), mode, profile, &state.limits.sessions)
        .map_err(session_error)?;
    Ok((
        StatusCode::CREATED,
        Json(json!({
            "id": id,
            "recipe": recipe,
            "mode": super::mode_name(mode),
            "profile": profile.name(),
        })),
    ))
}

/// Executes the session's whole network (deterministic, so earlier bindings
/// never change) and returns the report with the kitchen state reached.
fn run(
    network: &str,
    mode: sous_physics::Mode,
    profile: sous_sim::Profile,
    state: &AppState,
) -> Result<Value, ApiError> {
    if network.trim().is_empty() {
        return Ok(json!({ "network": "", "steps": [], "bindings": {} }));
    }
    let recipe = read_network(network, &state.limits)?;
    let options = sous_sim::Options {
        profile,
        ..sous_sim::Options::default()
    };
    let x = sous_physics::execute_in_mode_with(&recipe, mode, options);
    let mut report = sous_sim::execution_json_with(&x, true);
    report["network"] = Value::String(network.to_string());
    report["kitchen"] = x
        .final_kitchen()
        .map_or(Value::Null, |k| sous_kitchen::entity_json_compact(k));
    if mode == sous_physics::Mode::Quantitative {
        if let Some(last) = x.steps.len().checked_sub(1) {
            sous_physics::add_poses_after(&x, last, &mut report["kitchen"]);
        }
        report = sous_physics::physics_json(&x, report);
    }
    Ok(report)
}

pub async fn add_actions(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    body: Result<Json<NewActions>, axum::extract::rejection::JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let Json(req) = body?;
    let limits = state.limits.sessions;
    let (mut network, bound, mode, profile) = state
        .sessions
        .with(&id, &limits, |s| {
            (s.network.clone(), s.bound.clone(), s.mode, s.profile)
        })
        .map_err(session_error)?;
    for line in req.actions.lines().map(str::trim).filter(|l| !l.is_empty()) {
        network.push_str(line);
        network.push('\n');
    }
    let mut after = super::blocking({
        let (state, network) = (state.clone(), network.clone());
        move || run(&network, mode, profile, &state)
    })
    .await?;
    // The bindings this call added.
    let mut new = serde_json::Map::new();
    let mut now_bound = Vec::new();
    if let Some(all) = after["bindings"].as_object() {
        for (var, v) in all.iter().filter(|(_, v)| !v.is_null()) {
            if !bound.contains(var) {
                new.insert(var.clone(), v.clone());
            }
            now_bound.push(var.clone());
        }
    }
    state
        .sessions
        .with(&id, &limits, |s| {
            s.network = network;
            s.bound = now_bound;
        })
        .map_err(session_error)?;
    after["new_bindings"] = Value::Object(new);
    Ok(Json(after))
}

pub async fn show(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let (recipe, network, mode, profile) = state
        .sessions
        .with(&id, &state.limits.sessions, |s| {
            (s.recipe.clone(), s.network.clone(), s.mode, s.profile)
        })
        .map_err(session_error)?;
    let mut report = super::blocking({
        let state = state.clone();
        move || run(&network, mode, profile, &state)
    })
    .await?;
    report["id"] = Value::String(id);
    report["recipe"] = recipe.map_or(Value::Null, Value::String);
    report["mode"] = Value::String(super::mode_name(mode).into());
    report["profile"] = Value::String(profile.name().into());
    Ok(Json(report))
}

pub async fn evaluate(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
) -> Result<Json<sous_eval::RecipeReport>, ApiError> {
    let (recipe, network, mode, profile) = state
        .sessions
        .with(&id, &state.limits.sessions, |s| {
            (s.recipe.clone(), s.network.clone(), s.mode, s.profile)
        })
        .map_err(session_error)?;
    let Some(recipe) = recipe else {
        return Err(ApiError::bad_request(
            "this session is for no recipe: start it with {\"recipe\": \"<id>\"} to evaluate it",
        ));
    };
    super::evaluate::evaluate_text(
        state,
        recipe,
        network,
        sous_eval::MetricSet::ALL,
        true,
        mode,
        profile,
    )
    .await
}

pub async fn end(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
) -> Result<StatusCode, ApiError> {
    state
        .sessions
        .remove(&id, &state.limits.sessions)
        .map_err(session_error)?;
    Ok(StatusCode::NO_CONTENT)
}
