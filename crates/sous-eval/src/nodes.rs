//! The executed actions of a simulation, in execution order, with what the
//! metrics look at: each action's primary output (its first argument) and
//! the kitchen state it left.

use sous_kitchen::{Entity, EntityRef, Ontology};
use sous_sim::{Action, Binding, Execution};

/// One executed action.
#[derive(Debug, Clone, Copy)]
pub struct Node<'a> {
    /// Position in the execution order.
    pub step: usize,
    /// The action that ran.
    pub action: &'a Action,
    /// The name of the first argument's variable.
    pub output_name: &'a str,
    /// The value bound to the first argument.
    pub output: Option<&'a EntityRef>,
    /// The value of the first argument bound to exactly a `kitchen-state`.
    pub kitchen: Option<&'a EntityRef>,
    /// When the output is ready.
    pub available_at: Option<f64>,
}

impl<'a> Node<'a> {
    /// The action's primitive.
    pub fn predicate(&self) -> &'static str {
        self.action.signature.name
    }

    /// Whether this is `get-kitchen` (its output is a kitchen, never a dish).
    pub fn is_get_kitchen(&self) -> bool {
        self.predicate() == "get-kitchen"
    }

    /// Whether the action failed: its output is a `failed-object`.
    pub fn output_is_failed(&self) -> bool {
        self.output.is_some_and(|o| o.is_failed())
    }

    /// Where the output is in the node's kitchen state.
    pub fn output_location(&self) -> Option<Vec<sous_kitchen::ClassId>> {
        crate::location::find_location(self.output?, self.kitchen?)
    }

    /// The output, if bound.
    pub fn output_entity(&self) -> Option<&'a Entity> {
        self.output.map(|o| &**o)
    }
}

/// The executed actions of `x` in execution order, their values taken from
/// `bindings` (normally [`crate::aliasing::bindings_after_run`] of `x`).
pub fn node_sequence<'a>(x: &'a Execution, bindings: &'a [Option<Binding>]) -> Vec<Node<'a>> {
    let kitchen_state = Ontology::get().known().kitchen_state;
    x.steps
        .iter()
        .enumerate()
        .map(|(step, s)| {
            let action = &x.network.actions[s.action];
            let bound = |v: usize| bindings[v].as_ref();
            let output = bound(action.args[0]);
            let kitchen = action
                .args
                .iter()
                .filter_map(|&v| bound(v))
                .find(|b| b.value.class == kitchen_state)
                .map(|b| &b.value);
            Node {
                step,
                action,
                output_name: &x.network.variables[action.args[0]].name,
                output: output.map(|b| &b.value),
                kitchen,
                available_at: output.and_then(|b| b.available_at),
            }
        })
        .collect()
}
