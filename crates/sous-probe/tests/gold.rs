//! All 30 gold networks: every task has candidates for every recipe; after
//! the shortcut filter no trivial rule beats chance by more than 0.15; the
//! output is byte-identical across runs and thread counts for a seed.

use sous_probe::tasks::Task;

fn jsonl(threads: usize, seed: u64) -> String {
    let recipes = sous_testdata::gold_recipes();
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
        // Every recipe has candidates of every task, but where its text
        // gives none to ask.
        let mut missing = Vec::new();
        for task in Task::ALL {
            for c in &cooked {
                if sous_probe::tasks::generate(c, task, seed, None).is_empty() {
                    missing.push(format!("{} {}", task.name(), c.recipe_id));
                }
            }
        }
        assert_eq!(
            missing,
            // From step 3 on, these take only what the ingredient lines or
            // the step just before made, and step 2 can only mean step 1.
            // These recipes need no equipment that any cook would use and
            // their steps leave unnamed (they name the oven they bake in, or
            // cut nothing unsaid).
            [
                "step-reference basic-chicken-salad",
                "step-reference black-bean-salad-3",
                "step-reference cole-slaw",
                "implicit-tool afghan-biscuits",
                "implicit-tool almond-crescent-cookies-3",
                "implicit-tool almond-crescent-cookies-4",
                "implicit-tool avocado-chicken-salad",
                "implicit-tool black-bean-salad-4",
                "implicit-tool black-bean-salad-3",
                "implicit-tool black-bean-salad-4",
                "implicit-tool chocolate-fudge-cookies",
                "implicit-tool coconut-tuiles",
                "implicit-tool cranberry-fluff-salad",
                "implicit-tool cucumber-slices-with-dill",
                "implicit-tool easy-cherry-tomato-corn-salad",
                "implicit-tool easy-oatmeal-cookies",
                "implicit-tool black-bean-and-sweet-potato-salad",
                "implicit-tool whole-wheat-ginger-snaps"
            ]
        );
        let instances = sous_probe::probe_all(&cooked, &Task::ALL, seed, Some(10));
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

/// Tasks whose best trivial rule is still more than 0.15 over chance, and
/// why. The test fails when one of them gets within the bound, so that
/// this list (and docs/probing.md) is kept true.
/// (Habitat was, while it asked for the kitchen place: the kitchen takes
/// everything back to the counter-top, 189 of 191 answers.)
const OVER_THE_BOUND: &[(Task, &str)] = &[];

#[test]
fn no_trivial_rule_beats_chance_by_more_than_015() {
    let recipes = sous_testdata::gold_recipes();
    let bench = sous_testdata::benchmark_dir();
    let cooked = sous_probe::cook_all(&recipes, Some(&bench), sous_sim::Profile::Corrected);
    let instances = sous_probe::probe_all(&cooked, &Task::ALL, 0, None);
    let scores = sous_probe::baselines::evaluate(&instances);
    for task in Task::ALL {
        let of: Vec<_> = instances.iter().filter(|i| i.task == task).collect();
        assert!(!of.is_empty(), "{}: no instance left", task.name());
        let chance = of.iter().map(|i| i.chance).sum::<f64>() / of.len() as f64;
        let best = scores
            .iter()
            .filter(|b| b.task == task)
            .max_by(|a, b| a.accuracy.total_cmp(&b.accuracy))
            .unwrap();
        let over = best.accuracy - chance > 0.15;
        let known = OVER_THE_BOUND.iter().any(|(t, _)| *t == task);
        assert_eq!(
            over,
            known,
            "{}: {} scores {:.3} against chance {chance:.3}",
            task.name(),
            best.rule,
            best.accuracy
        );
    }
}
