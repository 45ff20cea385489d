//! A fake model for the tools protocol that makes a gold network: turn by
//! turn, one tool call per gold action (after `get-kitchen`, which the
//! harness makes), with the gold's arguments: its names and numbers as
//! they are, its variables mapped to the names the harness returned for
//! earlier outputs and defaults, and a variable never seen before left out
//! (the kitchen chooses, as the gold's fresh variable lets it). When every
//! action is made, or a call comes back with an error, it answers in text.

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde_json::{json, Map, Value};
use sous_lang::{ArgKind, ArgRole, Predicate};

use crate::fake_llm::{completion, tool_calls, Reply, Request};

/// The replies of a model that replays `gold` (a `.solution` text), each
/// with `usage` when given.
pub fn replay(gold: &str, usage: Option<(u64, u64)>) -> impl Fn(usize, &Request) -> Reply {
    let (file, _) = sous_lang::parse("gold", gold);
    let actions: Vec<Predicate> = file
        .recipes
        .into_iter()
        .flat_map(|r| r.predicates)
        .filter(|p| p.name != "get-kitchen")
        .collect();
    move |_, request| {
        let text = |t: &str| {
            Reply::Raw(completion(
                json!({"role": "assistant", "content": t}),
                usage,
            ))
        };
        let results: Vec<Value> = request
            .messages()
            .iter()
            .filter(|m| m["role"] == "tool")
            .map(|m| {
                serde_json::from_str(m["content"].as_str().unwrap_or("")).unwrap_or(Value::Null)
            })
            .collect();
        if let Some(e) = results.iter().find_map(|r| r.get("error")) {
            return text(&format!("The replay stops: a call failed: {e}"));
        }
        let Some(next) = actions.get(results.len()) else {
            return text("The dish is done.");
        };
        let names = names(&actions, &results);
        let call = [(next.name.as_str(), arguments(next, &names))];
        Reply::Raw(completion(tool_calls(&call), usage))
    }
}

/// The replies of a model that replays, for each request, the gold network
/// (in `gold_dir`) of the recipe the request's second message names
/// (`Recipe `id`: …`); a recipe without one gets a text answer.
pub fn replay_each(gold_dir: PathBuf) -> impl Fn(usize, &Request) -> Reply {
    move |n, request| {
        let text = request.text(1);
        let id = text
            .strip_prefix("Recipe `")
            .and_then(|t| t.split('`').next())
            .unwrap_or("");
        match std::fs::read_to_string(crate::gold_file(&gold_dir, id)) {
            Ok(gold) => replay(&gold, None)(n, request),
            Err(e) => Reply::Chat(format!("No gold network for `{id}`: {e}")),
        }
    }
}

/// Gold variable → the name the harness gave it, from the results of the
/// calls of `actions` so far.
fn names(actions: &[Predicate], results: &[Value]) -> BTreeMap<String, String> {
    let mut names = BTreeMap::new();
    for (action, result) in actions.iter().zip(results) {
        let Some(sig) = sous_lang::signature(&action.name, action.args.len()) else {
            continue;
        };
        let made = ["outputs", "defaults"]
            .iter()
            .flat_map(|k| result[k].as_array().cloned().unwrap_or_default());
        for m in made {
            let (Some(arg), Some(name)) = (m["argument"].as_str(), m["name"].as_str()) else {
                continue;
            };
            if let Some(ArgKind::Variable(v)) = sig
                .index_of(arg)
                .and_then(|i| action.args.get(i))
                .map(|a| &a.kind)
            {
                names.insert(v.clone(), name.to_string());
            }
        }
    }
    names
}

/// The named arguments of the call that makes `action`.
fn arguments(action: &Predicate, names: &BTreeMap<String, String>) -> Value {
    let mut args = Map::new();
    let Some(sig) = sous_lang::signature(&action.name, action.args.len()) else {
        return Value::Object(args);
    };
    for (i, a) in action.args.iter().enumerate() {
        if !matches!(sig.role(i), ArgRole::Input | ArgRole::Optional) {
            continue;
        }
        let value = match &a.kind {
            ArgKind::Variable(v) => match names.get(v) {
                Some(name) => json!(name),
                None => continue,
            },
            ArgKind::Symbol(s) => json!(s),
            // A ratio goes as the language writes it: as a JSON number it
            // would be 0.5, which the reference reads as another number.
            ArgKind::Number(n @ sous_lang::Number::Ratio(..)) => json!(n.to_string()),
            ArgKind::Number(n) => json!(n.value()),
            ArgKind::List(_) => continue,
        };
        args.insert(sig.args[i].name.to_string(), value);
    }
    Value::Object(args)
}
