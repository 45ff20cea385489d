//! `POST /api/execute`: run a network in the qualitative kitchen, or also in
//! the physics kitchen (`"mode": "quantitative"`).

use std::sync::Arc;

use axum::extract::State;
use axum::http::header::CONTENT_TYPE;
use axum::response::IntoResponse;
use axum::Json;
use serde::{Deserialize, Serialize};
use sous_kitchen::EntityView;
use sous_sim::ExecutionView;

use super::network::read_network;
use crate::{ApiError, AppState, Limits};

/// The body of `POST /api/execute`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExecuteRequest {
    #[serde(default)]
    mode: Option<String>,
    /// `reference` (default) or `corrected` (the reference's bugs fixed).
    #[serde(default)]
    profile: Option<String>,
    network: String,
    /// Write runs of identical list items once (default true).
    #[serde(default = "yes")]
    compact: bool,
    /// Also return the kitchen state after every step (default false).
    #[serde(default)]
    kitchen_states: bool,
}

fn yes() -> bool {
    true
}

/// Bindings (variable → entity), the execution order with start and end of
/// each action, failures with reasons, and the execution time.
pub async fn execute(
    State(state): State<Arc<AppState>>,
    body: Result<Json<ExecuteRequest>, axum::extract::rejection::JsonRejection>,
) -> Result<impl IntoResponse, ApiError> {
    let Json(req) = body?;
    let mode = super::parse_mode(req.mode.as_deref())?;
    let run = {
        let state = state.clone();
        move || execute_json(&req, &state.limits)
    };
    let body = super::run_in_mode(&state, mode, run).await?;
    Ok(([(CONTENT_TYPE, "application/json")], body))
}

/// The whole answer to one request, serialised: the network parsed and
/// validated, executed, and written as JSON. Public so that the benchmark
/// (`cargo bench -p sous-server`) measures exactly what a request costs.
pub fn execute_json(req: &ExecuteRequest, limits: &Limits) -> Result<Vec<u8>, ApiError> {
    let mode = super::parse_mode(req.mode.as_deref())?;
    let recipe = read_network(&req.network, limits)?;
    let profile = super::parse_profile(req.profile.as_deref())?;
    let options = sous_sim::Options {
        profile,
        ..sous_sim::Options::default()
    };
    let x = sous_physics::execute_in_mode_with(&recipe, mode, options);
    let compact = req.compact;
    let kitchen_states = req.kitchen_states.then(|| {
        (0..x.steps.len())
            .map(|i| {
                x.kitchen_after(i)
                    .map(|k| EntityView { entity: k, compact })
            })
            .collect()
    });
    let answer = Answer {
        execution: ExecutionView {
            execution: &x,
            compact,
        },
        graph: sous_sim::action_graph(&x),
        kitchen_states,
    };
    let internal = |e: serde_json::Error| {
        ApiError::new(axum::http::StatusCode::INTERNAL_SERVER_ERROR, e.to_string())
    };
    if mode == sous_sim::Mode::Quantitative {
        // Poses and the physics summary are added to the JSON tree.
        let mut value = serde_json::to_value(&answer).map_err(internal)?;
        if let Some(states) = value
            .get_mut("kitchen_states")
            .and_then(|v| v.as_array_mut())
        {
            for (i, k) in states.iter_mut().enumerate() {
                sous_physics::add_poses_after(&x, i, k);
            }
        }
        let value = sous_physics::physics_json(&x, value);
        return serde_json::to_vec(&value).map_err(internal);
    }
    // The gold networks' answers are 90 to 250 KB: start big enough to grow
    // only a few times instead of from serde_json's 128 bytes.
    let mut body = Vec::with_capacity(64 << 10);
    serde_json::to_writer(&mut body, &answer).map_err(internal)?;
    Ok(body)
}

/// The answer, written straight from the execution into the response
/// buffer (no `serde_json::Value` in between).
#[derive(Serialize)]
struct Answer<'a> {
    #[serde(flatten)]
    execution: ExecutionView<'a>,
    graph: sous_sim::ActionGraph,
    #[serde(skip_serializing_if = "Option::is_none")]
    kitchen_states: Option<Vec<Option<EntityView<'a>>>>,
}
