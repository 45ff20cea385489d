//! The LLM harness against a fake OpenAI-compatible endpoint on a loopback
//! port: what the prompt holds, repairs from the checks' feedback, clear
//! errors for an endpoint that hangs, answers garbage or is not there,
//! answers cut at the token limit or thinking first, the transcript.

mod support;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use sous_agent::llm::check::{check, CUT_PROBLEM};
use sous_agent::llm::prompt::family;
use sous_agent::llm::{Client, LlmAgent, LlmConfig, LlmError, RecipeLog, Transcript};
use sous_testdata::fake_llm::{FakeLlm, Reply};
use support::butter_sugar;

const FETCH: [&str; 3] = [
    "(get-kitchen ?kitchen)",
    "(fetch-and-proportion ?butter ?ks-1 ?kitchen ?bowl-1 butter 100 g)",
    "(fetch-and-proportion ?sugar ?ks-2 ?ks-1 ?bowl-2 white-sugar 50 g)",
];
const MIX: [&str; 2] = [
    "(transfer-contents ?both ?rest ?ks-3 ?ks-2 ?butter ?sugar ?q ?u)",
    "(mix ?mixed ?ks-4 ?ks-3 ?both ?whisk)",
];

fn correct() -> Vec<String> {
    FETCH.iter().chain(&MIX).map(|s| s.to_string()).collect()
}

fn fenced(lines: &[String]) -> String {
    format!("Here is the network:\n```lisp\n{}\n```\n", lines.join("\n"))
}

/// The correct network with a misspelled primitive and a wrong ingredient.
fn broken() -> Vec<String> {
    correct()
        .into_iter()
        .map(|l| {
            l.replace("(mix ", "(mixx ")
                .replace(" butter 100 g", " buter 100 g")
        })
        .collect()
}

fn agent(fake: &FakeLlm, config: LlmConfig, timeout: Duration) -> LlmAgent {
    let client = Client::new(&fake.url, "fake-model", Some("sekrit".into()), timeout)
        .with_retries(3, Duration::from_millis(20));
    LlmAgent::new(client, config)
}

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("sous-llm-{name}-{}", std::process::id()))
}

/// The content of message `i` of request `r`.
fn message(fake: &FakeLlm, r: usize, i: usize) -> String {
    fake.requests()[r].body["messages"][i]["content"]
        .as_str()
        .unwrap_or_default()
        .to_string()
}

#[test]
fn the_prompt_has_the_reference_the_names_other_families_examples_and_the_recipe() {
    let bench = sous_testdata::benchmark_dir();
    let xml =
        std::fs::read_to_string(bench.join("data/recipe-texts/almond-crescent-cookies-2.xml"))
            .unwrap();
    let recipe = sous_agent::parse_recipe(&xml).unwrap();
    let fake = FakeLlm::start(vec![Reply::Chat(fenced(&correct()))]);
    let config = LlmConfig {
        examples_dir: Some(sous_testdata::gold_current_dir()),
        examples: 2,
        ..LlmConfig::default()
    };
    agent(&fake, config, Duration::from_secs(10))
        .understand(&recipe, &Transcript::none())
        .unwrap();
    let requests = fake.requests();
    assert_eq!(requests.len(), 1);
    assert_eq!(requests[0].body["model"], "fake-model");
    assert_eq!(requests[0].authorization.as_deref(), Some("Bearer sekrit"));
    let system = message(&fake, 0, 0);
    // Every primitive of the reference, with its arguments in order.
    for p in sous_sim::primitive_reference() {
        let args: Vec<&str> = p.arguments.iter().map(|a| a.name).collect();
        assert!(
            system.contains(&format!("({} ", p.name)),
            "{} missing",
            p.name
        );
        for a in args {
            assert!(system.contains(a), "{}: {a} missing", p.name);
        }
    }
    let inventory = sous_kitchen::inventory::inventory();
    for name in inventory
        .ingredients
        .iter()
        .chain(&inventory.containers)
        .chain(&inventory.tools)
    {
        assert!(system.contains(name), "{name} missing");
    }
    // Two examples, none of the almond-crescent-cookies family, each a gold network.
    let examples: Vec<&str> = system
        .lines()
        .filter_map(|l| l.strip_prefix("## Example: "))
        .collect();
    assert_eq!(examples.len(), 2, "{examples:?}");
    for e in &examples {
        assert_ne!(family(e), "almond-crescent-cookies");
        let gold = std::fs::read_to_string(sous_testdata::gold_file(
            &sous_testdata::gold_current_dir(),
            e,
        ))
        .unwrap();
        let first = gold.lines().find(|l| l.starts_with('(')).unwrap();
        assert!(system.contains(first), "{e}: {first}");
    }
    assert_ne!(family(examples[0]), family(examples[1]));
    let user = message(&fake, 0, 1);
    for line in recipe.ingredients.iter().chain(&recipe.instructions) {
        assert!(user.contains(line.as_str()), "{line} missing from {user}");
    }
}

#[test]
fn a_broken_network_is_repaired_after_feedback() {
    let fake = FakeLlm::start(vec![
        Reply::Chat(fenced(&broken())),
        Reply::Chat(fenced(&correct())),
    ]);
    let out = agent(&fake, LlmConfig::default(), Duration::from_secs(10))
        .understand(&butter_sugar(), &Transcript::none())
        .unwrap();
    assert!(out.problems.is_empty(), "{:?}", out.problems);
    assert_eq!(out.understood.actions, correct());
    assert_eq!(fake.requests().len(), 2);
    // The second request carries the broken answer and the feedback on it:
    // every problem the checks find, the did-you-mean included.
    let feedback = message(&fake, 1, 3);
    assert_eq!(fake.requests()[1].body["messages"][2]["role"], "assistant");
    let expected = check("butter-sugar", broken()).problems;
    assert!(!expected.is_empty());
    for p in &expected {
        assert!(feedback.contains(p.as_str()), "{p} not in {feedback}");
    }
    assert!(feedback.contains("did you mean `mix`?"), "{feedback}");
    assert!(feedback.contains("buter"), "{feedback}");
}

#[test]
fn a_network_that_still_fails_after_the_repairs_is_kept_with_its_problems() {
    let fake = FakeLlm::start(vec![Reply::Chat(fenced(&broken()))]);
    let config = LlmConfig {
        max_repairs: 1,
        ..LlmConfig::default()
    };
    let out = agent(&fake, config, Duration::from_secs(10))
        .understand(&butter_sugar(), &Transcript::none())
        .unwrap();
    assert_eq!(fake.requests().len(), 2, "one answer, one repair");
    assert_eq!(out.understood.actions, broken());
    assert_eq!(out.problems, check("butter-sugar", broken()).problems);
    assert!(out
        .understood
        .trace
        .iter()
        .any(|t| t.contains("fails after 1 repairs")));
}

#[test]
fn a_hanging_endpoint_times_out_with_a_clear_error() {
    let fake = FakeLlm::start(vec![Reply::Hang]);
    let started = Instant::now();
    let err = agent(&fake, LlmConfig::default(), Duration::from_secs(1))
        .understand(&butter_sugar(), &Transcript::none())
        .unwrap_err();
    assert!(matches!(err, LlmError::Timeout { .. }), "{err:?}");
    assert!(
        err.to_string().contains("did not answer within 1 s"),
        "{err}"
    );
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "a timeout is not retried"
    );
    assert_eq!(fake.requests().len(), 1);
}

#[test]
fn garbage_and_http_errors_are_clear_errors() {
    let cases: [(Reply, &str, usize); 4] = [
        (
            Reply::Raw("<html>not json</html>".into()),
            "not a chat completion",
            1,
        ),
        (
            Reply::Raw(r#"{"choices": []}"#.into()),
            "not a chat completion",
            1,
        ),
        // A server error is retried (3 tries), a client error is not.
        (
            Reply::Status(500, "model overloaded".into()),
            "HTTP 500: model overloaded",
            3,
        ),
        (Reply::Status(401, "bad key".into()), "HTTP 401: bad key", 1),
    ];
    for (reply, message, tries) in cases {
        let fake = FakeLlm::start(vec![reply]);
        let err = agent(&fake, LlmConfig::default(), Duration::from_secs(10))
            .understand(&butter_sugar(), &Transcript::none())
            .unwrap_err();
        assert!(err.to_string().contains(message), "{err}");
        assert!(err.to_string().contains(&fake.url), "{err}");
        assert_eq!(fake.requests().len(), tries, "{err}");
    }
}

#[test]
fn a_refused_connection_on_the_first_request_fails_at_once() {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    // Retries that would take 30 s are not made: nothing ever answered there.
    let client = Client::new(
        &format!("http://127.0.0.1:{port}"),
        "m",
        None,
        Duration::from_secs(5),
    )
    .with_retries(3, Duration::from_secs(10));
    let started = Instant::now();
    let err = LlmAgent::new(client, LlmConfig::default())
        .understand(&butter_sugar(), &Transcript::none())
        .unwrap_err();
    assert!(
        started.elapsed() < Duration::from_secs(1),
        "{:?}",
        started.elapsed()
    );
    assert!(matches!(err, LlmError::Connect { .. }), "{err:?}");
    assert_eq!(
        err.to_string(),
        format!("cannot reach http://127.0.0.1:{port}/chat/completions: connection refused")
    );
}

#[test]
fn an_answer_cut_at_the_token_limit_is_reported_recorded_and_counted() {
    let lines = correct();
    let cut = sous_testdata::fake_llm::cut(
        &format!("```lisp\n{}\n(mix ?mixed ?ks-4", lines[..4].join("\n")),
        Some((100, 20)),
    );
    let fake = FakeLlm::start(vec![Reply::Raw(cut), Reply::Chat(fenced(&correct()))]);
    let path = temp("cut.jsonl");
    std::fs::remove_file(&path).ok();
    let transcript = Transcript::open(&path).unwrap();
    let mut log = RecipeLog::new(&transcript);
    let out = agent(&fake, LlmConfig::default(), Duration::from_secs(10))
        .understand_logged(&butter_sugar(), &mut log)
        .unwrap();
    assert!(out.problems.is_empty(), "{:?}", out.problems);
    assert_eq!((log.tally.requests, log.tally.truncated), (2, 1));
    // The feedback says the answer was cut, first.
    let feedback = message(&fake, 1, 3);
    assert!(feedback.contains(CUT_PROBLEM), "{feedback}");
    assert!(
        out.understood.trace[0].contains("cut at the token limit"),
        "{:?}",
        out.understood.trace
    );
    drop(transcript);
    let lines: Vec<serde_json::Value> = std::fs::read_to_string(&path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["finish_reason"], "length");
    assert_eq!(lines[0]["problems"][0], CUT_PROBLEM);
    assert_eq!(lines[1]["finish_reason"], "stop");
    // Read back, the cut answer is counted in what the run spent.
    let previous = sous_agent::llm::transcript::read(&path).unwrap();
    assert_eq!((previous.spent.requests, previous.spent.truncated), (2, 1));
    std::fs::remove_file(&path).ok();
}

#[test]
fn thinking_before_the_network_is_passed_over() {
    let thinking = format!(
        "<think>\nMaybe:\n(get-kitchen ?wrong)\n(mixx ?a)\n</think>\n{}",
        fenced(&correct())
    );
    let fake = FakeLlm::start(vec![Reply::Chat(thinking)]);
    let out = agent(&fake, LlmConfig::default(), Duration::from_secs(10))
        .understand(&butter_sugar(), &Transcript::none())
        .unwrap();
    assert!(out.problems.is_empty(), "{:?}", out.problems);
    assert_eq!(out.understood.actions, correct());
    assert_eq!(fake.requests().len(), 1);
}

#[test]
fn the_transcript_has_one_line_per_exchange() {
    let fake = FakeLlm::start(vec![
        Reply::Chat(fenced(&broken())),
        Reply::Chat(fenced(&correct())),
    ]);
    let path = temp("transcript.jsonl");
    std::fs::remove_file(&path).ok();
    let transcript = Transcript::open(&path).unwrap();
    agent(&fake, LlmConfig::default(), Duration::from_secs(10))
        .understand(&butter_sugar(), &transcript)
        .unwrap();
    drop(transcript);
    let text = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), fake.requests().len());
    for (round, (line, request)) in lines.iter().zip(fake.requests()).enumerate() {
        assert_eq!(line["recipe"], "butter-sugar");
        assert_eq!(line["round"], round);
        assert_eq!(line["request"], request.body["messages"]);
        assert!(line["milliseconds"].is_u64());
        assert_eq!(line["finish_reason"], "stop");
        assert!(line["response"]
            .as_str()
            .unwrap()
            .contains("(get-kitchen ?kitchen)"));
    }
    assert!(!lines[0]["problems"].as_array().unwrap().is_empty());
    assert!(lines[1]["problems"].as_array().unwrap().is_empty());
    std::fs::remove_file(&path).ok();
}

#[test]
fn incremental_shows_the_kitchen_before_each_instruction() {
    let lines = |l: &[&str]| l.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let fake = FakeLlm::start(vec![
        Reply::Chat(fenced(&lines(&FETCH))),
        Reply::Chat(fenced(&lines(&MIX))),
    ]);
    let config = LlmConfig {
        incremental: true,
        ..LlmConfig::default()
    };
    let out = agent(&fake, config, Duration::from_secs(10))
        .understand(&butter_sugar(), &Transcript::none())
        .unwrap();
    assert!(out.problems.is_empty(), "{:?}", out.problems);
    assert_eq!(out.understood.actions, correct());
    assert_eq!(fake.requests().len(), 2);
    // Before the instruction: where the network stands and the kitchen as it left it.
    let step = message(&fake, 1, 3);
    assert!(step.contains("The latest kitchen state is ?ks-2"), "{step}");
    assert!(step.contains("Mix the butter and the sugar"), "{step}");
    let counter = step
        .lines()
        .skip_while(|l| !l.starts_with("counter-top"))
        .take_while(|l| l.starts_with("counter-top") || l.starts_with(' '))
        .collect::<Vec<_>>()
        .join("\n");
    // The two portions fetched stand on the counter; the stock they came from is less.
    let portion = |class: &str, amount: &str| {
        counter
            .lines()
            .any(|l| l.trim_start().starts_with(class) && l.contains(&format!("({amount}")))
    };
    assert!(
        portion("butter-", "100 g") && portion("white-sugar-", "50 g"),
        "{step}"
    );
    assert!(step.contains("(400 g"), "500 g of butter less 100: {step}");
}

#[test]
fn an_endpoint_that_answers_429_then_200_is_retried_and_its_usage_recorded() {
    let answer = sous_testdata::fake_llm::completion(
        serde_json::json!({"role": "assistant", "content": fenced(&correct())}),
        Some((1234, 56)),
    );
    let fake = FakeLlm::start(vec![
        Reply::Status(429, "rate limited".into()),
        Reply::Raw(answer),
    ]);
    let path = temp("usage.jsonl");
    std::fs::remove_file(&path).ok();
    let transcript = Transcript::open(&path).unwrap();
    let out = agent(&fake, LlmConfig::default(), Duration::from_secs(10))
        .understand(&butter_sugar(), &transcript)
        .unwrap();
    assert!(out.problems.is_empty(), "{:?}", out.problems);
    assert_eq!(fake.requests().len(), 2, "the 429 is tried again");
    let text = std::fs::read_to_string(&path).unwrap();
    let line: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert_eq!(
        text.lines().count(),
        1,
        "one exchange: the retry is the client's"
    );
    assert_eq!(
        line["usage"],
        serde_json::json!({"prompt_tokens": 1234, "completion_tokens": 56})
    );
    std::fs::remove_file(&path).ok();
}
