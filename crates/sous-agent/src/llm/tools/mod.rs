//! `--protocol tools`: the model makes the recipe by calling the
//! primitives as OpenAI-style function tools, one action at a time. The
//! schemas are generated from the signatures ([`schema`], [`names`]); the
//! harness makes each call an action ([`call`]), threading the kitchen
//! states and naming the outputs itself, runs it at once on an incremental
//! session and answers with what it made and what changed, or why it
//! failed (then it is undone) ([`bench`](mod@bench)). The conversation
//! ends when the model answers without a tool call (an answer cut at the
//! token limit is reported as a problem), or at the cap of calls; the
//! network is the actions that ran.

pub mod bench;
pub mod call;
pub mod names;
pub mod schema;

use super::check::without_thinking;
use super::client::Message;
use super::transcript::{Exchange, RecipeLog};
use super::{prompt, LlmAgent, LlmError, LlmUnderstood};
use crate::recipe_xml::RecipeText;
use crate::Understood;
use bench::Bench;

impl LlmAgent {
    /// Makes `recipe` through tool calls, from `system` on.
    pub(super) fn tools(
        &self,
        recipe: &RecipeText,
        system: Message,
        log: &mut RecipeLog<'_>,
    ) -> Result<LlmUnderstood, LlmError> {
        let mut messages = vec![system, Message::user(prompt::tools_recipe(recipe))];
        let mut bench = Bench::new(&recipe.id);
        let mut trace = Vec::new();
        let mut calls = 0;
        let mut problems = Vec::new();
        for round in 0.. {
            let mut exchange = Exchange::new(&recipe.id, round, &self.client.model, &messages);
            let answer = log.ask(&self.client, &mut exchange, schema::tools())?;
            exchange.response = answer.content.as_deref();
            exchange.tool_calls = &answer.tool_calls;
            let mut results = Vec::new();
            for c in &answer.tool_calls {
                let done = if calls < self.config.max_calls {
                    calls += 1;
                    bench.call(c)
                } else {
                    bench::Done {
                        content: serde_json::json!({ "error": "the cap of tool calls is reached: nothing more is run" }),
                        ran: false,
                        line: format!("not run: {} (the cap of calls is reached)", c.function.name),
                    }
                };
                trace.push(format!("call {calls}: {}", done.line));
                results.push(done.content.to_string());
            }
            exchange.tool_results = &results;
            log.record(&exchange)?;
            if answer.tool_calls.is_empty() {
                trace.push(format!(
                    "the model ends after {calls} calls: {}",
                    one_line(&without_thinking(answer.text()))
                ));
                if answer.is_cut() {
                    problems.push(format!(
                        "the model's last answer was cut at the token limit (finish_reason \"length\") after {calls} calls"
                    ));
                }
                break;
            }
            messages.push(Message::answered(&answer));
            for (c, r) in answer.tool_calls.iter().zip(results) {
                messages.push(Message::tool(&c.id, r));
            }
            if calls >= self.config.max_calls {
                problems.push(format!(
                    "stopped at the cap of {} tool calls before the model ended",
                    self.config.max_calls
                ));
                break;
            }
        }
        if bench.actions() == 0 {
            problems.push("no action ran: the network is only (get-kitchen ?kitchen)".into());
        }
        trace.extend(problems.iter().cloned());
        Ok(LlmUnderstood {
            understood: Understood {
                id: recipe.id.clone(),
                actions: bench.lines().to_vec(),
                trace,
            },
            problems,
        })
    }
}

/// `text` on one line, at most 200 characters.
fn one_line(text: &str) -> String {
    let line = text.split_whitespace().collect::<Vec<_>>().join(" ");
    match line.char_indices().nth(200) {
        Some((i, _)) => format!("{}…", &line[..i]),
        None => line,
    }
}
