//! One turn of the conversation with its repairs: ask, check the answer
//! (parse, validate, execute; an answer cut at the token limit is a
//! problem of its own), and while it does not run, tell the model what is
//! wrong and ask again, up to a number of repair rounds. Every exchange
//! goes to the transcript.

use super::check::{check_answer, Checked};
use super::client::{Client, Message};
use super::prompt::feedback;
use super::transcript::{Exchange, RecipeLog};
use super::LlmError;

/// What a turn needs besides its messages.
pub struct Turn<'a, 'b> {
    pub client: &'a Client,
    pub log: &'a mut RecipeLog<'b>,
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

impl Turn<'_, '_> {
    /// Runs the turn on `messages` (the answers and feedback are appended).
    /// Errors are those of the endpoint and of the transcript; a network
    /// that still fails after the repairs is an `Ok` with problems.
    pub fn run(self, messages: &mut Vec<Message>) -> Result<Attempt, LlmError> {
        let Turn {
            client,
            log,
            recipe_id,
            max_repairs,
            step,
            base,
            base_session,
        } = self;
        let mut trace = Vec::new();
        let mut round = 0;
        let mut last: Option<(Checked, Vec<String>)> = None;
        loop {
            if let Some((checked, new_lines)) = last.take() {
                // A repair that would not fit drops the oldest rounds (the
                // first answer and feedback after the opening); one that
                // still does not fit is not asked.
                while client.over(messages, &[]).is_some() && messages.len() > 4 {
                    messages.drain(2..4);
                }
                if client.over(messages, &[]).is_some() {
                    trace.push(format!(
                        "repair {round} would not fit the context and was not asked"
                    ));
                    return Ok(Attempt {
                        checked,
                        new_lines,
                        trace,
                    });
                }
            }
            let mut exchange = Exchange::new(recipe_id, round, &client.model, messages);
            exchange.step = step;
            let answer = log.ask(client, &mut exchange, &[])?;
            let checked = check_answer(base_session, base, &answer);
            let new_lines = checked.lines[base.len()..].to_vec();
            exchange.response = Some(answer.text());
            exchange.problems = &checked.problems;
            log.record(&exchange)?;
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
            messages.push(Message::assistant(answer.text()));
            if checked.is_ok() || round >= max_repairs {
                return Ok(Attempt {
                    checked,
                    new_lines,
                    trace,
                });
            }
            messages.push(Message::user(feedback(&checked.problems, base.is_empty())));
            last = Some((checked, new_lines));
            round += 1;
        }
    }
}
