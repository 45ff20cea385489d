//! The HTTP API of the kitchen simulator and the evaluator (`sous serve`).
//!
//! Every endpoint answers JSON; errors are `{"error", "line", "column"}`
//! with a proper status code. The server binds to loopback unless told
//! otherwise, and limits the size of what it accepts. The API is described by
//! an OpenAPI 3.1 document (`openapi.json` beside this crate's manifest),
//! served at `GET /api/openapi.json`; the tests check every route and every
//! response against it.

mod access;
mod api;
pub mod cache;
mod error;
mod page;
mod physics;
mod sessions;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use axum::extract::DefaultBodyLimit;
use axum::handler::Handler;
use axum::http::Method;
use axum::routing::{get, on, MethodFilter, MethodRouter};
use axum::Router;
use sous_eval::benchmark::Benchmark;

pub use access::Access;
pub use api::openapi::openapi_json;
pub use api::Preloaded;
pub use api::{cached_answer, execute_cached, execute_json, ExecuteRequest};
pub use cache::{CacheLimits, Caches};
pub use error::ApiError;
pub use physics::{PhysicsPermit, PhysicsPool, RETRY_AFTER_SECONDS};
pub use sessions::SessionLimits;

/// Limits on what a client may send.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Largest request body, in bytes.
    pub max_body_bytes: usize,
    /// Most predicates in one network.
    pub max_network_predicates: usize,
    pub sessions: SessionLimits,
    /// What `POST /api/execute` keeps between requests (see [`cache`]).
    pub cache: CacheLimits,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_body_bytes: 1 << 20,
            max_network_predicates: 5_000,
            sessions: SessionLimits::default(),
            cache: CacheLimits::default(),
        }
    }
}

/// How long and how many: what keeps slow or many clients from exhausting
/// the server.
#[derive(Debug, Clone, Copy)]
pub struct Timeouts {
    /// A client must send a request's headers within this time (after
    /// connecting, or after the previous answer on a kept-alive connection);
    /// else the connection is closed. Also ends idle connections.
    pub header_read: std::time::Duration,
    /// A request's answer must be ready within this time (else 408).
    pub request: std::time::Duration,
    /// Most connections open at once; more are closed at once.
    pub max_connections: usize,
}

impl Default for Timeouts {
    fn default() -> Self {
        Timeouts {
            header_read: std::time::Duration::from_secs(10),
            request: std::time::Duration::from_secs(120),
            max_connections: 512,
        }
    }
}

/// What the server knows: the benchmark (recipes and gold networks), if any,
/// and the recipes evaluated before it started (`sous evaluate --show`).
pub struct AppState {
    pub benchmark: Option<Benchmark>,
    /// Who may call the API.
    pub access: Access,
    pub timeouts: Timeouts,
    pub preloaded: Vec<Preloaded>,
    pub limits: Limits,
    pub sessions: sessions::Sessions,
    /// The last execution drawn by `/api/render`.
    pub last_render: api::LastExecution,
    /// Permits for physics (quantitative) work; see [`PhysicsPool`].
    pub physics: PhysicsPool,
    /// Parsed networks and answers of `POST /api/execute` (see [`cache`]).
    pub caches: Caches,
}

impl AppState {
    /// A server's state: the benchmark (if any), no preloaded recipes, no
    /// sessions yet.
    pub fn new(benchmark: Option<Benchmark>, limits: Limits) -> AppState {
        AppState {
            benchmark,
            access: Access::default(),
            timeouts: Timeouts::default(),
            preloaded: Vec::new(),
            limits,
            sessions: sessions::Sessions::default(),
            last_render: api::LastExecution::default(),
            physics: PhysicsPool::default(),
            caches: Caches::new(limits.cache),
        }
    }

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

/// One endpoint of the API: method, path and handler.
struct Endpoint {
    method: Method,
    path: &'static str,
    handler: MethodRouter<Arc<AppState>>,
}

fn endpoint<H, T>(method: Method, path: &'static str, handler: H) -> Endpoint
where
    H: Handler<T, Arc<AppState>>,
    T: 'static,
{
    let filter = MethodFilter::try_from(method.clone()).expect("a method axum can route");
    Endpoint {
        method,
        path,
        handler: on(filter, handler),
    }
}

/// Every endpoint under `/api/`: the one list [`router`] registers them
/// from, so that [`api_routes`] (and the OpenAPI document, which the tests
/// compare with it) cannot miss one. Add API routes here, nowhere else.
fn endpoints() -> Vec<Endpoint> {
    use api::sessions;
    vec![
        endpoint(Method::GET, "/api/openapi.json", api::openapi::openapi),
        endpoint(Method::GET, "/api/kitchen", api::kitchen),
        endpoint(Method::GET, "/api/primitives", api::primitives),
        endpoint(Method::GET, "/api/grammar", api::grammar),
        endpoint(Method::GET, "/api/recipes", api::recipes),
        endpoint(Method::GET, "/api/recipes/{id}", api::recipe),
        endpoint(Method::GET, "/api/recipes/{id}/gold", api::gold),
        endpoint(Method::GET, "/api/preloaded", api::preloaded),
        endpoint(Method::POST, "/api/execute", api::execute),
        endpoint(Method::POST, "/api/evaluate", api::evaluate),
        endpoint(Method::POST, "/api/render", api::render),
        endpoint(Method::POST, "/api/trace", api::trace),
        endpoint(Method::POST, "/api/sessions", sessions::create),
        endpoint(Method::GET, "/api/sessions/{id}", sessions::show),
        endpoint(Method::DELETE, "/api/sessions/{id}", sessions::end),
        endpoint(
            Method::POST,
            "/api/sessions/{id}/actions",
            sessions::add_actions,
        ),
        endpoint(
            Method::POST,
            "/api/sessions/{id}/evaluate",
            sessions::evaluate,
        ),
    ]
}

/// The method and path of every API endpoint, as [`router`] registers them.
/// Paths use axum's syntax for parameters (`{id}`), which is also OpenAPI's.
pub fn api_routes() -> Vec<(Method, &'static str)> {
    endpoints()
        .into_iter()
        .map(|e| (e.method, e.path))
        .collect()
}

/// The API's routes ([`api_routes`]) and the page's (`/`, `/assets/{name}`).
pub fn router(state: Arc<AppState>) -> Router {
    let limit = state.limits.max_body_bytes;
    // A document that does not parse fails here, at start, not on a request.
    api::openapi::openapi_json();
    let mut router = Router::new();
    for e in endpoints() {
        // Two methods on one path merge into one route.
        router = router.route(e.path, e.handler);
    }
    let cors = access::cors(&state.access.cors_origins);
    let request_timeout = state.timeouts.request;
    let router = router
        .route("/", get(page::index))
        .route("/assets/{name}", get(page::asset))
        .fallback(api::not_found)
        .method_not_allowed_fallback(api::method_not_allowed)
        .layer(DefaultBodyLimit::max(limit))
        .layer(tower_http::timeout::TimeoutLayer::with_status_code(
            axum::http::StatusCode::REQUEST_TIMEOUT,
            request_timeout,
        ))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            access::require_token,
        ))
        .with_state(state);
    match cors {
        Some(layer) => router.layer(layer),
        None => router,
    }
}

/// Where to listen and what to load.
#[derive(Debug, Clone)]
pub struct Config {
    pub bind: std::net::IpAddr,
    pub port: u16,
    pub benchmark: Option<PathBuf>,
    pub limits: Limits,
    /// Evaluated recipes the page lists first.
    pub preloaded: Vec<Preloaded>,
    /// Who may call the API.
    pub access: Access,
    /// Slow and many clients.
    pub timeouts: Timeouts,
    /// How many physics executions at once, and how long a request waits
    /// for one before it is answered 503.
    pub physics: PhysicsPool,
}

/// The runtime to [`serve`] on: tokio's multi-threaded one, with a blocking
/// pool of one thread per core. Qualitative simulations, evaluations and the
/// writing of their answers run on that pool (never on the reactor; physics
/// runs on threads of its own, at most [`PhysicsPool::workers`]), and all of it is
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
        preloaded: config.preloaded,
        access: config.access,
        timeouts: config.timeouts,
        physics: config.physics,
        ..AppState::new(benchmark, config.limits)
    });
    let timeouts = state.timeouts;
    let listener = tokio::net::TcpListener::bind((config.bind, config.port)).await?;
    on_listening(listener.local_addr()?);
    serve_connections(listener, router(state), timeouts).await
}

/// Accepts connections and serves each with a header-read timeout, at most
/// `max_connections` at once (a connection over the limit is closed at
/// once, so slow clients cannot hold every slot and starve the others).
async fn serve_connections(
    listener: tokio::net::TcpListener,
    router: Router,
    timeouts: Timeouts,
) -> std::io::Result<()> {
    use hyper_util::rt::{TokioIo, TokioTimer};
    use hyper_util::service::TowerToHyperService;
    let slots = Arc::new(tokio::sync::Semaphore::new(timeouts.max_connections));
    loop {
        let (stream, _) = match listener.accept().await {
            Ok(s) => s,
            // Out of file descriptors and the like: wait and go on.
            Err(_) => {
                tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                continue;
            }
        };
        let Ok(slot) = slots.clone().try_acquire_owned() else {
            drop(stream);
            continue;
        };
        let service = TowerToHyperService::new(router.clone());
        tokio::spawn(async move {
            let _ = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(timeouts.header_read)
                .keep_alive(true)
                .serve_connection(TokioIo::new(stream), service)
                .with_upgrades()
                .await;
            drop(slot);
        });
    }
}
