//! `GET /api/recipes` and `GET /api/recipes/{id}`: the benchmark's recipes.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::Json;
use sous_eval::benchmark::RecipeText;

use crate::{ApiError, AppState};

fn benchmark(state: &AppState) -> Result<&sous_eval::benchmark::Benchmark, ApiError> {
    state.benchmark.as_ref().ok_or_else(|| {
        ApiError::new(
            axum::http::StatusCode::SERVICE_UNAVAILABLE,
            "no benchmark loaded: start the server with --benchmark DIR (or SOUS_BENCHMARK_DIR)",
        )
    })
}

/// Every recipe: id, title, ingredients, instructions.
pub async fn recipes(
    State(state): State<Arc<AppState>>,
) -> Result<Json<Vec<RecipeText>>, ApiError> {
    Ok(Json(benchmark(&state)?.recipes.values().cloned().collect()))
}

/// One recipe by id (case-insensitive).
pub async fn recipe(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
) -> Result<Json<RecipeText>, ApiError> {
    benchmark(&state)?
        .recipe(&id)
        .cloned()
        .map(Json)
        .ok_or_else(|| ApiError::not_found(format!("no recipe `{id}`")))
}
