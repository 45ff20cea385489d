//! The kitchen a tool conversation works in: an incremental session
//! (`sous_sim::Session`) started with `(get-kitchen ?kitchen)`, the
//! current kitchen state, and the names of what earlier calls made. Each
//! call is built into an action ([`super::call`]) and run at once; what it
//! made and what changed in the kitchen go back to the model, or why it
//! failed, and then it is undone.

use std::collections::BTreeMap;

use serde_json::{json, Value};
use sous_kitchen::{describe, Entity, EntityRef};
use sous_lang::ArgRole;

use super::call::{build, Built, Context};
use super::schema::START;
use crate::llm::client::ToolCall;

/// How much of a container's contents a tool result lists.
const SHOWN: usize = 12;

/// What one call came to.
#[derive(Debug, Clone)]
pub struct Done {
    /// The tool result: JSON, `ran`, `outputs`, `defaults` and `kitchen`
    /// when the action ran, else `error`.
    pub content: Value,
    /// Whether the action ran (and joined the network).
    pub ran: bool,
    /// One line for the trace.
    pub line: String,
}

/// The session and what the conversation named.
pub struct Bench {
    session: sous_sim::Session<'static>,
    kitchen: String,
    /// Earlier outputs: name (no `?`) → what it was when made.
    known: BTreeMap<String, String>,
    lines: Vec<String>,
}

impl Bench {
    /// A session holding `(get-kitchen ?kitchen)` only.
    pub fn new(recipe_id: &str) -> Self {
        let mut session = sous_sim::Session::new(recipe_id, sous_sim::Options::default(), None);
        let start = format!("({START} ?kitchen)");
        // The fixed first line always parses and runs.
        let _ = session.add_text(&start);
        Bench {
            session,
            kitchen: "?kitchen".into(),
            known: BTreeMap::new(),
            lines: vec![start],
        }
    }

    /// The network: the first line and every action that ran.
    pub fn lines(&self) -> &[String] {
        &self.lines
    }

    /// Actions that ran, the first line not counted.
    pub fn actions(&self) -> usize {
        self.lines.len() - 1
    }

    /// Builds and runs `call`.
    pub fn call(&mut self, call: &ToolCall) -> Done {
        let cx = Context {
            known: &self.known,
            kitchen: &self.kitchen,
            n: self.lines.len(),
        };
        let built = match build(call, &cx) {
            Ok(b) => b,
            Err(e) => return refused(&call.function.name, e.to_string()),
        };
        let text = built.action.to_string();
        let added = match self.session.add_action(&built.action) {
            Ok(a) => a,
            Err(e) => {
                let problems: Vec<String> = e.0.iter().map(|d| d.message.clone()).collect();
                return refused(&text, problems.join("; "));
            }
        };
        if !added.is_ok() {
            let why = self.why_not(&added);
            self.session.undo();
            return refused(
                &text,
                format!("{why} (the action was undone: the kitchen is as it was)"),
            );
        }
        self.ran(built, text)
    }

    /// Why an action that was added did not run, or failed.
    fn why_not(&self, added: &sous_sim::Added) -> String {
        let x = self.session.execution();
        let stuck = x
            .failures
            .iter()
            .filter(|f| f.action.is_some() && f.action == added.action);
        let mut why: Vec<String> = Vec::new();
        for f in added.failures.iter().chain(stuck) {
            if !why.contains(&f.message) {
                why.push(f.message.clone());
            }
        }
        if why.is_empty() {
            why.push("the action could not run".into());
        }
        why.join("; ")
    }

    /// Records an action that ran: its names, the new kitchen state, and
    /// the tool result.
    fn ran(&mut self, built: Built, text: String) -> Done {
        let sig = built.action.signature;
        let before = self.value_of(&self.kitchen);
        let (mut outputs, mut defaults) = (Vec::new(), Vec::new());
        let mut kitchen = String::new();
        for i in built.named {
            let Some(var) = built.action.args[i].as_variable() else {
                continue;
            };
            let role = sig.role(i);
            if role == ArgRole::KitchenStateOut {
                if let (Some(new), Some(old)) = (self.value_of(var), &before) {
                    kitchen = describe::changes(&new, old);
                }
                self.kitchen = var.to_string();
                continue;
            }
            let Some(value) = self.value_of(var) else {
                continue;
            };
            let name = var.trim_start_matches('?').to_string();
            let is = what(&value);
            let entry = json!({ "argument": sig.args[i].name, "name": name, "is": is });
            self.known.insert(name, is);
            match role {
                ArgRole::Output => outputs.push(entry),
                _ => defaults.push(entry),
            }
        }
        self.lines.push(text.clone());
        Done {
            content: json!({ "ran": text, "outputs": outputs, "defaults": defaults, "kitchen": kitchen }),
            ran: true,
            line: format!("ran {text}"),
        }
    }

    fn value_of(&self, var: &str) -> Option<EntityRef> {
        self.session.binding(var).map(|b| b.value.clone())
    }
}

/// The result of a call that did not run.
fn refused(what: &str, error: String) -> Done {
    Done {
        line: format!("refused {what}: {error}"),
        content: json!({ "error": error }),
        ran: false,
    }
}

/// A kitchen object in a few words: what it is and what it holds.
pub(crate) fn what(e: &Entity) -> String {
    let mut s = describe::summary(e);
    if let Some(q) = e.quantity_value() {
        s = format!("{s} {}", describe::fmt_num(q.to_f64()));
    }
    let inside: Vec<&EntityRef> = e.contents().iter().chain(e.items()).collect();
    if !inside.is_empty() {
        let mut shown: Vec<String> = inside.iter().take(SHOWN).map(|c| what(c)).collect();
        if inside.len() > SHOWN {
            shown.push(format!("and {} more", inside.len() - SHOWN));
        }
        s = format!("{s} holding [{}]", shown.join(", "));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(name: &str, arguments: &str) -> ToolCall {
        ToolCall::function("c", name, arguments)
    }

    #[test]
    fn any_number_is_run_or_refused_never_a_crash() {
        for q in [
            "0",
            "1e-9",
            "0.3333333",
            "1e12",
            "1e300",
            "12345678901234567890",
        ] {
            let mut bench = Bench::new("t");
            let args =
                format!(r#"{{"ingredient-concept": "butter", "quantity": {q}, "unit": "g"}}"#);
            let done = bench.call(&call("fetch-and-proportion", &args));
            assert_eq!(
                done.ran,
                done.content.get("error").is_none(),
                "{q}: {}",
                done.content
            );
            let args = format!(r#"{{"quantity": {q}, "unit": "degrees-celsius"}}"#);
            bench.call(&call("preheat-oven", &args));
        }
    }

    #[test]
    fn a_failed_action_is_undone() {
        let mut bench = Bench::new("t");
        let fetch = r#"{"ingredient-concept": "butter", "quantity": 100, "unit": "g"}"#;
        assert!(bench.call(&call("fetch-and-proportion", fetch)).ran);
        // A bake with a time but neither oven nor temperature cannot run.
        let bake = r#"{"thing-to-bake": "container-with-ingredient-1", "time-to-bake-quantity": 10, "time-to-bake-unit": "minute"}"#;
        let done = bench.call(&call("bake", bake));
        assert!(!done.ran, "{}", done.content);
        assert!(done.content["error"].as_str().unwrap().contains("undone"));
        assert_eq!(bench.actions(), 1);
        // The next action starts from the kitchen before the failure.
        let beat = r#"{"container-with-ingredients": "container-with-ingredient-1"}"#;
        let done = bench.call(&call("beat", beat));
        assert!(done.ran, "{}", done.content);
        assert!(
            bench.lines()[2].contains(" ?ks-2 ?ks-1 "),
            "{:?}",
            bench.lines()
        );
    }
}
