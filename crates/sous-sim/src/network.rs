//! A recipe network prepared for execution: variables numbered, constants
//! turned into the entities they stand for.

use std::sync::{Arc, OnceLock};

use rustc_hash::FxHashMap;
use sous_kitchen::{slot, ClassId, Entity, EntityRef, IdGen, Ontology, Value};
use sous_lang::{signature, Arg, ArgKind, Predicate, Recipe, Signature, Span};

/// A variable or a constant of the network: each argument of an action is one.
#[derive(Debug, Clone)]
pub struct Variable {
    /// `?name`, or the constant's text for constants.
    pub name: String,
    /// The entity a constant stands for (`None` for `?variables`).
    pub constant: Option<EntityRef>,
}

/// One predicate of the network.
#[derive(Debug, Clone)]
pub struct Action {
    /// Position in the file (0-based).
    pub index: usize,
    /// The primitive, in the form (current or legacy) that matches the arity.
    pub signature: &'static Signature,
    /// Variable index of each argument.
    pub args: Vec<usize>,
    /// Where the predicate is written.
    pub span: Span,
    /// The predicate's text, for messages and the canonical order.
    pub text: String,
    /// The class each argument's value must be an instance of, resolved
    /// once here so that the search's type test compares ids, not names.
    pub classes: &'static [ArgClass],
}

/// What an argument accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArgClass {
    /// Anything (`t`).
    Any,
    /// Instances of this class or its subclasses.
    Class(ClassId),
    /// A class the ontology lacks: nothing is an instance of it.
    Unknown,
}

impl ArgClass {
    /// The classes of a signature's arguments, resolved once per process.
    pub fn of(signature: &'static Signature) -> &'static [ArgClass] {
        static TABLE: OnceLock<Vec<Vec<ArgClass>>> = OnceLock::new();
        let table =
            TABLE.get_or_init(|| sous_lang::signatures().iter().map(Self::resolve).collect());
        // A kind is numbered by its signature's place in the table.
        &table[signature.kind as usize]
    }

    fn resolve(signature: &Signature) -> Vec<ArgClass> {
        let onto = Ontology::get();
        signature
            .args
            .iter()
            .map(|a| match a.ty {
                "t" => ArgClass::Any,
                ty => onto.id(ty).map_or(ArgClass::Unknown, ArgClass::Class),
            })
            .collect()
    }

    /// Whether a value of class `class` may be bound here.
    pub fn admits(self, class: ClassId) -> bool {
        match self {
            ArgClass::Any => true,
            ArgClass::Class(c) => Ontology::get().is_a(class, c),
            ArgClass::Unknown => false,
        }
    }
}

/// A recipe prepared for execution: the variables and constants numbered
/// once, so that the search works with indices instead of names.
#[derive(Debug, Clone)]
pub struct Network {
    /// The recipe's id, from its header.
    pub recipe_id: String,
    /// Every variable and constant, each once; actions refer to them by index.
    pub variables: Vec<Variable>,
    /// The actions in file order.
    pub actions: Vec<Action>,
    /// Action indices in canonical order (by text): the engine's order of trial.
    pub canonical_order: Vec<usize>,
}

impl Network {
    /// Prepares a recipe that passed validation without errors. Constants are
    /// created in a canonical action order (by text), so ids do not depend on
    /// line order.
    pub fn prepare(recipe: &Recipe, ids: &mut IdGen) -> Network {
        let n = recipe.predicates.len();
        // Every argument is at most one variable: sized so that neither grows.
        let args: usize = recipe.predicates.iter().map(|p| p.args.len()).sum();
        let mut variables: Vec<Variable> = Vec::with_capacity(args);
        let mut by_name: FxHashMap<&str, usize> =
            FxHashMap::with_capacity_and_hasher(args, Default::default());
        let mut order: Vec<usize> = (0..n).collect();
        // Where each argument's text sits in its predicate's text: a
        // constant is named by it (predicate `pi`'s arguments are
        // `arg_texts[first_arg[pi]..]`).
        let mut arg_texts: Vec<std::ops::Range<usize>> = Vec::with_capacity(args);
        let mut first_arg: Vec<usize> = Vec::with_capacity(n);
        let mut texts: Vec<String> = recipe
            .predicates
            .iter()
            .map(|p| {
                first_arg.push(arg_texts.len());
                p.text_marking_args(|r| arg_texts.push(r))
            })
            .collect();
        // Ties are broken by position, so the unstable sort is deterministic.
        order.sort_unstable_by(|&a, &b| texts[a].cmp(&texts[b]).then(a.cmp(&b)));
        let mut slots: Vec<Option<Action>> = vec![None; recipe.predicates.len()];
        // The reference drops every `equal` copy of a predicate it ran.
        let repeats = Predicate::repeats_given(&recipe.predicates, |i| &texts[i]);
        for &pi in &order {
            let pred = &recipe.predicates[pi];
            if repeats[pi] {
                continue;
            }
            let Some(sig) =
                signature(&pred.name, pred.args.len()).filter(|s| s.arity() == pred.args.len())
            else {
                continue;
            };
            let args = pred
                .args
                .iter()
                .enumerate()
                .map(|(j, arg)| match &arg.kind {
                    ArgKind::Variable(name) => *by_name.entry(name).or_insert_with(|| {
                        variables.push(Variable {
                            name: name.clone(),
                            constant: None,
                        });
                        variables.len() - 1
                    }),
                    _ => {
                        let value = constant_entity(arg, ids);
                        variables.push(Variable {
                            // The argument's text, as `arg.text()` writes it.
                            name: texts[pi][arg_texts[first_arg[pi] + j].clone()].to_owned(),
                            constant: Some(value),
                        });
                        variables.len() - 1
                    }
                })
                .collect();
            slots[pi] = Some(Action {
                index: pi,
                signature: sig,
                args,
                span: pred.span,
                // Each predicate is visited once: its text is moved, not copied.
                text: std::mem::take(&mut texts[pi]),
                classes: ArgClass::of(sig),
            });
        }
        // Actions are numbered in file order; the canonical order is the
        // text order just sorted, read through that numbering.
        let mut action_of: Vec<Option<usize>> = vec![None; n];
        for (a, pi) in slots.iter().flatten().map(|x| x.index).enumerate() {
            action_of[pi] = Some(a);
        }
        let actions: Vec<Action> = slots.into_iter().flatten().collect();
        let canonical_order: Vec<usize> = order.iter().filter_map(|&pi| action_of[pi]).collect();
        Network {
            recipe_id: recipe.id.clone(),
            variables,
            actions,
            canonical_order,
        }
    }
}

impl Network {
    /// A network without actions, to be built up by [`Network::push`].
    pub fn empty(recipe_id: &str) -> Network {
        Network {
            recipe_id: recipe_id.to_string(),
            variables: Vec::new(),
            actions: Vec::new(),
            canonical_order: Vec::new(),
        }
    }

    /// Appends one predicate as an action (its constants made now, from
    /// `ids`) and puts it in the canonical order: its action index, or
    /// `None` when it names no primitive of its arity or repeats an earlier
    /// predicate, which the reference ignores (as [`Network::prepare`]).
    pub fn push(&mut self, pred: &Predicate, ids: &mut IdGen) -> Option<usize> {
        let sig =
            signature(&pred.name, pred.args.len()).filter(|s| s.arity() == pred.args.len())?;
        let text = pred.text();
        let key = |p: &str| p.to_lowercase();
        if pred.all_variables() && self.actions.iter().any(|a| key(&a.text) == key(&text)) {
            return None;
        }
        let args = pred
            .args
            .iter()
            .map(|arg| self.variable_of(arg, ids))
            .collect();
        let index = self.actions.last().map_or(0, |a| a.index + 1);
        self.actions.push(Action {
            index,
            signature: sig,
            args,
            span: pred.span,
            text,
            classes: ArgClass::of(sig),
        });
        let a = self.actions.len() - 1;
        let at = self
            .canonical_order
            .partition_point(|&b| (&self.actions[b].text, b) < (&self.actions[a].text, a));
        self.canonical_order.insert(at, a);
        Some(a)
    }

    /// The variable an argument names (made if new; a constant is always new).
    fn variable_of(&mut self, arg: &Arg, ids: &mut IdGen) -> usize {
        if let ArgKind::Variable(name) = &arg.kind {
            if let Some(i) = self
                .variables
                .iter()
                .position(|v| v.constant.is_none() && &v.name == name)
            {
                return i;
            }
            self.variables.push(Variable {
                name: name.clone(),
                constant: None,
            });
        } else {
            self.variables.push(Variable {
                name: arg.text(),
                constant: Some(constant_entity(arg, ids)),
            });
        }
        self.variables.len() - 1
    }

    /// Takes the network back to its first `actions` actions and
    /// `variables` variables.
    pub(crate) fn truncate(&mut self, actions: usize, variables: usize) {
        self.actions.truncate(actions);
        self.variables.truncate(variables);
        self.canonical_order.retain(|&a| a < actions);
    }
}

/// The entity a constant argument stands for: a number is a `quantity`, a
/// symbol a concept instance of that class, a list a `list-of-kitchen-entities`.
pub(crate) fn constant_entity(arg: &Arg, ids: &mut IdGen) -> EntityRef {
    let onto = Ontology::get();
    Arc::new(match &arg.kind {
        // Integers and ratios exact, decimals floats, as the Lisp reader reads them.
        ArgKind::Number(n) => Entity::quantity(sous_kitchen::Num::from(*n), ids),
        ArgKind::Symbol(s) => match onto.id(s) {
            Some(c) => Entity::concept(c, ids),
            None => Entity::new(onto.known().failed_object, ids),
        },
        ArgKind::List(items) => {
            let mut list = Entity::new(onto.known().list_of_kitchen_entities, ids);
            let members = items.iter().map(|a| constant_entity(a, ids)).collect();
            list.set(slot::ITEMS, Value::List(members));
            list
        }
        ArgKind::Variable(_) => Entity::new(onto.known().failed_object, ids),
    })
}
