//! `--incremental` under `--constrain grammar`: the network is built one
//! action a request, each decoded under the grammar of the next action
//! ([`super::grammar::next_action`]), made afresh from the session: the
//! current kitchen state, one variable per kitchen object of the classes
//! each argument takes, fresh names for outputs, the numbers the step
//! writes. Every line the model writes therefore threads; what can still
//! go wrong is what the kitchen says (an empty container, a tool it
//! lacks), and then the action is undone and the model told why.
//!
//! The steps are the recipe's lines. An ingredient line's first action
//! fetches it (the grammar allows nothing else, and no `(done)`); then it
//! is prepared as the line notes (`chopped`: `cut`), one action a
//! preparation, on what it fetched, the first without `(done)`; a line
//! that notes nothing has no second action. An instruction fetches no
//! ingredient and is
//! offered the primitives its verbs call for
//! ([`super::step_primitives`]; all when it has no verb the lexicon
//! knows), until the model answers `(done)`, the step's limit of actions,
//! or more failures than the repair limit. A primitive that failed in a
//! step is not offered again in it, and an action that does again what
//! an earlier one of the step did to objects nothing changed since
//! (beating what was just beaten) is undone: at temperature 0 a model
//! would loop. The names of ingredients are those the step's text
//! mentions, the most specific of them (else those the recipe mentions):
//! a small model picks among the recipe's ingredients, not the kitchen's
//! hundreds.
//!
//! What the kitchen holds narrows the inputs further: no input takes a
//! container that was used and now holds nothing, and one named
//! `container-with-…` takes only a container that holds something. When
//! what an instruction names sits in two or more containers and the
//! instruction may transfer, it is first put together: only
//! `transfer-contents` between those containers is offered, without
//! `(done)`, until one container holds it all. A small model left to it
//! works each bowl apart (the gold networks of the development recipes
//! transfer 247 times; the model's row, once).
//!
//! Each request is two messages: the system message, fitted once per
//! recipe, and the state ([`prompt::state`]): the recipe, the network so
//! far, what each variable holds now, the step and what was tried in it.
//! No conversation grows, so a request stays about the same size and the
//! server's prompt cache serves all of it but the end; when the network
//! grows too long for the context, only its last lines are shown.

use sous_kitchen::Ontology;
use sous_lang::ArgRole;

use super::check::without_thinking;
use super::client::Message;
use super::grammar::{next_action, Keep, Narrow, Notation, Scope, DONE};
use super::prompt;
use super::transcript::{Exchange, RecipeLog};
use super::{LlmAgent, LlmError, LlmUnderstood};
use crate::recipe_xml::RecipeText;
use crate::Understood;

/// The first line of every network, written by the harness.
const START: &str = "(get-kitchen ?kitchen)";

/// The primitive that fetches an ingredient line's ingredient.
const FETCH: &str = "fetch-and-proportion";

/// The primitive that puts together what a step names.
const TRANSFER: &str = "transfer-contents";

/// The primitive that fetches a tool or a container.
const FETCH_THING: &str = "fetch";

/// The network being built: the session it runs in, its lines, the
/// current kitchen state's variable, and the trace of what happened.
struct Build {
    session: sous_sim::Session<'static>,
    lines: Vec<String>,
    kitchen: String,
    trace: Vec<String>,
}

/// What every request of a recipe shares: the fitted system message, what
/// was left out of it, and the ingredients the whole recipe mentions.
struct Fixed {
    system: Message,
    left_out: Vec<String>,
    everywhere: Vec<&'static str>,
}

/// The ingredient names a step's text is matched against.
fn known() -> Vec<&'static str> {
    sous_kitchen::inventory::concepts("ingredient")
}

/// What a step's actions may be, fixed for the step.
struct Plan {
    ingredient_line: bool,
    /// The ingredients a name may be, and the classes the step names.
    ingredients: Option<Vec<&'static str>>,
    named: Vec<sous_kitchen::ClassId>,
    /// The numbers and units the step writes.
    numbers: Vec<String>,
    units: Vec<&'static str>,
    /// The primitives the step calls for (`None`: all).
    called: Option<Vec<&'static str>>,
    /// The kitchen things (tools, containers) the step mentions.
    things: Vec<&'static str>,
    /// The most actions the step may have.
    limit: usize,
}

impl Plan {
    fn new(recipe: &RecipeText, step: usize, fixed: &Fixed, max_step_actions: usize) -> Plan {
        let text = prompt::step_text(recipe, step);
        let ingredient_line = step < recipe.ingredients.len();
        let (mut ingredients, named) = ingredients_of(&text, fixed);
        if ingredient_line {
            ingredients = line_ingredient(&text, ingredients);
        }
        let (numbers, units) = written(recipe, step, &text);
        // An instruction is offered the primitives its verbs call for
        // (all of them when it has no verb the lexicon knows).
        // An ingredient line, once fetched, is offered the preparations
        // it notes, one action each, and has no second action when it
        // notes none.
        let called = if ingredient_line {
            super::step_primitives::for_ingredient_line(&text)
        } else {
            super::step_primitives::for_instruction(&text)
        };
        let limit = if ingredient_line {
            1 + called.as_ref().map_or(0, Vec::len)
        } else {
            max_step_actions
        };
        let things = fetchable()
            .map(|all| prompt::mentioned(&all, &text))
            .unwrap_or_default();
        Plan {
            ingredient_line,
            ingredients,
            named,
            numbers,
            units,
            called,
            things,
            limit,
        }
    }

    /// The scope of the step's next action, after `ran` actions ran and
    /// the primitives `failed` failed in it (`fetched`: the object an
    /// ingredient line fetched), and why it must put together what it
    /// names, when it must.
    fn scope(
        &self,
        b: &Build,
        ran: usize,
        failed: &[&'static str],
        fetched: Option<sous_kitchen::Pid>,
    ) -> (Scope, Option<String>) {
        // An ingredient line is fetched first, then prepared as it
        // notes, before anything else; a step fetches no other
        // ingredient; a primitive that failed in the step is not offered
        // again (a model at temperature 0 would only repeat it).
        let fetching = self.ingredient_line && ran == 0;
        let preparing = self.ingredient_line && ran == 1;
        let mut except = failed.to_vec();
        if !fetching {
            except.push(FETCH);
        }
        let mut scope = Scope {
            ingredients: self.ingredients.clone(),
            numbers: (!self.numbers.is_empty()).then(|| self.numbers.clone()),
            units: (!self.units.is_empty()).then(|| self.units.clone()),
            only: if fetching {
                Some(vec![FETCH])
            } else {
                self.called.clone()
            },
            except,
            may_end: !fetching && !preparing,
            distinct: true,
            ..Scope::with_names(&b.session, &b.kitchen, true)
        };
        let objects = Objects::now(&b.session, &scope, &self.named);
        scope.narrow = objects.narrow();
        if fetching && self.called.is_some() {
            // What is to be prepared is weighed into a container of its
            // own: cut in a bowl that holds the beans, the pepper is not.
            scope.narrow.push(Narrow {
                primitive: Some(FETCH),
                arg_prefix: "target-container",
                keep: Keep::Fresh,
                optional: true,
            });
        }
        if let Some(pid) = fetched.filter(|_| self.ingredient_line) {
            // The line's preparation works on what the line fetched.
            let names = scope
                .bound
                .iter()
                .filter(|(v, _)| b.session.binding(v).is_some_and(|x| x.value.pid == pid))
                .map(|(v, _)| v.clone())
                .collect();
            scope.narrow.push(Narrow {
                primitive: None,
                arg_prefix: "",
                keep: Keep::Only(names),
                optional: false,
            });
        }
        let may_transfer = !self.ingredient_line
            && !failed.contains(&TRANSFER)
            && self.called.as_ref().is_none_or(|c| c.contains(&TRANSFER));
        let gather = may_transfer.then(|| objects.gather(&mut scope)).flatten();
        // An action of the step the kitchen refused may lack its thing
        // (greasing a bowl for want of the cookie sheet): the step may
        // then fetch one, of those it mentions, one at a time.
        if !self.ingredient_line
            && gather.is_none()
            && !self.things.is_empty()
            && !failed.is_empty()
            && !failed.contains(&FETCH_THING)
        {
            if let Some(only) = scope.only.as_mut().filter(|o| !o.contains(&FETCH_THING)) {
                only.push(FETCH_THING);
                scope.things.push((FETCH_THING, self.things.clone()));
                let one = "1".to_string();
                if let Some(n) = scope.numbers.as_mut().filter(|n| !n.contains(&one)) {
                    n.push(one);
                }
            }
        }
        (scope, gather)
    }
}

/// The names of the things `fetch` fetches.
fn fetchable() -> Option<Vec<&'static str>> {
    let sig = sous_lang::signatures()
        .iter()
        .find(|s| s.name == FETCH_THING)?;
    let arg = sig.args.iter().find(|a| a.name == "concept-to-fetch")?;
    match super::tools::names::Names::get().kind(FETCH_THING, arg) {
        super::tools::names::Kind::Name(all) => Some(all),
        _ => None,
    }
}

/// The ingredient an ingredient line `line` fetches, as the ingredient
/// lexicon reads it (`unsweetened cocoa powder`: `cocoa-powder`; `icing
/// sugar`: `powdered-white-sugar`): that one alone when the lexicon knows
/// the words, and besides the names the line mentions (`mentioned`) when
/// it only guessed the nearest class; `mentioned` when it reads none.
fn line_ingredient(line: &str, mentioned: Option<Vec<&'static str>>) -> Option<Vec<&'static str>> {
    let Ok(read) = crate::ingredient_line::read_line(line) else {
        return mentioned;
    };
    let name = Ontology::get().name(read.class);
    if read.matched != crate::lexicon::Match::Nearest {
        return Some(vec![name]);
    }
    let mut out = vec![name];
    out.extend(mentioned.into_iter().flatten().filter(|n| *n != name));
    Some(out)
}

/// The ingredients a name in step text `text` may be (those the step
/// mentions, the most specific of them, else those the recipe mentions,
/// else all), and the classes the step itself names.
fn ingredients_of(
    text: &str,
    fixed: &Fixed,
) -> (Option<Vec<&'static str>>, Vec<sous_kitchen::ClassId>) {
    let here = prompt::most_specific(&prompt::mentioned(&known(), text), text);
    let named = here.iter().filter_map(|n| Ontology::get().id(n)).collect();
    let ingredients = [here, fixed.everywhere.clone()]
        .into_iter()
        .find(|l| !l.is_empty());
    (ingredients, named)
}

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
        let mut b = Build {
            session: sous_sim::Session::new(&recipe.id, sous_sim::Options::default(), None),
            lines: vec![START.to_string()],
            kitchen: "?kitchen".to_string(),
            trace: Vec::new(),
        };
        // The fixed first line always parses and runs.
        let _ = b.session.add_text(START);
        let first = prompt::state(
            recipe,
            0,
            &prompt::State {
                lines: &b.lines,
                shown: b.lines.len(),
                kitchen: &b.kitchen,
                ..Default::default()
            },
        );
        // The system message is fitted once, with a third of the context
        // kept free for the network to grow into.
        let (opening, left_out) =
            self.opening(recipe, examples, (prompt::ONE_ACTION, 3), &first, &[])?;
        b.trace.extend(
            left_out
                .iter()
                .map(|d| format!("left out to fit the context: {d}")),
        );
        let fixed = Fixed {
            system: opening[0].clone(),
            left_out,
            everywhere: prompt::mentioned(&known(), &prompt::recipe(recipe)),
        };
        for step in 0..recipe.ingredients.len() + recipe.instructions.len() {
            self.step(recipe, step, &fixed, &mut b, log)?;
        }
        Ok(LlmUnderstood {
            understood: Understood {
                id: recipe.id.clone(),
                actions: b.lines,
                trace: b.trace,
            },
            // Every line of the network ran: steps left unfinished are in the trace.
            problems: Vec::new(),
        })
    }

    /// Asks for the actions of step `step` (an ingredient line, then the
    /// instructions) until the model answers `(done)`, the step's limit of
    /// actions, or too many failures; what ran joins `b`.
    fn step(
        &self,
        recipe: &RecipeText,
        step: usize,
        fixed: &Fixed,
        b: &mut Build,
        log: &mut RecipeLog<'_>,
    ) -> Result<(), LlmError> {
        let what = prompt::step_name(recipe, step);
        let plan = Plan::new(recipe, step, fixed, self.config.max_step_actions);
        let (mut ran, mut failed, mut round) = (0, 0, 0);
        let mut failed_primitives: Vec<&'static str> = Vec::new();
        let mut tried: Vec<String> = Vec::new();
        let mut earlier: Vec<Done> = Vec::new();
        // What an ingredient line fetched: its preparation works on it.
        let mut fetched: Option<sous_kitchen::Pid> = None;
        loop {
            let (scope, gather) = plan.scope(b, ran, &failed_primitives, fetched);
            let variables = holdings(&b.session, &scope);
            let messages = self.fitted(&fixed.system, &fixed.left_out, |shown| {
                prompt::state(
                    recipe,
                    step,
                    &prompt::State {
                        lines: &b.lines,
                        shown,
                        variables: &variables,
                        kitchen: &b.kitchen,
                        tried: &tried,
                        gather: gather.as_deref(),
                    },
                )
            })?;
            let (answer, outcome) = self.one_action(
                (
                    &recipe.id,
                    (step + 1).saturating_sub(recipe.ingredients.len()),
                    round,
                ),
                &scope,
                &mut b.session,
                &messages,
                log,
            )?;
            round += 1;
            // An earlier action of the step again, on objects nothing has
            // changed since: a model at temperature 0 in a loop (beating
            // what it just beat, or two bowls in turn). It is undone and
            // refused like an action the kitchen refused: its primitive
            // is not offered again in the step.
            let outcome = match outcome {
                Outcome::Ran { .. } if repeats(&b.session, &answer, &earlier) => {
                    b.session.undo();
                    Outcome::Failed(
                        "it does again what the action before it did, to the same things".into(),
                    )
                }
                other => other,
            };
            match outcome {
                Outcome::Done => {
                    b.trace.push(format!("{what}: done after {ran} actions"));
                    break;
                }
                Outcome::Ran { made, kitchen: k } => {
                    if plan.ingredient_line && ran == 0 {
                        fetched = outputs(&answer)
                            .first()
                            .and_then(|v| b.session.binding(v))
                            .map(|b| b.value.pid);
                    }
                    if primitive_of(&answer) == Some(FETCH_THING) {
                        // What was refused for want of it may run now.
                        // (A fetch that ran was not among them: a refused
                        // fetch is not offered again.)
                        failed_primitives.clear();
                    }
                    earlier.push(Done::of(&b.session, &answer));
                    b.trace.push(format!("{what}: ran {answer}"));
                    tried.push(format!("ran {answer}: {made}"));
                    b.lines.push(answer);
                    b.kitchen = k;
                    // Putting together what the step names is not one of
                    // its actions: it does not count against its limit.
                    if gather.is_some() {
                        continue;
                    }
                    ran += 1;
                    if plan.ingredient_line && plan.called.is_none() {
                        b.trace
                            .push(format!("{what}: fetched; the line notes no preparation"));
                        break;
                    }
                    if ran >= plan.limit {
                        let limit = plan.limit;
                        b.trace
                            .push(format!("{what}: stopped at its limit of {limit} actions"));
                        break;
                    }
                }
                Outcome::Failed(why) => {
                    b.trace.push(format!("{what}: refused {answer}: {why}"));
                    // The message names the action again: once is enough.
                    let reason = why
                        .strip_prefix(answer.as_str())
                        .map_or(why.as_str(), |r| r.trim_start_matches(": "));
                    tried.push(format!("did not run, and was undone: {answer}: {reason}"));
                    failed_primitives.extend(primitive_of(&answer));
                    failed += 1;
                    if failed > self.config.max_repairs {
                        b.trace.push(format!(
                            "{what}: {failed} actions failed, the step was left: {why}"
                        ));
                        break;
                    }
                }
            }
        }
        Ok(())
    }

    /// The request of `system` and the state `user(shown)` makes, with as
    /// many of the network's last lines shown as fit (all when they do);
    /// an error when not even none does.
    fn fitted(
        &self,
        system: &Message,
        left_out: &[String],
        user: impl Fn(usize) -> String,
    ) -> Result<Vec<Message>, LlmError> {
        let request = |shown| vec![system.clone(), Message::user(user(shown))];
        let mut shown = usize::MAX;
        loop {
            let messages = request(shown);
            if self.client.over(&messages, &[]).is_none() {
                return Ok(messages);
            }
            if shown == 0 {
                return Err(self.client.too_long(&messages, &[], left_out));
            }
            // The lines are at most a few hundred: halving finds a fit in
            // a few tokenizations.
            shown = if shown == usize::MAX { 64 } else { shown / 2 };
        }
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

/// The variables of `scope` an action may take, with what each holds
/// now: a kitchen object as it is in the current kitchen state (a bowl
/// emptied since it was bound shows empty), anything else as bound.
/// Variables naming one object are listed together, so the object is
/// described once.
fn holdings(session: &sous_sim::Session<'_>, scope: &Scope) -> Vec<(String, String)> {
    let now = session
        .binding(&scope.kitchen)
        .map(|b| sous_kitchen::KitchenState::from_entity(b.value.clone()));
    let mut out: Vec<(Vec<String>, sous_kitchen::Pid, String)> = Vec::new();
    for (v, _) in &scope.bound {
        let Some(b) = session.binding(v) else {
            continue;
        };
        let bound = &b.value;
        if let Some(same) = out.iter_mut().find(|(_, pid, _)| *pid == bound.pid) {
            same.0.push(v.clone());
            continue;
        }
        let current = now.as_ref().and_then(|ks| ks.find(bound.pid));
        out.push((
            vec![v.clone()],
            bound.pid,
            super::tools::bench::what(current.unwrap_or(bound)),
        ));
    }
    out.into_iter()
        .map(|(vs, _, what)| (vs.join(", "), what))
        .collect()
}

/// The primitive `answer` (one predicate) names, if it names one.
fn primitive_of(answer: &str) -> Option<&'static str> {
    let name = answer
        .strip_prefix('(')
        .and_then(|t| t.split_whitespace().next())?;
    sous_lang::signatures()
        .iter()
        .find(|s| s.name == name)
        .map(|s| s.name)
}

/// An action of the step that ran, for telling a repeat: its primitive,
/// the kitchen objects (`#pid`) or words of its required inputs, and the
/// variables it made. Outputs, kitchen states and optional arguments
/// (tools, ovens, where a result goes) are left out of the shape: beating
/// a bowl with another whisk is beating it again.
/// `touched` are the containers of all its inputs, optional ones
/// included (a transfer's target bowl), tools not (one whisk beats two
/// bowls).
#[derive(Debug, Clone, PartialEq)]
struct Done {
    shape: Vec<String>,
    made: Vec<String>,
    touched: Vec<sous_kitchen::Pid>,
}

impl Done {
    fn of(session: &sous_sim::Session<'_>, answer: &str) -> Done {
        let touched = predicate(answer)
            .map(|(sig, args)| {
                args.iter()
                    .enumerate()
                    .filter(|(i, _)| matches!(sig.role(*i), ArgRole::Input | ArgRole::Optional))
                    .filter_map(|(_, w)| session.binding(w))
                    .filter(|b| is_container(&b.value))
                    .map(|b| b.value.pid)
                    .collect()
            })
            .unwrap_or_default();
        Done {
            shape: shape(session, answer),
            made: outputs(answer),
            touched,
        }
    }
}

/// `answer`'s primitive and its required inputs, each variable as the
/// kitchen object it names (`#pid`).
fn shape(session: &sous_sim::Session<'_>, answer: &str) -> Vec<String> {
    let Some((sig, args)) = predicate(answer) else {
        return vec![answer.to_string()];
    };
    let mut out = vec![sig.name.to_string()];
    for (i, w) in args.iter().enumerate() {
        if sig.role(i) != ArgRole::Input {
            continue;
        }
        out.push(match session.binding(w) {
            Some(b) if w.starts_with('?') => format!("#{:?}", b.value.pid),
            _ => w.to_string(),
        });
    }
    out
}

/// The variables `answer` binds (its outputs, kitchen state aside).
fn outputs(answer: &str) -> Vec<String> {
    let Some((sig, args)) = predicate(answer) else {
        return Vec::new();
    };
    args.iter()
        .enumerate()
        .filter(|(i, _)| sig.role(*i) == ArgRole::Output)
        .map(|(_, w)| w.to_string())
        .collect()
}

/// Whether `answer`, run in `session`, repeats an action of `earlier`
/// (the step's, in order): the last earlier action on any of its objects
/// is the same primitive on the same things, or on what that action
/// made (but a transfer of what a transfer made puts more together). An
/// action between them on those objects (the sugar added to the beaten
/// butter) makes it another action.
fn repeats(session: &sous_sim::Session<'_>, answer: &str, earlier: &[Done]) -> bool {
    let now = Done::of(session, answer);
    let Some(before) = earlier
        .iter()
        .rev()
        .find(|d| now.touched.is_empty() || d.touched.iter().any(|o| now.touched.contains(o)))
    else {
        return false;
    };
    now.shape == before.shape
        || (now.shape.first() == before.shape.first()
            && now.shape.first().is_some_and(|p| p != TRANSFER)
            && predicate(answer)
                .is_some_and(|(_, args)| args.iter().any(|w| before.made.contains(&w.to_string()))))
}

/// The step's view of the kitchen objects a scope's variables name, as
/// they are now.
struct Objects {
    /// The containers that hold nothing and were used (emptied into
    /// another): no action takes them as an input.
    emptied: Vec<String>,
    /// The containers that hold something.
    holding: Vec<String>,
    /// The containers that hold what the step names, one variable each.
    named: Vec<String>,
}

impl Objects {
    fn now(
        session: &sous_sim::Session<'_>,
        scope: &Scope,
        named: &[sous_kitchen::ClassId],
    ) -> Objects {
        let state = session
            .binding(&scope.kitchen)
            .map(|b| sous_kitchen::KitchenState::from_entity(b.value.clone()));
        let mut out = Objects {
            emptied: Vec::new(),
            holding: Vec::new(),
            named: Vec::new(),
        };
        let mut named_pids = Vec::new();
        for (v, _) in &scope.bound {
            let Some(b) = session.binding(v) else {
                continue;
            };
            let Some(e) = state.as_ref().and_then(|s| s.find(b.value.pid)) else {
                continue;
            };
            if !is_container(e) {
                continue;
            }
            if e.contents_or_items().is_empty() {
                if e.is_used() {
                    out.emptied.push(v.clone());
                }
                continue;
            }
            out.holding.push(v.clone());
            if !named.is_empty() && holds(e, named) && !named_pids.contains(&e.pid) {
                named_pids.push(e.pid);
                out.named.push(v.clone());
            }
        }
        out
    }

    /// What the step names, in two or more containers, is put together
    /// before it is worked (a cook adds the sugar to the butter before
    /// beating them): `scope` narrowed to a transfer between those
    /// containers, and why, in words; `None` (and `scope` as it was) when
    /// one container or none holds it.
    fn gather(&self, scope: &mut Scope) -> Option<String> {
        if self.named.len() < 2 {
            return None;
        }
        scope.only = Some(vec![TRANSFER]);
        scope.may_end = false;
        scope.narrow.push(Narrow {
            primitive: Some(TRANSFER),
            arg_prefix: "",
            keep: Keep::Only(self.named.clone()),
            optional: true,
        });
        Some(format!(
            "What this step names is in {} containers: {}.",
            self.named.len(),
            self.named.join(", ")
        ))
    }

    /// The inputs narrowed to what they can work: none takes an emptied
    /// container, and one named `container-with-…` only a container
    /// that holds something.
    fn narrow(&self) -> Vec<Narrow> {
        vec![
            Narrow {
                primitive: None,
                arg_prefix: "",
                keep: Keep::AllBut(self.emptied.clone()),
                optional: false,
            },
            Narrow {
                primitive: None,
                arg_prefix: "container-with",
                keep: Keep::Only(self.holding.clone()),
                optional: false,
            },
        ]
    }
}

/// Whether `e` is a thing that holds others (a bowl, a tray).
fn is_container(e: &sous_kitchen::Entity) -> bool {
    e.has_slot(sous_kitchen::slot::CONTENTS) || e.has_slot(sous_kitchen::slot::ITEMS)
}

/// Whether `e` holds, at any depth (contents, items, components),
/// something of one of the classes `named`.
fn holds(e: &sous_kitchen::Entity, named: &[sous_kitchen::ClassId]) -> bool {
    let components = e.get(sous_kitchen::slot::COMPONENTS).as_list();
    e.contents()
        .iter()
        .chain(e.items())
        .chain(components)
        .any(|c| named.iter().any(|&k| c.is_a(k)) || holds(c, named))
}

/// The primitive `answer` (one predicate, as the grammar writes it: one
/// space between arguments, no nesting) names with its arity, and its
/// arguments.
fn predicate(answer: &str) -> Option<(&'static sous_lang::Signature, Vec<&str>)> {
    let mut words = answer
        .trim_matches(|c| c == '(' || c == ')')
        .split_whitespace();
    let name = words.next()?;
    let args: Vec<&str> = words.collect();
    Some((sous_lang::signature(name, args.len())?, args))
}

/// The numbers and units step `step` of `recipe` (its text `text`)
/// writes; an ingredient line's amount also as the language has it (`8 oz`
/// is 226.8 g), and a temperature in degrees Celsius (`350F` is 175).
fn written(recipe: &RecipeText, step: usize, text: &str) -> (Vec<String>, Vec<&'static str>) {
    let mut numbers = super::grammar::numbers_in(text);
    let mut units = super::grammar::units_in(text);
    let read = (step < recipe.ingredients.len())
        .then(|| crate::ingredient_line::read_line(text).ok())
        .flatten();
    let converted = read
        .as_ref()
        .map(|r| r.amount)
        .into_iter()
        .chain(crate::instructions::temperature(&text.to_lowercase()));
    for x in converted {
        let x = super::grammar::format_number(x);
        if !numbers.contains(&x) {
            numbers.push(x);
        }
    }
    let onto = Ontology::get();
    if let Some(unit) = read.as_ref().and_then(|r| onto.id(&r.unit)) {
        let unit = onto.name(unit);
        if !units.contains(&unit) {
            units.push(unit);
        }
    }
    (numbers, units)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_ingredient_line_offers_the_ingredient_the_lexicon_reads() {
        let mentioned = Some(vec!["cocoa-powder", "sugar"]);
        assert_eq!(
            line_ingredient("3 tablespoons unsweetened cocoa powder", mentioned.clone()),
            Some(vec!["cocoa-powder"])
        );
        assert_eq!(
            line_ingredient("200 grams icing sugar", None),
            Some(vec!["powdered-white-sugar"])
        );
        // No ingredient the lexicon knows: the names the line mentions.
        assert_eq!(
            line_ingredient("a handful of stardust", mentioned.clone()),
            mentioned
        );
    }

    #[test]
    fn a_name_inside_a_longer_one_is_not_another_ingredient() {
        let names = ["almond", "almond-extract", "flour"];
        assert_eq!(
            prompt::most_specific(&names, "Add the flour and almond extract."),
            ["almond-extract", "flour"]
        );
        assert_eq!(
            prompt::most_specific(&names, "Add the almonds, flour and almond extract."),
            names
        );
    }

    #[test]
    fn an_action_repeats_another_when_it_does_the_same_to_the_same_objects() {
        let mut session = sous_sim::Session::new("t", sous_sim::Options::default(), None);
        let lines = [
            "(get-kitchen ?kitchen)",
            "(fetch-and-proportion ?butter-1 ?ks-1 ?kitchen ?bowl-1 butter 100 g)",
            "(beat ?beaten-2 ?ks-2 ?ks-1 ?butter-1 ?tool-2)",
            "(beat ?beaten-3 ?ks-3 ?ks-2 ?beaten-2 ?tool-2)",
            "(fetch-and-proportion ?sugar-4 ?ks-4 ?ks-3 ?bowl-4 white-sugar 100 g)",
            "(beat ?beaten-5 ?ks-5 ?ks-4 ?sugar-4 ?tool-2)",
        ];
        for l in lines {
            session.add_text(l).unwrap();
        }
        let of = |i: usize| shape(&session, lines[i]);
        // Beating what was just beaten: the same bowl, whatever the tool.
        assert_eq!(of(2), of(3));
        let last = [Done::of(&session, lines[2])];
        assert_eq!(last[0].made, ["?beaten-2"]);
        assert!(repeats(&session, lines[3], &last));
        assert!(!repeats(&session, lines[4], &last));
        assert!(!repeats(&session, lines[5], &last));
        // Not only the last action: beating the butter again after the
        // sugar was beaten in its own bowl is a repeat.
        // (The same whisk in both makes no difference.)
        let both = [Done::of(&session, lines[2]), Done::of(&session, lines[5])];
        assert!(repeats(&session, lines[3], &both));
        // Another bowl, another ingredient, or another primitive is
        // another action.
        assert_ne!(of(3), of(5));
        assert_ne!(of(1), of(4));
        assert_ne!(of(1), of(2));
        // The sugar added to the beaten butter: beating them is another
        // action.
        let added = "(transfer-contents ?all-6 ?rest-6 ?ks-6 ?ks-5 ?beaten-3 ?beaten-5 ?q-6 ?u-6)";
        session.add_text(added).unwrap();
        let then = [Done::of(&session, lines[2]), Done::of(&session, added)];
        assert!(!repeats(
            &session,
            "(beat ?beaten-7 ?ks-7 ?ks-6 ?all-6 ?tool-2)",
            &then
        ));
        assert!(repeats(&session, added, &then));
    }
}
