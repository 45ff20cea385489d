//! `GET /api/kitchen` and `GET /api/primitives`.

use axum::Json;
use serde_json::Value;
use sous_kitchen::{entity_json, full_kitchen};
use sous_sim::primitive_reference;

/// The initial kitchen state every execution starts from.
pub async fn kitchen() -> Json<Value> {
    let (ks, _) = full_kitchen();
    Json(entity_json(ks.root()))
}

/// Every primitive: its arguments with their type and role (an optional one
/// with its default, from sous-sim's `data/defaults.toml`), and the cases
/// (which arguments must be bound for it to run); made by
/// `sous_sim::primitive_reference`, which the LLM prompts use too.
pub async fn primitives() -> Json<Value> {
    Json(serde_json::to_value(primitive_reference()).unwrap_or_default())
}
