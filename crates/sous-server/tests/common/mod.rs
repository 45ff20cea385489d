//! Starting the server on a free loopback port, and calling it.
#![allow(dead_code)]

use std::net::SocketAddr;
use std::sync::mpsc;

use serde_json::Value;
use sous_server::{Config, Limits};

/// Starts a server on a free loopback port (in the background) and returns its base URL.
pub fn start(benchmark: bool, limits: Limits) -> String {
    start_with(Config {
        bind: "127.0.0.1".parse().unwrap(),
        port: 0,
        benchmark: benchmark.then(sous_testdata::benchmark_dir),
        limits,
        preloaded: Vec::new(),
        access: Default::default(),
        timeouts: Default::default(),
        physics: Default::default(),
    })
}

/// Starts a server with `config` (its address and port are kept).
pub fn start_with(config: Config) -> String {
    let (tx, rx) = mpsc::channel::<SocketAddr>();
    std::thread::spawn(move || {
        let rt = sous_server::runtime().unwrap();
        rt.block_on(sous_server::serve(config, |addr| tx.send(addr).unwrap()))
            .unwrap();
    });
    let addr = rx
        .recv_timeout(std::time::Duration::from_secs(60))
        .expect("server starts");
    format!("http://{addr}")
}

pub fn get(url: &str) -> (u16, Value) {
    match ureq::get(url).call() {
        Ok(r) => (r.status(), r.into_json().unwrap()),
        Err(ureq::Error::Status(code, r)) => (code, r.into_json().unwrap()),
        Err(e) => panic!("{url}: {e}"),
    }
}

pub fn post(url: &str, body: &Value) -> (u16, Value) {
    post_raw(url, &body.to_string())
}

pub fn post_raw(url: &str, body: &str) -> (u16, Value) {
    match ureq::post(url)
        .set("Content-Type", "application/json")
        .send_string(body)
    {
        Ok(r) => (r.status(), r.into_json().unwrap()),
        Err(ureq::Error::Status(code, r)) => (code, r.into_json().unwrap_or(Value::Null)),
        Err(e) => panic!("{url}: {e}"),
    }
}
