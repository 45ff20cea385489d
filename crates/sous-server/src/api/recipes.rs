//! `GET /api/recipes` and `GET /api/recipes/{id}`: the benchmark's recipes.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::Json;
use serde::Serialize;
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

/// A recipe's gold network as its file writes it.
#[derive(Serialize)]
pub struct GoldText {
    recipe_id: String,
    /// The variable whose value is the gold dish.
    dish_variable: Option<String>,
    network: String,
}

/// The gold network of one recipe (case-insensitive id).
pub async fn gold(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
) -> Result<Json<GoldText>, ApiError> {
    let gold = state
        .benchmark()?
        .gold
        .get(&id)
        .ok_or_else(|| ApiError::not_found(format!("no gold network for recipe `{id}`")))?;
    let path = gold.path.clone();
    let network = super::blocking(move || {
        std::fs::read_to_string(&path).map_err(|e| {
            ApiError::new(
                axum::http::StatusCode::INTERNAL_SERVER_ERROR,
                format!("cannot read {}: {e}", path.display()),
            )
        })
    })
    .await?;
    Ok(Json(GoldText {
        recipe_id: gold.recipe_id.clone(),
        dish_variable: gold.dish_variable.clone(),
        network,
    }))
}
