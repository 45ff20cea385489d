//! `--protocol tools` against a fake OpenAI-compatible endpoint: calls run
//! at once with the kitchen states threaded by the harness, malformed calls
//! answered with errors (never a crash), the cap of calls, a last answer
//! cut at the token limit, and a gold
//! network replayed as tool calls, which must score as the gold does.

mod support;

use std::time::Duration;

use serde_json::{json, Value};
use sous_agent::llm::{Client, LlmAgent, LlmConfig, Protocol, Transcript};
use sous_eval::{evaluate_recipe, MetricSet, Options};
use sous_testdata::fake_llm::{completion, cut, tool_calls, FakeLlm, Reply, Request};
use sous_testdata::gold_replay::replay;
use support::butter_sugar;

fn agent(fake: &FakeLlm, max_calls: usize) -> LlmAgent {
    let client = Client::new(&fake.url, "fake-model", None, Duration::from_secs(10))
        .with_retries(3, Duration::from_millis(20));
    let config = LlmConfig {
        protocol: Protocol::Tools,
        max_calls,
        ..LlmConfig::default()
    };
    LlmAgent::new(client, config)
}

/// An answer calling `calls`.
fn calls(calls: &[(&str, Value)]) -> Reply {
    Reply::Raw(completion(tool_calls(calls), Some((100, 10))))
}

fn done() -> Reply {
    Reply::Chat("The dish is done.".into())
}

/// The tool results (JSON) the last request carried, in order.
fn results(request: &Request) -> Vec<Value> {
    request
        .messages()
        .iter()
        .filter(|m| m["role"] == "tool")
        .map(|m| serde_json::from_str(m["content"].as_str().unwrap()).unwrap())
        .collect()
}

#[test]
fn tool_calls_run_at_once_and_their_results_name_what_they_made() {
    let fake = FakeLlm::start(vec![
        // Two calls in one answer, each run in turn.
        calls(&[
            (
                "fetch-and-proportion",
                json!({"ingredient-concept": "butter", "quantity": 100, "unit": "g"}),
            ),
            (
                "fetch-and-proportion",
                json!({"ingredient-concept": "white-sugar", "quantity": 50, "unit": "g"}),
            ),
        ]),
        calls(&[(
            "transfer-contents",
            json!({
            "target-container": "container-with-ingredient-1",
            "container-with-input-ingredients": "container-with-ingredient-2"}),
        )]),
        calls(&[(
            "mix",
            json!({"container-with-input-ingredients": "container-with-all-ingredients-3"}),
        )]),
        done(),
    ]);
    let out = agent(&fake, 100)
        .understand(&butter_sugar(), &Transcript::none())
        .unwrap();
    assert!(out.problems.is_empty(), "{:?}", out.problems);
    assert_eq!(
        out.understood.actions,
        [
            "(get-kitchen ?kitchen)",
            "(fetch-and-proportion ?container-with-ingredient-1 ?ks-1 ?kitchen ?target-container-1 butter 100 g)",
            "(fetch-and-proportion ?container-with-ingredient-2 ?ks-2 ?ks-1 ?target-container-2 white-sugar 50 g)",
            "(transfer-contents ?container-with-all-ingredients-3 ?container-with-rest-3 ?ks-3 ?ks-2 \
             ?container-with-ingredient-1 ?container-with-ingredient-2 ?quantity-3 ?unit-3)",
            "(mix ?container-with-mixture-4 ?ks-4 ?ks-3 ?container-with-all-ingredients-3 ?mixing-tool-4)",
        ]
    );
    let requests = fake.requests();
    assert_eq!(requests.len(), 4);
    // Every request offers the tools (the primitives and `finish`) and
    // asks for a call; the first names the recipe.
    for r in &requests {
        assert_eq!(r.body["tools"].as_array().unwrap().len(), 39);
        assert_eq!(r.body["tool_choice"], "required");
    }
    assert!(requests[0].text(1).contains("100 grams butter"));
    // The answer goes back with its calls, then one tool message per call.
    let second = requests[1].messages();
    assert_eq!(second[2]["role"], "assistant");
    assert_eq!(second[2]["tool_calls"].as_array().unwrap().len(), 2);
    assert_eq!(
        (
            second[3]["tool_call_id"].as_str(),
            second[4]["tool_call_id"].as_str()
        ),
        (Some("call-0"), Some("call-1"))
    );
    let r = &results(&requests[1])[0];
    assert_eq!(r["outputs"][0]["argument"], "container-with-ingredient");
    assert_eq!(r["outputs"][0]["name"], "container-with-ingredient-1");
    assert!(
        r["outputs"][0]["is"].as_str().unwrap().contains("butter"),
        "{r}"
    );
    assert_eq!(r["defaults"][0]["name"], "target-container-1");
    assert!(
        r["kitchen"].as_str().unwrap().contains("counter-top"),
        "{r}"
    );
    // The mix chose a whisk for its tool, and says so.
    let last = results(&requests[3]).pop().unwrap();
    assert_eq!(last["defaults"][0]["argument"], "mixing-tool");
    assert!(
        last["defaults"][0]["is"]
            .as_str()
            .unwrap()
            .starts_with("whisk"),
        "{last}"
    );
}

#[test]
fn malformed_calls_get_error_results_and_the_conversation_goes_on() {
    let fetch = json!({"ingredient-concept": "butter", "quantity": 100, "unit": "g"});
    let fake = FakeLlm::start(vec![
        calls(&[
            ("mixx", json!({})),
            ("fetch-and-proportion", Value::String("{not json".into())),
            (
                "fetch-and-proportion",
                json!({"ingredient-concept": "butter", "quantity": 100, "unit": "g", "colour": "red"}),
            ),
            (
                "fetch-and-proportion",
                json!({"ingredient-concept": "butter", "quantity": "a lot", "unit": "g"}),
            ),
            (
                "fetch-and-proportion",
                json!({"ingredient-concept": "unobtainium", "quantity": 1, "unit": "g"}),
            ),
            ("beat", json!({"container-with-ingredients": "the-bowl"})),
            ("beat", json!({})),
        ]),
        calls(&[("fetch-and-proportion", fetch)]),
        // Runs in no kitchen: a bake of the butter with no time and no oven.
        calls(&[(
            "bring-to-temperature",
            json!({"container-with-ingredients": "container-with-ingredient-1", "temperature-quantity": 20}),
        )]),
        done(),
    ]);
    let out = agent(&fake, 100)
        .understand(&butter_sugar(), &Transcript::none())
        .unwrap();
    let requests = fake.requests();
    assert_eq!(requests.len(), 4);
    let errors: Vec<String> = results(&requests[1])
        .iter()
        .map(|r| {
            r["error"]
                .as_str()
                .unwrap_or_else(|| panic!("{r}"))
                .to_string()
        })
        .collect();
    let expected = [
        "there is no tool `mixx` (did you mean `mix`?)",
        "not a JSON object",
        "no argument `colour`",
        "takes a number of 0 or more, not \"a lot\"",
        "`unobtainium` is not one of the names",
        "`the-bowl` is no earlier output",
        "`beat` needs `container-with-ingredients`",
    ];
    for (e, x) in errors.iter().zip(expected) {
        assert!(e.contains(x), "{e} should say {x}");
    }
    // A call the kitchen cannot run is undone and said so.
    let failed = &results(&requests[3])[8];
    let error = failed["error"]
        .as_str()
        .unwrap_or_else(|| panic!("{failed}"));
    assert!(error.contains("undone"), "{error}");
    assert!(out.problems.is_empty(), "{:?}", out.problems);
    assert_eq!(
        out.understood.actions.len(),
        2,
        "{:?}",
        out.understood.actions
    );
    assert_eq!(
        out.understood
            .trace
            .iter()
            .filter(|t| t.contains("refused"))
            .count(),
        8
    );
}

#[test]
fn the_conversation_stops_at_the_cap_of_calls() {
    let fetch = json!({"ingredient-concept": "butter", "quantity": 1, "unit": "g"});
    let fake = FakeLlm::start(vec![calls(&[("fetch-and-proportion", fetch)])]);
    let out = agent(&fake, 3)
        .understand(&butter_sugar(), &Transcript::none())
        .unwrap();
    assert_eq!(fake.requests().len(), 3);
    assert_eq!(out.understood.actions.len(), 4);
    assert_eq!(
        out.problems,
        ["stopped at the cap of 3 tool calls before the model ended"]
    );
}

#[test]
fn a_model_that_calls_no_tool_makes_no_network() {
    let fake = FakeLlm::start(vec![done()]);
    let out = agent(&fake, 10)
        .understand(&butter_sugar(), &Transcript::none())
        .unwrap();
    assert_eq!(out.understood.actions, ["(get-kitchen ?kitchen)"]);
    assert_eq!(out.problems.len(), 1, "{:?}", out.problems);
}

#[test]
fn a_last_answer_cut_at_the_token_limit_is_a_problem() {
    let fetch = json!({"ingredient-concept": "butter", "quantity": 100, "unit": "g"});
    let fake = FakeLlm::start(vec![
        calls(&[("fetch-and-proportion", fetch)]),
        Reply::Raw(cut("<think>\nNow the sugar, then", None)),
    ]);
    let out = agent(&fake, 10)
        .understand(&butter_sugar(), &Transcript::none())
        .unwrap();
    assert_eq!(out.understood.actions.len(), 2);
    assert_eq!(
        out.problems,
        ["the model's last answer was cut at the token limit (finish_reason \"length\") after 1 calls"]
    );
    // Its thinking is not taken for its last words.
    assert!(
        out.understood.trace.iter().all(|t| !t.contains("think")),
        "{:?}",
        out.understood.trace
    );
}

#[test]
fn the_gold_network_replayed_as_tool_calls_runs_as_the_gold_does() {
    let bench = sous_testdata::benchmark_dir();
    let id = "almond-crescent-cookies";
    let xml = std::fs::read_to_string(bench.join(format!("data/recipe-texts/{id}.xml"))).unwrap();
    let recipe = sous_agent::parse_recipe(&xml).unwrap();
    let gold_dir = sous_testdata::gold_current_dir();
    let gold_text = std::fs::read_to_string(gold_dir.join(format!("{id}.solution"))).unwrap();
    let fake = FakeLlm::answering(replay(&gold_text, None));
    let out = agent(&fake, 100)
        .understand(&recipe, &Transcript::none())
        .unwrap();
    assert!(out.problems.is_empty(), "{:?}", out.problems);
    let gold_actions = gold_text.lines().filter(|l| l.starts_with('(')).count();
    assert_eq!(
        out.understood.actions.len(),
        gold_actions,
        "{:#?}",
        out.understood.trace
    );
    let (file, diags) = sous_lang::parse(id, &out.understood.solution());
    assert!(diags.is_empty(), "{diags:?}");
    let gold = sous_eval::GoldStandard::load(&gold_dir).unwrap();
    let options = Options {
        metrics: MetricSet::ALL,
        ..Options::default()
    };
    let report = evaluate_recipe(&file.recipes[0], &[], &gold, &options);
    assert_eq!(report.dish_approximation_score, Some(1.0), "{report:?}");
    assert_eq!(report.goal_condition_success, Some(1.0), "{report:?}");
    assert!(report.failures.is_empty(), "{:?}", report.failures);
}

#[test]
fn finish_ends_the_conversation() {
    let fetch = json!({"ingredient-concept": "butter", "quantity": 100, "unit": "g"});
    let fake = FakeLlm::start(vec![
        calls(&[("fetch-and-proportion", fetch.clone())]),
        // A call after `finish` is not run.
        calls(&[("finish", json!({})), ("fetch-and-proportion", fetch)]),
    ]);
    let out = agent(&fake, 100)
        .understand(&butter_sugar(), &Transcript::none())
        .unwrap();
    assert!(out.problems.is_empty(), "{:?}", out.problems);
    assert_eq!(fake.requests().len(), 2);
    assert_eq!(out.understood.actions.len(), 2);
    assert!(
        out.understood
            .trace
            .iter()
            .any(|t| t.contains("calls finish after 1 calls")),
        "{:?}",
        out.understood.trace
    );
}

#[test]
fn requests_are_fitted_into_a_small_context_and_the_oldest_calls_go_first() {
    use sous_agent::llm::fit::{Budget, Counter};
    let context = 12_000;
    let budget = Budget::new(context, 512, Counter::Estimate, Duration::from_secs(1));
    let fetch = json!({"ingredient-concept": "butter", "quantity": 1, "unit": "g"});
    let fake = FakeLlm::start(vec![calls(&[("fetch-and-proportion", fetch)])]);
    let client = Client::new(&fake.url, "fake-model", None, Duration::from_secs(10))
        .with_budget(std::sync::Arc::new(budget));
    let config = LlmConfig {
        protocol: Protocol::Tools,
        max_calls: 40,
        // The same fetch fails once the bowls run out; go on regardless.
        max_repeated_failures: 0,
        ..LlmConfig::default()
    };
    let out = LlmAgent::new(client, config)
        .understand(&butter_sugar(), &Transcript::none())
        .unwrap();
    let trace = &out.understood.trace;
    assert!(
        trace.contains(
            &"left out to fit the context: the tools' descriptions (their parameters stay)"
                .to_string()
        ),
        "{trace:?}"
    );
    assert!(
        trace
            .iter()
            .any(|t| t.starts_with("left out to fit the context: the first ")
                && t.ends_with("answers and their results")),
        "{trace:?}"
    );
    // All 40 calls were made (until the kitchen had no bowl left they
    // ran), in requests that each fit: one over is never sent.
    assert!(
        trace.iter().any(|t| t.starts_with("call 40: ")),
        "{trace:?}"
    );
    let requests = fake.requests();
    let first = &requests[0].body["tools"];
    assert!(first
        .as_array()
        .unwrap()
        .iter()
        .all(|t| t["function"].get("description").is_none()));
    let sizes: Vec<usize> = requests
        .iter()
        .map(|r| r.body["messages"].as_array().unwrap().len())
        .collect();
    // Each request has the last one's messages and two more, but where
    // the oldest were left out.
    assert!(
        sizes.windows(2).any(|w| w[1] < w[0] + 2),
        "the conversation was never cut: {sizes:?}"
    );
}

#[test]
fn the_conversation_stops_when_the_model_repeats_a_failing_call() {
    let fetch = json!({"ingredient-concept": "butter", "quantity": 100, "unit": "g"});
    // Key order and spacing differ; the call is the same.
    let stuck = calls(&[(
        "beat",
        Value::String("{ \"container-with-ingredients\" :  \"the-bowl\" }".into()),
    )]);
    let stuck_again = calls(&[("beat", json!({"container-with-ingredients": "the-bowl"}))]);
    let fake = FakeLlm::start(vec![
        stuck.clone(),
        // A call that runs ends the run of failures.
        calls(&[("fetch-and-proportion", fetch)]),
        stuck.clone(),
        stuck_again.clone(),
        // A different failing call starts a new run.
        calls(&[("beat", json!({}))]),
        stuck,
        stuck_again.clone(),
        stuck_again,
        done(),
    ]);
    let out = agent(&fake, 100)
        .understand(&butter_sugar(), &Transcript::none())
        .unwrap();
    assert_eq!(fake.requests().len(), 8);
    assert_eq!(out.understood.actions.len(), 2);
    assert_eq!(
        out.problems,
        ["stopped after 8 calls: the model made the same failing call 3 times in a row"]
    );
}
