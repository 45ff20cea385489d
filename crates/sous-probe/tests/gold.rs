//! All 30 gold networks: every task has instances for every recipe, and the
//! output is byte-identical across runs and thread counts for a seed.

use sous_probe::tasks::Task;

fn jsonl(threads: usize, seed: u64) -> String {
    let files = sous_testdata::files_with_extension(&sous_testdata::gold_current_dir(), "solution");
    assert_eq!(files.len(), 30);
    let recipes: Vec<(sous_lang::Recipe, Option<String>)> = files
        .iter()
        .map(|f| {
            let stem = f.file_stem().unwrap().to_string_lossy().to_string();
            (sous_testdata::parse_one(f), Some(stem))
        })
        .collect();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    pool.install(|| {
        let bench = sous_testdata::benchmark_dir();
        let cooked = sous_probe::cook_all(&recipes, Some(&bench), sous_sim::Profile::Corrected);
        assert_eq!(
            cooked.iter().filter(|c| c.annotated).count(),
            30,
            "every gold network matches its annotation"
        );
        let instances = sous_probe::probe_all(&cooked, &Task::ALL, seed, Some(10));
        for task in Task::ALL {
            for c in &cooked {
                assert!(
                    instances
                        .iter()
                        .any(|i| i.task == task && i.recipe_id == c.recipe_id),
                    "no {} instance for {}",
                    task.name(),
                    c.recipe_id
                );
            }
        }
        instances
            .iter()
            .map(|i| serde_json::to_string(i).unwrap() + "\n")
            .collect()
    })
}

#[test]
fn every_recipe_every_task_the_same_bytes_on_any_thread_count() {
    let one = jsonl(1, 7);
    assert_eq!(one, jsonl(4, 7), "4 threads differ from 1");
    assert_eq!(one, jsonl(1, 7), "a second run differs");
    assert_ne!(one, jsonl(1, 8), "the seed changes the sample");
}
