//! `sous understand --agent llm` over many recipes against a fake
//! endpoint: `--jobs` (recipes in flight at once, output in input order,
//! transcript lines whole), `--resume` (what a cut transcript finished is
//! not asked again), tokens and cost from the endpoint's usage, the
//! summary (answers cut at the token limit counted), sampling settings, a
//! 429 retried, and `--protocol tools` on a
//! gold network replayed as tool calls, scored as `sous evaluate` does.

mod common;

use std::path::{Path, PathBuf};
use std::time::Duration;

use common::sous;
use serde_json::{json, Value};
use sous_testdata::fake_llm::{completion, cut, FakeLlm, Reply, Request};

/// A scratch folder: `recipes/recipe-N.xml` for N in 1..=n, their gold
/// networks in `gold/`, one example network in `examples/`.
fn scratch(name: &str, n: usize) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sous-llm-runs-{name}-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    for sub in ["recipes", "gold", "examples"] {
        std::fs::create_dir_all(dir.join(sub)).unwrap();
    }
    for i in 1..=n {
        let xml = format!(
            "<recipe><id>recipe-{i}</id><title>Sugar {i}</title><ingredients>\
             <ingredient>{} grams sugar</ingredient></ingredients><instructions>\
             <instruction>Look at it.</instruction></instructions></recipe>",
            10 * i
        );
        std::fs::write(dir.join(format!("recipes/recipe-{i}.xml")), xml).unwrap();
        let gold = format!("#recipe-{i}\n{}\n", network(i));
        std::fs::write(dir.join(format!("gold/recipe-{i}.solution")), gold).unwrap();
    }
    std::fs::write(
        dir.join("examples/other-dish.solution"),
        "#other-dish\n(get-kitchen ?kitchen)\n(fetch-and-proportion ?b ?ks-1 ?kitchen ?c butter 10 g)\n",
    )
    .unwrap();
    dir
}

/// The network of recipe `i`.
fn network(i: usize) -> String {
    format!(
        "(get-kitchen ?kitchen)\n(fetch-and-proportion ?sugar ?ks-1 ?kitchen ?bowl-1 white-sugar {} g)",
        10 * i
    )
}

/// Which recipe a request is about (`Recipe `recipe-3``), from its second message.
fn recipe_of(r: &Request) -> usize {
    let text = r.text(1);
    let start = text.find("Recipe `recipe-").map_or(0, |s| s + 15);
    text[start..]
        .split('`')
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

/// The usage the fake reports for a request about recipe `i` with `m` messages.
fn usage(i: usize, m: usize) -> (u64, u64) {
    (1000 * i as u64 + 7 * m as u64, 100 * i as u64)
}

/// A model that answers each recipe with its network after `wait`; for
/// recipe `broken`, first with a misspelled one.
fn by_recipe(wait: Duration, broken: usize) -> impl Fn(usize, &Request) -> Reply {
    move |_, r| {
        let i = recipe_of(r);
        let m = r.messages().len();
        let mut net = network(i);
        if i == broken && m == 2 {
            net = net.replace("white-sugar", "white-sugr");
        }
        let message = json!({"role": "assistant", "content": format!("```lisp\n{net}\n```")});
        Reply::After(
            wait,
            Box::new(Reply::Raw(completion(message, Some(usage(i, m))))),
        )
    }
}

/// `sous understand` of the scratch recipes with the fake model, JSON out.
fn llm(fake: &FakeLlm, dir: &Path) -> Vec<String> {
    let d = |s: &str| dir.join(s).to_string_lossy().into_owned();
    let mut args: Vec<String> = ["understand", "--agent", "llm", "--model", "fake"]
        .map(String::from)
        .to_vec();
    args.extend([d("recipes"), "--llm-url".into(), fake.url.clone()]);
    args.extend([
        "--examples".into(),
        d("examples"),
        "--format".into(),
        "json".into(),
    ]);
    args
}

fn run(args: &[String]) -> common::Outcome {
    sous(&args.iter().map(String::as_str).collect::<Vec<_>>())
}

fn lines(path: &Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

fn of_kind<'a>(lines: &'a [Value], kind: &str) -> Vec<&'a Value> {
    lines.iter().filter(|l| l["kind"] == kind).collect()
}

fn ids(out: &common::Outcome) -> Vec<String> {
    let list: Value = serde_json::from_str(&out.stdout).unwrap();
    list.as_array()
        .unwrap()
        .iter()
        .map(|o| {
            assert_eq!(
                o["network"],
                format!(
                    "#{}\n{}\n",
                    o["id"].as_str().unwrap(),
                    network(o["id"].as_str().unwrap()[7..].parse().unwrap())
                )
            );
            o["id"].as_str().unwrap().to_string()
        })
        .collect()
}

#[test]
fn jobs_keep_recipes_in_flight_and_the_output_in_input_order() {
    let dir = scratch("jobs", 6);
    let fake = FakeLlm::answering(by_recipe(Duration::from_millis(400), 0));
    let transcript = dir.join("t.jsonl");
    let mut args = llm(&fake, &dir);
    args.extend(["--jobs", "3", "--transcript"].map(String::from));
    args.push(transcript.to_string_lossy().into_owned());
    let out = run(&args);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let expected: Vec<String> = (1..=6).map(|i| format!("recipe-{i}")).collect();
    assert_eq!(ids(&out), expected);
    assert_eq!(fake.max_in_flight(), 3, "three recipes in flight at once");
    // Every line whole; one exchange and one result per recipe.
    let lines = lines(&transcript);
    assert_eq!(lines.len(), 12);
    for kind in ["exchange", "result"] {
        let mut recipes: Vec<&str> = of_kind(&lines, kind)
            .iter()
            .map(|l| l["recipe"].as_str().unwrap())
            .collect();
        recipes.sort();
        assert_eq!(recipes, expected, "{kind}");
    }
    // Sampling as before unless told: temperature 0, no seed.
    for r in fake.requests() {
        assert_eq!(r.body["temperature"], 0.0);
        assert!(r.body.get("seed").is_none());
    }
    assert_eq!(out.stderr.matches("[6/6]").count(), 1, "{}", out.stderr);
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn resume_asks_only_what_the_cut_transcript_did_not_finish() {
    let dir = scratch("resume", 4);
    let transcript = dir.join("t.jsonl");
    let first = FakeLlm::answering(by_recipe(Duration::ZERO, 0));
    let mut args = llm(&first, &dir);
    args.extend([
        "--transcript".into(),
        transcript.to_string_lossy().into_owned(),
    ]);
    assert_eq!(run(&args).code, Some(0));
    // Killed halfway: two recipes finished, the third asked, its result torn.
    let text = std::fs::read_to_string(&transcript).unwrap();
    let kept: Vec<&str> = text.lines().take(5).collect();
    let torn = &text.lines().nth(5).unwrap()[..40];
    assert!(kept[4].contains("\"exchange\"") && kept[4].contains("recipe-3"));
    std::fs::write(&transcript, format!("{}\n{torn}", kept.join("\n"))).unwrap();
    let second = FakeLlm::answering(by_recipe(Duration::ZERO, 0));
    let mut args = llm(&second, &dir);
    let summary = dir.join("summary.json");
    args.extend(
        [
            "--resume",
            transcript.to_str().unwrap(),
            "--summary",
            summary.to_str().unwrap(),
        ]
        .map(String::from),
    );
    let out = run(&args);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert!(
        out.stderr.contains("1 lines are not JSON"),
        "{}",
        out.stderr
    );
    let asked: Vec<usize> = second.requests().iter().map(recipe_of).collect();
    assert_eq!(asked, [3, 4], "finished recipes are not asked again");
    assert_eq!(ids(&out), ["recipe-1", "recipe-2", "recipe-3", "recipe-4"]);
    // The transcript goes on, whole lines only (the torn one cut off).
    let lines = lines(&transcript);
    let results: Vec<&str> = of_kind(&lines, "result")
        .iter()
        .map(|l| l["recipe"].as_str().unwrap())
        .collect();
    assert_eq!(results, ["recipe-1", "recipe-2", "recipe-3", "recipe-4"]);
    assert_eq!(of_kind(&lines, "exchange").len(), 5);
    // The summary counts the resumed recipes' tokens, and every token spent.
    let s: Value = serde_json::from_str(&std::fs::read_to_string(&summary).unwrap()).unwrap();
    assert_eq!(s["totals"]["resumed"], 2);
    let prompt: u64 = (1..=4).map(|i| usage(i, 2).0).sum();
    assert_eq!(s["totals"]["prompt_tokens"], prompt);
    assert_eq!(
        s["totals"]["spent"]["prompt_tokens"],
        prompt + usage(3, 2).0
    );
    assert_eq!(s["totals"]["spent"]["requests"], 5);
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn tokens_are_summed_per_recipe_and_run_and_priced() {
    let dir = scratch("usage", 3);
    let fake = FakeLlm::answering(by_recipe(Duration::ZERO, 2));
    let summary = dir.join("summary.json");
    let mut args = llm(&fake, &dir);
    args.extend(
        [
            "--price-in",
            "2.5",
            "--price-out",
            "10",
            "--temperature",
            "0.7",
            "--seed",
            "42",
            "--evaluate",
            "--gold",
            dir.join("gold").to_str().unwrap(),
            "--summary",
            summary.to_str().unwrap(),
        ]
        .map(String::from),
    );
    let out = run(&args);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let requests = fake.requests();
    assert_eq!(requests.len(), 4, "recipe-2 needs a repair");
    for r in &requests {
        assert_eq!(
            (r.body["temperature"].as_f64(), r.body["seed"].as_u64()),
            (Some(0.7), Some(42))
        );
    }
    let s: Value = serde_json::from_str(&std::fs::read_to_string(&summary).unwrap()).unwrap();
    let price = |p: u64, c: u64| (p as f64 * 2.5 + c as f64 * 10.0) / 1e6;
    // Per recipe: recipe-2 asked twice (2 messages, then 4).
    let expected = [
        (1, usage(1, 2).0, usage(1, 2).1),
        (2, usage(2, 2).0 + usage(2, 4).0, 2 * usage(2, 2).1),
        (1, usage(3, 2).0, usage(3, 2).1),
    ];
    for (r, (requests, p, c)) in s["recipes"].as_array().unwrap().iter().zip(expected) {
        assert_eq!(
            (
                r["requests"].as_u64(),
                r["prompt_tokens"].as_u64(),
                r["completion_tokens"].as_u64()
            ),
            (Some(requests), Some(p), Some(c)),
            "{r}"
        );
        assert_eq!(r["cost"].as_f64(), Some(price(p, c)), "{r}");
        assert_eq!(r["scores"]["dish"], 1.0, "{r}");
        assert_eq!(r["executed"], true);
    }
    let t = &s["totals"];
    assert_eq!(
        (t["prompt_tokens"].as_u64(), t["completion_tokens"].as_u64()),
        (Some(8070), Some(800))
    );
    assert_eq!(t["cost"].as_f64(), Some(price(8070, 800)));
    assert!((price(8070, 800) - 0.028175).abs() < 1e-15);
    assert_eq!(
        (t["mean_dish"].as_f64(), t["executed"].as_u64()),
        (Some(1.0), Some(3))
    );
    assert_eq!(
        (s["model"].as_str(), s["protocol"].as_str()),
        (Some("fake"), Some("text"))
    );
    assert_eq!(s["settings"]["seed"], 42);
    assert!(out.stderr.contains("cost 0.0"), "{}", out.stderr);
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn an_endpoint_that_answers_429_then_200_is_retried() {
    let dir = scratch("429", 1);
    let ok = completion(
        json!({"role": "assistant", "content": network(1)}),
        Some((5, 5)),
    );
    let fake = FakeLlm::start(vec![Reply::Status(429, "slow down".into()), Reply::Raw(ok)]);
    let out = run(&llm(&fake, &dir));
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert_eq!(fake.requests().len(), 2);
    assert_eq!(ids(&out), ["recipe-1"]);
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn answers_cut_at_the_token_limit_are_counted_in_the_summary() {
    let dir = scratch("cut", 1);
    let half = format!("```lisp\n{}", &network(1)[..40]);
    let whole = completion(
        json!({"role": "assistant", "content": network(1)}),
        Some((5, 5)),
    );
    let fake = FakeLlm::start(vec![
        Reply::Raw(cut(&half, Some((5, 40)))),
        Reply::Raw(whole),
    ]);
    let summary = dir.join("summary.json");
    let transcript = dir.join("t.jsonl");
    let mut args = llm(&fake, &dir);
    args.extend(
        [
            "--summary",
            summary.to_str().unwrap(),
            "--transcript",
            transcript.to_str().unwrap(),
        ]
        .map(String::from),
    );
    let out = run(&args);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert_eq!(ids(&out), ["recipe-1"]);
    let s: Value = serde_json::from_str(&std::fs::read_to_string(&summary).unwrap()).unwrap();
    assert_eq!(s["recipes"][0]["truncated"], 1, "{s}");
    assert_eq!(s["totals"]["truncated"], 1, "{s}");
    assert_eq!(s["totals"]["requests"], 2, "{s}");
    let written = lines(&transcript);
    let exchanges = of_kind(&written, "exchange");
    assert_eq!(exchanges[0]["finish_reason"], "length");
    assert!(
        exchanges[0]["problems"][0]
            .as_str()
            .unwrap()
            .contains("cut at the token limit"),
        "{}",
        exchanges[0]
    );
    assert_eq!(exchanges[1]["finish_reason"], "stop");
    assert_eq!(of_kind(&written, "result")[0]["tally"]["truncated"], 1);
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn bad_run_flags_stop_before_any_request() {
    let dir = scratch("flags", 1);
    let fake = FakeLlm::answering(by_recipe(Duration::ZERO, 0));
    let other = dir.join("other.jsonl");
    std::fs::write(
        &other,
        r#"{"kind":"result","recipe":"recipe-1","model":"another","protocol":"text","network":[],"problems":[],"trace":[],"tally":{"requests":1,"prompt_tokens":1,"completion_tokens":1},"seconds":1.0}"#,
    )
    .unwrap();
    let recipes = dir.join("recipes").to_string_lossy().into_owned();
    let cases: [(Vec<&str>, &str); 5] = [
        (vec!["--jobs", "2"], "need --agent llm"),
        (vec!["--resume", "/no/such/t.jsonl"], "no such transcript"),
        (
            vec!["--resume", other.to_str().unwrap()],
            "made by model another",
        ),
        (
            vec!["--protocol", "tools", "--incremental"],
            "--incremental goes with --protocol text",
        ),
        (vec!["--price-in=-1"], "prices"),
    ];
    for (i, (flags, message)) in cases.into_iter().enumerate() {
        let mut args = if i == 0 {
            vec!["understand".to_string(), recipes.clone()]
        } else {
            llm(&fake, &dir)
        };
        args.extend(flags.iter().map(|f| f.to_string()));
        let out = run(&args);
        assert_eq!(out.code, Some(2), "{flags:?}: {}", out.stderr);
        assert!(out.stderr.contains(message), "{message}: {}", out.stderr);
    }
    assert!(fake.requests().is_empty());
    std::fs::remove_dir_all(dir).ok();
}

/// The must-hold: a gold network replayed as tool calls through `sous
/// understand --protocol tools`, scored by `--evaluate` as `sous evaluate`
/// scores: almond-crescent-cookies, dish 1.00.
#[test]
fn the_tools_protocol_replaying_a_gold_network_scores_1() {
    let bench = sous_testdata::benchmark_dir();
    let id = "almond-crescent-cookies";
    let gold = sous_testdata::gold_current_dir().join(format!("{id}.solution"));
    let fake = FakeLlm::answering(sous_testdata::gold_replay::replay(
        &std::fs::read_to_string(&gold).unwrap(),
        Some((1000, 50)),
    ));
    let dir = scratch("replay", 0);
    let summary = dir.join("summary.json");
    let xml = bench.join(format!("data/recipe-texts/{id}.xml"));
    let out = sous(&[
        "understand",
        xml.to_str().unwrap(),
        "--agent",
        "llm",
        "--protocol",
        "tools",
        "--llm-url",
        &fake.url,
        "--model",
        "gold-replay",
        "--examples",
        dir.join("examples").to_str().unwrap(),
        "--evaluate",
        "--format",
        "json",
        "--summary",
        summary.to_str().unwrap(),
    ]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let list: Value = serde_json::from_str(&out.stdout).unwrap();
    let scores = &list[0]["scores"];
    assert_eq!(
        scores["dish-approximation-score"].as_f64(),
        Some(1.0),
        "{scores}"
    );
    assert_eq!(
        scores["goal-condition-success"].as_f64(),
        Some(1.0),
        "{scores}"
    );
    let s: Value = serde_json::from_str(&std::fs::read_to_string(&summary).unwrap()).unwrap();
    assert_eq!(s["protocol"], "tools");
    assert_eq!(s["recipes"][0]["scores"]["dish"], 1.0);
    assert_eq!(s["recipes"][0]["executed"], true);
    // One request per gold action after get-kitchen, and one to end.
    let gold_actions = std::fs::read_to_string(&gold)
        .unwrap()
        .lines()
        .filter(|l| l.starts_with('('))
        .count();
    assert_eq!(fake.requests().len(), gold_actions);
    assert_eq!(s["totals"]["prompt_tokens"], 1000 * gold_actions as u64);
    std::fs::remove_dir_all(dir).ok();
}

/// Writes `docs/llm-runs/gold-replay.json`: the summary of the tools
/// protocol over the 30 benchmark recipes with a fake endpoint that
/// replays each recipe's gold network as tool calls (no model: it shows
/// what the protocol can express, and what the harness costs nothing).
/// `cargo test -p sous-cli --test understand_llm_runs -- --ignored`
#[test]
#[ignore = "writes docs/llm-runs/gold-replay.json"]
fn write_the_gold_replay_summary() {
    let gold = sous_testdata::gold_current_dir();
    let fake = FakeLlm::answering(sous_testdata::gold_replay::replay_each(gold.clone()));
    let dir = scratch("replay-all", 0);
    let summary =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/llm-runs/gold-replay.json");
    std::fs::create_dir_all(summary.parent().unwrap()).unwrap();
    let out = sous(&[
        "understand",
        "--benchmark",
        "--agent",
        "llm",
        "--protocol",
        "tools",
        "--llm-url",
        &fake.url,
        "--model",
        "none (fake endpoint replaying the gold networks)",
        "--label",
        "gold replay: no model, the gold networks as tool calls",
        "--examples",
        dir.join("examples").to_str().unwrap(),
        "--evaluate",
        "--jobs",
        "2",
        "--output",
        "/dev/null",
        "--summary",
        summary.to_str().unwrap(),
    ]);
    eprintln!("{}", out.stdout);
    eprintln!("{}", out.stderr);
    assert!(summary.is_file());
    std::fs::remove_dir_all(dir).ok();
}
