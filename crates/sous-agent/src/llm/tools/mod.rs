//! `--protocol tools`: the model makes the recipe by calling the
//! primitives as OpenAI-style function tools, one action at a time. The
//! schemas are generated from the signatures ([`schema`], [`names`]); the
//! harness makes each call an action ([`call`]), threading the kitchen
//! states and naming the outputs itself, runs it at once on an incremental
//! session and answers with what it made and what changed, or why it
//! failed (then it is undone) ([`bench`](mod@bench)). The conversation
//! ends when the model calls [`schema::FINISH`], answers without a tool
//! call (an answer cut at the token limit is reported as a problem), when
//! it repeats the same failing call (`max_repeated_failures` in a row), or
//! at the cap of calls; the network is the actions that ran. Requests ask
//! for a tool call (`tool_choice`, [`super::client::tool_choice_at`]).

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
    /// Makes `recipe` through tool calls. The opening request is fitted
    /// into the context with a quarter of it kept free for the
    /// conversation: examples go first, then the tools' descriptions,
    /// then the ingredients the recipe does not mention. When the
    /// conversation outgrows the context later, its oldest calls and
    /// their results are left out of the requests (the network keeps
    /// them).
    pub(super) fn tools(
        &self,
        recipe: &RecipeText,
        log: &mut RecipeLog<'_>,
    ) -> Result<LlmUnderstood, LlmError> {
        let (mut messages, tools, mut left_out) = self.tools_opening(recipe)?;
        let mut bench = Bench::new(&recipe.id);
        let mut trace: Vec<String> = left_out
            .iter()
            .map(|d| format!("left out to fit the context: {d}"))
            .collect();
        let mut calls = 0;
        let mut repeats = Repeats::default();
        let mut hidden = 0;
        let mut problems = Vec::new();
        for round in 0.. {
            hidden += self.trimmed(&mut messages, &tools, &mut left_out, hidden)?;
            let mut exchange = Exchange::new(&recipe.id, round, &self.client.model, &messages);
            exchange.offered_tools = true;
            let answer = log.ask(&self.client, &mut exchange, &tools)?;
            exchange.response = answer.content.as_deref();
            exchange.tool_calls = &answer.tool_calls;
            let mut results = Vec::new();
            let mut finished = false;
            for c in &answer.tool_calls {
                let done = if c.function.name == schema::FINISH {
                    finished = true;
                    bench::Done {
                        content: serde_json::json!({ "finished": true }),
                        ran: false,
                        line: format!("the model calls {} after {calls} calls", schema::FINISH),
                    }
                } else if finished {
                    bench::Done {
                        content: serde_json::json!({ "error": "called after finish: not run" }),
                        ran: false,
                        line: format!("not run: {} (after finish)", c.function.name),
                    }
                } else if repeats.stuck(self.config.max_repeated_failures) {
                    bench::Done {
                        content: serde_json::json!({ "error": "the same failing call was made too often: nothing more is run" }),
                        ran: false,
                        line: format!("not run: {} (the same failing call again)", c.function.name),
                    }
                } else if calls < self.config.max_calls {
                    calls += 1;
                    let done = bench.call(c);
                    repeats.saw(c, done.ran);
                    done
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
            if finished {
                break;
            }
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
            if repeats.stuck(self.config.max_repeated_failures) {
                problems.push(format!(
                    "stopped after {calls} calls: the model made the same failing call {} times in a row",
                    repeats.count
                ));
                break;
            }
            if calls >= self.config.max_calls {
                problems.push(format!(
                    "stopped at the cap of {} tool calls before the model ended",
                    self.config.max_calls
                ));
                break;
            }
        }
        if hidden > 0 {
            trace.push(format!(
                "left out to fit the context: the first {hidden} answers and their results"
            ));
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

/// The run of identical failing calls the model has just made: the same
/// tool with the same arguments (compared as JSON, so spacing and key
/// order do not matter), each answered with an error.
#[derive(Default)]
struct Repeats {
    last: Option<(String, serde_json::Value)>,
    count: usize,
}

impl Repeats {
    fn saw(&mut self, call: &super::client::ToolCall, ran: bool) {
        if ran {
            *self = Repeats::default();
            return;
        }
        let args = serde_json::from_str(&call.function.arguments)
            .unwrap_or_else(|_| serde_json::Value::String(call.function.arguments.clone()));
        let this = (call.function.name.clone(), args);
        if self.last.as_ref() == Some(&this) {
            self.count += 1;
        } else {
            self.last = Some(this);
            self.count = 1;
        }
    }

    fn stuck(&self, limit: usize) -> bool {
        limit > 0 && self.count >= limit
    }
}

/// A tool conversation's first messages, its tools, and what was left
/// out for them to fit.
type Opening = (Vec<Message>, Vec<serde_json::Value>, Vec<String>);

impl LlmAgent {
    /// The opening request of a tool conversation and the tools, fitted
    /// with a quarter of the context kept free (see [`LlmAgent::tools`]),
    /// and what was left out for it.
    fn tools_opening(&self, recipe: &RecipeText) -> Result<Opening, LlmError> {
        let examples = self.examples(&recipe.id)?;
        let user = Message::user(prompt::tools_recipe(recipe));
        let mentioned = prompt::mentioned(
            &sous_kitchen::inventory::inventory().ingredients,
            &prompt::recipe_text(recipe),
        );
        let mut detail = prompt::Detail::most(examples.len());
        let mut left_out: Vec<String> = Vec::new();
        loop {
            let tools = schema::tools_with(
                schema::Detail {
                    described: detail.full_reference,
                },
                (!detail.all_ingredients).then_some(mentioned.as_slice()),
            );
            let messages = vec![
                Message::system(prompt::tools_system(&examples[..detail.examples])),
                user.clone(),
            ];
            if self.client.over_keeping(&messages, &tools, 4).is_none() {
                return Ok((messages, tools, left_out));
            }
            match detail.less() {
                Some((less, dropped)) => {
                    left_out.push(if less.full_reference == detail.full_reference {
                        dropped
                    } else {
                        "the tools' descriptions (their parameters stay)".into()
                    });
                    detail = less;
                }
                None => return Err(self.client.too_long(&messages, &tools, &left_out)),
            }
        }
    }

    /// Leaves the oldest exchanges out of `messages` while the request is
    /// too long (the system message and the recipe always stay); how many
    /// went. `hidden` went before.
    fn trimmed(
        &self,
        messages: &mut Vec<Message>,
        tools: &[serde_json::Value],
        left_out: &mut Vec<String>,
        hidden: usize,
    ) -> Result<usize, LlmError> {
        let mut gone = 0;
        while self.client.over(messages, tools).is_some() {
            let Some(n) = oldest_exchange(messages) else {
                return Err(self.client.too_long(messages, tools, left_out));
            };
            messages.drain(2..2 + n);
            gone += 1;
            let note = format!("the first {} answers and their results", hidden + gone);
            match left_out.last_mut() {
                Some(last) if last.ends_with("answers and their results") => *last = note,
                _ => left_out.push(note),
            }
        }
        Ok(gone)
    }
}

/// How many messages the oldest exchange after the system message and the
/// recipe holds (an answer and its tool results); `None` when there is
/// none, or only the last (the request cannot do without it).
fn oldest_exchange(messages: &[Message]) -> Option<usize> {
    let rest = messages.get(2..).filter(|r| !r.is_empty())?;
    let n = 1 + rest[1..].iter().take_while(|m| m.role == "tool").count();
    (n < rest.len()).then_some(n)
}

/// `text` on one line, at most 200 characters.
fn one_line(text: &str) -> String {
    let line = text.split_whitespace().collect::<Vec<_>>().join(" ");
    match line.char_indices().nth(200) {
        Some((i, _)) => format!("{}…", &line[..i]),
        None => line,
    }
}
