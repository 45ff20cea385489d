//! The endpoints, one module per resource.

mod evaluate;
mod execute;
mod grammar;
mod kitchen;
mod network;
pub mod openapi;
mod preloaded;
mod recipes;
mod render;
pub mod sessions;
mod trace;

pub use evaluate::evaluate;
pub use execute::{cached_answer, execute, execute_cached, execute_json, ExecuteRequest};
pub use grammar::grammar;
pub use kitchen::{kitchen, primitives};
pub use preloaded::{preloaded, Preloaded};
pub use recipes::{gold, recipe, recipes};
pub use render::{render, LastExecution};
pub use trace::trace;

use crate::ApiError;

/// Runs `f` on tokio's blocking pool: simulations never hold up the reactor.
async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(f)
        .await
        .map_err(|e| ApiError::new(axum::http::StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?
}

/// Runs `f` where work of `mode` runs: quantitative work on the bounded
/// physics pool (503 with `Retry-After` when it is full, see
/// [`crate::PhysicsPool`]), qualitative work on tokio's blocking pool, never
/// refused.
async fn run_in_mode<T: Send + 'static>(
    state: &crate::AppState,
    mode: sous_sim::Mode,
    f: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    match mode {
        sous_sim::Mode::Quantitative => state.physics.run(f).await,
        sous_sim::Mode::Qualitative => blocking(f).await,
    }
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

/// A request's `mode`: `qualitative` (the default) or `quantitative` (the
/// physics kitchen as well).
pub fn parse_mode(name: Option<&str>) -> Result<sous_sim::Mode, ApiError> {
    name.map_or(Ok(sous_sim::Mode::default()), str::parse)
        .map_err(|e| ApiError::bad_request(e.to_string()))
}

/// `reference` (the default) or `corrected`: the kitchen a request runs in.
pub fn parse_profile(name: Option<&str>) -> Result<sous_sim::Profile, ApiError> {
    name.map_or(Ok(sous_sim::Profile::default()), str::parse)
        .map_err(|e| ApiError::bad_request(e.to_string()))
}

/// The evaluator's simulator for a mode (`None`: the qualitative one).
pub fn simulator(mode: sous_sim::Mode) -> Option<sous_eval::Simulator> {
    sous_physics::backend(mode).map(sous_eval::Simulator)
}
