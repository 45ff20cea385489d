//! The JSON bodies of the HTTP API, through the router without a socket:
//! the first byte picks the route, the rest is the body. No answer may be a
//! server error (5xx other than 503, "no benchmark loaded").
#![no_main]

use std::sync::{Arc, OnceLock};

use axum::body::Body;
use axum::http::{Request, StatusCode};
use libfuzzer_sys::fuzz_target;
use tower::ServiceExt;

struct Server {
    runtime: tokio::runtime::Runtime,
    router: axum::Router,
    session: String,
}

fn server() -> &'static Server {
    static SERVER: OnceLock<Server> = OnceLock::new();
    SERVER.get_or_init(|| {
        let benchmark = std::env::var_os("SOUS_BENCHMARK_DIR").map(|d| {
            sous_eval::benchmark::Benchmark::load(std::path::Path::new(&d)).expect("the benchmark loads")
        });
        let state = Arc::new(sous_server::AppState::new(benchmark, sous_server::Limits::default()));
        let router = sous_server::router(state);
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .max_blocking_threads(1)
            .enable_all()
            .build()
            .unwrap();
        // One session for the session calls, for a benchmark recipe.
        let create = Request::post("/api/sessions")
            .header("content-type", "application/json")
            .body(Body::from(r#"{"recipe": "almond-crescent-cookies"}"#))
            .unwrap();
        let answer = runtime.block_on(router.clone().oneshot(create)).unwrap();
        let bytes = runtime
            .block_on(axum::body::to_bytes(answer.into_body(), usize::MAX))
            .unwrap();
        let v: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
        let session = v["id"].as_str().unwrap_or("none").to_string();
        Server { runtime, router, session }
    })
}

fuzz_target!(|data: &[u8]| {
    let Some((&route, body)) = data.split_first() else { return };
    let s = server();
    let path = match route % 6 {
        0 => "/api/execute".to_string(),
        1 => "/api/evaluate".to_string(),
        2 => "/api/sessions".to_string(),
        3 => format!("/api/sessions/{}/actions", s.session),
        4 => format!("/api/sessions/{}/evaluate", s.session),
        _ => "/api/trace".to_string(),
    };
    let request = Request::post(path.as_str())
        .header("content-type", "application/json")
        .body(Body::from(body.to_vec()))
        .unwrap();
    let answer = s.runtime.block_on(s.router.clone().oneshot(request)).unwrap();
    let status = answer.status();
    assert!(
        !status.is_server_error() || status == StatusCode::SERVICE_UNAVAILABLE,
        "{path}: {status} for {:?}",
        String::from_utf8_lossy(body)
    );
});
