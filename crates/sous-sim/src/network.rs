//! A recipe network prepared for execution: variables numbered, constants
//! turned into the entities they stand for.

use std::sync::Arc;

use sous_kitchen::{slot, Entity, EntityRef, IdGen, Ontology, Value};
use sous_lang::{signature, Arg, ArgKind, Predicate, Recipe, Signature, Span};

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
    pub signature: &'static Signature,
    /// Variable index of each argument.
    pub args: Vec<usize>,
    pub span: Span,
    pub text: String,
}

#[derive(Debug, Clone)]
pub struct Network {
    pub recipe_id: String,
    pub variables: Vec<Variable>,
    pub actions: Vec<Action>,
    /// Action indices in canonical order (by text): the engine's order of trial.
    pub canonical_order: Vec<usize>,
}

impl Network {
    /// Prepares a recipe that passed validation without errors. Constants are
    /// created in a canonical action order (by text), so ids do not depend on
    /// line order.
    pub fn prepare(recipe: &Recipe, ids: &mut IdGen) -> Network {
        let mut variables: Vec<Variable> = Vec::new();
        let mut order: Vec<usize> = (0..recipe.predicates.len()).collect();
        let texts: Vec<String> = recipe.predicates.iter().map(|p| p.to_string()).collect();
        order.sort_by(|&a, &b| texts[a].cmp(&texts[b]).then(a.cmp(&b)));
        let mut slots: Vec<Option<Action>> = vec![None; recipe.predicates.len()];
        let mut order_rank = vec![0; order.len()];
        for (rank, &pi) in order.iter().enumerate() {
            order_rank[pi] = rank;
        }
        for pi in order {
            let pred = &recipe.predicates[pi];
            // The reference drops every `equal` copy of a predicate it ran.
            if Predicate::repeats_earlier(&recipe.predicates, pi) {
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
                .map(|arg| match &arg.kind {
                    ArgKind::Variable(name) => match variables
                        .iter()
                        .position(|v| v.constant.is_none() && &v.name == name)
                    {
                        Some(i) => i,
                        None => {
                            variables.push(Variable {
                                name: name.clone(),
                                constant: None,
                            });
                            variables.len() - 1
                        }
                    },
                    _ => {
                        let value = constant_entity(arg, ids);
                        variables.push(Variable {
                            name: arg.to_string(),
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
                text: texts[pi].clone(),
            });
        }
        let actions: Vec<Action> = slots.into_iter().flatten().collect();
        let mut canonical_order: Vec<usize> = (0..actions.len()).collect();
        canonical_order.sort_by_key(|&a| order_rank[actions[a].index]);
        Network {
            recipe_id: recipe.id.clone(),
            variables,
            actions,
            canonical_order,
        }
    }
}

/// The entity a constant argument stands for: a number is a `quantity`, a
/// symbol a concept instance of that class, a list a `list-of-kitchen-entities`.
fn constant_entity(arg: &Arg, ids: &mut IdGen) -> EntityRef {
    let onto = Ontology::get();
    Arc::new(match &arg.kind {
        // Integers and ratios exact, decimals floats, as the Lisp reader reads them.
        ArgKind::Number(n) => Entity::quantity(sous_kitchen::Num::from(*n), ids),
        ArgKind::Symbol(s) => match onto.id(s) {
            Some(c) => Entity::concept(c, ids),
            None => Entity::new(onto.must("failed-object"), ids),
        },
        ArgKind::List(items) => {
            let mut list = Entity::new(onto.must("list-of-kitchen-entities"), ids);
            let members = items.iter().map(|a| constant_entity(a, ids)).collect();
            list.set(slot::ITEMS, Value::List(members));
            list
        }
        ArgKind::Variable(_) => Entity::new(onto.must("failed-object"), ids),
    })
}
