//! The endpoints, one module per resource.

mod evaluate;
mod execute;
mod kitchen;
mod network;
mod recipes;
pub mod sessions;

pub use evaluate::evaluate;
pub use execute::execute;
pub use kitchen::{kitchen, primitives};
pub use recipes::{recipe, recipes};

use crate::ApiError;

pub async fn not_found(uri: axum::http::Uri) -> ApiError {
    ApiError::not_found(format!("no endpoint {uri}; see /api/kitchen, /api/primitives, /api/recipes, /api/execute, /api/evaluate, /api/sessions"))
}
