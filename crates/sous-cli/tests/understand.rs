//! `sous understand`: recipe texts to a network file; bad input gets a clear
//! message with file, line and column, and the other recipes are still
//! understood.

mod common;

use common::{fixtures, sous};

#[test]
fn a_folder_with_a_broken_file_still_yields_the_good_recipes() {
    let dir = fixtures().join("understand");
    let out = sous(&["understand", dir.to_str().unwrap(), "--trace"]);
    assert_eq!(out.code, Some(2), "{}", out.stderr);
    assert!(
        out.stderr.contains("b-broken.xml: 5:"),
        "the error names file and line: {}",
        out.stderr
    );
    assert!(
        out.stdout
            .contains("#plain-sugar\n(get-kitchen ?kitchen)\n"),
        "{}",
        out.stdout
    );
    assert!(out.stdout.contains("white-sugar 120 g)"), "{}", out.stdout);
    assert!(out.stdout.contains("egg 2 piece)"), "{}", out.stdout);
    // An ingredient nobody knows is traced, and the rest is still fetched.
    assert!(
        out.stderr.contains("not understood: `3 zzyzx qwerty`"),
        "{}",
        out.stderr
    );
    assert!(out.stdout.contains("#unknown-things"), "{}", out.stdout);
    assert!(out.stdout.contains("butter 100 g)"), "{}", out.stdout);
    // An empty recipe is a network of its kitchen alone, and says why.
    assert!(
        out.stdout.contains("#empty\n(get-kitchen ?kitchen)\n\n"),
        "{}",
        out.stdout
    );
    assert!(
        out.stderr
            .contains("not understood: the recipe lists no ingredients"),
        "{}",
        out.stderr
    );
    // An empty file is no recipe, named as such.
    assert!(
        out.stderr.contains("e-nothing.xml: no <recipe> element"),
        "{}",
        out.stderr
    );
    assert!(!out.stderr.contains("panicked"));
}

#[test]
fn the_output_runs_as_it_is() {
    let good = fixtures().join("understand/a-good.xml");
    let file =
        std::env::temp_dir().join(format!("sous-understood-{}.solution", std::process::id()));
    let out = sous(&[
        "understand",
        good.to_str().unwrap(),
        "--output",
        file.to_str().unwrap(),
    ]);
    // "Look at it." has no verb the lexicon knows and names nothing of the
    // recipe: no cooking, skipped, not a failure.
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let run = sous(&["run", file.to_str().unwrap()]);
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
    std::fs::remove_file(file).ok();
}

#[test]
fn each_problem_is_named_on_stderr_and_no_cooking_is_skipped() {
    let recipe = fixtures().join("understand-problems/unknown-verb.xml");
    let out = sous(&[
        "understand",
        recipe.to_str().unwrap(),
        "--output",
        "/dev/null",
    ]);
    // "Frobnicate the sugar." names the sugar with a verb nobody knows: a
    // failure, said in one line without --trace.
    assert_eq!(out.code, Some(1), "{}", out.stderr);
    assert_eq!(
        out.stderr.trim(),
        "frobnicated-sugar: instruction 2: `Frobnicate the sugar.`: not understood: no verb the lexicon knows"
    );
    // "Gather the ingredients." is no cooking: the trace says it was skipped.
    let traced = sous(&[
        "understand",
        recipe.to_str().unwrap(),
        "--output",
        "/dev/null",
        "--trace",
    ]);
    assert!(
        traced
            .stderr
            .contains("instruction 1: `Gather the ingredients.`\n    skipped: no cooking here"),
        "{}",
        traced.stderr
    );
}

/// A folder of gold networks for the fixtures, different enough from what
/// the baseline makes that the scores are neither 0 nor 1 everywhere.
fn fixture_gold(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "sous-understand-gold-{name}-{}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("plain-sugar.solution"),
        "#plain-sugar\n(get-kitchen ?kitchen)\n\
         (fetch-and-proportion ?sugar ?ks-1 ?kitchen ?bowl-1 white-sugar 120 g)\n\
         (fetch-and-proportion ?eggs ?ks-2 ?ks-1 ?bowl-2 egg 2 piece)\n\
         (transfer-contents ?both ?rest ?ks-3 ?ks-2 ?sugar ?eggs ?q ?u)\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("unknown-things.solution"),
        "#unknown-things\n(get-kitchen ?kitchen)\n\
         (fetch-and-proportion ?butter ?ks-1 ?kitchen ?bowl-1 butter 100 g)\n\
         (fetch-and-proportion ?sugar ?ks-2 ?ks-1 ?bowl-2 white-sugar 30 g)\n",
    )
    .unwrap();
    dir
}

/// The numbers of a Markdown table row (`| id | 0.75 | … |`), `None` for NIL.
fn row_numbers(line: &str) -> Vec<Option<f64>> {
    line.split('|')
        .skip(2)
        .filter(|c| !c.trim().is_empty())
        .map(|c| c.trim().trim_matches('*').parse().ok())
        .collect()
}

#[test]
fn evaluate_prints_one_row_per_recipe_and_the_means() {
    let dir = fixtures().join("understand");
    let gold = fixture_gold("table");
    let summary = gold.join("baseline.json");
    let out = sous(&[
        "understand",
        dir.join("a-good.xml").to_str().unwrap(),
        dir.join("c-unknown.xml").to_str().unwrap(),
        "--evaluate",
        "--gold",
        gold.to_str().unwrap(),
        "--output",
        gold.join("out.solution.txt").to_str().unwrap(),
        "--summary",
        summary.to_str().unwrap(),
        "--label",
        "the baseline",
    ]);
    // The baseline does not understand every line of these: exit 1.
    assert_eq!(out.code, Some(1), "{}{}", out.stdout, out.stderr);
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert!(
        lines[0].contains("Smatch Score") && lines[0].contains("failed actions"),
        "{}",
        out.stdout
    );
    let rows: Vec<Vec<Option<f64>>> = ["plain-sugar", "unknown-things"]
        .iter()
        .map(|id| {
            let line = lines
                .iter()
                .find(|l| l.starts_with(&format!("| {id} |")))
                .unwrap_or_else(|| panic!("no row for {id}: {}", out.stdout));
            row_numbers(line)
        })
        .collect();
    for row in &rows {
        assert_eq!(row.len(), 5, "{row:?}");
        // Smatch, goal-condition success, dish score: scores between 0 and 1.
        for v in &row[..3] {
            let v = v.expect("every metric has a value");
            assert!((0.0..=1.0).contains(&v), "{row:?}");
        }
        assert!(
            row[0].unwrap() < 1.0,
            "the gold networks differ from the output: {row:?}"
        );
    }
    let mean_line = lines
        .iter()
        .find(|l| l.contains("**mean**"))
        .expect("a mean row");
    let means = row_numbers(mean_line);
    for (i, mean) in means.iter().enumerate().take(3) {
        let expected = (rows[0][i].unwrap() + rows[1][i].unwrap()) / 2.0;
        assert!(
            (mean.unwrap() - expected).abs() <= 0.006,
            "column {i}: {mean:?} vs {expected}"
        );
    }
    // The summary is the table's, in the form a model's run has, for the
    // comparison table's reference row.
    let s: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&summary).unwrap()).unwrap();
    assert_eq!(
        (&s["kind"], &s["label"], &s["protocol"]),
        (
            &serde_json::json!("sous-llm-summary"),
            &serde_json::json!("the baseline"),
            &serde_json::json!("baseline")
        )
    );
    let t = &s["totals"];
    assert_eq!(
        (t["recipes"].as_u64(), t["requests"].as_u64()),
        (Some(2), Some(0))
    );
    let dish = (rows[0][2].unwrap() + rows[1][2].unwrap()) / 2.0;
    assert!(
        (t["mean_dish"].as_f64().unwrap() - dish).abs() <= 0.006,
        "{t}"
    );
    // c-unknown leaves a line not understood: not executed.
    assert_eq!(t["executed"].as_u64(), Some(1), "{s}");
    std::fs::remove_dir_all(gold).ok();
}

#[test]
fn evaluate_without_gold_data_fails_before_understanding() {
    let good = fixtures().join("understand/a-good.xml");
    let missing = std::env::temp_dir().join("sous-no-such-gold-folder");
    let out = sous(&[
        "understand",
        good.to_str().unwrap(),
        "--evaluate",
        "--gold",
        missing.to_str().unwrap(),
    ]);
    assert_eq!(out.code, Some(2), "{}", out.stderr);
    assert!(
        out.stderr.contains("sous-no-such-gold-folder"),
        "{}",
        out.stderr
    );
    assert!(out.stdout.is_empty(), "{}", out.stdout);
}

#[test]
fn json_has_one_object_per_recipe_with_the_network_written_to_the_file() {
    let dir = fixtures().join("understand");
    let gold = fixture_gold("json");
    let file = gold.join("out.solution.txt");
    let out = sous(&[
        "understand",
        dir.to_str().unwrap(),
        "--format",
        "json",
        "--evaluate",
        "--gold",
        gold.to_str().unwrap(),
        "--output",
        file.to_str().unwrap(),
    ]);
    // b-broken.xml and the empty file are unreadable: exit 2, the others
    // are still there.
    assert_eq!(out.code, Some(2), "{}", out.stderr);
    let list: serde_json::Value = serde_json::from_str(&out.stdout).expect("JSON");
    let list = list.as_array().expect("an array");
    let ids: Vec<&str> = list.iter().map(|o| o["id"].as_str().unwrap()).collect();
    assert_eq!(ids, ["plain-sugar", "unknown-things", "empty"]);
    let written = std::fs::read_to_string(&file).unwrap();
    // The two with gold networks are scored.
    for o in &list[..2] {
        let network = o["network"].as_str().unwrap();
        assert!(written.contains(network), "{network} not in {written}");
        assert!(!o["trace"].as_array().unwrap().is_empty());
        assert_eq!(o["scores"]["recipe-id"], o["id"]);
        assert!(o["scores"]["smatch"]["f1"].as_f64().is_some(), "{o}");
    }
    std::fs::remove_dir_all(gold).ok();
}
