//! `GET /api/recipes` and `GET /api/recipes/{id}`: the benchmark's recipes.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::Json;
use sous_eval::benchmark::RecipeText;

use crate::{ApiError, AppState};

/// Every recipe: id, title, ingredients, instructions.
pub async fn recipes(
    State(state): State<Arc<AppState>>,
) -> Result<Json<Vec<RecipeText>>, ApiError> {
    Ok(Json(state.benchmark()?.recipes.values().cloned().collect()))
}

/// One recipe by id (case-insensitive).
pub async fn recipe(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
) -> Result<Json<RecipeText>, ApiError> {
    state
        .benchmark()?
        .recipe(&id)
        .cloned()
        .map(Json)
        .ok_or_else(|| ApiError::not_found(format!("no recipe `{id}`")))
}
