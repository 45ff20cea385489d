//! A network built up action by action: the one incremental session that
//! agents (the baseline, the language-model checker) and the API's
//! sessions use.
//!
//! [`Session::add`] appends one predicate and runs what it enables: the
//! new action, and any action waiting for what it binds, each as soon as it
//! can run (the engine's canonical order decides between several). Earlier
//! actions are never run again, so an attempt costs the new action, not
//! the whole network. [`Session::undo`] takes the last add back.
//!
//! A network whose actions each run when added (every agent-built one:
//! each action starts from the kitchen state the one before produced)
//! executes exactly as [`crate::execute`] runs it whole, but for object
//! ids: constants get theirs when their action is added, not all first.
//! Where actions wait for later ones, the session runs them greedily in
//! the order they become runnable and never backtracks; the whole-network
//! search may choose another order.

use sous_kitchen::Ontology;
use sous_kitchen::{full_kitchen, IdGen};
use sous_lang::{Diagnostic, Predicate};

use crate::backend::Backend;
use crate::engine::{applicable_case, attempt, explain_stuck, finish, Attempt, Node};
use crate::{Binding, Execution, Failure, Network, Options};

/// What one [`Session::add`] did.
#[derive(Debug, Clone, Default)]
pub struct Added {
    /// The action the predicate became (`None`: it repeats an earlier
    /// predicate, which the reference ignores).
    pub action: Option<usize>,
    /// Actions that ran, in order: the new one and those it enabled.
    pub ran: Vec<usize>,
    /// Failures of the actions that ran, and the crash that stopped one.
    pub failures: Vec<Failure>,
}

impl Added {
    /// Whether the new action ran without a failure (and so did every
    /// action it enabled).
    pub fn is_ok(&self) -> bool {
        self.failures.is_empty() && self.action.is_none_or(|a| self.ran.contains(&a))
    }
}

/// Why a predicate cannot be added.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AddError {
    /// No primitive has this name and this many arguments.
    #[error("`{name}` with {arity} arguments is no primitive")]
    UnknownPrimitive {
        /// The predicate's name.
        name: String,
        /// How many arguments it was given.
        arity: usize,
    },
}

/// Why lines of text could not be added: every error of parsing them and
/// of the predicates' own checks (at least one), spans in the text given.
#[derive(Debug, Clone, thiserror::Error)]
#[error("line {}, column {}: {}", .0[0].span.line, .0[0].span.column, .0[0].message)]
pub struct TextError(pub Vec<Diagnostic>);

/// An incremental network and its execution so far.
#[derive(Clone)]
pub struct Session<'b> {
    options: Options,
    backend: Option<&'b dyn Backend>,
    network: Network,
    node: Node,
    /// Primitive runs so far.
    runs: usize,
    /// What [`Session::undo`] goes back to: the network's sizes and the
    /// execution before each add.
    history: Vec<(usize, usize, Node, usize)>,
}

impl<'b> Session<'b> {
    /// An empty session in the full kitchen; `backend` also carries every
    /// action out (the physics kitchen), as [`crate::execute_in`].
    pub fn new(recipe_id: &str, options: Options, backend: Option<&'b dyn Backend>) -> Self {
        let (_, first_free_id) = full_kitchen();
        Session {
            options,
            backend,
            network: Network::empty(recipe_id),
            node: Node {
                bindings: Vec::new(),
                done: Vec::new(),
                steps: Vec::new(),
                failures: Vec::new(),
                ids: IdGen::starting_at(first_free_id),
                worlds: Vec::new(),
            },
            runs: 0,
            history: Vec::new(),
        }
    }

    /// Adds one predicate and runs what it enables.
    pub fn add(&mut self, predicate: &Predicate) -> Result<Added, AddError> {
        let known = sous_lang::signature(&predicate.name, predicate.args.len())
            .is_some_and(|s| s.arity() == predicate.args.len());
        if !known {
            return Err(AddError::UnknownPrimitive {
                name: predicate.name.clone(),
                arity: predicate.args.len(),
            });
        }
        self.history.push((
            self.network.actions.len(),
            self.network.variables.len(),
            self.node.clone(),
            self.runs,
        ));
        let Some(action) = self.network.push(predicate, &mut self.node.ids) else {
            return Ok(Added::default());
        };
        self.grow();
        let mut added = Added {
            action: Some(action),
            ..Added::default()
        };
        let failures_before = self.node.failures.len();
        while let Some(ran) = self.run_next(&mut added) {
            added.ran.push(ran);
        }
        added
            .failures
            .extend_from_slice(&self.node.failures[failures_before..]);
        Ok(added)
    }

    /// Parses `text` (one or more predicates, no `#id` header), checks
    /// each on its own (`sous_lang::validate_predicate`) and adds them in
    /// order. Nothing is added when one does not parse or check.
    pub fn add_text(&mut self, text: &str) -> Result<Vec<Added>, TextError> {
        let id = &self.network.recipe_id;
        let (file, diags) = sous_lang::parse(id, &format!("#{id}\n{text}\n"));
        // The header is line 1: the text's line n is line n + 1.
        let errors: Vec<Diagnostic> = diags
            .into_iter()
            .map(|(_, d)| d)
            .filter(Diagnostic::is_error)
            .collect();
        let predicates = file
            .recipes
            .into_iter()
            .flat_map(|r| r.predicates)
            .collect::<Vec<_>>();
        self.add_checked(&predicates, errors).map_err(|mut e| {
            for d in &mut e.0 {
                d.span.line = d.span.line.saturating_sub(1);
            }
            e
        })
    }

    /// Adds a typed action (`sous_lang::call`), checked as a predicate of
    /// text would be.
    pub fn add_action(&mut self, action: &sous_lang::call::Action) -> Result<Added, TextError> {
        let mut added = self.add_checked(&[action.predicate()], Vec::new())?;
        Ok(added.remove(0))
    }

    /// Checks each predicate on its own, then adds them all, or none when
    /// one (or `errors`, found before) is an error.
    fn add_checked(
        &mut self,
        predicates: &[Predicate],
        mut errors: Vec<Diagnostic>,
    ) -> Result<Vec<Added>, TextError> {
        for p in predicates {
            let problems = sous_lang::validate_predicate(p, Ontology::get());
            errors.extend(problems.into_iter().filter(Diagnostic::is_error));
        }
        if !errors.is_empty() {
            return Err(TextError(errors));
        }
        Ok(predicates
            .iter()
            .map(|p| self.add(p).expect("a checked predicate names a primitive"))
            .collect())
    }

    /// Takes the last [`Session::add`] back; `false` if there was none.
    pub fn undo(&mut self) -> bool {
        let Some((actions, variables, node, runs)) = self.history.pop() else {
            return false;
        };
        self.network.truncate(actions, variables);
        self.node = node;
        self.runs = runs;
        true
    }

    /// Makes room in the execution for the network's new variables and action.
    fn grow(&mut self) {
        let vars = &self.network.variables;
        for v in &vars[self.node.bindings.len()..] {
            self.node
                .bindings
                .push(v.constant.as_ref().map(|c| Binding {
                    value: c.clone(),
                    available_at: None,
                }));
        }
        if self.backend.is_some() {
            self.node.worlds.resize(vars.len(), None);
        }
        self.node.done.resize(self.network.actions.len(), false);
    }

    /// Runs the first action (in canonical order) that can run now: its
    /// index, or `None` when none can. A crash is recorded as the action's
    /// failure and leaves it unrun.
    fn run_next(&mut self, added: &mut Added) -> Option<usize> {
        let waiting: Vec<(usize, usize)> = self
            .network
            .canonical_order
            .iter()
            .copied()
            .filter(|&a| !self.node.done[a] && !added_crashed(added, a))
            .filter_map(|a| Some((a, applicable_case(&self.network, &self.node, a)?)))
            .collect();
        for (a, case) in waiting {
            self.runs += 1;
            match attempt(
                &self.network,
                &self.node,
                a,
                case,
                self.backend,
                self.options.profile,
            ) {
                Attempt::Ran(effect) => {
                    self.node.apply(effect);
                    return Some(a);
                }
                Attempt::NotApplicable => {}
                Attempt::Crash(failure) => added.failures.push(failure),
            }
        }
        None
    }

    /// The network so far.
    pub fn network(&self) -> &Network {
        &self.network
    }

    /// Whether every action ran and every variable is bound.
    pub fn solved(&self) -> bool {
        self.node.done.iter().all(|&d| d) && self.node.bindings.iter().all(Option::is_some)
    }

    /// The binding of variable `name` (`?bowl`), if bound.
    pub fn binding(&self, name: &str) -> Option<&Binding> {
        let i = self
            .network
            .variables
            .iter()
            .position(|v| v.constant.is_none() && v.name == name)?;
        self.node.bindings[i].as_ref()
    }

    /// The variables bound so far and their bindings, in the order the
    /// network first names them (constants are not variables).
    pub fn bound(&self) -> impl Iterator<Item = (&str, &Binding)> + '_ {
        self.network
            .variables
            .iter()
            .zip(&self.node.bindings)
            .filter(|(v, _)| v.constant.is_none())
            .filter_map(|(v, b)| Some((v.name.as_str(), b.as_ref()?)))
    }

    /// The execution so far, as [`crate::execute`] reports one: actions
    /// that never ran are explained.
    pub fn execution(&self) -> Execution {
        let mut node = self.node.clone();
        let solved = self.solved();
        if !solved {
            explain_stuck(&self.network, &mut node);
        }
        finish(self.network.clone(), node, solved, self.runs)
    }
}

/// Whether action `a` crashed during this add (it is not tried again).
fn added_crashed(added: &Added, a: usize) -> bool {
    added.failures.iter().any(|f| f.action == Some(a))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn predicates(text: &str) -> Vec<Predicate> {
        let (file, diags) = sous_lang::parse("t", &format!("#t\n{text}"));
        assert!(diags.is_empty(), "{diags:?}");
        file.recipes.into_iter().next().unwrap().predicates
    }

    const ALMOND_START: &str = "(get-kitchen ?kitchen)
(fetch-and-proportion ?butter ?ks-1 ?kitchen ?bowl-1 butter 230 g)
(fetch-and-proportion ?sugar ?ks-2 ?ks-1 ?bowl-2 white-sugar 120 g)
(transfer-contents ?both ?rest ?ks-3 ?ks-2 ?butter ?sugar ?q ?u)
(beat ?beaten ?ks-4 ?ks-3 ?both ?whisk)";

    #[test]
    fn added_one_by_one_it_binds_what_the_whole_network_binds() {
        let preds = predicates(ALMOND_START);
        let mut s = Session::new("t", Options::default(), None);
        for p in &preds {
            let added = s.add(p).unwrap();
            assert!(added.is_ok(), "{p}: {:?}", added.failures);
            assert_eq!(added.ran, vec![added.action.unwrap()]);
        }
        let (file, _) = sous_lang::parse("t", &format!("#t\n{ALMOND_START}"));
        let whole = crate::execute(&file.recipes[0]);
        let x = s.execution();
        assert!(x.solved && whole.solved);
        for v in ["?beaten", "?rest", "?ks-4"] {
            let (a, b) = (x.binding(v).unwrap(), whole.binding(v).unwrap());
            assert_eq!(a.value.class, b.value.class, "{v}");
            assert_eq!(a.available_at, b.available_at, "{v}");
        }
        assert_eq!(
            crate::execution_json(&x)["execution_time"],
            crate::execution_json(&whole)["execution_time"]
        );
    }

    #[test]
    fn an_action_that_cannot_run_is_reported_and_undone() {
        let preds = predicates(
            "(get-kitchen ?kitchen)
(fetch-and-proportion ?butter ?ks-1 ?kitchen ?bowl-1 butter 230 g)
(bake ?baked ?ks-2 ?ks-1 ?nothing ?oven 15 minute 175 degrees-celsius)",
        );
        let mut s = Session::new("t", Options::default(), None);
        assert!(s.add(&preds[0]).unwrap().is_ok());
        assert!(s.add(&preds[1]).unwrap().is_ok());
        let before = s.execution().bindings.len();
        let added = s.add(&preds[2]).unwrap();
        assert!(!added.is_ok());
        assert!(!s.solved());
        assert!(s.undo());
        assert!(s.solved());
        assert_eq!(s.execution().bindings.len(), before);
        assert!(s.binding("?butter").is_some());
        assert!(s.binding("?baked").is_none());
    }

    #[test]
    fn an_action_waits_for_its_inputs_and_runs_when_they_come() {
        let preds = predicates(ALMOND_START);
        let mut s = Session::new("t", Options::default(), None);
        // The beat first: it waits for the bowl of butter and sugar.
        let beat = s.add(&preds[4]).unwrap();
        assert!(beat.ran.is_empty());
        for p in &preds[..3] {
            s.add(p).unwrap();
        }
        let transfer = s.add(&preds[3]).unwrap();
        assert_eq!(
            transfer.ran.len(),
            2,
            "the transfer, then the beat it enables"
        );
        assert!(s.solved());
    }

    #[test]
    fn text_is_checked_before_anything_is_added() {
        let mut s = Session::new("t", Options::default(), None);
        let added = s
            .add_text(
                "(get-kitchen ?kitchen)\n(fetch-and-proportion ?b ?ks ?kitchen ?c butter 10 g)",
            )
            .unwrap();
        assert_eq!(added.len(), 2);
        assert!(added.iter().all(Added::is_ok));
        let e = s
            .add_text("(fetch-and-proportion ?s ?ks-2 ?ks ?d white-sugar 10 g)\n(beat ?x ?ks-3 ?ks-2 ?s buter)")
            .unwrap_err();
        assert_eq!((e.0[0].span.line, e.0[0].code), (2, "unknown-class"), "{e}");
        assert_eq!(
            s.network().actions.len(),
            2,
            "nothing of the bad text was added"
        );
    }

    #[test]
    fn a_repeated_predicate_is_ignored_and_an_unknown_one_refused() {
        let preds = predicates("(get-kitchen ?kitchen)\n(get-kitchen ?kitchen)");
        let mut s = Session::new("t", Options::default(), None);
        assert!(s.add(&preds[0]).unwrap().is_ok());
        assert_eq!(s.add(&preds[1]).unwrap().action, None);
        assert_eq!(s.network().actions.len(), 1);
        let bad = predicates("(fetch-and-proportio ?a ?b ?kitchen ?c butter 1 g)");
        assert!(matches!(
            s.add(&bad[0]),
            Err(AddError::UnknownPrimitive { .. })
        ));
    }
}
