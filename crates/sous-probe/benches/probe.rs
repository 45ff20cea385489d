//! Everything for the 30 gold networks: execute and cut into steps, then
//! every task (the published set, with its filters, and every candidate),
//! and every trace.

use criterion::{criterion_group, criterion_main, Criterion};
use sous_probe::tasks::Task;

fn bench(c: &mut Criterion) {
    let recipes = sous_testdata::gold_recipes();
    let bench = sous_testdata::benchmark_dir();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    {
        c.bench_function(
            "30 gold networks: all tasks, published (filtered), one core",
            |b| {
                b.iter(|| {
                    pool.install(|| {
                        let cooked = sous_probe::cook_all(
                            &recipes,
                            Some(&bench),
                            sous_sim::Profile::Corrected,
                        );
                        sous_probe::probe_all(&cooked, &Task::ALL, 0, None).len()
                    })
                })
            },
        );
        c.bench_function(
            "30 gold networks: all tasks, every candidate, one core",
            |b| {
                b.iter(|| {
                    pool.install(|| {
                        let cooked = sous_probe::cook_all(
                            &recipes,
                            Some(&bench),
                            sous_sim::Profile::Corrected,
                        );
                        sous_probe::probe_all_with(&cooked, &Task::ALL, 0, None, false).len()
                    })
                })
            },
        );
        c.bench_function("30 gold networks: traces, one core", |b| {
            b.iter(|| {
                pool.install(|| {
                    let cooked =
                        sous_probe::cook_all(&recipes, Some(&bench), sous_sim::Profile::Corrected);
                    cooked
                        .iter()
                        .map(|c| sous_probe::Trace::new(c).steps.len())
                        .sum::<usize>()
                })
            })
        });
    }
}

criterion_group! {
    name = probe;
    config = Criterion::default().sample_size(10);
    targets = bench
}
criterion_main!(probe);
