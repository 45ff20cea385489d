//! A network as data flow: each action, what it was given (constants) and
//! which earlier action made each object it works on. Text order plays no
//! part: actions are taken in the order of their kitchen states (each
//! starts from the state the one before it made), so a network and its
//! permutation have the same flow.

use rustc_hash::{FxHashMap, FxHashSet};
use sous_lang::{ArgKind, ArgRole, Recipe, Signature};

/// One action of the flow.
#[derive(Debug, Clone)]
pub struct Action {
    /// Its predicate's index in the recipe.
    pub predicate: usize,
    /// Where it is written (1-based).
    pub line: usize,
    /// The column there (1-based).
    pub column: usize,
    /// Its primitive's signature (the form its arity picks).
    pub signature: &'static Signature,
    /// The constants it is given: argument position and text (`butter`, `230`).
    pub constants: Vec<(usize, String)>,
    /// Each object it is given by variable: argument position, and the
    /// action that made the object (`None`: no action did; the argument is
    /// unbound, or an optional one the kitchen chooses here).
    pub inputs: Vec<(usize, Option<usize>)>,
}

/// A recipe's actions in kitchen-state order, `get-kitchen` left out.
#[derive(Debug, Clone, Default)]
pub struct Flow {
    /// The actions, makers before what they make is used in.
    pub actions: Vec<Action>,
}

impl Flow {
    /// The flow of `recipe`. Predicates of no known primitive are left out
    /// (they are errors of their own, found before execution).
    pub fn of(recipe: &Recipe) -> Flow {
        let known: Vec<(usize, &'static Signature)> = recipe
            .predicates
            .iter()
            .enumerate()
            .filter_map(|(i, p)| {
                sous_lang::signature(&p.name, p.args.len())
                    .filter(|s| s.arity() == p.args.len())
                    .map(|s| (i, s))
            })
            .collect();
        let order: Vec<(usize, &'static Signature)> = kitchen_order(recipe, &known)
            .into_iter()
            .filter(|(_, sig)| sig.kind != sous_lang::PrimitiveKind::GetKitchen)
            .collect();
        // Which action made each variable: an output (wherever it is in
        // the order: a network whose kitchen states do not chain still
        // says what makes what), or else an optional argument the kitchen
        // filled (a whisk `beat` chose, used again by a later `mix`).
        let mut made: FxHashMap<&str, usize> = FxHashMap::default();
        for (me, &(i, sig)) in order.iter().enumerate() {
            for (k, arg) in recipe.predicates[i].args.iter().enumerate() {
                if let (ArgKind::Variable(v), ArgRole::Output) = (&arg.kind, sig.role(k)) {
                    made.entry(v).or_insert(me);
                }
            }
        }
        let mut actions = Vec::new();
        for (me, &(i, sig)) in order.iter().enumerate() {
            let p = &recipe.predicates[i];
            let mut constants = Vec::new();
            let mut inputs = Vec::new();
            for (k, arg) in p.args.iter().enumerate() {
                match (&arg.kind, sig.role(k)) {
                    (ArgKind::Variable(v), ArgRole::Input | ArgRole::Optional) => {
                        let by = made.get(v.as_str()).copied();
                        if by.is_none() && sig.role(k) == ArgRole::Optional {
                            made.insert(v, me);
                        }
                        inputs.push((k, by));
                    }
                    (ArgKind::Variable(_), _) => {}
                    (_, ArgRole::Input | ArgRole::Optional | ArgRole::Output) => {
                        // A symbol is its own text: no formatter needed.
                        let text = match &arg.kind {
                            ArgKind::Symbol(s) => s.clone(),
                            _ => arg.to_string(),
                        };
                        constants.push((k, text));
                    }
                    _ => {}
                }
            }
            actions.push(Action {
                predicate: i,
                line: p.span.line as usize,
                column: p.span.column as usize,
                signature: sig,
                constants,
                inputs,
            });
        }
        Flow { actions }
    }

    /// The actions that took an object action `a` made, with the argument
    /// position.
    pub fn consumers(&self, a: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.actions.iter().enumerate().flat_map(move |(j, b)| {
            b.inputs
                .iter()
                .filter(move |(_, by)| *by == Some(a))
                .map(move |(k, _)| (j, *k))
        })
    }
}

/// `known` (predicate index, signature) in the order their kitchen states
/// chain from `?kitchen`; what is off the chain follows in text order.
fn kitchen_order(
    recipe: &Recipe,
    known: &[(usize, &'static Signature)],
) -> Vec<(usize, &'static Signature)> {
    let state = |i: usize, at: Option<usize>| -> Option<&str> {
        recipe.predicates[i].args.get(at?)?.as_variable()
    };
    // The kitchen state an action makes (`get-kitchen`'s is its only argument).
    let state_out = |i: usize, sig: &'static Signature| -> Option<&str> {
        if sig.kind == sous_lang::PrimitiveKind::GetKitchen {
            recipe.predicates[i].args.first()?.as_variable()
        } else {
            state(i, sig.kitchen_state_out())
        }
    };
    // The action starting from each kitchen state.
    let mut from: FxHashMap<&str, Vec<(usize, &'static Signature)>> = FxHashMap::default();
    let mut starts = Vec::new();
    for &(i, sig) in known {
        match state(i, sig.kitchen_state_in()) {
            Some(ks) => from.entry(ks).or_default().push((i, sig)),
            None => starts.push((i, sig)),
        }
    }
    // An action whose kitchen state no action makes (the one before it was
    // left out) starts a chain of its own, after the kitchen's.
    let made: FxHashSet<&str> = known
        .iter()
        .filter_map(|&(i, sig)| state_out(i, sig))
        .collect();
    let mut dangling: Vec<(usize, &'static Signature)> = from
        .iter()
        .filter(|(ks, _)| !made.contains(*ks))
        .flat_map(|(_, v)| v.iter().copied())
        .collect();
    dangling.sort_by_cached_key(|&(i, _)| std::cmp::Reverse(recipe.predicates[i].to_string()));
    starts.reverse();
    let mut next: Vec<(usize, &'static Signature)> = dangling;
    next.extend(starts);
    let mut order = Vec::with_capacity(known.len());
    let mut seen = vec![false; recipe.predicates.len()];
    while let Some((i, sig)) = next.pop() {
        if std::mem::replace(&mut seen[i], true) {
            continue;
        }
        order.push((i, sig));
        let out = state_out(i, sig);
        if let Some(after) = out.and_then(|ks| from.get(ks)) {
            // Of two actions from one state, the one whose text sorts first
            // comes first: an order that does not depend on where the
            // lines are written (reversed: `next` is a stack).
            let mut after = after.clone();
            after.sort_by_cached_key(|&(i, _)| std::cmp::Reverse(recipe.predicates[i].to_string()));
            next.extend(after);
        }
    }
    order.extend(known.iter().copied().filter(|&(i, _)| !seen[i]));
    order
}
