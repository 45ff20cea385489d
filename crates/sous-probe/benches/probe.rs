//! Everything for the 30 gold networks: execute and cut into steps, then
//! every task (at most 10 instances per recipe and task, and all of them),
//! and every trace.

use criterion::{criterion_group, criterion_main, Criterion};
use sous_probe::tasks::Task;

fn bench(c: &mut Criterion) {
    let files = sous_testdata::files_with_extension(&sous_testdata::gold_current_dir(), "solution");
    let recipes: Vec<(sous_lang::Recipe, Option<String>)> = files
        .iter()
        .map(|f| {
            (
                sous_testdata::parse_one(f),
                f.file_stem().map(|s| s.to_string_lossy().to_string()),
            )
        })
        .collect();
    let bench = sous_testdata::benchmark_dir();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    {
        c.bench_function(
            "30 gold networks: all tasks, 10 per recipe, one core",
            |b| {
                b.iter(|| {
                    pool.install(|| {
                        let cooked = sous_probe::cook_all(
                            &recipes,
                            Some(&bench),
                            sous_sim::Profile::Corrected,
                        );
                        sous_probe::probe_all(&cooked, &Task::ALL, 0, Some(10)).len()
                    })
                })
            },
        );
        c.bench_function(
            "30 gold networks: all tasks, every instance, one core",
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
