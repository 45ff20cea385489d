//! One turn of the conversation with its repairs: ask, check the answer
//! (parse, validate, execute), and while it does not run, tell the model
//! what is wrong and ask again, up to a number of repair rounds. Every
//! exchange goes to the transcript.

use std::time::Instant;

use super::check::{check_after, extract, Checked};
use super::client::{Client, Message};
use super::prompt::feedback;
use super::transcript::{Exchange, Transcript};
use super::LlmError;

/// What a turn needs besides its messages.
pub struct Turn<'a> {
    pub client: &'a Client,
    pub transcript: &'a mut Transcript,
    pub recipe_id: &'a str,
    /// Repair rounds after the first answer.
    pub max_repairs: usize,
    /// With `--incremental`, the step asked for.
    pub step: Option<usize>,
    /// The lines the answer adds to (empty when it is the whole network).
    pub base: &'a [String],
    /// Those lines, executed: an answer costs its own lines.
    pub base_session: &'a sous_sim::Session<'static>,
}

/// How a turn ended.
pub struct Attempt {
    /// `base` and the last answer's lines, checked.
    pub checked: Checked,
    /// The last answer's own lines.
    pub new_lines: Vec<String>,
    /// One line per answer: its round and what the check found.
    pub trace: Vec<String>,
}

impl Turn<'_> {
    /// Runs the turn on `messages` (the answers and feedback are appended).
    /// Errors are those of the endpoint and of the transcript; a network
    /// that still fails after the repairs is an `Ok` with problems.
    pub fn run(self, messages: &mut Vec<Message>) -> Result<Attempt, LlmError> {
        let Turn {
            client,
            transcript,
            recipe_id,
            max_repairs,
            step,
            base,
            base_session,
        } = self;
        let mut trace = Vec::new();
        let mut round = 0;
        loop {
            let started = Instant::now();
            let answer = client.chat(messages);
            let milliseconds = started.elapsed().as_millis();
            let mut exchange = Exchange {
                recipe: recipe_id,
                round,
                step,
                model: &client.model,
                request: messages,
                response: None,
                error: None,
                problems: &[],
                milliseconds,
            };
            let answer = match answer {
                Ok(a) => a,
                Err(e) => {
                    exchange.error = Some(e.to_string());
                    transcript.record(&exchange)?;
                    return Err(e);
                }
            };
            let new_lines = extract(&answer);
            let checked = check_after(base_session, base, new_lines.clone());
            exchange.response = Some(&answer);
            exchange.problems = &checked.problems;
            transcript.record(&exchange)?;
            let label = if round == 0 {
                "answer".to_string()
            } else {
                format!("repair {round}")
            };
            if checked.is_ok() {
                trace.push(format!("{label}: {} lines, all run", new_lines.len()));
            } else {
                trace.push(format!(
                    "{label}: {} lines, {} problems: {}",
                    new_lines.len(),
                    checked.problems.len(),
                    checked.problems.join("; ")
                ));
            }
            messages.push(Message::assistant(answer));
            if checked.is_ok() || round >= max_repairs {
                return Ok(Attempt {
                    checked,
                    new_lines,
                    trace,
                });
            }
            messages.push(Message::user(feedback(&checked.problems, base.is_empty())));
            round += 1;
        }
    }
}
