//! The network as a graph of actions (Figure 1 of the paper): an arrow from
//! the action that binds a variable to every action that uses it.
//!
//! Which action binds a variable is known only after execution, because a
//! primitive's case decides which of its arguments are outputs: the binder is
//! the first executed action that had the variable among its outputs. For
//! actions that never ran, the arguments their signature always binds
//! (outputs and the kitchen state out) stand in, so a failed network still
//! draws as a graph.

use serde::Serialize;
use sous_lang::ArgRole;

use crate::Execution;

/// One action of the network.
#[derive(Debug, Clone, Serialize)]
pub struct GraphNode {
    /// Index into `Network::actions`.
    pub action: usize,
    /// Position of the action in its file (0-based).
    pub index: usize,
    /// The primitive's name.
    pub primitive: &'static str,
    /// The action's text, to label the node.
    pub text: String,
    /// The line the action is written on (from 1).
    pub line: u32,
    /// Its column (from 1).
    pub column: u32,
    /// Position in the execution's steps, if the action ran.
    pub step: Option<usize>,
    /// The variables this action binds.
    pub binds: Vec<String>,
}

/// `variable` is bound by action `from` and used by action `to`.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct GraphEdge {
    /// The node of the action that binds the variable.
    pub from: usize,
    /// The node of an action that uses it.
    pub to: usize,
    /// The variable, with its `?`.
    pub variable: String,
    /// The variable is the kitchen state `to` starts from: these arrows
    /// only order the actions, the others carry ingredients and tools.
    pub kitchen_state: bool,
}

/// A network as a graph of actions joined by the variables they share, for
/// drawing it (the `graph` of `POST /api/execute`, which the web page draws).
#[derive(Debug, Clone, Serialize)]
pub struct ActionGraph {
    /// One node per action, in the network's order.
    pub nodes: Vec<GraphNode>,
    /// One edge per variable an action binds and another uses.
    pub edges: Vec<GraphEdge>,
}

/// The graph of an executed (or partly executed) network.
pub fn action_graph(x: &Execution) -> ActionGraph {
    let net = &x.network;
    let mut binder: Vec<Option<usize>> = vec![None; net.variables.len()];
    let mut step_of: Vec<Option<usize>> = vec![None; net.actions.len()];
    for (i, s) in x.steps.iter().enumerate() {
        let a = &net.actions[s.action];
        step_of[s.action] = Some(i);
        let mask = a.signature.case_masks().nth(s.case).unwrap_or(0);
        for (pos, &v) in a.args.iter().enumerate() {
            if mask & (1 << pos) == 0 && binder[v].is_none() {
                binder[v] = Some(s.action);
            }
        }
    }
    for (ai, a) in net.actions.iter().enumerate() {
        if step_of[ai].is_some() {
            continue;
        }
        for (pos, &v) in a.args.iter().enumerate() {
            let always_bound = matches!(
                a.signature.role(pos),
                ArgRole::Output | ArgRole::KitchenStateOut
            );
            if always_bound && binder[v].is_none() {
                binder[v] = Some(ai);
            }
        }
    }
    let is_variable = |v: usize| net.variables[v].constant.is_none();
    let nodes = net
        .actions
        .iter()
        .enumerate()
        .map(|(ai, a)| GraphNode {
            action: ai,
            index: a.index,
            primitive: a.signature.name,
            text: a.text.clone(),
            line: a.span.line,
            column: a.span.column,
            step: step_of[ai],
            binds: a
                .args
                .iter()
                .filter(|&&v| is_variable(v) && binder[v] == Some(ai))
                .map(|&v| net.variables[v].name.clone())
                .collect(),
        })
        .collect();
    let mut edges: Vec<GraphEdge> = Vec::new();
    for (ai, a) in net.actions.iter().enumerate() {
        for (pos, &v) in a.args.iter().enumerate() {
            let Some(from) = binder[v].filter(|&b| b != ai && is_variable(v)) else {
                continue;
            };
            let edge = GraphEdge {
                from,
                to: ai,
                variable: net.variables[v].name.clone(),
                kitchen_state: a.signature.role(pos) == ArgRole::KitchenStateIn,
            };
            if !edges.contains(&edge) {
                edges.push(edge);
            }
        }
    }
    ActionGraph { nodes, edges }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph_of(text: &str) -> ActionGraph {
        action_graph(&crate::primitives::test_util::run(text))
    }

    #[test]
    fn an_arrow_runs_from_the_binder_to_each_user() {
        let g = graph_of(
            "(get-kitchen ?kitchen)\n\
             (fetch-and-proportion ?butter ?ks-1 ?kitchen ?bowl butter 230 g)\n\
             (beat ?beaten ?ks-2 ?ks-1 ?butter ?whisk)",
        );
        assert_eq!(g.nodes.len(), 3);
        assert!(g.nodes.iter().all(|n| n.step.is_some()));
        let arrow = |from: &str, to: &str, var: &str, kitchen_state: bool| {
            let idx = |p: &str| g.nodes.iter().find(|n| n.primitive == p).unwrap().action;
            g.edges.contains(&GraphEdge {
                from: idx(from),
                to: idx(to),
                variable: var.into(),
                kitchen_state,
            })
        };
        assert!(arrow(
            "get-kitchen",
            "fetch-and-proportion",
            "?kitchen",
            true
        ));
        assert!(arrow("fetch-and-proportion", "beat", "?butter", false));
        assert!(arrow("fetch-and-proportion", "beat", "?ks-1", true));
        // `?whisk` is an optional input that beat itself binds by default.
        let beat = g.nodes.iter().find(|n| n.primitive == "beat").unwrap();
        assert!(beat.binds.contains(&"?whisk".to_string()));
        assert_eq!(g.edges.len(), 3);
    }

    #[test]
    fn actions_that_never_ran_still_draw() {
        // `?ks-0` is never bound, so only get-kitchen runs; the other arrows
        // come from the signatures.
        let g = graph_of(
            "(get-kitchen ?kitchen)\n\
             (fetch-and-proportion ?butter ?ks-1 ?ks-0 ?bowl butter 230 g)\n\
             (beat ?beaten ?ks-2 ?ks-1 ?butter ?whisk)",
        );
        assert!(g.nodes[1..].iter().all(|n| n.step.is_none()));
        assert_eq!(g.edges.len(), 2, "{:?}", g.edges);
    }
}
