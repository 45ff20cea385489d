//! The API on a free loopback port: every endpoint, its error paths and limits.

mod common;

use common::{get, post, post_raw, start};
use serde_json::json;
use sous_server::Limits;

fn almond_gold() -> String {
    std::fs::read_to_string(
        sous_testdata::gold_current_dir().join("almond-crescent-cookies.solution"),
    )
    .unwrap()
}

#[test]
fn kitchen_primitives_and_recipes() {
    let base = start(true, Limits::default());
    let (code, kitchen) = get(&format!("{base}/api/kitchen"));
    assert_eq!(code, 200);
    assert_eq!(kitchen["class"], "kitchen-state");

    let (code, prims) = get(&format!("{base}/api/primitives"));
    assert_eq!(code, 200);
    let prims = prims.as_array().unwrap();
    assert!(prims.len() >= 38, "{} primitives", prims.len());
    let beat = prims.iter().find(|p| p["name"] == "beat").unwrap();
    assert_eq!(beat["arguments"][0]["role"], "output");
    assert_eq!(beat["arguments"][1]["role"], "kitchen-state-out");
    // Optional arguments, and only they, come with their default.
    let tool = &beat["arguments"][4];
    assert_eq!(
        (&tool["name"], &tool["role"]),
        (&json!("tool"), &json!("optional"))
    );
    assert_eq!(tool["default"]["class"], "whisk");
    assert!(tool["default"]["description"]
        .as_str()
        .unwrap()
        .contains("whisk"));
    let args = prims
        .iter()
        .flat_map(|p| p["arguments"].as_array().unwrap());
    let (optional, others): (Vec<_>, Vec<_>) = args.partition(|a| a["role"] == "optional");
    assert_eq!(optional.len(), 46);
    assert!(optional
        .iter()
        .all(|a| a["default"]["description"].is_string()));
    assert!(others.iter().all(|a| a.get("default").is_none()));
    let room = prims
        .iter()
        .find(|p| p["name"] == "bring-to-temperature")
        .unwrap();
    assert_eq!(room["arguments"][4]["default"]["value"], 18);
    assert_eq!(
        room["arguments"][5]["default"]["concept"],
        "degrees-celsius"
    );

    let (code, recipes) = get(&format!("{base}/api/recipes"));
    assert_eq!(code, 200);
    assert_eq!(recipes.as_array().unwrap().len(), 30);
    let (code, r) = get(&format!("{base}/api/recipes/Almond-Crescent-Cookies"));
    assert_eq!(code, 200);
    assert_eq!(r["title"], "Almond Crescent Cookies");
    let (code, e) = get(&format!("{base}/api/recipes/no-such-recipe"));
    assert_eq!(code, 404);
    assert!(e["error"].as_str().unwrap().contains("no-such-recipe"));

    let (code, gold) = get(&format!("{base}/api/recipes/almond-crescent-cookies/gold"));
    assert_eq!(code, 200);
    assert_eq!(gold["network"], almond_gold());
    assert_eq!(gold["dish_variable"], "?almond-crescent-cookies");
    let (code, _) = get(&format!("{base}/api/recipes/no-such-recipe/gold"));
    assert_eq!(code, 404);
    let (code, preloaded) = get(&format!("{base}/api/preloaded"));
    assert_eq!((code, preloaded), (200, json!([])));
    let (code, _) = get(&format!("{base}/api/nothing-here"));
    assert_eq!(code, 404);
}

#[test]
fn execute_a_gold_network_and_the_errors() {
    let base = start(false, Limits::default());
    let url = format!("{base}/api/execute");
    let (code, x) = post(
        &url,
        &json!({"mode": "qualitative", "network": almond_gold()}),
    );
    assert_eq!(code, 200, "{x}");
    assert_eq!(x["execution_time"], 2600);
    assert_eq!(x["steps"].as_array().unwrap().len(), 27);
    let tray = &x["bindings"]["?almond-crescent-cookies"];
    assert_eq!(tray["class"], "baking-tray");
    // 32 identical 25 g cookies are written once; the 33rd (the rest of the dough) differs.
    assert_eq!(tray["contents"][0]["repeat"], 32, "{}", tray["contents"]);
    assert_eq!(tray["contents"].as_array().unwrap().len(), 2);
    // A lean answer: the cookies are references, the final kitchen a summary.
    assert_eq!(
        tray["contents"][0]["item"],
        json!({"class": "homogeneous-mixture", "id": "homogeneous-mixture-529"})
    );
    assert_eq!(x["final_kitchen"]["class"], "kitchen-state");
    assert_eq!(x["final_kitchen"]["kitchen-time"], 2600);
    assert!(x["final_kitchen"].get("contents").is_none());
    let (_, full) = post(&url, &json!({"network": almond_gold(), "compact": false}));
    let cookies = full["bindings"]["?almond-crescent-cookies"]["contents"]
        .as_array()
        .unwrap();
    assert_eq!(cookies.len(), 33);
    assert_eq!(tray["contents"][0]["item"]["class"], cookies[0]["class"]);
    assert!(x.get("kitchen_states").is_none(), "opt-in");

    // The graph: one node per action, every node ran, arrows name their variable.
    let graph = &x["graph"];
    let nodes = graph["nodes"].as_array().unwrap();
    assert_eq!(nodes.len(), 27);
    assert!(nodes.iter().all(|n| n["step"].is_u64()));
    let edges = graph["edges"].as_array().unwrap();
    let kitchen_users = edges.iter().filter(|e| e["variable"] == "?kitchen").count();
    assert!(kitchen_users >= 1, "{graph}");
    assert!(edges.iter().all(|e| e["from"] != e["to"]));

    // The kitchen after each step, on request; the last one is the final
    // kitchen (summarised in a lean answer, whole with "lean": false).
    let (_, with_states) = post(
        &url,
        &json!({"network": almond_gold(), "kitchen_states": true}),
    );
    let states = with_states["kitchen_states"].as_array().unwrap();
    assert_eq!(states.len(), 27);
    assert_eq!(states[26]["id"], with_states["final_kitchen"]["id"]);
    assert!(with_states["final_kitchen"].get("contents").is_none());
    assert_eq!(states[0]["class"], "kitchen-state");
    let (_, trees) = post(
        &url,
        &json!({"network": almond_gold(), "kitchen_states": true, "lean": false}),
    );
    assert_eq!(trees["kitchen_states"], with_states["kitchen_states"]);
    assert_eq!(states[26], trees["final_kitchen"]);
    assert_eq!(
        trees["bindings"]["?almond-crescent-cookies"]["contents"][0]["item"]["components"]
            .as_array()
            .unwrap()
            .len(),
        3,
        "whole trees"
    );

    let (code, e) = post(
        &url,
        &json!({"mode": "physics", "network": "(get-kitchen ?k)"}),
    );
    assert_eq!(code, 400);
    assert!(
        e["error"]
            .as_str()
            .unwrap()
            .contains("supported: qualitative"),
        "{e}"
    );

    let (code, e) = post(
        &url,
        &json!({"network": "(get-kitchen ?k)\n(beet ?a ?b ?k ?c ?d)"}),
    );
    assert_eq!(code, 422, "{e}");
    assert_eq!(e["line"], 2);
    assert_eq!(e["column"], 2);
    assert!(e["error"].as_str().unwrap().contains("beet"));

    let (code, _) = post_raw(&url, "{not json");
    assert_eq!(code, 400);
    let (code, _) = post(&url, &json!({"mode": "qualitative"}));
    assert_eq!(code, 422, "a missing field");
}

#[test]
fn limits_are_enforced() {
    let base = start(
        false,
        Limits {
            max_body_bytes: 2_000,
            max_network_predicates: 3,
            ..Limits::default()
        },
    );
    let url = format!("{base}/api/execute");
    let (code, e) = post(&url, &json!({"network": "(get-kitchen ?k)\n".repeat(4)}));
    assert_eq!(code, 413, "{e}");
    assert!(e["error"].as_str().unwrap().contains("limit is 3"));
    let (code, _) = post(&url, &json!({"network": "x".repeat(10_000)}));
    assert_eq!(code, 413);
}

#[test]
fn evaluate_scores_against_the_gold() {
    let base = start(true, Limits::default());
    let url = format!("{base}/api/evaluate");
    let (code, r) = post(
        &url,
        &json!({"recipe": "almond-crescent-cookies", "network": almond_gold()}),
    );
    assert_eq!(code, 200, "{r}");
    assert_eq!(r["goal-condition-success"], 1.0);
    assert_eq!(r["dish-approximation-score"], 1.0);
    assert_eq!(r["execution-time"], 2600.0);
    assert_eq!(r["smatch"]["f1"], 1.0);
    assert!(r["explanation"]["dish"]["candidates"].is_array());

    let (code, e) = post(
        &url,
        &json!({"recipe": "nope", "network": "(get-kitchen ?k)"}),
    );
    assert_eq!(code, 404, "{e}");
    let (code, e) = post(
        &url,
        &json!({"recipe": "almond-crescent-cookies", "network": "(get-kitchen ?k)", "metrics": ["taste"]}),
    );
    assert_eq!(code, 400, "{e}");

    let without = start(false, Limits::default());
    let (code, e) = post(
        &format!("{without}/api/evaluate"),
        &json!({"recipe": "almond-crescent-cookies", "network": "(get-kitchen ?k)"}),
    );
    assert_eq!(code, 503, "{e}");
    assert!(e["error"].as_str().unwrap().contains("--benchmark"));
}

#[test]
fn the_page_and_its_assets() {
    let base = start(false, Limits::default());
    let page = ureq::get(&format!("{base}/")).call().unwrap();
    assert_eq!(page.content_type(), "text/html");
    let html = page.into_string().unwrap();
    for asset in ["/assets/app.js", "/assets/style.css"] {
        assert!(html.contains(asset), "the page links {asset}");
        let r = ureq::get(&format!("{base}{asset}")).call().unwrap();
        assert_eq!(r.status(), 200);
        assert!(r.into_string().unwrap().len() > 1000);
    }
    assert!(
        !html.contains("http://") && !html.contains("https://"),
        "no CDN"
    );
    let (code, e) = get(&format!("{base}/assets/nothing.js"));
    assert_eq!(code, 404, "{e}");
    // Without a benchmark the gold network is unavailable, with a reason.
    let (code, e) = get(&format!("{base}/api/recipes/almond-crescent-cookies/gold"));
    assert_eq!(code, 503);
    assert!(e["error"].as_str().unwrap().contains("--benchmark"));
}

#[test]
fn the_corrected_profile_through_the_api() {
    let base = start(true, Limits::default());
    let broccoli = std::fs::read_to_string(common_gold("broccoli-salad")).unwrap();
    let (code, x) = post(
        &format!("{base}/api/execute"),
        &json!({"network": broccoli, "profile": "corrected"}),
    );
    assert_eq!(code, 200, "{x}");
    // 24 hours in the fridge, once (the reference squares it: 2 074 340).
    assert_eq!(x["execution_time"], 87140);
    let (code, r) = post(
        &format!("{base}/api/evaluate"),
        &json!({"recipe": "broccoli-salad", "network": broccoli, "profile": "corrected",
                "metrics": ["goal-condition-success", "dish-approximation-score", "execution-time"]}),
    );
    assert_eq!(code, 200, "{r}");
    assert_eq!(r["dish-approximation-score"], 1.0);
    assert_eq!(r["execution-time"], 87140.0);
    let (code, e) = post(
        &format!("{base}/api/execute"),
        &json!({"network": broccoli, "profile": "fixed"}),
    );
    assert_eq!(code, 400, "{e}");
    // A session in the corrected kitchen keeps its profile: the same network,
    // sent line by line, ends at the corrected time and scores 1.0 there.
    let (code, created) = post(
        &format!("{base}/api/sessions"),
        &json!({"recipe": "broccoli-salad", "profile": "corrected"}),
    );
    assert_eq!(code, 201, "{created}");
    assert_eq!(created["profile"], "corrected");
    let session = format!("{base}/api/sessions/{}", created["id"].as_str().unwrap());
    for line in broccoli.lines().filter(|l| l.starts_with('(')) {
        let (code, step) = post(&format!("{session}/actions"), &json!({ "actions": line }));
        assert_eq!(code, 200, "{line}: {step}");
    }
    let (code, shown) = get(&session);
    assert_eq!(code, 200, "{shown}");
    assert_eq!(
        (shown["execution_time"].clone(), shown["profile"].clone()),
        (json!(87140), json!("corrected"))
    );
    let (code, r) = post(&format!("{session}/evaluate"), &json!({}));
    assert_eq!(code, 200, "{r}");
    assert_eq!(r["dish-approximation-score"], 1.0);
    assert_eq!(r["execution-time"], 87140.0);
}

fn common_gold(recipe: &str) -> std::path::PathBuf {
    sous_testdata::gold_file(&sous_testdata::gold_current_dir(), recipe)
}

/// What schemathesis found (`.ci/schemathesis.sh`), one case each: the
/// server and its document agree.
#[test]
fn schemathesis_findings_stay_fixed() {
    let base = start(true, Limits::default());
    let net = "(get-kitchen ?kitchen)";
    // Unknown properties are refused, as the document's schemas say.
    for (path, body) in [
        ("/api/execute", json!({"network": net, "x": 1})),
        (
            "/api/evaluate",
            json!({"recipe": "almond-crescent-cookies", "network": net, "x": 1}),
        ),
        ("/api/sessions", json!({"x": 1})),
        ("/api/trace", json!({"network": net, "x": 1})),
        ("/api/render", json!({"network": net, "step": 0, "x": 1})),
    ] {
        let (code, e) = post(&format!("{base}{path}"), &body);
        assert_eq!(code, 422, "{path}: {e}");
        assert!(
            e["error"].as_str().unwrap().contains("unknown field"),
            "{e}"
        );
    }
    // An empty network is refused (the document says minLength 1).
    assert_eq!(
        post(&format!("{base}/api/execute"), &json!({"network": ""})).0,
        422
    );
    // `null` for mode and profile is the default.
    let (code, x) = post(
        &format!("{base}/api/execute"),
        &json!({"network": net, "mode": null, "profile": null}),
    );
    assert_eq!(code, 200, "{x}");
    // A step of 0.0 is the whole number 0.
    let r = ureq::post(&format!("{base}/api/render"))
        .set("Content-Type", "application/json")
        .send_string(&json!({"network": net, "step": 0.0}).to_string());
    assert_eq!(r.map(|r| r.status()).unwrap_or(0), 200);
    // Evaluating a session for no recipe is a conflict, not a bad request.
    let (_, s) = post(&format!("{base}/api/sessions"), &json!({}));
    let id = s["id"].as_str().unwrap();
    let (code, _) = post(&format!("{base}/api/sessions/{id}/evaluate"), &json!({}));
    assert_eq!(code, 409);
    // Session ids are 128-bit.
    assert_eq!(id.strip_prefix("s-").map(str::len), Some(32));
}

fn with_timeouts(timeouts: sous_server::Timeouts) -> sous_server::Config {
    sous_server::Config {
        bind: "127.0.0.1".parse().unwrap(),
        port: 0,
        benchmark: None,
        limits: Limits::default(),
        preloaded: Vec::new(),
        access: Default::default(),
        timeouts,
        physics: Default::default(),
    }
}

/// A client that connects and sends nothing is dropped after the header
/// timeout, and the server still answers others meanwhile.
#[test]
fn silent_clients_are_dropped_after_the_header_timeout() {
    use std::io::Read;
    use std::time::{Duration, Instant};
    let base = common::start_with(with_timeouts(sous_server::Timeouts {
        header_read: Duration::from_millis(1000),
        request: Duration::from_secs(30),
        max_connections: 4,
    }));
    let addr = base.trim_start_matches("http://").to_string();
    // Three silent clients hold three of the four slots…
    let silent: Vec<std::net::TcpStream> = (0..3)
        .map(|_| std::net::TcpStream::connect(&addr).unwrap())
        .collect();
    std::thread::sleep(Duration::from_millis(50));
    // …and a fourth still gets answers.
    assert_eq!(get(&format!("{base}/api/kitchen")).0, 200);
    // The silent ones are closed after the header timeout.
    let start = Instant::now();
    for mut s in silent {
        s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
        let mut buf = [0u8; 64];
        let n = s.read(&mut buf).unwrap_or(0);
        assert!(
            n == 0 || String::from_utf8_lossy(&buf[..n]).contains("408"),
            "{n}"
        );
    }
    assert!(start.elapsed() < Duration::from_secs(4));
}

/// Connections over the cap are closed at once without an answer. Nine
/// clients hold a half-sent request open against a cap of four (the header
/// timeout is long, so no held slot frees up meanwhile): at least five are
/// closed, and none gets an answer.
#[test]
fn connections_over_the_cap_are_closed_at_once() {
    use std::io::{ErrorKind, Read, Write};
    use std::time::{Duration, Instant};
    let base = common::start_with(with_timeouts(sous_server::Timeouts {
        header_read: Duration::from_secs(60),
        request: Duration::from_secs(60),
        max_connections: 4,
    }));
    let addr = base.trim_start_matches("http://").to_string();
    let mut clients: Vec<Option<std::net::TcpStream>> = (0..9)
        .map(|_| {
            let mut s = std::net::TcpStream::connect(&addr).unwrap();
            // Refused ones may already be closed: a failed write is fine.
            let _ = s.write_all(b"GET /api/kitchen HTTP/1.1\r\nHost: x\r\n");
            s.set_nonblocking(true).unwrap();
            Some(s)
        })
        .collect();
    let deadline = Instant::now() + Duration::from_secs(30);
    let mut closed = 0;
    while closed < 5 && Instant::now() < deadline {
        for slot in clients.iter_mut() {
            let Some(s) = slot else { continue };
            let mut buf = [0u8; 256];
            match s.read(&mut buf) {
                Err(e) if e.kind() == ErrorKind::WouldBlock => {}
                Ok(0) | Err(_) => {
                    closed += 1;
                    *slot = None;
                }
                Ok(n) => panic!(
                    "a held request was answered: {}",
                    String::from_utf8_lossy(&buf[..n])
                ),
            }
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(closed >= 5, "only {closed} of 9 closed with a cap of 4");
}

/// With one physics worker, a quantitative execution of a whole gold
/// network (the slow kind) holds it: quantitative requests sent meanwhile
/// are refused with 503 and `Retry-After` (after the configured wait, not
/// after the slow one), qualitative ones are served, and the slow one
/// itself succeeds.
#[test]
fn a_busy_physics_worker_sheds_quantitative_requests_only() {
    use std::time::{Duration, Instant};
    let wait = Duration::from_millis(50);
    let base = common::start_with(sous_server::Config {
        bind: "127.0.0.1".parse().unwrap(),
        port: 0,
        benchmark: None,
        limits: Limits::default(),
        preloaded: Vec::new(),
        access: Default::default(),
        timeouts: Default::default(),
        physics: sous_server::PhysicsPool::new(1, wait),
    });
    let url = format!("{base}/api/execute");
    // The slow request, sent again after a 503 as `Retry-After` asks (a
    // probe may hold the worker longer than `wait` on a loaded machine).
    let slow = std::thread::spawn({
        let (url, gold) = (url.clone(), almond_gold());
        move || loop {
            let code = post(&url, &json!({"mode": "quantitative", "network": gold})).0;
            if code != 503 {
                return code;
            }
        }
    });
    let small = json!({"mode": "quantitative", "network": "(get-kitchen ?k)"});
    // Probes until one is refused (or the slow one ends first, which fails
    // the test). A probe that finds the worker free runs in milliseconds;
    // the pause after it lets the slow request in.
    let mut refused = None;
    while !slow.is_finished() {
        let asked = Instant::now();
        match ureq::post(&url).send_json(small.clone()) {
            Err(ureq::Error::Status(503, r)) => {
                refused = Some((asked.elapsed(), r));
                break;
            }
            Ok(r) => assert_eq!(r.status(), 200),
            Err(e) => panic!("{e}"),
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let (took, r) = refused.expect("a quantitative request refused while the slow one ran");
    assert!(took >= wait, "refused after waiting {took:?}");
    assert!(took < Duration::from_secs(2), "refused after {took:?}");
    assert_eq!(r.header("retry-after"), Some("1"));
    let error: serde_json::Value = r.into_json().unwrap();
    assert!(error["error"].is_string(), "{error}");
    // A qualitative request is served (while the pool is full: see
    // `physics_workers_busy` in tests/openapi.rs, which holds the permit).
    let (code, x) = post(&url, &json!({"network": almond_gold()}));
    assert_eq!(code, 200, "{x}");
    assert_eq!(slow.join().unwrap(), 200);
    assert_eq!(post(&url, &small).0, 200, "the worker is free again");
}

/// An answer's bytes, as sent.
fn post_bytes(url: &str, body: &serde_json::Value) -> (u16, String) {
    let r = ureq::post(url)
        .set("Content-Type", "application/json")
        .send_string(&body.to_string())
        .unwrap();
    (r.status(), r.into_string().unwrap())
}

/// What `execute_json` (no HTTP, no cache) writes for `body`.
fn uncached(body: &serde_json::Value) -> String {
    let req: sous_server::ExecuteRequest = serde_json::from_value(body.clone()).unwrap();
    String::from_utf8(sous_server::execute_json(&req, &Limits::default()).unwrap()).unwrap()
}

/// The default (lean) answer of the almond gold network is a fraction of
/// the whole one (150 KB), and the cached answer, the streamed kitchen
/// states and the uncached answer are the same bytes.
#[test]
fn lean_answers_cached_answers_and_streamed_kitchen_states() {
    let base = start(false, Limits::default());
    let url = format!("{base}/api/execute");
    let lean = json!({"network": almond_gold()});
    let (code, first) = post_bytes(&url, &lean);
    assert_eq!(code, 200);
    assert!(first.len() < 40_000, "{} bytes", first.len());
    let trees = json!({"network": almond_gold(), "lean": false});
    let (_, whole) = post_bytes(&url, &trees);
    assert!(whole.len() > 100_000, "{} bytes", whole.len());
    // Every binding is one level deep: nested entities are references.
    let x: serde_json::Value = serde_json::from_str(&first).unwrap();
    for (var, b) in x["bindings"].as_object().unwrap() {
        for (slot, v) in b.as_object().unwrap() {
            if let Some(o) = v.as_object() {
                let keys: Vec<_> = o.keys().map(String::as_str).collect();
                assert!(
                    keys == ["class", "id"] || keys == ["value", "unit"],
                    "{var} {slot}: {v}"
                );
            }
        }
    }
    // The second time the answer comes from the cache: the same bytes as
    // the first and as an uncached run.
    for body in [
        &lean,
        &trees,
        &json!({"network": almond_gold(), "compact": false}),
    ] {
        let (_, a) = post_bytes(&url, body);
        let (_, b) = post_bytes(&url, body);
        assert!(a == b, "cached answer differs");
        assert!(a == uncached(body), "cached answer differs from uncached");
    }
    assert!(first == uncached(&lean));
    // Kitchen states are streamed; the bytes are those written at once.
    for compact in [true, false] {
        let body = json!({"network": almond_gold(), "compact": compact, "kitchen_states": true});
        let (_, streamed) = post_bytes(&url, &body);
        assert!(streamed == uncached(&body), "compact {compact}");
    }
    // An execution without a solution streams what it reached; a network
    // that does not validate is an error, not a stream.
    let unsolved = "(get-kitchen ?k)\n(bake ?a ?b ?k ?c ?d 10 minute 180 degrees-celsius)";
    let body = json!({"network": unsolved, "kitchen_states": true});
    let (_, streamed) = post_bytes(&url, &body);
    assert!(streamed == uncached(&body), "{streamed}");
    let body =
        json!({"network": "(fetch ?tray ?ks ?kitchen baking-tray 1)", "kitchen_states": true});
    let (code, e) = post(&url, &body);
    assert_eq!(code, 422, "{e}");
}

#[test]
fn the_grammar_is_served_as_sous_grammar_prints_it() {
    let base = start(true, Limits::default());
    let text = |query: &str| {
        let r = ureq::get(&format!("{base}/api/grammar{query}"))
            .call()
            .unwrap();
        assert!(r.content_type().starts_with("text/plain"));
        r.into_string().unwrap()
    };
    use sous_agent::llm::grammar::{grammar, Notation, Start};
    assert_eq!(text(""), grammar(Notation::Gbnf, Start::Network));
    assert!(text("").contains("\nroot ::= network\n"));
    assert_eq!(
        text("?format=lark&start=file"),
        grammar(Notation::Lark, Start::File)
    );
    // Wrong values and unknown parameters say what is accepted.
    for (query, says) in [
        ("?format=bnf", "gbnf, ebnf or lark"),
        ("?start=line", "network"),
        ("?fromat=gbnf", "unknown parameter `fromat`"),
    ] {
        let (code, body) = get(&format!("{base}/api/grammar{query}"));
        assert_eq!(code, 400, "{query}");
        assert!(body["error"].as_str().unwrap().contains(says), "{body}");
    }
}
