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
pub mod grammar;
mod incremental;
pub mod prompt;
pub mod repair;
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
    /// Repair rounds after the first answer (per step with `incremental`).
    pub max_repairs: usize,
    /// One instruction at a time, the kitchen shown before each.
    pub incremental: bool,
    /// Gold networks to take examples from (`*.solution`); none without it.
    pub examples_dir: Option<PathBuf>,
    /// How many examples.
    pub examples: usize,
}

impl Default for LlmConfig {
    fn default() -> Self {
        LlmConfig {
            protocol: Protocol::Text,
            max_calls: 100,
            max_repairs: 2,
            incremental: false,
            examples_dir: None,
            examples: 2,
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

    /// The system message for `recipe_id`: the reference and the names
    /// (with `Protocol::Tools`, how to work through the tools), and the
    /// examples (none of the recipe's own family).
    pub fn system_message(&self, recipe_id: &str) -> Result<Message, LlmError> {
        let examples = match &self.config.examples_dir {
            Some(dir) => prompt::examples(dir, recipe_id, self.config.examples)?,
            None => Vec::new(),
        };
        Ok(Message::system(match self.config.protocol {
            Protocol::Text => prompt::system(&examples),
            Protocol::Tools => prompt::tools_system(&examples),
        }))
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
        let system = self.system_message(&recipe.id)?;
        if self.config.protocol == Protocol::Tools {
            return self.tools(recipe, system, log);
        }
        let mut messages = vec![system];
        if self.config.incremental {
            return self.incremental(recipe, messages, log);
        }
        messages.push(Message::user(prompt::whole(recipe)));
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
        let mut trace = attempt.trace;
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
