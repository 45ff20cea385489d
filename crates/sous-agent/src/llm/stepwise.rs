//! `--incremental` under `--constrain grammar`: the network is built one
//! action a request, each decoded under the grammar of the next action
//! ([`super::grammar::next_action`]), made afresh from the session: the
//! current kitchen state, the variables bound so far of the classes each
//! argument takes, fresh names for outputs. Every line the model writes
//! therefore threads; what can still go wrong is what the kitchen says (an
//! empty container, a tool it lacks), and then the action is undone and
//! the model told why.
//!
//! The steps are the recipe's lines: each ingredient line (at most two
//! actions: fetching it, which the grammar makes its first action (no
//! `(done)` then), and a
//! preparation it names), then each instruction, which fetches no more
//! ingredients. A primitive that failed in a step is not offered again in
//! that step: at temperature 0 a model would write it again and again. The names of ingredients the grammar offers are those the
//! step's text mentions (else those the recipe mentions): a small model
//! picks among the recipe's ingredients, not among the kitchen's two
//! hundred. Within a step the model writes actions until it
//! answers `(done)`, until the step's limit of actions, or until it fails
//! more often than the repair limit. The conversation grows by one short
//! exchange an action (so a server's prompt cache serves every request
//! but for its end): the opening is fitted with a third of the context
//! kept free for it. When it would no longer fit, it is compacted to the
//! opening and the network so far.

use sous_lang::ArgRole;

use super::check::without_thinking;
use super::client::Message;
use super::grammar::{next_action, Notation, Scope, DONE};
use super::prompt;
use super::transcript::{Exchange, RecipeLog};
use super::{LlmAgent, LlmError, LlmUnderstood};
use crate::recipe_xml::RecipeText;
use crate::Understood;

/// The first line of every network, written by the harness.
const START: &str = "(get-kitchen ?kitchen)";

/// The primitive that fetches an ingredient line's ingredient.
const FETCH: &str = "fetch-and-proportion";

/// What became of one answer.
enum Outcome {
    /// The step needs no more actions.
    Done,
    /// The action ran: what it made, in words, and the new kitchen state.
    Ran { made: String, kitchen: String },
    /// It did not run (and was undone), or could not be read: why.
    Failed(String),
}

impl LlmAgent {
    pub(super) fn stepwise(
        &self,
        recipe: &RecipeText,
        examples: &[prompt::Example],
        log: &mut RecipeLog<'_>,
    ) -> Result<LlmUnderstood, LlmError> {
        let mut session = sous_sim::Session::new(&recipe.id, sous_sim::Options::default(), None);
        // The fixed first line always parses and runs.
        let _ = session.add_text(START);
        let mut lines = vec![START.to_string()];
        let mut kitchen = "?kitchen".to_string();
        let steps = recipe.ingredients.len() + recipe.instructions.len();
        let opening = format!(
            "{}\n{}",
            prompt::recipe(recipe),
            prompt::first_action(recipe, 0, &kitchen)
        );
        let (mut messages, left_out) =
            self.opening(recipe, examples, (prompt::ONE_ACTION, 3), &opening, &[])?;
        let mut trace: Vec<String> = left_out
            .iter()
            .map(|d| format!("left out to fit the context: {d}"))
            .collect();
        let mut pending: Option<String> = None;
        let known = sous_kitchen::inventory::concepts("ingredient");
        let everywhere = prompt::mentioned(&known, &prompt::recipe(recipe));
        for step in 0..steps {
            let what = prompt::step_name(recipe, step);
            if step > 0 {
                let ask = prompt::first_action(recipe, step, &kitchen);
                pending = Some(match pending.take() {
                    Some(p) => format!("{p}\n\n{ask}"),
                    None => ask,
                });
            }
            // The ingredients a name may be: those the step mentions, else
            // those the recipe mentions, else all.
            let here = prompt::mentioned(&known, &prompt::step_text(recipe, step));
            let ingredients = [here, everywhere.clone()]
                .into_iter()
                .find(|l| !l.is_empty());
            let limit = if step < recipe.ingredients.len() {
                2
            } else {
                self.config.max_step_actions
            };
            let (mut ran, mut failed, mut round) = (0, 0, 0);
            let mut failed_primitives: Vec<&'static str> = Vec::new();
            loop {
                if let Some(p) = pending.take() {
                    messages.push(Message::user(p));
                }
                if self.client.over(&messages, &[]).is_some() {
                    messages = self.compacted(&messages, &lines);
                    trace.push(format!(
                        "{what}: the conversation was compacted to fit the context"
                    ));
                    if self.client.over(&messages, &[]).is_some() {
                        return Err(self.client.too_long(&messages, &[], &left_out));
                    }
                }
                // An ingredient line is fetched first; a step fetches no
                // other ingredient; a primitive that failed in the step is
                // not offered again (a model at temperature 0 would only
                // repeat it).
                let fetching = step < recipe.ingredients.len() && ran == 0;
                let mut except = failed_primitives.clone();
                if !fetching {
                    except.push(FETCH);
                }
                let scope = Scope {
                    ingredients: ingredients.clone(),
                    only: fetching.then(|| vec![FETCH]),
                    except,
                    may_end: !fetching,
                    ..Scope::of(&session, &kitchen)
                };
                let (text, outcome) = self.one_action(
                    (
                        &recipe.id,
                        (step + 1).saturating_sub(recipe.ingredients.len()),
                        round,
                    ),
                    &scope,
                    &mut session,
                    &messages,
                    log,
                )?;
                messages.push(Message::assistant(text.clone()));
                round += 1;
                match outcome {
                    Outcome::Done => {
                        trace.push(format!("{what}: done after {ran} actions"));
                        break;
                    }
                    Outcome::Ran { made, kitchen: k } => {
                        trace.push(format!("{what}: ran {text}"));
                        lines.push(text);
                        kitchen = k;
                        ran += 1;
                        if ran >= limit {
                            trace.push(format!("{what}: stopped at its limit of {limit} actions"));
                            pending = Some(made);
                            break;
                        }
                        pending = Some(prompt::next_action(&what, &made, &kitchen));
                    }
                    Outcome::Failed(why) => {
                        trace.push(format!("{what}: refused {text}: {why}"));
                        if let Some(sig) = sous_lang::signatures().iter().find(|s| {
                            text.strip_prefix('(')
                                .and_then(|t| t.split_whitespace().next())
                                == Some(s.name)
                        }) {
                            failed_primitives.push(sig.name);
                        }
                        failed += 1;
                        let told = format!("It did not run, and was undone: {why}");
                        if failed > self.config.max_repairs {
                            trace.push(format!(
                                "{what}: {failed} actions failed, the step was left: {why}"
                            ));
                            pending = Some(told);
                            break;
                        }
                        pending = Some(prompt::next_action(&what, &told, &kitchen));
                    }
                }
            }
        }
        Ok(LlmUnderstood {
            understood: Understood {
                id: recipe.id.clone(),
                actions: lines,
                trace,
            },
            // Every line of the network ran: steps left unfinished are in the trace.
            problems: Vec::new(),
        })
    }

    /// Asks for one action (`at`: the recipe, the step as `--incremental`
    /// numbers them, 0 the ingredients, and the round) under the grammar
    /// of `scope`, and runs it in `session`; the exchange is recorded.
    fn one_action(
        &self,
        (recipe, step, round): (&str, usize, usize),
        scope: &Scope,
        session: &mut sous_sim::Session<'static>,
        messages: &[Message],
        log: &mut RecipeLog<'_>,
    ) -> Result<(String, Outcome), LlmError> {
        let server = self
            .client
            .grammar_server()
            .expect("stepwise runs with a grammar");
        let grammar = next_action(Notation::Gbnf, scope);
        let client = self.client.clone().with_grammar(server, grammar.into());
        let mut exchange = Exchange::new(recipe, round, &client.model, messages);
        exchange.step = Some(step);
        let answer = log.ask(&client, &mut exchange, &[])?;
        let text = without_thinking(answer.text()).trim().to_string();
        let outcome = if answer.is_cut() {
            Outcome::Failed(super::check::CUT_PROBLEM.to_string())
        } else if text == DONE {
            Outcome::Done
        } else {
            run(session, &text)
        };
        let problem = match &outcome {
            Outcome::Failed(why) => vec![why.clone()],
            _ => Vec::new(),
        };
        exchange.response = Some(answer.text());
        exchange.problems = &problem;
        log.record(&exchange)?;
        Ok((text, outcome))
    }

    /// The conversation `messages` compacted: the system message, and the
    /// opening with the network so far and the last request.
    fn compacted(&self, messages: &[Message], lines: &[String]) -> Vec<Message> {
        let text = |m: &Message| m.content.clone().unwrap_or_default();
        let opening = messages.get(1).map(text).unwrap_or_default();
        let last = messages.last().map(text).unwrap_or_default();
        vec![
            messages[0].clone(),
            Message::user(format!(
                "{opening}\n\nThe network so far (each line ran):\n```lisp\n{}\n```\n\n{last}",
                lines.join("\n")
            )),
        ]
    }
}

/// Adds `text` (one predicate) to `session` and runs it; undone when it
/// does not run.
fn run(session: &mut sous_sim::Session<'_>, text: &str) -> Outcome {
    let added = match session.add_text(text) {
        Ok(added) => added,
        Err(sous_sim::TextError(errors)) => {
            let why: Vec<String> = errors.iter().map(|d| d.message.clone()).collect();
            return Outcome::Failed(why.join("; "));
        }
    };
    if added.len() == 1 && added[0].action.is_none() {
        session.undo();
        return Outcome::Failed("it repeats an earlier action".into());
    }
    if added.len() != 1 || !added[0].is_ok() {
        let x = session.execution();
        let mut why: Vec<String> = Vec::new();
        for f in
            added
                .iter()
                .flat_map(|a| a.failures.iter())
                .chain(x.failures.iter().filter(|f| {
                    f.action.is_some() && f.action == x.network.actions.len().checked_sub(1)
                }))
        {
            if !why.contains(&f.message) {
                why.push(f.message.clone());
            }
        }
        if why.is_empty() {
            why.push("the action could not run".into());
        }
        for _ in 0..added.len() {
            session.undo();
        }
        return Outcome::Failed(why.join("; "));
    }
    let network = session.network();
    let Some(action) = network.actions.last() else {
        return Outcome::Failed("no action".into());
    };
    let mut made = Vec::new();
    let mut kitchen = String::new();
    for (i, &v) in action.args.iter().enumerate() {
        let name = &network.variables[v].name;
        match action.signature.role(i) {
            ArgRole::KitchenStateOut => kitchen = name.clone(),
            ArgRole::Output | ArgRole::Optional => {
                let fresh = action.signature.role(i) == ArgRole::Output
                    || !network.actions[..network.actions.len() - 1]
                        .iter()
                        .any(|a| a.args.contains(&v));
                if fresh && network.variables[v].constant.is_none() {
                    if let Some(b) = session.binding(name) {
                        made.push(format!("{name} is {}", super::tools::bench::what(&b.value)));
                    }
                }
            }
            _ => {}
        }
    }
    let made = if made.is_empty() {
        "It ran.".to_string()
    } else {
        format!("It ran: {}.", made.join("; "))
    };
    Outcome::Ran { made, kitchen }
}
