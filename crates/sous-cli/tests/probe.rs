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

#[test]
fn pcs_and_nhk_round_trip_through_their_scorers() {
    let dir = std::env::temp_dir().join(format!("sous-formats-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let score = |records: &str, answers: &str| -> serde_json::Value {
        let (r, a) = (dir.join("records.jsonl"), dir.join("answers.jsonl"));
        std::fs::write(&r, records).unwrap();
        std::fs::write(&a, answers).unwrap();
        let out = sous(&[
            "probe",
            "score",
            r.to_str().unwrap(),
            a.to_str().unwrap(),
            "--format",
            "json",
        ]);
        assert_eq!(out.code, Some(0), "{}", out.stderr);
        serde_json::from_str(&out.stdout).unwrap()
    };

    // PizzaCommonSense: the rows' own cells score 1.
    let pcs = sous(&["probe", &almond(), "--format", "pcs"]);
    assert_eq!(pcs.code, Some(0), "{}", pcs.stderr);
    let record: serde_json::Value = serde_json::from_str(pcs.stdout.trim()).unwrap();
    let rows = record["rows"].as_array().unwrap().clone();
    assert!(rows.len() > 10);
    assert_eq!(rows[1]["input"], "[butter; white sugar]", "{:?}", rows[1]);
    assert!(record["table"]
        .as_str()
        .unwrap()
        .contains(" <s> <in> <s> beat <s> <out>"));
    let answer = |rows: &[serde_json::Value]| {
        serde_json::json!({"id": record["id"], "rows": rows}).to_string() + "\n"
    };
    let s = score(&pcs.stdout, &answer(&rows));
    assert_eq!(
        (&s["input_ema"], &s["input_rouge_l"], &s["output_rouge_l"]),
        (&1.0.into(), &1.0.into(), &1.0.into())
    );
    // Known errors: row 2's input given as "butter" (of "[butter; white
    // sugar]": LCS 1, precision 1, recall 1/3, F with β = 1.2 is
    // 2.44·(1/3)/(1/3 + 1.44) = 0.458647…), and the last row left out
    // (0 for it everywhere).
    let n = rows.len() as f64;
    let mut wrong = rows.clone();
    wrong[1]["input"] = "butter".into();
    wrong.pop();
    let s = score(&pcs.stdout, &answer(&wrong));
    let f = 2.44 * (1.0 / 3.0) / (1.0 / 3.0 + 1.44);
    let close = |v: &serde_json::Value, x: f64| (v.as_f64().unwrap() - x).abs() < 1e-9;
    assert!(close(&s["input_ema"], (n - 2.0) / n), "{s}");
    assert!(close(&s["input_rouge_l"], (n - 2.0 + f) / n), "{s}");
    assert!(close(&s["output_rouge_l"], (n - 1.0) / n), "{s}");

    // `--format pcs` insists on PCS records.
    let (r, a) = (dir.join("records.jsonl"), dir.join("answers.jsonl"));
    std::fs::write(&r, &pcs.stdout).unwrap();
    std::fs::write(&a, answer(&rows)).unwrap();
    let text = sous(&[
        "probe",
        "score",
        r.to_str().unwrap(),
        a.to_str().unwrap(),
        "--format",
        "pcs",
    ]);
    assert_eq!(text.code, Some(0), "{}", text.stderr);
    assert!(text.stdout.contains("| 1 | "), "{}", text.stdout);
    let nhk_like = sous(&[
        "probe",
        "score",
        instances_of_almond(&dir).to_str().unwrap(),
        a.to_str().unwrap(),
        "--format",
        "pcs",
    ]);
    assert_eq!(nhk_like.code, Some(2));
    assert!(
        nhk_like.stderr.contains("not PizzaCommonSense records"),
        "{}",
        nhk_like.stderr
    );

    // NHK: the paper's prompts and answer forms; its own answers score 1,
    // and three flipped true/false answers cost three.
    let gold = sous_testdata::gold_current_dir().display().to_string();
    let nhk = sous(&["probe", &gold, "--format", "nhk"]);
    assert_eq!(nhk.code, Some(0), "{}", nhk.stderr);
    let records: Vec<serde_json::Value> = nhk
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let tracing = records
        .iter()
        .find(|r| r["task"] == "ingredient-tracing")
        .unwrap();
    let prompt = tracing["prompt"].as_str().unwrap();
    assert!(prompt.starts_with("You are given the following cooking recipe.\nDish name: "));
    assert!(
        prompt.contains("\nStep1: ") && prompt.contains("the ingredients are as follows:\n- a. ")
    );
    assert!(records.iter().any(|r| r["task"] == "world-state"));
    let scored: Vec<&serde_json::Value> = records
        .iter()
        .filter(|r| r["task"] != "world-state")
        .collect();
    let mut flipped = 0;
    let answers: String = scored
        .iter()
        .map(|r| {
            let mut a = r["answer"].clone();
            if flipped < 3 && (a == "True" || a == "False") {
                a = if a == "True" { "False" } else { "True" }.into();
                flipped += 1;
            }
            serde_json::json!({"id": r["id"], "answer": a}).to_string() + "\n"
        })
        .collect();
    let s = score(&nhk.stdout, &answers);
    let total = scored.len() as f64;
    assert_eq!(flipped, 3);
    assert!(
        (s["overall"]["accuracy"].as_f64().unwrap() - (total - 3.0) / total).abs() < 1e-12,
        "{s}"
    );
    std::fs::remove_dir_all(dir).ok();
}

/// The almond instances, written to a file in `dir`.
fn instances_of_almond(dir: &std::path::Path) -> std::path::PathBuf {
    let out = sous(&["probe", &almond(), "--task", "habitat"]);
    let p = dir.join("almond-instances.jsonl");
    std::fs::write(&p, out.stdout).unwrap();
    p
}

#[test]
fn export_writes_an_lm_eval_folder_and_says_what_went_wrong() {
    let dir = std::env::temp_dir().join(format!("sous-lm-eval-{}", std::process::id()));
    let out = sous(&[
        "probe",
        "export",
        "--lm-eval",
        dir.to_str().unwrap(),
        &almond(),
        "--task",
        "habitat,lifespan",
    ]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert!(out.stderr.contains("--tasks sous_probe"), "{}", out.stderr);
    let yaml = std::fs::read_to_string(dir.join("sous_probe_habitat.yaml")).unwrap();
    assert!(yaml.contains("process_results: !function utils.process_results"));
    assert!(yaml.contains("sous_task: \"habitat\""));
    let group = std::fs::read_to_string(dir.join("sous_probe.yaml")).unwrap();
    assert!(
        group.contains("  - sous_probe_habitat\n") && group.contains("  - sous_probe_lifespan\n")
    );
    assert!(!group.contains("sous_probe_ordering"), "{group}");
    let rows = std::fs::read_to_string(dir.join("instances.jsonl")).unwrap();
    let first: serde_json::Value = serde_json::from_str(rows.lines().next().unwrap()).unwrap();
    let instance: serde_json::Value =
        serde_json::from_str(first["instance"].as_str().unwrap()).unwrap();
    assert_eq!(first["id"], instance["id"]);
    assert!(dir.join("utils.py").is_file());
    // A file where the folder should be: an error that names it.
    let file = dir.join("instances.jsonl");
    let out = sous(&[
        "probe",
        "export",
        "--lm-eval",
        file.to_str().unwrap(),
        &almond(),
    ]);
    assert_eq!(out.code, Some(2));
    assert!(out.stderr.contains("instances.jsonl"), "{}", out.stderr);
    // No input.
    let out = sous(&["probe", "export", "--lm-eval", dir.to_str().unwrap()]);
    assert_eq!(out.code, Some(2));
    assert!(out.stderr.contains("no input"), "{}", out.stderr);
    std::fs::remove_dir_all(dir).ok();
}
