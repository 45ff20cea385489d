//! `GET /api/preloaded`: the recipes `sous evaluate --show` evaluated, with
//! their networks and reports, for the page to show first.

use std::sync::Arc;

use axum::extract::State;
use axum::Json;
use serde::Serialize;
use sous_eval::RecipeReport;

use crate::AppState;

/// One evaluated recipe.
#[derive(Debug, Clone, Serialize)]
pub struct Preloaded {
    pub recipe_id: String,
    /// The network as the solution file gives it (header included).
    pub network: String,
    pub report: RecipeReport,
}

pub async fn preloaded(State(state): State<Arc<AppState>>) -> Json<Vec<Preloaded>> {
    Json(state.preloaded.clone())
}
