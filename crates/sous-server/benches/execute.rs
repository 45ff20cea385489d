//! The CPU cost of one `POST /api/execute` without the HTTP around it: the
//! request body deserialised, the almond-crescent-cookies gold network parsed,
//! validated, executed, and its answer serialised (lean, the default, and
//! with whole trees, `"lean": false`); and what a repeated request costs when
//! its answer is cached (hashed and looked up). `cargo bench -p sous-server`.

use criterion::{criterion_group, criterion_main, Criterion};
use sous_server::{cached_answer, execute_cached, execute_json, Caches, ExecuteRequest, Limits};

/// The allocator of the `sous` binary, so the figure is the server's.
#[global_allocator]
static ALLOCATOR: sous_alloc::Allocator = sous_alloc::Allocator;

fn bench(c: &mut Criterion) {
    let network = std::fs::read_to_string(
        sous_testdata::gold_current_dir().join("almond-crescent-cookies.solution"),
    )
    .unwrap();
    let limits = Limits::default();
    let lean = serde_json::json!({"mode": "qualitative", "network": network}).to_string();
    let trees =
        serde_json::json!({"mode": "qualitative", "network": network, "lean": false}).to_string();
    let answer = |body: &str| {
        let req: ExecuteRequest = serde_json::from_str(body).unwrap();
        execute_json(&req, &limits).unwrap()
    };
    eprintln!("lean answer: {} bytes", answer(&lean).len());
    eprintln!("whole-trees answer: {} bytes", answer(&trees).len());
    c.bench_function("execute almond-crescent-cookies", |b| {
        b.iter(|| answer(&lean).len())
    });
    c.bench_function("execute almond-crescent-cookies, lean false", |b| {
        b.iter(|| answer(&trees).len())
    });
    let caches = Caches::new(limits.cache);
    let req: ExecuteRequest = serde_json::from_str(&lean).unwrap();
    execute_cached(&req, &limits, &caches).unwrap();
    c.bench_function("execute almond-crescent-cookies, cached", |b| {
        b.iter(|| {
            let req: ExecuteRequest = serde_json::from_str(&lean).unwrap();
            cached_answer(&req, &caches).unwrap().len()
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
