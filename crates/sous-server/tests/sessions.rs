//! An incremental session that adds the almond-crescent-cookies gold network
//! one recipe line at a time (the benchmark's utterance-and-meaning file
//! pairs each ingredient and instruction with its predicates) ends with the
//! same bindings and scores as executing the network whole. Object ids
//! aside: a session makes an action's constants when the action comes,
//! a whole network makes them all first (as the reference does), so ids
//! are numbered differently.

mod common;

use serde_json::{json, Value};
use sous_server::{Limits, SessionLimits};

/// The predicates of each ingredient and instruction, in recipe order.
fn meanings() -> Vec<String> {
    let path = sous_testdata::benchmark_dir()
        .join("data/gold-standard-solutions/utterance-and-meaning/almond-crescent-cookies.xml");
    let xml = std::fs::read_to_string(&path).unwrap();
    xml.split("<meaning>")
        .skip(1)
        .map(|part| part.split("</meaning>").next().unwrap().trim().to_string())
        .filter(|m| !m.is_empty())
        .collect()
}

/// `v` with every object's `id` (and the `ids` of a run of equal ones) left out.
fn without_ids(v: &Value) -> Value {
    match v {
        Value::Object(m) => Value::Object(
            m.iter()
                .filter(|(k, _)| *k != "id" && *k != "ids")
                .map(|(k, v)| (k.clone(), without_ids(v)))
                .collect(),
        ),
        Value::Array(a) => Value::Array(a.iter().map(without_ids).collect()),
        other => other.clone(),
    }
}

#[test]
fn adding_the_gold_line_by_line_equals_executing_it_whole() {
    let base = common::start(true, Limits::default());
    let parts = meanings();
    assert!(parts.len() >= 10, "{} parts", parts.len());
    let whole = parts.join("\n");

    let (code, s) = common::post(
        &format!("{base}/api/sessions"),
        &json!({"recipe": "almond-crescent-cookies"}),
    );
    assert_eq!(code, 201, "{s}");
    let id = s["id"].as_str().unwrap().to_string();
    let mut last = Value::Null;
    for part in &parts {
        let (code, r) = common::post(
            &format!("{base}/api/sessions/{id}/actions"),
            &json!({"actions": part}),
        );
        assert_eq!(code, 200, "{r}");
        assert!(r["kitchen"]["class"] == "kitchen-state");
        last = r;
    }
    assert_eq!(last["execution_time"], 2600);
    let (code, shown) = common::get(&format!("{base}/api/sessions/{id}"));
    assert_eq!(code, 200);

    // Sessions show whole trees: compare with the whole (not lean) answer.
    let (_, executed) = common::post(
        &format!("{base}/api/execute"),
        &json!({"network": whole, "lean": false}),
    );
    assert_eq!(
        without_ids(&shown["bindings"]),
        without_ids(&executed["bindings"])
    );
    assert_eq!(shown["steps"], executed["steps"]);
    assert_eq!(
        without_ids(&last["bindings"]),
        without_ids(&executed["bindings"])
    );

    let (code, scored) = common::post(&format!("{base}/api/sessions/{id}/evaluate"), &json!({}));
    assert_eq!(code, 200, "{scored}");
    let (_, direct) = common::post(
        &format!("{base}/api/evaluate"),
        &json!({"recipe": "almond-crescent-cookies", "network": whole}),
    );
    for m in [
        "goal-condition-success",
        "dish-approximation-score",
        "execution-time",
    ] {
        assert_eq!(scored[m], direct[m], "{m}");
    }
    assert_eq!(scored["smatch"]["f1"], direct["smatch"]["f1"]);
    assert_eq!(scored["goal-condition-success"], 1.0);

    let url = format!("{base}/api/sessions/{id}");
    assert_eq!(ureq::delete(&url).call().unwrap().status(), 204);
    assert_eq!(common::get(&url).0, 404);
}

#[test]
fn new_bindings_and_session_errors() {
    let limits = Limits {
        sessions: SessionLimits {
            max_live: 1,
            ..SessionLimits::default()
        },
        ..Limits::default()
    };
    let base = common::start(false, limits);
    let (code, s) = common::post(&format!("{base}/api/sessions"), &json!({}));
    assert_eq!(code, 201);
    let id = s["id"].as_str().unwrap();
    let actions = format!("{base}/api/sessions/{id}/actions");
    let (_, r) = common::post(&actions, &json!({"actions": "(get-kitchen ?k)"}));
    assert!(r["new_bindings"]["?k"].is_object(), "{r}");
    let (_, r) = common::post(
        &actions,
        &json!({"actions": "(fetch ?tray ?ks ?k baking-tray 1)"}),
    );
    let new: Vec<&String> = r["new_bindings"].as_object().unwrap().keys().collect();
    assert_eq!(new, ["?tray", "?ks"]);
    let (code, e) = common::post(&actions, &json!({"actions": "(fetch ?a ?b"}));
    assert_eq!(code, 422, "{e}");
    let (code, e) = common::post(&format!("{base}/api/sessions/{id}/evaluate"), &json!({}));
    assert_eq!(code, 409, "a session for no recipe: {e}");
    let (code, e) = common::post(&format!("{base}/api/sessions"), &json!({}));
    assert_eq!(code, 503, "over the session limit: {e}");
    let (code, _) = common::post(
        &format!("{base}/api/sessions/nope/actions"),
        &json!({"actions": "(get-kitchen ?k)"}),
    );
    assert_eq!(code, 404);
    let (code, _) = common::post(
        &format!("{base}/api/sessions"),
        &json!({"recipe": "no-such"}),
    );
    assert_eq!(code, 404);
}
