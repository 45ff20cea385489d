//! The bindings as the reference's evaluator sees them after a run.
//!
//! Quirk: the reference's list operations (`shape`, `flatten`, `dip`,
//! `sprinkle`, `top-with`, `line`, `wash`, `transfer-items`) put the input
//! list's own item objects into their output (`find-kitchen-entities`) and
//! change them in place, and `transfer-items` makes them the destination's
//! contents. Every list along such a chain therefore shows, after the run,
//! the items' last state: the portions bound by `portion-and-arrange` come
//! out crescent-shaped once a later `shape` has shaped them. The simulator
//! keeps each binding as it was made; this module gives the evaluator the
//! reference's view, matching items by persistent id along each chain.

use rustc_hash::FxHashMap as HashMap;
use std::sync::Arc;

use sous_kitchen::{slot, EntityList, EntityRef, Ontology, Value};
use sous_sim::{Binding, Execution};

/// The primitives that share their input list's items with their output.
const SHARING: &[&str] = &[
    "shape",
    "flatten",
    "dip",
    "sprinkle",
    "top-with",
    "line",
    "wash",
    "transfer-items",
];

#[derive(Clone, Copy, PartialEq)]
enum Holds {
    Items,
    Contents,
}

/// A binding along a chain: for each of its items, which item of the
/// chain's first list it is.
struct Member {
    var: usize,
    holds: Holds,
    chain: usize,
    roots: Vec<Option<usize>>,
}

/// Which of the input's items each output item is. The reference pushes the
/// input's items one by one (so the output is reversed); items are matched
/// by persistent id from the end, since portions of one dough share theirs.
fn trace_items(
    input: &EntityList,
    input_roots: &[Option<usize>],
    output: &EntityList,
) -> Vec<Option<usize>> {
    let mut used = vec![false; input.len()];
    output
        .iter()
        .map(|o| {
            let k = (0..input.len())
                .rev()
                .find(|&k| !used[k] && input[k].pid == o.pid)?;
            used[k] = true;
            input_roots[k]
        })
        .collect()
}

/// `x`'s bindings with every list along a sharing chain (and the container
/// a chain was transferred into) showing its items' final state.
pub fn bindings_after_run(x: &Execution) -> Vec<Option<Binding>> {
    let onto = Ontology::get();
    let list = onto.known().list_of_kitchen_entities;
    let mut bindings = x.bindings.clone();
    let mut member_of: HashMap<usize, usize> = HashMap::default();
    let mut members: Vec<Member> = Vec::new();
    let mut last: HashMap<(usize, usize), EntityRef> = HashMap::default();
    let value = |v: usize| x.bindings[v].as_ref().map(|b| &b.value);
    let mut chains = 0;
    for step in &x.steps {
        let action = &x.network.actions[step.action];
        if !SHARING.contains(&action.signature.name) {
            continue;
        }
        let Some((input, input_value)) = action.args[1..]
            .iter()
            .find_map(|&v| value(v).filter(|e| e.class == list).map(|e| (v, e)))
        else {
            continue;
        };
        let Some(output) = value(action.args[0]).filter(|o| !o.is_failed()) else {
            continue;
        };
        let m = *member_of.entry(input).or_insert_with(|| {
            let chain = chains;
            chains += 1;
            for (k, item) in input_value.items().iter().enumerate() {
                last.insert((chain, k), item.clone());
            }
            members.push(Member {
                var: input,
                holds: Holds::Items,
                chain,
                roots: (0..input_value.items().len()).map(Some).collect(),
            });
            members.len() - 1
        });
        let chain = members[m].chain;
        let (holds, items) = if output.class == list {
            (Holds::Items, output.items())
        } else {
            (Holds::Contents, output.contents())
        };
        let roots = trace_items(input_value.items(), &members[m].roots, items);
        for (item, root) in items.iter().zip(&roots) {
            if let Some(r) = root {
                last.insert((chain, *r), item.clone());
            }
        }
        if holds == Holds::Items {
            member_of.insert(action.args[0], members.len());
        }
        members.push(Member {
            var: action.args[0],
            holds,
            chain,
            roots,
        });
    }
    for m in members {
        let Some(b) = bindings[m.var].as_mut() else {
            continue;
        };
        let mut e = (*b.value).clone();
        let s = if m.holds == Holds::Items {
            slot::ITEMS
        } else {
            slot::CONTENTS
        };
        let latest: Vec<EntityRef> = e
            .get(s)
            .as_list()
            .iter()
            .zip(&m.roots)
            .map(|(i, r)| {
                r.and_then(|r| last.get(&(m.chain, r)).cloned())
                    .unwrap_or_else(|| i.clone())
            })
            .collect();
        e.set(s, Value::List(latest.into()));
        b.value = Arc::new(e);
    }
    bindings
}
