//! Each gold network of the benchmark executed in quantitative mode, one
//! core: `cargo bench -p sous-physics --bench gold [-- NAME]`.

use criterion::{criterion_group, criterion_main, Criterion};

fn gold(c: &mut Criterion) {
    let files = sous_testdata::files_with_extension(&sous_testdata::gold_current_dir(), "solution");
    let mut group = c.benchmark_group("quantitative");
    group.sample_size(10);
    for path in files {
        let recipe = sous_testdata::parse_one(&path);
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        group.bench_function(name, |b| b.iter(|| sous_physics::execute(&recipe)));
    }
    group.finish();
}

criterion_group!(benches, gold);
criterion_main!(benches);
