//! `sous understand --agent llm` against a fake OpenAI-compatible endpoint
//! on a loopback port: repairs, the transcript, the API key, and clear
//! errors with the right exit codes when the endpoint fails, is down (at
//! once) or is missing.

mod common;

use std::ffi::OsStr;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use common::{fixtures, sous, sous_with};
use sous_testdata::fake_llm::{FakeLlm, Reply};

const GOOD: &str = "(get-kitchen ?kitchen)\n\
    (fetch-and-proportion ?sugar ?ks-1 ?kitchen ?bowl-1 white-sugar 120 g)\n\
    (fetch-and-proportion ?eggs ?ks-2 ?ks-1 ?bowl-2 egg 2 piece)";

fn broken() -> String {
    GOOD.replace("white-sugar", "white-sugr")
}

fn fenced(network: &str) -> Reply {
    Reply::Chat(format!("```lisp\n{network}\n```"))
}

fn good_recipe() -> String {
    fixtures()
        .join("understand/a-good.xml")
        .to_string_lossy()
        .into_owned()
}

/// A folder with one example network, and the place of a transcript.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sous-llm-cli-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("other-dish.solution"),
        "#other-dish\n(get-kitchen ?kitchen)\n(fetch-and-proportion ?b ?ks-1 ?kitchen ?c butter 10 g)\n",
    )
    .unwrap();
    dir
}

fn llm_args<'a>(fake: &'a FakeLlm, dir: &'a str) -> Vec<&'a str> {
    vec![
        "understand",
        "--agent",
        "llm",
        "--llm-url",
        &fake.url,
        "--model",
        "fake",
        "--examples",
        dir,
    ]
}

/// A fake model that answers `answers` in turn, then `(done)`.
fn scripted(answers: &'static [&'static str]) -> FakeLlm {
    FakeLlm::answering(move |n, _| Reply::Chat(answers.get(n).copied().unwrap_or("(done)").into()))
}

/// `sous understand` of the fixture `fixture` (a path below the fixtures'
/// folder), one action at a time under the grammar, against `fake`; it
/// must succeed.
fn stepwise(fake: &FakeLlm, fixture: &str) -> common::Outcome {
    let dir = scratch(&fixture.replace(['/', '.'], "-"));
    let recipe = fixtures().join(fixture).to_string_lossy().into_owned();
    let mut args = llm_args(fake, dir.to_str().unwrap());
    args.extend([
        "--incremental",
        "--constrain",
        "grammar",
        "--server-kind",
        "llama-cpp",
        "--context-tokens",
        "8192",
        &recipe,
    ]);
    let out = sous(&args);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    out
}

/// The grammar of request `i` of `fake`.
fn grammar_of(fake: &FakeLlm, i: usize) -> String {
    fake.requests()[i].body["grammar"]
        .as_str()
        .unwrap()
        .to_string()
}

/// The rule `name` of `grammar`.
fn rule_of(grammar: &str, name: &str) -> String {
    grammar
        .lines()
        .find(|l| l.starts_with(&format!("{name} ::=")))
        .unwrap_or_else(|| panic!("{name}: {grammar}"))
        .to_string()
}

#[test]
fn the_repaired_network_is_written_and_every_exchange_recorded() {
    let fake = FakeLlm::start(vec![fenced(&broken()), fenced(GOOD)]);
    let dir = scratch("repair");
    let transcript = dir.join("t.jsonl");
    let recipe = good_recipe();
    let mut args = llm_args(&fake, dir.to_str().unwrap());
    args.extend([
        "--transcript",
        transcript.to_str().unwrap(),
        "--api-key-env",
        "SOUS_TEST_KEY",
        "--trace",
        &recipe,
    ]);
    let out = sous_with(&args, &[("SOUS_TEST_KEY", OsStr::new("k-123"))]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert_eq!(out.stdout, format!("#plain-sugar\n{GOOD}\n\n"));
    // The trace tells of the repair, with what was wrong.
    assert!(out.stderr.contains("white-sugr"), "{}", out.stderr);
    assert!(out.stderr.contains("repair 1:"), "{}", out.stderr);
    let requests = fake.requests();
    assert_eq!(requests.len(), 2);
    assert!(requests
        .iter()
        .all(|r| r.authorization.as_deref() == Some("Bearer k-123")));
    let system = requests[0].body["messages"][0]["content"].as_str().unwrap();
    assert!(system.contains("## Example: other-dish"), "{system}");
    let lines = std::fs::read_to_string(&transcript).unwrap();
    let lines: Vec<serde_json::Value> = lines
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    // Two exchanges, then the recipe's result.
    assert_eq!(lines.len(), 3, "{lines:?}");
    for (round, v) in lines[..2].iter().enumerate() {
        assert_eq!(v["kind"], "exchange");
        assert_eq!(v["round"], round);
        assert_eq!(v["recipe"], "plain-sugar");
    }
    assert_eq!(lines[2]["kind"], "result");
    assert_eq!(lines[2]["recipe"], "plain-sugar");
    assert_eq!(lines[2]["tally"]["requests"], 2);
    assert_eq!(lines[2]["network"].as_array().unwrap().len(), 3);
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn a_network_that_still_fails_is_written_as_it_is_with_exit_1() {
    let fake = FakeLlm::start(vec![fenced(&broken())]);
    let dir = scratch("fails");
    let recipe = good_recipe();
    let mut args = llm_args(&fake, dir.to_str().unwrap());
    args.extend(["--max-repairs", "1", "--format", "json", &recipe]);
    let out = sous(&args);
    assert_eq!(out.code, Some(1), "{}", out.stderr);
    assert_eq!(fake.requests().len(), 2);
    let list: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(list[0]["network"], format!("#plain-sugar\n{}\n", broken()));
    assert_eq!(list[0]["failed"], true);
    let trace = list[0]["trace"].to_string();
    assert!(trace.contains("fails after 1 repairs"), "{trace}");
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn endpoint_failures_are_clear_errors_with_exit_1() {
    let cases = [
        (
            Reply::Status(500, "overloaded".into()),
            "HTTP 500: overloaded",
        ),
        (
            Reply::Raw("not json at all".into()),
            "not a chat completion",
        ),
        (Reply::Hang, "did not answer within 1 s"),
    ];
    let dir = scratch("errors");
    let recipe = good_recipe();
    for (reply, message) in cases {
        let fake = FakeLlm::start(vec![reply]);
        let mut args = llm_args(&fake, dir.to_str().unwrap());
        args.extend(["--timeout", "1", &recipe]);
        let out = sous(&args);
        assert_eq!(out.code, Some(1), "{}", out.stderr);
        assert!(out.stderr.contains(message), "{message}: {}", out.stderr);
        assert!(out.stderr.contains("plain-sugar"), "{}", out.stderr);
        assert!(!out.stderr.contains("panicked"), "{}", out.stderr);
        assert!(out.stdout.is_empty(), "{}", out.stdout);
    }
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn a_server_that_is_down_fails_at_once_and_says_why() {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let url = format!("http://127.0.0.1:{port}/v1");
    let dir = scratch("down");
    let recipe = good_recipe();
    let args = [
        "understand",
        "--agent",
        "llm",
        "--llm-url",
        &url,
        "--model",
        "m",
        "--examples",
        dir.to_str().unwrap(),
        &recipe,
    ];
    let started = Instant::now();
    let out = sous(&args);
    let took = started.elapsed();
    assert_eq!(out.code, Some(1), "{}", out.stderr);
    // The whole command, the process's start included.
    assert!(took < Duration::from_secs(1), "{took:?}: {}", out.stderr);
    let expected = format!(
        "[1/1] plain-sugar: error: cannot reach {url}/chat/completions: connection refused"
    );
    assert!(out.stderr.contains(&expected), "{}", out.stderr);
    assert!(out.stdout.is_empty(), "{}", out.stdout);
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn missing_endpoint_model_or_key_stop_before_any_request() {
    let recipe = good_recipe();
    let fake = FakeLlm::start(vec![fenced(GOOD)]);
    let cases: [(&[&str], &str); 4] = [
        (
            &["--agent", "llm", "--model", "m"],
            "--agent llm needs --llm-url",
        ),
        (
            &["--agent", "llm", "--llm-url", &fake.url],
            "--agent llm needs --model",
        ),
        (
            &[
                "--agent",
                "llm",
                "--llm-url",
                &fake.url,
                "--model",
                "m",
                "--api-key-env",
                "SOUS_SURELY_UNSET_VAR",
            ],
            "SOUS_SURELY_UNSET_VAR is not set",
        ),
        (&["--llm-url", &fake.url], "need --agent llm"),
    ];
    for (flags, message) in cases {
        let mut args = vec!["understand", recipe.as_str()];
        args.extend(flags);
        let out = sous(&args);
        assert_eq!(out.code, Some(2), "{flags:?}: {}", out.stderr);
        assert!(out.stderr.contains(message), "{message}: {}", out.stderr);
    }
    assert!(fake.requests().is_empty());
}

#[test]
fn a_grammar_of_the_language_goes_in_the_field_the_server_takes() {
    for (kind, field) in [
        ("llama-cpp", "/grammar"),
        ("vllm", "/structured_outputs/grammar"),
        ("vllm-legacy", "/guided_grammar"),
    ] {
        let fake = FakeLlm::start(vec![fenced(GOOD)]);
        let dir = scratch(&format!("grammar-{kind}"));
        let recipe = good_recipe();
        let mut args = llm_args(&fake, dir.to_str().unwrap());
        args.extend(["--constrain", "grammar", "--server-kind", kind, &recipe]);
        let out = sous(&args);
        assert_eq!(out.code, Some(0), "{kind}: {}", out.stderr);
        let requests = fake.requests();
        let grammar = requests[0].body.pointer(field).and_then(|g| g.as_str());
        let grammar =
            grammar.unwrap_or_else(|| panic!("{kind}: no {field} in {}", requests[0].body));
        // The same grammar as `sous grammar` prints.
        assert!(grammar.starts_with("# The cooking language"), "{grammar}");
        assert!(grammar.contains("\nroot ::= network\n"), "{grammar}");
        assert!(grammar.contains("\"fetch-and-proportion\""), "{grammar}");
    }
}

#[test]
fn a_grammar_is_refused_for_a_server_that_takes_none() {
    let fake = FakeLlm::start(vec![fenced(GOOD)]);
    let dir = scratch("grammar-openai");
    let recipe = good_recipe();
    let mut args = llm_args(&fake, dir.to_str().unwrap());
    // The fake endpoint has no /props, /version or llama-cpp-python model
    // list: `auto` takes it for a server without grammars.
    args.extend(["--constrain", "grammar", &recipe]);
    let out = sous(&args);
    assert_eq!(out.code, Some(2), "{}", out.stderr);
    assert!(out.stderr.contains("takes no grammar"), "{}", out.stderr);
    assert!(fake.requests().is_empty());
}

#[test]
fn one_action_at_a_time_each_under_the_grammar_of_what_is_bound() {
    // The model fetches the sugar, then says each step needs nothing more.
    let fake = FakeLlm::answering(|n, _| {
        Reply::Chat(match n {
            0 => "(fetch-and-proportion ?container-with-ingredient-1 ?ks-1 ?kitchen ?target-container-1 white-sugar 120 g)".into(),
            _ => "(done)".into(),
        })
    });
    let out = stepwise(&fake, "understand/a-good.xml");
    assert_eq!(
        out.stdout,
        "#plain-sugar\n(get-kitchen ?kitchen)\n(fetch-and-proportion ?container-with-ingredient-1 ?ks-1 ?kitchen ?target-container-1 white-sugar 120 g)\n\n"
    );
    let requests = fake.requests();
    // The sugar's fetch (its line notes no preparation: that ends it), the
    // eggs (answered (done), which the grammar would not have let through),
    // and the instruction.
    assert_eq!(requests.len(), 3, "{requests:?}");
    let grammar = |i: usize| requests[i].body["grammar"].as_str().unwrap().to_string();
    let first = grammar(0);
    assert!(first.contains("\nroot ::= next\n"), "{first}");
    assert!(first.contains("\"?kitchen\""), "{first}");
    // Nothing is bound yet: nothing takes an object input.
    assert!(!first.contains("p-mix ::="), "{first}");
    // The sugar line offers the ingredient the lexicon reads in it
    // (white sugar), not the kitchen's other ingredients, and its first
    // action must fetch: no `(done)`.
    assert!(first.contains("names-1 ::= (\"white-sugar\")"), "{first}");
    assert!(!first.contains("\"butter\""), "{first}");
    assert!(first.contains("\nnext ::= predicate\n"), "{first}");
    // The amount is one the line writes: 120, not any number.
    assert!(first.contains("step-number ::= (\"120\")"), "{first}");
    let eggs = grammar(1);
    assert!(
        eggs.contains("\"?ks-1\"") && eggs.contains("(\"egg\""),
        "{eggs}"
    );
    assert!(!eggs.contains("p-mix ::="), "{eggs}");
    // The instruction names no verb the lexicon knows: every primitive
    // that has something to work on is offered, with what is bound.
    let look = grammar(2);
    assert!(look.contains("p-mix ::="), "{look}");
    assert!(look.contains("\"?container-with-ingredient-1\""), "{look}");
    assert!(!look.contains("\"?kitchen\""), "{look}");
    // One line's worth of answer, kept free in the context.
    assert_eq!(requests[0].body["max_tokens"], 128);
    // Each request is the system message and the state, never a growing
    // conversation: the network so far, what its variables hold now, the
    // step, and what was tried in it.
    let told = requests[2].body["messages"].as_array().unwrap();
    assert_eq!(told.len(), 2, "{told:?}");
    let last = told[1]["content"].as_str().unwrap();
    assert!(
        last.contains(
            "```lisp\n(get-kitchen ?kitchen)\n(fetch-and-proportion ?container-with-ingredient-1"
        ),
        "{last}"
    );
    assert!(
        last.contains("What the variables hold now:\n- ?container-with-ingredient-1: medium-bowl"),
        "{last}"
    );
    assert!(last.contains("(120 g)"), "{last}");
    assert!(last.contains("The kitchen state is now ?ks-1."), "{last}");
    assert!(
        last.ends_with("Step: instruction 1: \"Look at it.\"\nWrite the first action of instruction 1, or (done) if it needs none."),
        "{last}"
    );
    let eggs = requests[1].body["messages"][1]["content"].as_str().unwrap();
    assert!(
        eggs.ends_with(
            "Step: ingredient 2: \"2 eggs\"\nWrite the action that fetches it with its amount."
        ),
        "{eggs}"
    );
}

#[test]
fn examples_are_left_out_until_the_request_fits_and_one_that_cannot_is_never_sent() {
    let fake = FakeLlm::start(vec![fenced(GOOD)]);
    let dir = scratch("fit");
    let transcript = dir.join("fit.jsonl");
    let recipe = good_recipe();
    // Without a tokenizer on the server, a token is counted per two bytes:
    // the system message with its example and full reference is about 10,000.
    let mut args = llm_args(&fake, dir.to_str().unwrap());
    args.extend([
        "--context-tokens",
        "5000",
        "--answer-tokens",
        "500",
        "--transcript",
        transcript.to_str().unwrap(),
        &recipe,
    ]);
    let out = sous(&args);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let requests = fake.requests();
    let system = requests[0].body["messages"][0]["content"].as_str().unwrap();
    assert!(!system.contains("## Example"), "{system}");
    assert!(
        !system.contains("kitchen state before (must be bound)"),
        "{system}"
    );
    assert!(system.len() / 2 + 500 < 5000, "{}", system.len());
    assert_eq!(requests[0].body["max_tokens"], 500);
    let log = std::fs::read_to_string(&transcript).unwrap();
    assert!(
        log.contains("left out to fit the context: example 1"),
        "{log}"
    );

    let fake = FakeLlm::start(vec![fenced(GOOD)]);
    let mut args = llm_args(&fake, dir.to_str().unwrap());
    args.extend([
        "--context-tokens",
        "1000",
        "--answer-tokens",
        "100",
        &recipe,
    ]);
    let out = sous(&args);
    assert_ne!(out.code, Some(0), "{}", out.stderr);
    assert!(
        out.stderr.contains("over the context of 1000 by"),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr.contains("already left out: example 1"),
        "{}",
        out.stderr
    );
    assert!(fake.requests().is_empty(), "nothing was sent");
}

#[test]
fn what_a_step_names_is_put_together_before_it_is_worked() {
    // The butter and the sugar are fetched into two bowls; the step that
    // beats them first gets only a transfer between those two bowls.
    let fake = scripted(&[
        "(fetch-and-proportion ?container-with-ingredient-1 ?ks-1 ?kitchen ?target-container-1 butter 100 g)",
        "(fetch-and-proportion ?container-with-ingredient-2 ?ks-2 ?ks-1 ?target-container-2 white-sugar 50 g)",
        "(transfer-contents ?container-with-all-ingredients-3 ?container-with-rest-3 ?ks-3 ?ks-2 ?container-with-ingredient-1 ?container-with-ingredient-2 ?quantity-3 ?unit-3)",
        "(beat ?container-with-ingredients-beaten-4 ?ks-4 ?ks-3 ?container-with-all-ingredients-3 ?tool-4)",
    ]);
    let out = stepwise(&fake, "understand-llm/butter-and-sugar.xml");
    let requests = fake.requests();
    assert_eq!(requests.len(), 5, "{requests:?}");
    let grammar = |i: usize| grammar_of(&fake, i);
    let line = rule_of;
    // Putting together: a transfer only, no (done), between the two bowls.
    let gather = grammar(2);
    assert!(gather.contains("\nnext ::= predicate\n"), "{gather}");
    assert!(gather.contains("p-transfer-contents ::="), "{gather}");
    assert!(!gather.contains("p-beat ::="), "{gather}");
    let transfer = line(&gather, "p-transfer-contents");
    assert!(
        transfer.contains("\"?container-with-ingredient-1\" ws \"?container-with-ingredient-2\"")
            && transfer
                .contains("\"?container-with-ingredient-2\" ws \"?container-with-ingredient-1\""),
        "{transfer}"
    );
    let told = requests[2].body["messages"][1]["content"].as_str().unwrap();
    assert!(
        told.ends_with(
            "What this step names is in 2 containers: ?container-with-ingredient-1, \
             ?container-with-ingredient-2. Write the action that transfers the contents of \
             one into another."
        ),
        "{told}"
    );
    // Then the step is worked as usual, and no input takes the emptied
    // sugar bowl.
    let work = grammar(3);
    assert!(work.contains("p-beat ::="), "{work}");
    assert!(work.contains("(done)"), "{work}");
    let beat = line(&work, "p-beat");
    let choices = beat
        .split_whitespace()
        .find(|w| w.starts_with("narrowed-"))
        .unwrap_or_else(|| panic!("{beat}"));
    let choices = line(&work, choices);
    assert!(
        choices.contains("?container-with-all-ingredients-3")
            && !choices.contains("?container-with-rest-3"),
        "{choices}"
    );
    assert!(
        out.stdout
            .contains("(beat ?container-with-ingredients-beaten-4"),
        "{}",
        out.stdout
    );
}

#[test]
fn a_step_refused_for_want_of_a_thing_may_fetch_it() {
    // Greasing the butter's bowl is refused; the step may then fetch the
    // cookie sheet it mentions, and grease it.
    let fake = scripted(&[
        "(fetch-and-proportion ?container-with-ingredient-1 ?ks-1 ?kitchen ?target-container-1 butter 100 g)",
        "(grease ?greased-container-2 ?ks-2 ?ks-1 ?container-with-ingredient-1 ?ingredient-to-grease-with-2)",
        "(fetch ?thing-fetched-2 ?ks-2 ?ks-1 cookie-sheet 1)",
        "(grease ?greased-container-3 ?ks-3 ?ks-2 ?thing-fetched-2 ?container-with-ingredient-1)",
    ]);
    let out = stepwise(&fake, "understand-llm/cookie-sheet.xml");
    assert_eq!(fake.requests().len(), 5);
    let grammar = |i: usize| grammar_of(&fake, i);
    // Before any refusal: no fetch.
    assert!(!grammar(1).contains("p-fetch ::="), "{}", grammar(1));
    // After it: a fetch of the cookie sheet the step mentions, one of it.
    let after = grammar(2);
    let fetch = rule_of(&after, "p-fetch");
    let list = fetch
        .split_whitespace()
        .find(|w| w.starts_with("names-"))
        .unwrap();
    assert_eq!(
        rule_of(&after, list),
        format!("{list} ::= (\"cookie-sheet\")"),
        "{after}"
    );
    // The step writes no number: the count is any number.
    assert!(fetch.ends_with("ws number \")\""), "{fetch}");
    // Fetched, the refused greasing is offered again, and it runs.
    assert!(grammar(3).contains("p-grease ::="), "{}", grammar(3));
    assert!(
        out.stdout
            .contains("(fetch ?thing-fetched-2 ?ks-2 ?ks-1 cookie-sheet 1)")
            && out.stdout.contains("(grease ?greased-container-3"),
        "{}",
        out.stdout
    );
}

#[test]
fn an_ingredient_to_prepare_is_weighed_into_a_container_of_its_own() {
    let fake = scripted(&[
        "(fetch-and-proportion ?container-with-ingredient-1 ?ks-1 ?kitchen ?target-container-1 butter 100 g)",
        "(fetch-and-proportion ?container-with-ingredient-2 ?ks-2 ?ks-1 ?target-container-2 walnut 50 g)",
        "(cut ?cut-object-3 ?ks-3 ?ks-2 ?container-with-ingredient-2 chopped ?cutting-tool-3 ?cutting-surface-3)",
    ]);
    let out = stepwise(&fake, "understand-llm/chopped-walnuts.xml");
    let grammar = |i: usize| grammar_of(&fake, i);
    let fetch = |i: usize| rule_of(&grammar(i), "p-fetch-and-proportion");
    // The walnuts, to be chopped, go into a new container only.
    assert!(
        fetch(1).contains("ws \"?target-container-2\" ws")
            && !fetch(1).contains("?container-with-ingredient-1"),
        "{}",
        fetch(1)
    );
    // Their preparation works on them; the sugar (nothing to prepare) may
    // go into a bowl already used.
    assert!(grammar(2).contains("p-cut ::="), "{}", grammar(2));
    let sugar = fetch(3);
    assert!(sugar.contains("of-container"), "{sugar}");
    assert!(out.stdout.contains("(cut ?cut-object-3"), "{}", out.stdout);
}
