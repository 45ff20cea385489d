//! The endpoints, one module per resource.

mod evaluate;
mod execute;
mod kitchen;
mod network;
pub mod openapi;
mod preloaded;
mod recipes;
mod render;
pub mod sessions;
mod trace;

pub use evaluate::evaluate;
pub use execute::{execute, execute_json, ExecuteRequest};
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
    mode: sous_physics::Mode,
    f: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    match mode {
        sous_physics::Mode::Quantitative => state.physics.run(f).await,
        sous_physics::Mode::Qualitative => blocking(f).await,
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

/// The execution modes the server offers, by name.
pub const MODES: &[&str] = &["qualitative", "quantitative"];

/// A request's `mode`: `qualitative` (the default) or `quantitative` (the
/// physics kitchen as well).
pub fn parse_mode(name: Option<&str>) -> Result<sous_physics::Mode, ApiError> {
    match name.unwrap_or("qualitative") {
        "qualitative" => Ok(sous_physics::Mode::Qualitative),
        "quantitative" => Ok(sous_physics::Mode::Quantitative),
        other => Err(ApiError::bad_request(format!(
            "unknown mode `{other}`; supported: {}",
            MODES.join(", ")
        ))),
    }
}

/// `reference` (the default) or `corrected`: the kitchen a request runs in.
pub fn parse_profile(name: Option<&str>) -> Result<sous_sim::Profile, ApiError> {
    match name.unwrap_or("reference") {
        "reference" => Ok(sous_sim::Profile::Reference),
        "corrected" => Ok(sous_sim::Profile::Corrected),
        other => Err(ApiError::bad_request(format!(
            "unknown profile `{other}`; supported: reference, corrected"
        ))),
    }
}

/// The name of a mode, as requests spell it.
pub fn mode_name(mode: sous_physics::Mode) -> &'static str {
    match mode {
        sous_physics::Mode::Qualitative => "qualitative",
        sous_physics::Mode::Quantitative => "quantitative",
    }
}

/// The evaluator's simulator for a mode (`None`: the qualitative one).
pub fn simulator(mode: sous_physics::Mode) -> Option<sous_eval::Simulator> {
    (mode == sous_physics::Mode::Quantitative)
        .then_some(sous_eval::Simulator(&sous_physics::QUANTITATIVE))
}
