//! `POST /api/execute`: run a network in the qualitative kitchen.

use std::sync::Arc;

use axum::extract::State;
use axum::Json;
use serde::Deserialize;
use serde_json::Value;

use super::network::read_network;
use crate::{ApiError, AppState};

/// The execution modes the server offers.
const MODES: &[&str] = &["qualitative"];

#[derive(Deserialize)]
pub struct ExecuteRequest {
    #[serde(default = "qualitative")]
    mode: String,
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

fn qualitative() -> String {
    "qualitative".into()
}

/// Bindings (variable → entity), the execution order with start and end of
/// each action, failures with reasons, and the execution time.
pub async fn execute(
    State(state): State<Arc<AppState>>,
    body: Result<Json<ExecuteRequest>, axum::extract::rejection::JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let Json(req) = body?;
    if !MODES.contains(&req.mode.as_str()) {
        return Err(ApiError::bad_request(format!(
            "unknown mode `{}`; supported: {}",
            req.mode,
            MODES.join(", ")
        )));
    }
    let recipe = read_network(&req.network, &state.limits)?;
    let (compact, with_states) = (req.compact, req.kitchen_states);
    let json = super::blocking(move || {
        let x = sous_sim::execute(&recipe);
        let mut json = sous_sim::execution_json_with(&x, compact);
        json["graph"] = serde_json::to_value(sous_sim::action_graph(&x)).unwrap_or_default();
        if with_states {
            json["kitchen_states"] = (0..x.steps.len())
                .map(|i| {
                    x.kitchen_after(i)
                        .map_or(Value::Null, |k| sous_kitchen::entity_json_with(k, compact))
                })
                .collect();
        }
        Ok(json)
    })
    .await?;
    Ok(Json(json))
}
