//! The CPU cost of one `POST /api/execute` without the HTTP around it: the
//! request body deserialised, the almond-crescent-cookies gold network parsed,
//! validated, executed, and its answer serialised. `cargo bench -p sous-server`.

use criterion::{criterion_group, criterion_main, Criterion};
use sous_server::{execute_json, ExecuteRequest, Limits};

/// The allocator of the `sous` binary, so the figure is the server's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn bench(c: &mut Criterion) {
    let network = std::fs::read_to_string(
        sous_testdata::gold_current_dir().join("almond-crescent-cookies.solution"),
    )
    .unwrap();
    let limits = Limits::default();
    let body = serde_json::json!({"mode": "qualitative", "network": network}).to_string();
    let answer = |body: &str| {
        let req: ExecuteRequest = serde_json::from_str(body).unwrap();
        execute_json(&req, &limits).unwrap()
    };
    eprintln!("answer: {} bytes", answer(&body).len());
    c.bench_function("execute almond-crescent-cookies", |b| {
        b.iter(|| answer(&body).len())
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
