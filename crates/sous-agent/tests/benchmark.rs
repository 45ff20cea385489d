//! The baseline agent on the benchmark's 30 recipe texts.
//!
//! Asserted: every recipe file reads, every network the agent writes
//! executes with no failed action, the ingredients it fetches cover at
//! least 90 % of those the gold networks fetch (by class), and its mean
//! scores stay above floors a little under what it reaches: goal-condition
//! success 0.69 (0.699 measured), dish approximation 0.84 (0.848). Both
//! fell (from 0.716 and 0.863) when three lexicon entries keyed to single
//! benchmark recipes were removed (cereal and Kellogg's are not corn
//! flakes; crushed pineapple is `crushed-pineapple`).

mod support;

use std::collections::BTreeSet;

fn fetched(network: &str) -> BTreeSet<String> {
    network
        .lines()
        .filter(|l| l.starts_with("(fetch-and-proportion "))
        .filter_map(|l| l.split_whitespace().nth(5).map(str::to_string))
        .collect()
}

#[test]
fn every_benchmark_recipe_becomes_a_network_that_runs() {
    let bench = sous_testdata::benchmark_dir();
    let texts = bench.join("data/recipe-texts");
    let gold_dir = sous_testdata::gold_current_dir();
    let files = sous_testdata::files_with_extension(&texts, "xml");
    assert_eq!(files.len(), 30);
    let (mut found, mut wanted) = (0, 0);
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let recipe =
            sous_agent::parse_recipe(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let understood = sous_agent::understand(&recipe);
        let solution = understood.solution();
        let (file, diags) = sous_lang::parse(&recipe.id, &solution);
        assert!(diags.is_empty(), "{}: {diags:?}", recipe.id);
        let x = sous_sim::execute(&file.recipes[0]);
        assert!(x.failures.is_empty(), "{}: {:?}", recipe.id, x.failures);
        // The gold network of the same file name (a few have another `#id`).
        let stem = path.file_stem().unwrap().to_string_lossy().to_string();
        let gold_text =
            std::fs::read_to_string(sous_testdata::gold_file(&gold_dir, &stem)).unwrap();
        let want = fetched(&gold_text);
        let got = fetched(&solution);
        wanted += want.len();
        found += want.intersection(&got).count();
    }
    let recall = found as f64 / wanted as f64;
    eprintln!("ingredient recall: {found}/{wanted} = {recall:.3}");
    assert!(recall >= 0.90, "ingredient recall {recall:.3}");
}

#[test]
fn the_baseline_scores_stay_above_their_floors() {
    let bench = sous_testdata::benchmark_dir();
    let gold = sous_eval::GoldStandard::load(&sous_eval::gold::gold_dir_of_benchmark(&bench))
        .expect("the benchmark's gold networks load");
    let scores = support::understand_and_score(&bench.join("data/recipe-texts"), &gold);
    assert_eq!(scores.len(), 30);
    let (goal, dish) = support::report("benchmark, baseline agent", &scores);
    assert!(scores.iter().all(|s| s.failed == 0));
    assert!(goal >= 0.69, "mean goal-condition success {goal:.3}");
    assert!(dish >= 0.84, "mean dish approximation score {dish:.3}");
}
