//! Which predicted action stands for which gold action. Two actions can
//! only correspond when they are of the same primitive; among those, the
//! pairs are chosen together (a maximum-weight assignment) by how alike
//! they are: the constants they are given, what went into them (the
//! constants of every action upstream: the ingredients a mixture holds),
//! and what is done with what they make. A second round also counts the
//! inputs whose makers were paired with each other. None of it depends on
//! the order the lines are written in, nor on the variables' names.

use rustc_hash::FxHashSet;

use super::flow::Flow;
use crate::smatch::hungarian::max_weight_assignment;

/// The pairing: for each predicted action, its gold action.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Alignment {
    /// Indexed by predicted action.
    pub gold_of: Vec<Option<usize>>,
    /// Indexed by gold action.
    pub predicted_of: Vec<Option<usize>>,
}

/// What an action is like, as sets of words to compare.
struct Features {
    /// `name=value` for each constant.
    own: FxHashSet<String>,
    /// The constants of every action upstream of it, and its own.
    upstream: FxHashSet<String>,
    /// `primitive:argument` of each action that takes what it makes.
    downstream: FxHashSet<String>,
}

fn features(flow: &Flow) -> Vec<Features> {
    let n = flow.actions.len();
    let mut upstream: Vec<FxHashSet<String>> = vec![FxHashSet::default(); n];
    // Actions are in kitchen-state order: makers come first.
    for (i, a) in flow.actions.iter().enumerate() {
        let mut up: FxHashSet<String> = a.constants.iter().map(|(_, v)| v.clone()).collect();
        for &(_, by) in &a.inputs {
            if let Some(b) = by.filter(|&b| b < i) {
                up.extend(upstream[b].iter().cloned());
            }
        }
        upstream[i] = up;
    }
    flow.actions
        .iter()
        .enumerate()
        .zip(upstream)
        .map(|((i, a), upstream)| Features {
            own: a
                .constants
                .iter()
                .map(|(k, v)| format!("{}={v}", a.signature.args[*k].name))
                .collect(),
            upstream,
            downstream: flow
                .consumers(i)
                .map(|(j, k)| {
                    let s = flow.actions[j].signature;
                    format!("{}:{}", s.name, s.args[k].name)
                })
                .collect(),
        })
        .collect()
}

/// |a ∩ b| / |a ∪ b|, and 1 for two empty sets.
fn jaccard(a: &FxHashSet<String>, b: &FxHashSet<String>) -> f64 {
    let union = a.union(b).count();
    if union == 0 {
        return 1.0;
    }
    a.intersection(b).count() as f64 / union as f64
}

/// Pairs the actions of `predicted` with those of `gold`.
pub fn align(predicted: &Flow, gold: &Flow) -> Alignment {
    let (fp, fg) = (features(predicted), features(gold));
    let base = |p: usize, g: usize| -> Option<f64> {
        let (a, b) = (&predicted.actions[p], &gold.actions[g]);
        (a.signature.name == b.signature.name).then(|| {
            1.0 + 2.0 * jaccard(&fp[p].own, &fg[g].own)
                + 2.0 * jaccard(&fp[p].upstream, &fg[g].upstream)
                + jaccard(&fp[p].downstream, &fg[g].downstream)
        })
    };
    let assign = |w: &dyn Fn(usize, usize) -> f64| {
        let (_, rows) =
            max_weight_assignment(predicted.actions.len(), gold.actions.len(), |p, g| {
                (w(p, g) * 1000.0).round() as i64
            });
        rows
    };
    let first = assign(&|p, g| base(p, g).unwrap_or(0.0));
    // Second round: inputs whose makers were paired count too, and uses
    // of what they make by actions that were (of two bowls fetched alike,
    // the one the vinegar goes into).
    let consumers_p: Vec<Vec<(usize, usize)>> = (0..predicted.actions.len())
        .map(|p| predicted.consumers(p).collect())
        .collect();
    let consumers_g: Vec<Vec<(usize, usize)>> = (0..gold.actions.len())
        .map(|g| gold.consumers(g).collect())
        .collect();
    let second = assign(&|p, g| {
        let Some(b) = base(p, g) else { return 0.0 };
        let (a, h) = (&predicted.actions[p], &gold.actions[g]);
        let inputs = a
            .inputs
            .iter()
            .filter(|(k, by)| {
                h.inputs
                    .iter()
                    .any(|(kg, byg)| kg == k && by.is_some() && by.and_then(|x| first[x]) == *byg)
            })
            .count();
        let uses = consumers_p[p]
            .iter()
            .filter(|(j, k)| first[*j].is_some_and(|jg| consumers_g[g].contains(&(jg, *k))))
            .count();
        b + (inputs + uses) as f64
    });
    // A pair of different primitives weighs nothing: no pair.
    let second: Vec<Option<usize>> = second
        .into_iter()
        .enumerate()
        .map(|(p, g)| g.filter(|&g| base(p, g).is_some()))
        .collect();
    let mut predicted_of = vec![None; gold.actions.len()];
    for (p, g) in second.iter().enumerate() {
        if let Some(g) = g {
            predicted_of[*g] = Some(p);
        }
    }
    Alignment {
        gold_of: second,
        predicted_of,
    }
}
