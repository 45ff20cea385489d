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
}

impl Server {
    /// One request through the router: its status and body.
    fn call(&self, method: &str, path: &str, body: Vec<u8>) -> (StatusCode, Vec<u8>) {
        let request = Request::builder()
            .method(method)
            .uri(path)
            .header("content-type", "application/json")
            .body(Body::from(body))
            .unwrap();
        let answer = self.runtime.block_on(self.router.clone().oneshot(request)).unwrap();
        let status = answer.status();
        let bytes = self
            .runtime
            .block_on(axum::body::to_bytes(answer.into_body(), usize::MAX))
            .unwrap();
        (status, bytes.to_vec())
    }

    /// A new session for a benchmark recipe (each input gets its own, so
    /// that one input's actions do not pile up under the next ones).
    fn new_session(&self) -> String {
        let (_, bytes) = self.call("POST", "/api/sessions", br#"{"recipe": "almond-crescent-cookies"}"#.to_vec());
        session_id(&bytes).unwrap_or_else(|| "none".into())
    }

    fn end_session(&self, id: &str) {
        self.call("DELETE", &format!("/api/sessions/{id}"), Vec::new());
    }
}

/// The `id` of a session-creation answer.
fn session_id(answer: &[u8]) -> Option<String> {
    let v: serde_json::Value = serde_json::from_slice(answer).ok()?;
    v["id"].as_str().map(str::to_string)
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
        Server { runtime, router }
    })
}

fuzz_target!(|data: &[u8]| {
    let Some((&route, body)) = data.split_first() else { return };
    let s = server();
    let session = matches!(route % 6, 3 | 4).then(|| s.new_session());
    let path = match (route % 6, &session) {
        (0, _) => "/api/execute".to_string(),
        (1, _) => "/api/evaluate".to_string(),
        (2, _) => "/api/sessions".to_string(),
        (3, Some(id)) => format!("/api/sessions/{id}/actions"),
        (4, Some(id)) => format!("/api/sessions/{id}/evaluate"),
        _ => "/api/trace".to_string(),
    };
    let (status, answer) = s.call("POST", &path, body.to_vec());
    assert!(
        !status.is_server_error() || status == StatusCode::SERVICE_UNAVAILABLE,
        "{path}: {status} for {:?}",
        String::from_utf8_lossy(body)
    );
    // Sessions are ended, so the server's limit on them is never reached.
    if route % 6 == 2 && status == StatusCode::CREATED {
        if let Some(id) = session_id(&answer) {
            s.end_session(&id);
        }
    }
    if let Some(id) = session {
        s.end_session(&id);
    }
});
