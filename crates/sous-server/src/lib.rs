//! The HTTP API of the kitchen simulator and the evaluator (`sous serve`).
//!
//! Every endpoint answers JSON; errors are `{"error", "line", "column"}`
//! with a proper status code. The server binds to loopback unless told
//! otherwise, and limits the size of what it accepts.

mod api;
mod error;
mod sessions;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use axum::Router;
use sous_eval::benchmark::Benchmark;

pub use api::{execute_json, ExecuteRequest};
pub use error::ApiError;
pub use sessions::SessionLimits;

/// Limits on what a client may send.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Largest request body, in bytes.
    pub max_body_bytes: usize,
    /// Most predicates in one network.
    pub max_network_predicates: usize,
    pub sessions: SessionLimits,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_body_bytes: 1 << 20,
            max_network_predicates: 5_000,
            sessions: SessionLimits::default(),
        }
    }
}

/// What the server knows: the benchmark (recipes and gold networks), if any.
pub struct AppState {
    pub benchmark: Option<Benchmark>,
    pub limits: Limits,
    pub sessions: sessions::Sessions,
}

impl AppState {
    /// The benchmark, or the error that says how to load one.
    pub fn benchmark(&self) -> Result<&Benchmark, ApiError> {
        self.benchmark.as_ref().ok_or_else(|| {
            ApiError::new(
                axum::http::StatusCode::SERVICE_UNAVAILABLE,
                "no benchmark loaded: start the server with --benchmark DIR (or SOUS_BENCHMARK_DIR)",
            )
        })
    }
}

/// The API's routes.
pub fn router(state: Arc<AppState>) -> Router {
    let limit = state.limits.max_body_bytes;
    Router::new()
        .route("/api/kitchen", get(api::kitchen))
        .route("/api/primitives", get(api::primitives))
        .route("/api/recipes", get(api::recipes))
        .route("/api/recipes/{id}", get(api::recipe))
        .route("/api/execute", post(api::execute))
        .route("/api/evaluate", post(api::evaluate))
        .route("/api/sessions", post(api::sessions::create))
        .route(
            "/api/sessions/{id}",
            get(api::sessions::show).delete(api::sessions::end),
        )
        .route(
            "/api/sessions/{id}/actions",
            post(api::sessions::add_actions),
        )
        .route("/api/sessions/{id}/evaluate", post(api::sessions::evaluate))
        .fallback(api::not_found)
        .layer(DefaultBodyLimit::max(limit))
        .with_state(state)
}

/// Where to listen and what to load.
#[derive(Debug, Clone)]
pub struct Config {
    pub bind: std::net::IpAddr,
    pub port: u16,
    pub benchmark: Option<PathBuf>,
    pub limits: Limits,
}

/// The runtime to [`serve`] on: tokio's multi-threaded one, with a blocking
/// pool of one thread per core. Simulations, evaluations and the writing of
/// their answers run on that pool (never on the reactor), and all of it is
/// CPU-bound: with tokio's default of up to 512 threads, a burst of requests
/// only time-slices the cores, and under load (16 connections on 2 cores)
/// p99 latency was 3–4 times what it is with one thread per core, for the
/// same throughput.
pub fn runtime() -> std::io::Result<tokio::runtime::Runtime> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .max_blocking_threads(cores)
        .build()
}

/// Loads the benchmark (if any), binds, and serves until the process ends.
/// `on_listening` gets the address actually bound (useful with port 0).
pub async fn serve(config: Config, on_listening: impl FnOnce(SocketAddr)) -> std::io::Result<()> {
    let benchmark =
        match &config.benchmark {
            Some(dir) => Some(Benchmark::load(dir).map_err(|e| {
                std::io::Error::new(std::io::ErrorKind::InvalidInput, e.to_string())
            })?),
            None => None,
        };
    let state = Arc::new(AppState {
        benchmark,
        limits: config.limits,
        sessions: sessions::Sessions::default(),
    });
    let listener = tokio::net::TcpListener::bind((config.bind, config.port)).await?;
    on_listening(listener.local_addr()?);
    axum::serve(listener, router(state)).await
}
