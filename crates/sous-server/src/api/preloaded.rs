//! `GET /api/preloaded`: the networks the page lists first: the recipes
//! `sous evaluate --show` evaluated (with their reports), or the examples
//! that ship with sous (without).

use std::sync::Arc;

use axum::extract::State;
use axum::Json;
use serde::Serialize;
use sous_eval::RecipeReport;

use crate::AppState;

/// One network, evaluated or not.
#[derive(Debug, Clone, Serialize)]
pub struct Preloaded {
    pub recipe_id: String,
    /// The network as the solution file gives it (header included).
    pub network: String,
    /// Its evaluation (`null` for an example that was not evaluated).
    pub report: Option<RecipeReport>,
}

pub async fn preloaded(State(state): State<Arc<AppState>>) -> Json<Vec<Preloaded>> {
    Json(state.preloaded.clone())
}
