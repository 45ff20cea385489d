//! `sous trace` and `sous probe`: the formats, bad input, and the scorer's
//! round trip (the instances' own answers score 1.0).

mod common;

use common::{sous, sous_without};

fn almond() -> String {
    sous_testdata::gold_file(
        &sous_testdata::gold_current_dir(),
        "almond-crescent-cookies",
    )
    .display()
    .to_string()
}

#[test]
fn trace_in_three_formats() {
    let table = sous(&["trace", &almond()]);
    assert_eq!(table.code, Some(0), "{}", table.stderr);
    // One numbering with probe: the ingredient lines are step 0.
    assert!(table
        .stdout
        .contains("\nstep 1: Beat the butter and the sugar together"));
    assert!(table.stdout.contains(
        "  butter: 0 fetch-and-proportion+bring-to-temperature → B; 1 transfer-contents+beat → K"
    ));
    let json = sous(&["trace", &almond(), "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    assert_eq!(v["steps"].as_array().unwrap().len(), 15);
    let csv = sous(&["trace", &almond(), "--format", "csv"]);
    let mut lines = csv.stdout.lines();
    assert!(lines
        .next()
        .unwrap()
        .starts_with("recipe_id,step,line,kind,instruction"));
    assert!(csv.stdout.contains(",input,B,?warm-butter,"));
}

#[test]
fn bad_recipes_are_reported_and_the_others_traced() {
    let dir = std::env::temp_dir().join(format!("sous-trace-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("mixed.solution");
    let good = std::fs::read_to_string(almond()).unwrap();
    std::fs::write(&f, format!("#broken\n(get-kitchen ?k\n{good}")).unwrap();
    let out = sous(&["trace", f.to_str().unwrap()]);
    assert_eq!(out.code, Some(2));
    assert!(out.stderr.contains("mixed.solution:2:1"), "{}", out.stderr);
    assert!(out
        .stdout
        .contains("almond-crescent-cookies: Almond Crescent Cookies"));
    let out = sous(&["probe", f.to_str().unwrap(), "--task", "nonsense"]);
    assert_eq!(out.code, Some(2));
    assert!(out.stderr.contains("unknown task `nonsense`"));
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn probe_then_score_its_own_answers() {
    let dir = std::env::temp_dir().join(format!("sous-probe-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // All 30 recipes: the shortcut filter works over the whole set.
    let gold = sous_testdata::gold_current_dir().display().to_string();
    let out = sous(&["probe", &gold, "--task", "all", "--seed", "3"]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let instances = dir.join("instances.jsonl");
    std::fs::write(&instances, &out.stdout).unwrap();
    // Answer every instance with its own answer, except that every
    // true/false answer is flipped.
    let answers: String = out
        .stdout
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            let a = match &v["answer"] {
                serde_json::Value::Bool(b) => serde_json::Value::Bool(!b),
                other => other.clone(),
            };
            serde_json::json!({"id": v["id"], "answer": a}).to_string() + "\n"
        })
        .collect();
    let answers_file = dir.join("answers.jsonl");
    std::fs::write(&answers_file, answers).unwrap();
    let s = sous(&[
        "probe",
        "score",
        instances.to_str().unwrap(),
        answers_file.to_str().unwrap(),
        "--format",
        "json",
    ]);
    assert_eq!(s.code, Some(0), "{}", s.stderr);
    let v: serde_json::Value = serde_json::from_str(&s.stdout).unwrap();
    assert_eq!(v["tasks"]["amount"]["accuracy"], 1.0);
    assert_eq!(v["tasks"]["ingredient-tracing"]["f1"], 1.0);
    assert_eq!(v["tasks"]["ordering"]["accuracy"], 0.0);
    let cells = &v["tasks"]["ordering"]["confusion"];
    assert!(cells["true-false"].as_u64().unwrap() > 0 && cells["false-true"].as_u64().unwrap() > 0);
    // Chat export: system, user, assistant.
    let chat = sous(&["probe", &gold, "--task", "amount", "--format", "chat"]);
    let first: serde_json::Value =
        serde_json::from_str(chat.stdout.lines().next().unwrap()).unwrap();
    let roles: Vec<&str> = first["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["role"].as_str().unwrap())
        .collect();
    assert_eq!(roles, ["system", "user", "assistant"]);
    assert!(first["messages"][1]["content"]
        .as_str()
        .unwrap()
        .contains("Question: How many grams of"));
    // A broken answers file is an error with its line.
    std::fs::write(&answers_file, "{\"id\": 1}\nnot json\n").unwrap();
    let bad = sous(&[
        "probe",
        "score",
        instances.to_str().unwrap(),
        answers_file.to_str().unwrap(),
    ]);
    assert_eq!(bad.code, Some(2));
    assert!(
        bad.stderr.contains("answers.jsonl:2: not JSON"),
        "{}",
        bad.stderr
    );
    // Answers made for another instance file are refused.
    std::fs::write(
        &answers_file,
        "{\"id\": \"almond-crescent-cookies/amount/1\", \"answer\": 3}\n",
    )
    .unwrap();
    let other = sous(&[
        "probe",
        "score",
        instances.to_str().unwrap(),
        answers_file.to_str().unwrap(),
    ]);
    assert_eq!(other.code, Some(2));
    assert!(
        other
            .stderr
            .contains("1 of 1 answers have ids that no instance"),
        "{}",
        other.stderr
    );
    // A partial answer file is scored, with a warning, the rest as wrong.
    let first = out.stdout.lines().next().unwrap();
    let v: serde_json::Value = serde_json::from_str(first).unwrap();
    std::fs::write(
        &answers_file,
        serde_json::json!({"id": v["id"], "answer": v["answer"]}).to_string(),
    )
    .unwrap();
    let partial = sous(&[
        "probe",
        "score",
        instances.to_str().unwrap(),
        answers_file.to_str().unwrap(),
        "--format",
        "json",
    ]);
    assert_eq!(partial.code, Some(0), "{}", partial.stderr);
    let n = out.stdout.lines().count();
    assert!(
        partial
            .stderr
            .contains(&format!("{} of {n} instances have no answer", n - 1)),
        "{}",
        partial.stderr
    );
    let p: serde_json::Value = serde_json::from_str(&partial.stdout).unwrap();
    assert_eq!(p["overall"]["correct"], 1);
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn without_the_recipe_texts_probe_says_so() {
    let out = sous_without(
        &["probe", &almond(), "--task", "habitat"],
        &["SOUS_BENCHMARK_DIR"],
    );
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert!(
        out.stderr
            .contains("1 of 1 recipes have one step per action")
            && out.stderr.contains("SOUS_BENCHMARK_DIR"),
        "{}",
        out.stderr
    );
    assert!(out
        .stdout
        .lines()
        .all(|l| l.contains("\"steps\":\"actions\"")));
    let with = sous(&["probe", &almond(), "--task", "habitat"]);
    assert!(with.stderr.is_empty(), "{}", with.stderr);
    assert!(with
        .stdout
        .lines()
        .all(|l| l.contains("\"steps\":\"sentences\"")));
}
