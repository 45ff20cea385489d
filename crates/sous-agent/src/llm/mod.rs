//! The LLM harness: recipe text to a network by asking a language model
//! through any OpenAI-compatible chat-completions endpoint, then holding
//! the answer to the same checks as any network (parse, validate, execute)
//! and feeding what is wrong back to the model for a few repair rounds.
//!
//! One module per concept: [`client`] talks HTTP (time limit, retries),
//! [`grammar`] writes the language as a grammar for constrained decoding,
//! [`prompt`] makes every message from the project's own knowledge,
//! [`check`] takes the network out of an answer and finds its problems,
//! [`repair`] is one turn of ask–check–feedback, `incremental` builds a
//! network one instruction at a time with the kitchen shown before each,
//! [`transcript`] records every exchange as JSON lines (and reads a run
//! back to resume it), [`usage`] sums and prices the tokens, and [`batch`]
//! keeps several recipes in flight at once.

pub mod batch;
pub mod check;
pub mod client;
pub mod fit;
pub mod grammar;
mod incremental;
pub mod prompt;
pub mod repair;
mod step_primitives;
mod stepwise;
pub mod tools;
pub mod transcript;
pub mod usage;

use std::path::PathBuf;
use std::time::Duration;

pub use client::{Answer, Client, Message, ToolCall};
pub use transcript::{RecipeLog, Transcript};
pub use usage::{Prices, Tally, Usage};

use crate::recipe_xml::RecipeText;
use crate::Understood;

/// Why the model could not be asked, or its answer not read.
#[derive(Debug, thiserror::Error)]
pub enum LlmError {
    #[error("cannot reach {url}: {message}")]
    Connect { url: String, message: String },
    #[error("{url} did not answer within {seconds} s (raise --timeout?)")]
    Timeout { url: String, seconds: f64 },
    #[error("{url} answered HTTP {status}: {body}")]
    Http {
        url: String,
        status: u16,
        body: String,
    },
    #[error("{url} answered with something that is not a chat completion (no choices[0].message with content or tool_calls): {body}")]
    BadResponse { url: String, body: String },
    #[error("the request needs {needed} tokens ({answer} of them the answer's), over the context of {context} by {over}; already left out: {dropped}")]
    TooLong {
        over: usize,
        needed: usize,
        context: usize,
        answer: usize,
        dropped: String,
    },
    #[error("cannot read the example networks in {dir}: {source}")]
    Examples {
        dir: PathBuf,
        source: std::io::Error,
    },
    #[error("cannot write the transcript {path}: {source}")]
    Transcript {
        path: PathBuf,
        source: std::io::Error,
    },
}

/// How the model gives the network.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Protocol {
    /// It writes the network as text, repaired from the checks' feedback.
    #[default]
    Text,
    /// It calls one primitive at a time as a function tool; the harness
    /// threads the kitchen states and runs each call at once.
    Tools,
}

impl Protocol {
    pub fn name(self) -> &'static str {
        match self {
            Protocol::Text => "text",
            Protocol::Tools => "tools",
        }
    }
}

/// How the harness works.
#[derive(Debug, Clone)]
pub struct LlmConfig {
    pub protocol: Protocol,
    /// With `Protocol::Tools`: the most tool calls of one recipe.
    pub max_calls: usize,
    /// With `Protocol::Tools`: the conversation ends when the model makes
    /// the same failing call (same tool, same arguments) this many times
    /// in a row. A model that repeats a call its error result already
    /// answered is stuck; more rounds only cost time. 0: no such limit.
    pub max_repeated_failures: usize,
    /// Repair rounds after the first answer (per step with `incremental`).
    pub max_repairs: usize,
    /// One instruction at a time, the kitchen shown before each.
    pub incremental: bool,
    /// Gold networks to take examples from (`*.solution`); none without it.
    pub examples_dir: Option<PathBuf>,
    /// How many examples.
    pub examples: usize,
    /// With `incremental` under a grammar: the most actions of one
    /// instruction (the ingredients may take one each, and two more).
    pub max_step_actions: usize,
}

impl Default for LlmConfig {
    fn default() -> Self {
        LlmConfig {
            protocol: Protocol::Text,
            max_calls: 100,
            max_repeated_failures: 3,
            max_repairs: 2,
            incremental: false,
            examples_dir: None,
            examples: 2,
            max_step_actions: 6,
        }
    }
}

/// The time limit of one request unless told otherwise.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(120);

/// What the harness made of a recipe.
#[derive(Debug, Clone)]
pub struct LlmUnderstood {
    /// The network (as the model last wrote it) and the trace of the rounds.
    pub understood: Understood,
    /// What still fails after the repairs (empty: every action ran).
    pub problems: Vec<String>,
}

/// A model behind an endpoint, and how to use it.
pub struct LlmAgent {
    pub client: Client,
    pub config: LlmConfig,
}

impl LlmAgent {
    pub fn new(client: Client, config: LlmConfig) -> Self {
        LlmAgent { client, config }
    }

    /// The examples for `recipe_id` (none of the recipe's own family).
    fn examples(&self, recipe_id: &str) -> Result<Vec<prompt::Example>, LlmError> {
        match &self.config.examples_dir {
            Some(dir) => prompt::examples(dir, recipe_id, self.config.examples),
            None => Ok(Vec::new()),
        }
    }

    /// The system message for `recipe_id`, with all its knowledge: the
    /// reference and the names (with `Protocol::Tools`, how to work
    /// through the tools), and the examples.
    pub fn system_message(&self, recipe_id: &str) -> Result<Message, LlmError> {
        let examples = self.examples(recipe_id)?;
        Ok(Message::system(match self.config.protocol {
            Protocol::Text => prompt::system(&examples),
            Protocol::Tools => prompt::tools_system(&examples),
        }))
    }

    /// The first request: the system message and `user`, with as much of
    /// the knowledge ([`prompt::Detail`]) as fits the client's budget,
    /// and what was left out for it to fit (in order). With `tools`
    /// offered only examples can be left out. `1/share` of the context is
    /// kept free for the conversation to grow in (none with 0). A request
    /// that does not fit with everything left out is an error, never sent.
    fn opening(
        &self,
        recipe: &RecipeText,
        examples: &[prompt::Example],
        (form, share): (&str, usize),
        user: &str,
        tools: &[serde_json::Value],
    ) -> Result<(Vec<Message>, Vec<String>), LlmError> {
        let mut detail = prompt::Detail::most(examples.len());
        let mut left_out = Vec::new();
        loop {
            let system = if tools.is_empty() {
                prompt::system_with(examples, detail, Some(recipe), form)
            } else {
                prompt::tools_system(&examples[..detail.examples])
            };
            let messages = vec![Message::system(system), Message::user(user)];
            if self.client.over_keeping(&messages, tools, share).is_none() {
                return Ok((messages, left_out));
            }
            match detail.less() {
                Some((less, dropped)) if tools.is_empty() || less.examples < detail.examples => {
                    detail = less;
                    left_out.push(dropped);
                }
                _ => return Err(self.client.too_long(&messages, tools, &left_out)),
            }
        }
    }

    /// Asks the model for the network of `recipe`, repairing it from the
    /// checks' feedback; every exchange goes to `transcript`.
    pub fn understand(
        &self,
        recipe: &RecipeText,
        transcript: &Transcript,
    ) -> Result<LlmUnderstood, LlmError> {
        self.understand_logged(recipe, &mut RecipeLog::new(transcript))
    }

    /// [`LlmAgent::understand`], the exchanges counted in `log` (their
    /// tokens are known even when a later request fails).
    pub fn understand_logged(
        &self,
        recipe: &RecipeText,
        log: &mut RecipeLog<'_>,
    ) -> Result<LlmUnderstood, LlmError> {
        if self.config.incremental && self.client.grammar_server().is_some() {
            let examples = self.examples(&recipe.id)?;
            return self.stepwise(recipe, &examples, log);
        }
        if self.config.protocol == Protocol::Tools {
            return self.tools(recipe, log);
        }
        let system = self.system_message(&recipe.id)?;
        if self.config.incremental {
            return self.incremental(recipe, vec![system], log);
        }
        let examples = self.examples(&recipe.id)?;
        let (mut messages, left_out) = self.opening(
            recipe,
            &examples,
            (prompt::WHOLE, 0),
            &prompt::whole(recipe),
            &[],
        )?;
        let attempt = repair::Turn {
            client: &self.client,
            log,
            recipe_id: &recipe.id,
            max_repairs: self.config.max_repairs,
            step: None,
            base: &[],
            base_session: &sous_sim::Session::new(&recipe.id, sous_sim::Options::default(), None),
        }
        .run(&mut messages)?;
        let mut trace: Vec<String> = left_out
            .iter()
            .map(|d| format!("left out to fit the context: {d}"))
            .collect();
        trace.extend(attempt.trace);
        let problems = attempt.checked.problems;
        if !problems.is_empty() {
            trace.push(format!(
                "the network fails after {} repairs and is written as it is",
                self.config.max_repairs
            ));
        }
        Ok(LlmUnderstood {
            understood: Understood {
                id: recipe.id.clone(),
                actions: attempt.checked.lines,
                trace,
            },
            problems,
        })
    }
}
