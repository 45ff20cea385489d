//! The execution engine: a depth-first search over the order of actions.
//!
//! Like the reference (IRL), an action runs when the set of its bound
//! arguments equals the input set of one of its primitive's cases and every
//! bound value is an instance of its argument's class; it then binds the
//! remaining arguments. A network is solved when every action ran and every
//! variable is bound; otherwise there is no solution (the reference then
//! reports no metrics at all).
//!
//! Order: where several actions could run (a kitchen state used by two
//! actions), the reference tries them in a random order and keeps the first
//! solution. We try them in the order of their text (name, then arguments),
//! so the result does not depend on line order, and backtrack on dead ends.

use rustc_hash::FxHashSet as HashSet;

use serde::Serialize;
use sous_kitchen::{full_kitchen, IdGen};
use sous_lang::{ArgRole, Recipe, Span};

use crate::backend::{ActionContext, Backend, World};
use crate::exec::Source;
use crate::{primitives, Binding, Exec, Network, SimError};

/// Limits of the search.
#[derive(Debug, Clone, Copy)]
pub struct Options {
    /// Most primitive runs before the search gives up.
    pub max_primitive_runs: usize,
    /// The reference's kitchen, or one with its bugs fixed.
    pub profile: crate::Profile,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            max_primitive_runs: 200_000,
            profile: crate::Profile::Reference,
        }
    }
}

/// One executed action.
#[derive(Debug, Clone, Serialize)]
pub struct Step {
    /// The action (index into `Network::actions`).
    pub action: usize,
    /// The case of the primitive that ran (0-based, reference order).
    pub case: usize,
    /// When the cook starts on it.
    pub start: f64,
    /// When its last output is available.
    pub end: f64,
    /// The kitchen clock after it.
    pub kitchen_time: f64,
}

/// Which kind of [`Failure`] it is (the evaluator lists only failed objects
/// among a prediction's failures).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum FailureKind {
    /// The action ran but could not do its job: it bound failed-objects.
    FailedObject,
    /// The action never ran (no solution).
    NotExecuted,
    /// The reference would stop with an error here.
    Crash,
    /// The search gave up.
    SearchLimit,
    /// The backend (the physics kitchen) could not carry the action out.
    Backend,
}

/// Something that went wrong in a run, tied to its action where there is one.
#[derive(Debug, Clone, Serialize)]
pub struct Failure {
    /// What kind of failure it is.
    pub kind: FailureKind,
    /// The action concerned, if any (index into `Network::actions`).
    pub action: Option<usize>,
    /// What happened, in a sentence for people.
    pub message: String,
    /// Where the action is written, to point at it (not serialised: the
    /// reports give the action's index).
    #[serde(skip)]
    pub span: Option<Span>,
}

/// The result of executing one recipe network.
#[derive(Debug, Clone)]
pub struct Execution {
    /// The network as prepared for the run: variables, constants and actions
    /// by index, which `bindings` and `steps` refer to.
    pub network: Network,
    /// Whether every action ran and every variable is bound.
    pub solved: bool,
    /// Bindings of the solution (or of the furthest point reached when there is none).
    pub bindings: Vec<Option<Binding>>,
    /// The actions that ran, in the order they ran.
    pub steps: Vec<Step>,
    /// Everything that went wrong, in the order it happened.
    pub failures: Vec<Failure>,
    /// The backend's world of every kitchen-state variable (by variable
    /// index; empty in qualitative mode).
    pub worlds: Vec<Option<World>>,
    /// Primitives tried by the search (a measure of its work that does not
    /// depend on the machine; at most `Options::max_primitive_runs` + 1).
    pub primitive_runs: usize,
}

impl Execution {
    /// The recipe execution time: the latest availability over all bindings
    /// (`None` without a solution, as the reference reports NIL).
    pub fn execution_time(&self) -> Option<f64> {
        if !self.solved {
            return None;
        }
        self.bindings
            .iter()
            .flatten()
            .filter_map(|b| b.available_at)
            .reduce(f64::max)
    }

    /// The kitchen state the last executed action produced.
    pub fn final_kitchen(&self) -> Option<&sous_kitchen::EntityRef> {
        self.kitchen_after(self.steps.len().checked_sub(1)?)
    }

    /// The kitchen state step `step` produced (its action's kitchen state out).
    pub fn kitchen_after(&self, step: usize) -> Option<&sous_kitchen::EntityRef> {
        let v = self.kitchen_variable(step)?;
        self.bindings[v].as_ref().map(|b| &b.value)
    }

    /// The name of the kitchen-state variable the last executed action bound
    /// (`?kitchen` after `get-kitchen` alone): where a next action starts.
    pub fn final_kitchen_variable(&self) -> Option<&str> {
        let v = self.kitchen_variable(self.steps.len().checked_sub(1)?)?;
        Some(&self.network.variables[v].name)
    }

    /// The backend's world after step `step` (`None` in qualitative mode).
    pub fn world_after(&self, step: usize) -> Option<&World> {
        self.worlds.get(self.kitchen_variable(step)?)?.as_ref()
    }

    /// The variable of the kitchen state step `step` produced.
    fn kitchen_variable(&self, step: usize) -> Option<usize> {
        let a = &self.network.actions[self.steps.get(step)?.action];
        kitchen_out(a).map(|i| a.args[i])
    }

    /// The binding of `?variable` `var` (not of a constant), if it was bound.
    pub fn binding(&self, var: &str) -> Option<&Binding> {
        let i = self
            .network
            .variables
            .iter()
            .position(|v| v.constant.is_none() && v.name == var)?;
        self.bindings[i].as_ref()
    }
}

/// The argument that binds an action's output kitchen state.
fn kitchen_out(a: &crate::Action) -> Option<usize> {
    (0..a.args.len()).find(|&i| {
        a.signature.role(i) == ArgRole::KitchenStateOut
            || a.signature.kind == sous_lang::PrimitiveKind::GetKitchen
    })
}

/// Executes `recipe` from the full kitchen with the default [`Options`]:
/// the qualitative simulator, the reference's profile. The recipe should
/// have passed `sous_lang::validate` without errors (see [`execute_with`]).
pub fn execute(recipe: &Recipe) -> Execution {
    execute_with(recipe, Options::default())
}

/// Executes `recipe` with every executed action also carried out by
/// `backend` (see [`crate::backend`]). Which actions run, and in which
/// order, is decided exactly as in [`execute_with`]; an action the backend
/// cannot carry out stops the run with a [`FailureKind::Backend`] failure.
///
/// The backend runs on the branch the search keeps, not on every branch it
/// tries: the search finds the order symbolically, and the actions are then
/// carried out again in that order with the backend. The backend cannot
/// change which order the search keeps, except in two ways, both handled:
/// it fails an action (the run stops there, as it would have), or it amends
/// a kitchen state (spilled mass) so that an action of the kept order no
/// longer applies, in which case the whole search is run again with the
/// backend on every branch.
pub fn execute_in(recipe: &Recipe, options: Options, backend: &dyn Backend) -> Execution {
    let symbolic = search(recipe, options, None);
    replay(recipe, &symbolic, options, backend)
        .unwrap_or_else(|| search(recipe, options, Some(backend)))
}

/// Carries out the steps of `symbolic` again, in its order and with its
/// cases, with `backend`; `None` when an action of that order no longer
/// applies (the backend amended a kitchen state it reads).
fn replay(
    recipe: &Recipe,
    symbolic: &Execution,
    options: Options,
    backend: &dyn Backend,
) -> Option<Execution> {
    let (network, mut node) = start(recipe, true);
    for step in &symbolic.steps {
        match attempt(
            &network,
            &node,
            step.action,
            step.case,
            Some(backend),
            options.profile,
        ) {
            Attempt::Ran(effect) => node.apply(effect),
            Attempt::NotApplicable => return None,
            Attempt::Crash(failure) => {
                node.failures.push(failure);
                return Some(finish(network, node, false, symbolic.primitive_runs));
            }
        }
    }
    // What the steps did not fail themselves: the search's verdict (a
    // crash, its limit, the actions that never ran), in the same order.
    node.failures.extend(
        symbolic
            .failures
            .iter()
            .filter(|f| f.kind != FailureKind::FailedObject)
            .cloned(),
    );
    if symbolic.solved && node.bindings.iter().any(Option::is_none) {
        return None;
    }
    Some(finish(
        network,
        node,
        symbolic.solved,
        symbolic.primitive_runs,
    ))
}

#[derive(Clone)]
pub(crate) struct Node {
    pub(crate) bindings: Vec<Option<Binding>>,
    pub(crate) done: Vec<bool>,
    pub(crate) steps: Vec<Step>,
    pub(crate) failures: Vec<Failure>,
    pub(crate) ids: IdGen,
    /// The backend's world per kitchen-state variable (empty without one).
    pub(crate) worlds: Vec<Option<World>>,
}

/// What running one action adds to a node.
pub(crate) struct Effect {
    pub(crate) bindings: Vec<(usize, Binding)>,
    pub(crate) step: Step,
    pub(crate) failure: Option<Failure>,
    pub(crate) ids: IdGen,
    pub(crate) world: Option<(usize, World)>,
}

pub(crate) enum Attempt {
    Ran(Effect),
    NotApplicable,
    Crash(Failure),
}

/// What applying an effect changed, so that the search can take it back
/// when it backtracks instead of copying the whole node (every binding's
/// `Arc`) at each choice point.
struct Undo {
    bound: Vec<usize>,
    action: usize,
    failures: usize,
    ids: IdGen,
    world: Option<(usize, Option<World>)>,
}

impl Node {
    /// [`Node::apply`], returning what takes it back.
    fn apply_undoably(&mut self, e: Effect) -> Undo {
        let undo = Undo {
            bound: e.bindings.iter().map(|(v, _)| *v).collect(),
            action: e.step.action,
            failures: self.failures.len(),
            ids: self.ids.clone(),
            world: e.world.as_ref().map(|(v, _)| (*v, self.worlds[*v].take())),
        };
        self.apply(e);
        undo
    }

    /// Takes back the latest effect (the one `undo` came from): an effect
    /// binds only unbound variables and adds exactly one step.
    fn undo(&mut self, undo: Undo) {
        for v in undo.bound {
            self.bindings[v] = None;
        }
        self.done[undo.action] = false;
        self.steps.pop();
        self.failures.truncate(undo.failures);
        self.ids = undo.ids;
        if let Some((v, w)) = undo.world {
            self.worlds[v] = w;
        }
    }

    pub(crate) fn apply(&mut self, e: Effect) {
        for (v, b) in e.bindings {
            self.bindings[v] = Some(b);
        }
        self.done[e.step.action] = true;
        self.steps.push(e.step);
        self.failures.extend(e.failure);
        self.ids = e.ids;
        if let Some((v, w)) = e.world {
            self.worlds[v] = Some(w);
        }
    }
}

/// Executes `recipe` from the full kitchen. The recipe should have passed
/// `sous_lang::validate` without errors; predicates that name no primitive
/// are skipped.
pub fn execute_with(recipe: &Recipe, options: Options) -> Execution {
    search(recipe, options, None)
}

/// The network prepared for a run, and the node nothing has run in yet.
fn start(recipe: &Recipe, with_backend: bool) -> (Network, Node) {
    let (_, first_free_id) = full_kitchen();
    let mut ids = IdGen::starting_at(first_free_id);
    let network = Network::prepare(recipe, &mut ids);
    let bindings = network
        .variables
        .iter()
        .map(|v| {
            v.constant.as_ref().map(|c| Binding {
                value: c.clone(),
                available_at: None,
            })
        })
        .collect();
    let n = network.actions.len();

    let root = Node {
        bindings,
        done: vec![false; n],
        // A solution has one step per action.
        steps: Vec::with_capacity(n),
        failures: Vec::new(),
        ids,
        worlds: if with_backend {
            vec![None; network.variables.len()]
        } else {
            Vec::new()
        },
    };
    (network, root)
}

fn search(recipe: &Recipe, options: Options, backend: Option<&dyn Backend>) -> Execution {
    let (network, root) = start(recipe, backend.is_some());
    let n = network.actions.len();
    // A choice point: how many effects had been applied, which actions
    // were done, and where in the canonical order the candidates left to
    // try there start (the first of them; the node is restored before they
    // are tried, so they are found again as they were).
    let mut choice_points: Vec<(usize, Vec<bool>, usize)> = Vec::new();
    let mut trail: Vec<Undo> = Vec::with_capacity(n);
    let mut dead: HashSet<Vec<bool>> = HashSet::default();
    let mut furthest: Option<Node> = None;
    let mut runs = 0usize;
    let mut node = root;
    let mut pending: Option<usize> = None;
    let mut cases = Cases::new(&network);
    // The candidates at a node are the actions not done and applicable
    // there, in canonical order; they are found one at a time
    // (`Cases::next`), since the node does not change until one runs.

    loop {
        // One step per action done: the count rules out most nodes at once.
        let goal = node.steps.len() == n
            && node.done.iter().all(|&d| d)
            && node.bindings.iter().all(Option::is_some);
        if goal {
            return finish(network, node, true, runs);
        }
        let mut candidate = match pending.take() {
            Some(k) => cases.next(&network, &node, k),
            None if dead.contains(&node.done) => None,
            None => cases.next(&network, &node, 0),
        };
        let mut advanced = false;
        while let Some((k, case)) = candidate {
            let a = network.canonical_order[k];
            candidate = cases.next(&network, &node, k + 1);
            runs += 1;
            if runs > options.max_primitive_runs {
                let mut best = furthest.unwrap_or(node);
                best.failures.push(Failure {
                    kind: FailureKind::SearchLimit,
                    action: None,
                    message: format!("gave up after {} primitive runs without finding an order in which every action runs", options.max_primitive_runs),
                    span: None,
                });
                return finish(network, best, false, runs);
            }
            match attempt(&network, &node, a, case, backend, options.profile) {
                Attempt::Ran(effect) => {
                    if let Some((rest, _)) = candidate {
                        choice_points.push((trail.len(), node.done.clone(), rest));
                    }
                    let undo = node.apply_undoably(effect);
                    cases.close(a);
                    cases.forget(&undo.bound, &node.done);
                    trail.push(undo);
                    advanced = true;
                    break;
                }
                Attempt::NotApplicable => {}
                Attempt::Crash(failure) => {
                    let mut stuck = node;
                    stuck.failures.push(failure);
                    return finish(network, stuck, false, runs);
                }
            }
        }
        if advanced {
            continue;
        }
        // Dead end: remember it and backtrack.
        if furthest
            .as_ref()
            .is_none_or(|f| f.steps.len() < node.steps.len())
        {
            furthest = Some(node.clone());
        }
        dead.insert(node.done.clone());
        // Back to the latest choice point that is not known to lead nowhere.
        while choice_points
            .last()
            .is_some_and(|(_, done, _)| dead.contains(done))
        {
            choice_points.pop();
        }
        match choice_points.pop() {
            Some((applied, _, rest)) => {
                for undo in trail.drain(applied..).rev() {
                    // Only the undone action changes from done to not.
                    let action = undo.action;
                    cases.forget(&undo.bound, &node.done);
                    node.undo(undo);
                    cases.reopen(action);
                }
                pending = Some(rest);
            }
            None => {
                let mut best = furthest.unwrap_or(node);
                explain_stuck(&network, &mut best);
                return finish(network, best, false, runs);
            }
        }
    }
}

pub(crate) fn finish(
    network: Network,
    node: Node,
    solved: bool,
    primitive_runs: usize,
) -> Execution {
    Execution {
        network,
        solved,
        primitive_runs,
        bindings: node.bindings,
        steps: node.steps,
        failures: node.failures,
        worlds: node.worlds,
    }
}

/// The case each action would run with ([`applicable_case`]), remembered
/// until one of its variables is bound or unbound: the search asks about
/// every waiting action after each step, and most of them have not changed.
/// It also keeps which actions may still run (not done, not known to be
/// inapplicable), so that finding the next candidate skips the rest without
/// looking at them: late in a long recipe nearly every action is done.
struct Cases {
    /// Per action: `None` until asked, then the answer.
    known: Vec<Option<Option<usize>>>,
    /// The actions that have each variable as an argument: those of variable
    /// `v` are `users[starts[v]..starts[v + 1]]`.
    starts: Vec<usize>,
    users: Vec<usize>,
    /// Each action's position in the canonical order.
    rank: Vec<usize>,
    /// Bit `k`: the action at position `k` of the canonical order is not
    /// done and not known to be inapplicable.
    open: Vec<u64>,
}

impl Cases {
    fn new(network: &Network) -> Cases {
        let mut starts = vec![0; network.variables.len() + 1];
        for action in &network.actions {
            for &v in &action.args {
                starts[v + 1] += 1;
            }
        }
        for v in 0..network.variables.len() {
            starts[v + 1] += starts[v];
        }
        let mut filled = starts.clone();
        let mut users = vec![0; starts[network.variables.len()]];
        for (a, action) in network.actions.iter().enumerate() {
            for &v in &action.args {
                users[filled[v]] = a;
                filled[v] += 1;
            }
        }
        let n = network.actions.len();
        let mut rank = vec![0; n];
        for (k, &a) in network.canonical_order.iter().enumerate() {
            rank[a] = k;
        }
        let mut cases = Cases {
            known: vec![None; n],
            starts,
            users,
            rank,
            open: vec![0; n.div_ceil(64)],
        };
        (0..n).for_each(|a| cases.reopen(a));
        cases
    }

    fn of(&mut self, network: &Network, node: &Node, a: usize) -> Option<usize> {
        *self.known[a].get_or_insert_with(|| applicable_case(network, node, a))
    }

    /// The first action from position `from` of the canonical order on that
    /// is not done and applicable in `node`: its position and case.
    fn next(&mut self, network: &Network, node: &Node, from: usize) -> Option<(usize, usize)> {
        let mut word = from / 64;
        let mut bits = *self.open.get(word)? & (u64::MAX << (from % 64));
        loop {
            while bits == 0 {
                word += 1;
                bits = *self.open.get(word)?;
            }
            let k = word * 64 + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let a = network.canonical_order[k];
            match self.of(network, node, a) {
                Some(case) => return Some((k, case)),
                None => self.close(a),
            }
        }
    }

    /// Action `a` was taken back: it is a candidate again.
    fn reopen(&mut self, a: usize) {
        let k = self.rank[a];
        self.open[k / 64] |= 1 << (k % 64);
    }

    /// Action `a` ran, or is known to be inapplicable: not a candidate.
    fn close(&mut self, a: usize) {
        let k = self.rank[a];
        self.open[k / 64] &= !(1 << (k % 64));
    }

    /// Forgets the answers of the actions that have one of `variables`;
    /// those not `done` may run again.
    fn forget(&mut self, variables: &[usize], done: &[bool]) {
        for &v in variables {
            for u in self.starts[v]..self.starts[v + 1] {
                let a = self.users[u];
                self.known[a] = None;
                if !done[a] {
                    self.reopen(a);
                }
            }
        }
    }
}

/// The bound-argument mask of action `a` in `node`.
fn bound_mask(network: &Network, node: &Node, a: usize) -> u32 {
    network.actions[a]
        .args
        .iter()
        .enumerate()
        .filter(|(_, &v)| node.bindings[v].is_some())
        .map(|(i, _)| 1u32 << i)
        .sum()
}

/// The case that would run, if the action is applicable (pattern and types).
pub(crate) fn applicable_case(network: &Network, node: &Node, a: usize) -> Option<usize> {
    let action = &network.actions[a];
    // Cheap first test: nothing but get-kitchen runs before its kitchen state exists.
    if let Some(i) = action.signature.kitchen_state_in() {
        node.bindings[action.args[i]].as_ref()?;
    }
    let case = action.signature.case_for(bound_mask(network, node, a))?;
    type_mismatch(network, node, a).is_none().then_some(case)
}

/// The first bound argument whose value is not an instance of its declared class.
fn type_mismatch(network: &Network, node: &Node, a: usize) -> Option<(usize, String)> {
    let action = &network.actions[a];
    action.args.iter().enumerate().find_map(|(i, &v)| {
        let b = node.bindings[v].as_ref()?;
        let ty = action.signature.args[i].ty;
        if action.classes[i].admits(b.value.class) {
            None
        } else {
            Some((
                i,
                format!(
                    "`{}` is a `{}`, but `{}` of `{}` must be a `{ty}`",
                    network.variables[v].name,
                    b.value.class_name(),
                    action.signature.args[i].name,
                    action.signature.name
                ),
            ))
        }
    })
}

/// Runs action `a` with `case`, which [`applicable_case`] gave for `node`.
pub(crate) fn attempt(
    network: &Network,
    node: &Node,
    a: usize,
    case: usize,
    backend: Option<&dyn Backend>,
    profile: crate::Profile,
) -> Attempt {
    let action = &network.actions[a];
    let inputs: Vec<Option<&Binding>> = action
        .args
        .iter()
        .map(|&v| node.bindings[v].as_ref())
        .collect();
    let ks = match action.signature.kitchen_state_in() {
        Some(i) => match inputs[i] {
            Some(b) if !b.value.is_failed() => {
                sous_kitchen::KitchenState::from_entity(b.value.clone())
            }
            Some(_) => {
                return Attempt::Crash(Failure {
                    kind: FailureKind::Crash,
                    action: Some(a),
                    message: format!("{}: its kitchen state is a failed-object", action.text),
                    span: Some(action.span),
                })
            }
            None => return Attempt::NotApplicable,
        },
        None => full_kitchen().0,
    };
    let mut ids = node.ids.clone();
    // The corrected profile turns a crash into a failed action: keep what a
    // second try needs.
    let spare = profile
        .is_corrected()
        .then(|| (inputs.clone(), ks.clone(), ids.clone()));
    let mut exec = Exec::new(action.signature, inputs, case, ks, &mut ids);
    exec.profile = profile;
    match primitives::run(&mut exec) {
        Ok(()) => {}
        Err(SimError::NoResult(_)) => return Attempt::NotApplicable,
        Err(SimError::Crash(msg)) => match spare {
            Some((inputs, ks, spare_ids)) => {
                ids = spare_ids;
                exec = Exec::new(action.signature, inputs, case, ks, &mut ids);
                exec.profile = profile;
                fail_instead_of_crashing(&mut exec, &msg);
            }
            None => {
                return Attempt::Crash(Failure {
                    kind: FailureKind::Crash,
                    action: Some(a),
                    message: format!("{}: {msg}", action.text),
                    span: Some(action.span),
                })
            }
        },
    }
    let Exec {
        outputs,
        mut ks,
        before,
        start,
        failure,
        ..
    } = exec;
    let world = match backend {
        Some(b) => match realize(b, network, node, a, case, &before, start, &outputs, &mut ks) {
            Ok(w) => w,
            Err(failure) => return Attempt::Crash(failure),
        },
        None => None,
    };
    let ks_root = ks.root().clone();
    let mut end: Option<f64> = None;
    let mut any_failed = false;
    let mut new: Vec<(usize, Binding)> = Vec::with_capacity(outputs.len());
    for (i, source, at) in outputs {
        let var = action.args[i];
        if node.bindings[var].is_some() || new.iter().any(|(v, _)| *v == var) {
            continue;
        }
        let value = match source {
            Source::KitchenState => ks_root.clone(),
            Source::Value(v) => v,
            Source::InKitchen(pid) => match ks.find(pid) {
                Some(e) => e.clone(),
                None => {
                    return Attempt::Crash(Failure {
                        kind: FailureKind::Crash,
                        action: Some(a),
                        message: format!(
                            "{}: an output object vanished from the kitchen (simulator bug)",
                            action.text
                        ),
                        span: Some(action.span),
                    })
                }
            },
        };
        any_failed |= value.is_failed() && action.signature.role(i) != ArgRole::KitchenStateOut;
        if let Some(t) = at {
            end = Some(end.map_or(t, |e: f64| e.max(t)));
        }
        new.push((
            var,
            Binding {
                value,
                available_at: at,
            },
        ));
    }
    // Every unbound argument must now be bound, or the action produced nothing usable.
    if action
        .args
        .iter()
        .any(|&v| node.bindings[v].is_none() && !new.iter().any(|(n, _)| *n == v))
    {
        return Attempt::NotApplicable;
    }
    let failure = (any_failed || failure.is_some()).then(|| Failure {
        kind: FailureKind::FailedObject,
        action: Some(a),
        message: format!(
            "{}: {}",
            action.text,
            failure.unwrap_or_else(|| {
                "it could not be carried out (its output is a failed-object)".into()
            })
        ),
        span: Some(action.span),
    });
    let kitchen_time = ks.time();
    let start = start.unwrap_or(before.time());
    let step = Step {
        action: a,
        case,
        start,
        end: end.unwrap_or(kitchen_time),
        kitchen_time,
    };
    Attempt::Ran(Effect {
        bindings: new,
        step,
        failure,
        ids,
        world,
    })
}

/// Hands an action the primitive ran to the backend; the world it returns
/// belongs to the action's output kitchen state.
/// What the corrected profile does where the reference crashes: the action
/// fails like any other (every output it would bind is a failed-object, the
/// kitchen unchanged and its clock where it was), and execution goes on.
fn fail_instead_of_crashing(exec: &mut Exec, why: &str) {
    use sous_lang::ArgRole;
    exec.fail(format!("{why} (the reference crashes here)"));
    let t = exec.ks_time();
    let sig = exec.signature;
    for i in 0..sig.args.len() {
        let unbound = exec.inputs[i].is_none();
        match sig.role(i) {
            ArgRole::Output | ArgRole::Optional if unbound => {
                exec.bind_failed_at(i, Some(t));
            }
            _ => {}
        }
    }
    exec.bind_kitchen(t, t);
}

#[allow(clippy::too_many_arguments)]
fn realize(
    backend: &dyn Backend,
    network: &Network,
    node: &Node,
    a: usize,
    case: usize,
    before: &sous_kitchen::KitchenState,
    start: Option<f64>,
    outputs: &[(usize, Source, Option<f64>)],
    ks: &mut sous_kitchen::KitchenState,
) -> Result<Option<(usize, World)>, Failure> {
    let action = &network.actions[a];
    let Some(out) = kitchen_out(action) else {
        return Ok(None);
    };
    let fail = |message: String| Failure {
        kind: FailureKind::Backend,
        action: Some(a),
        message: format!("{}: {message}", action.text),
        span: Some(action.span),
    };
    let world_in = match action.signature.kitchen_state_in() {
        Some(i) => node.worlds[action.args[i]].clone(),
        None => None,
    };
    let world_in = match world_in {
        Some(w) => w,
        None => backend.initial(before).map_err(|e| fail(e.to_string()))?,
    };
    let end = outputs
        .iter()
        .filter_map(|(_, _, at)| *at)
        .reduce(f64::max)
        .unwrap_or_else(|| ks.time());
    let context = ActionContext {
        signature: action.signature,
        case,
        text: &action.text,
        args: action
            .args
            .iter()
            .map(|&v| node.bindings[v].as_ref().map(|b| b.value.clone()))
            .collect(),
        before,
        start: start.unwrap_or(before.time()),
        end,
    };
    let world = backend
        .realize(&world_in, &context, ks)
        .map_err(|e| fail(e.to_string()))?;
    Ok(Some((action.args[out], world)))
}

/// Says, for every action that never ran, why.
pub(crate) fn explain_stuck(network: &Network, node: &mut Node) {
    for (a, action) in network.actions.iter().enumerate() {
        if node.done[a] {
            continue;
        }
        let sig = action.signature;
        let unbound: Vec<(usize, &str)> = action
            .args
            .iter()
            .enumerate()
            .filter(|(_, &v)| node.bindings[v].is_none())
            .map(|(i, &v)| (i, network.variables[v].name.as_str()))
            .collect();
        let reason = if let Some((_, ks)) = unbound
            .iter()
            .find(|(i, _)| sig.role(*i) == ArgRole::KitchenStateIn)
        {
            format!("its kitchen state `{ks}` was never produced")
        } else if let Some((_, var)) = unbound.iter().find(|(i, _)| sig.role(*i) == ArgRole::Input)
        {
            format!("its input `{var}` was never bound")
        } else if let Some((_, msg)) = type_mismatch(network, node, a) {
            msg
        } else if sig.case_for(bound_mask(network, node, a)).is_none() {
            let given: Vec<&str> = action
                .args
                .iter()
                .enumerate()
                .filter(|(i, &v)| {
                    node.bindings[v].is_some() && sig.role(*i) != ArgRole::KitchenStateIn
                })
                .map(|(i, _)| sig.args[i].name)
                .collect();
            let cases = sig.case_descriptions();
            format!(
                "`{}` has no case for {} given (the reference accepts: {})",
                sig.name,
                given.join(" + "),
                cases.join("; ")
            )
        } else {
            "it produced no result in this state".to_string()
        };
        node.failures.push(Failure {
            kind: FailureKind::NotExecuted,
            action: Some(a),
            message: format!("{}: never ran: {reason}", action.text),
            span: Some(action.span),
        });
    }
    if !node
        .failures
        .iter()
        .any(|f| f.kind == FailureKind::NotExecuted)
    {
        let unbound: Vec<&str> = node
            .bindings
            .iter()
            .enumerate()
            .filter(|(_, b)| b.is_none())
            .map(|(v, _)| network.variables[v].name.as_str())
            .collect();
        node.failures.push(Failure {
            kind: FailureKind::NotExecuted,
            action: None,
            message: format!("variables left unbound: {}", unbound.join(", ")),
            span: None,
        });
    }
}
