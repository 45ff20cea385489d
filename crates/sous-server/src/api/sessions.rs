//! `/api/sessions`: build a network incrementally and look at the kitchen
//! after each step.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};

use super::network::read_network;
use crate::sessions::{Session, SessionError};
use crate::{ApiError, AppState};
use sous_eval::session::SessionError as SessionEvalError;

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct NewSession {
    /// The benchmark recipe the session is for (needed to evaluate it).
    recipe: Option<String>,
    /// `qualitative` (the default) or `quantitative`.
    mode: Option<String>,
    /// `reference` (the default) or `corrected`.
    profile: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
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
            "mode": mode.name(),
            "profile": profile.name(),
        })),
    ))
}

/// The answer about a session's network: the execution report (compact
/// entities) with the network and the kitchen state reached.
fn report(network: &str, x: Option<&sous_sim::Execution>, mode: sous_sim::Mode) -> Value {
    let Some(x) = x else {
        return json!({ "network": "", "steps": [], "bindings": {} });
    };
    let mut report = sous_sim::execution_json_with(x, true);
    report["network"] = Value::String(network.to_string());
    report["kitchen"] = x
        .final_kitchen()
        .map_or(Value::Null, |k| sous_kitchen::entity_json_compact(k));
    if mode == sous_sim::Mode::Quantitative {
        if let Some(last) = x.steps.len().checked_sub(1) {
            sous_physics::add_poses_after(x, last, &mut report["kitchen"]);
        }
        report = sous_physics::physics_json(x, report);
    }
    report
}

fn live(state: &AppState, id: &str) -> Result<Session, ApiError> {
    state
        .sessions
        .with(id, &state.limits.sessions, |s| s.clone())
        .map_err(session_error)
}

pub async fn add_actions(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    body: Result<Json<NewActions>, axum::extract::rejection::JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let Json(req) = body?;
    let session = live(&state, &id)?;
    let (mut session, new, mut after) = super::run_in_mode(&state, session.mode, {
        let state = state.clone();
        move || {
            let mut session = session;
            let (x, new) = session
                .core
                .add(&req.actions, |n| read_network(n, &state.limits))?;
            let report = report(session.core.network(), x.as_ref(), session.mode);
            Ok((session, new, report))
        }
    })
    .await?;
    state
        .sessions
        .with(&id, &state.limits.sessions, |s| {
            std::mem::swap(&mut s.core, &mut session.core)
        })
        .map_err(session_error)?;
    // The bindings this call added.
    let added: serde_json::Map<String, Value> = new
        .into_iter()
        .map(|var| {
            let v = after["bindings"][&var].clone();
            (var, v)
        })
        .collect();
    after["new_bindings"] = Value::Object(added);
    Ok(Json(after))
}

pub async fn show(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let session = live(&state, &id)?;
    let mut answer = super::run_in_mode(&state, session.mode, {
        let session = session.clone();
        move || {
            let x = session.core.execution();
            Ok(report(session.core.network(), x.as_ref(), session.mode))
        }
    })
    .await?;
    answer["id"] = Value::String(id);
    answer["recipe"] = session
        .core
        .recipe()
        .map_or(Value::Null, |r| Value::String(r.into()));
    answer["mode"] = Value::String(session.mode.name().into());
    answer["profile"] = Value::String(session.core.profile().name().into());
    Ok(Json(answer))
}

pub async fn evaluate(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
) -> Result<Json<sous_eval::RecipeReport>, ApiError> {
    let session = live(&state, &id)?;
    if session.core.recipe().is_none() {
        return Err(no_recipe());
    }
    let mode = session.mode;
    let run = {
        let state = state.clone();
        move || {
            let benchmark = state.benchmark()?;
            session
                .core
                .evaluate(&benchmark.gold, sous_eval::MetricSet::ALL, true, |n| {
                    read_network(n, &state.limits)
                })
                .map_err(|e| match e {
                    SessionEvalError::NoRecipe => no_recipe(),
                    SessionEvalError::UnknownRecipe(r) => {
                        ApiError::not_found(format!("no gold network for recipe `{r}`"))
                    }
                    SessionEvalError::Network(e) => e,
                })
        }
    };
    let report = super::run_in_mode(&state, mode, run).await?;
    Ok(Json(report))
}

fn no_recipe() -> ApiError {
    ApiError::new(
        StatusCode::CONFLICT,
        "this session is for no recipe: start it with {\"recipe\": \"<id>\"} to evaluate it",
    )
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
