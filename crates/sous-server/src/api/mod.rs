//! The endpoints, one module per resource.

mod evaluate;
mod execute;
mod kitchen;
mod network;
pub mod openapi;
mod preloaded;
mod recipes;
pub mod sessions;

pub use evaluate::evaluate;
pub use execute::{execute, execute_json, ExecuteRequest};
pub use kitchen::{kitchen, primitives};
pub use preloaded::{preloaded, Preloaded};
pub use recipes::{gold, recipe, recipes};

use crate::ApiError;

/// Runs `f` on tokio's blocking pool: simulations never hold up the reactor.
async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(f)
        .await
        .map_err(|e| ApiError::new(axum::http::StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?
}

pub async fn method_not_allowed(method: axum::http::Method, uri: axum::http::Uri) -> ApiError {
    ApiError::new(
        axum::http::StatusCode::METHOD_NOT_ALLOWED,
        format!("{method} is not allowed on {uri}; see /api/openapi.json"),
    )
}

pub async fn not_found(uri: axum::http::Uri) -> ApiError {
    ApiError::not_found(format!("no endpoint {uri}; see /api/openapi.json"))
}
