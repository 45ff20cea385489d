//! `POST /api/trace`: one row per step of an executed network (the
//! comestibles in and out, tools, place) and each ingredient's timeline,
//! as `sous trace --format json` writes it.

use std::sync::Arc;

use axum::extract::State;
use axum::Json;
use serde::Deserialize;
use serde_json::Value;

use super::network::read_network;
use crate::{ApiError, AppState};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TraceRequest {
    network: String,
}

pub async fn trace(
    State(state): State<Arc<AppState>>,
    body: Result<Json<TraceRequest>, axum::extract::rejection::JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let Json(req) = body?;
    let recipe = read_network(&req.network, &state.limits)?;
    let trace = super::blocking(move || {
        // The benchmark's annotation cuts the network into the recipe's
        // sentences; without a benchmark, one step per action.
        let annotation = state
            .benchmark
            .as_ref()
            .and_then(|b| sous_probe::Annotation::of_benchmark(&b.dir, &recipe.id));
        let cooked = sous_probe::Cooked::new(&recipe, annotation.as_ref());
        Ok(serde_json::to_value(sous_probe::Trace::new(&cooked)).unwrap_or(Value::Null))
    })
    .await?;
    Ok(Json(trace))
}
