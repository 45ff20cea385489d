//! Understanding a folder of recipe texts and scoring the networks against
//! a folder of gold networks, as the tests of the baseline need it; and
//! the small recipe the language-model tests ask for.
#![allow(dead_code)]

use std::path::Path;

use sous_eval::{evaluate_recipe, GoldStandard, Metric, MetricSet, Options};

/// A small recipe the kitchen can make.
pub fn butter_sugar() -> sous_agent::RecipeText {
    sous_agent::RecipeText {
        id: "butter-sugar".into(),
        title: "Butter and sugar".into(),
        ingredients: vec!["100 grams butter".into(), "50 grams sugar".into()],
        instructions: vec!["Mix the butter and the sugar in a bowl.".into()],
    }
}

/// One recipe's scores.
pub struct Scored {
    pub id: String,
    pub goal: f64,
    pub dish: f64,
    pub failed: usize,
}

/// Understands every `*.xml` of `recipes` and scores it against `gold`.
pub fn understand_and_score(recipes: &Path, gold: &GoldStandard) -> Vec<Scored> {
    let files = sous_testdata::files_with_extension(recipes, "xml");
    understand_and_score_files(&files, gold)
}

/// Understands each recipe file and scores it against `gold`.
pub fn understand_and_score_files(
    files: &[std::path::PathBuf],
    gold: &GoldStandard,
) -> Vec<Scored> {
    let options = Options {
        metrics: MetricSet::NONE
            .with(Metric::GoalConditionSuccess)
            .with(Metric::DishApproximationScore),
        exact_smatch: false,
        smatch_runs: 1,
        profile: sous_sim::Profile::Reference,
        explain: false,
        errors: false,
        backend: None,
    };
    let mut out = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(path).unwrap();
        let recipe =
            sous_agent::parse_recipe(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let solution = sous_agent::understand(&recipe).solution();
        let (file, diags) = sous_lang::parse(&recipe.id, &solution);
        assert!(diags.is_empty(), "{}: {diags:?}", recipe.id);
        let network = &file.recipes[0];
        let failed = sous_sim::execute(network).failures.len();
        let report = evaluate_recipe(network, &[], gold, &options);
        out.push(Scored {
            id: recipe.id.clone(),
            goal: report.goal_condition_success.unwrap_or(0.0),
            dish: report.dish_approximation_score.unwrap_or(0.0),
            failed,
        });
    }
    out
}

/// The mean of `f` over the scores, printed as a table for the log.
pub fn report(title: &str, scores: &[Scored]) -> (f64, f64) {
    eprintln!("{title}");
    for s in scores {
        eprintln!("  {:40} goal {:.3}  dish {:.3}", s.id, s.goal, s.dish);
    }
    let n = scores.len() as f64;
    let goal = scores.iter().map(|s| s.goal).sum::<f64>() / n;
    let dish = scores.iter().map(|s| s.dish).sum::<f64>() / n;
    eprintln!("  {:40} goal {goal:.3}  dish {dish:.3}", "mean");
    (goal, dish)
}
