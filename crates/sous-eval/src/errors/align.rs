//! Which predicted action stands for which gold action. Two actions can
//! only correspond when they are of the same primitive; among those, the
//! pairs are chosen together (a maximum-weight assignment) by how alike
//! they are: the constants they are given, what went into them (the
//! constants of every action upstream: the ingredients a mixture holds),
//! and what is done with what they make. A second round also counts the
//! inputs whose makers were paired with each other. None of it depends on
//! the order the lines are written in, nor on the variables' names.

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

/// One network's side of a comparison: its flow, what each action is
/// like, and who takes what each makes. A gold network's is made once and
/// kept beside its execution ([`crate::gold::GoldNetwork::error_side`]),
/// for every prediction of its recipe.
#[derive(Debug, Clone)]
pub struct Side {
    /// The network's flow.
    pub flow: Flow,
    features: Vec<Features>,
    /// For each action, the actions that take what it makes, with the
    /// argument position.
    consumers: Vec<Vec<(usize, usize)>>,
}

impl Side {
    /// The side of `flow`.
    pub fn of(flow: Flow) -> Side {
        let features = features(&flow);
        let consumers = (0..flow.actions.len())
            .map(|a| flow.consumers(a).collect())
            .collect();
        Side {
            flow,
            features,
            consumers,
        }
    }
}

/// What an action is like, as sets of words (each a hash of its parts,
/// sorted) to compare.
#[derive(Debug, Clone)]
struct Features {
    /// `name=value` for each constant.
    own: Vec<u64>,
    /// The constants of every action upstream of it, and its own.
    upstream: Vec<u64>,
    /// `primitive:argument` of each action that takes what it makes.
    downstream: Vec<u64>,
}

/// A word made of `parts`, as a number: the same parts give the same number
/// in both networks, with no string built (a prediction's errors are found
/// beside its scores, and must cost little more).
fn word(parts: &[&str]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = rustc_hash::FxHasher::default();
    parts.hash(&mut h);
    h.finish()
}

fn sorted(mut v: Vec<u64>) -> Vec<u64> {
    v.sort_unstable();
    v.dedup();
    v
}

fn features(flow: &Flow) -> Vec<Features> {
    let n = flow.actions.len();
    let mut upstream: Vec<Vec<u64>> = Vec::with_capacity(n);
    let mut downstream: Vec<Vec<u64>> = vec![Vec::new(); n];
    // Actions are in kitchen-state order: makers come first.
    for (i, a) in flow.actions.iter().enumerate() {
        let mut up: Vec<u64> = a.constants.iter().map(|(_, v)| word(&[v])).collect();
        for &(k, by) in &a.inputs {
            if let Some(b) = by {
                if b < i {
                    up.extend_from_slice(&upstream[b]);
                }
                downstream[b].push(word(&[a.signature.name, a.signature.args[k].name]));
            }
        }
        upstream.push(sorted(up));
    }
    flow.actions
        .iter()
        .zip(upstream.into_iter().zip(downstream))
        .map(|(a, (upstream, downstream))| Features {
            own: sorted(
                a.constants
                    .iter()
                    .map(|(k, v)| word(&[a.signature.args[*k].name, v]))
                    .collect(),
            ),
            upstream,
            downstream: sorted(downstream),
        })
        .collect()
}

/// |a ∩ b| / |a ∪ b| of two sorted sets, and 1 for two empty ones.
fn jaccard(a: &[u64], b: &[u64]) -> f64 {
    let (mut i, mut j, mut both) = (0, 0, 0);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                both += 1;
                i += 1;
                j += 1;
            }
        }
    }
    let union = a.len() + b.len() - both;
    if union == 0 {
        return 1.0;
    }
    both as f64 / union as f64
}

/// Pairs the actions of `predicted` with those of `gold`.
pub fn align(predicted: &Side, gold: &Side) -> Alignment {
    let (fp, fg) = (&predicted.features, &gold.features);
    let (consumers_p, consumers_g) = (&predicted.consumers, &gold.consumers);
    let (predicted, gold) = (&predicted.flow, &gold.flow);
    let (np, ng) = (predicted.actions.len(), gold.actions.len());
    // Only actions of one primitive can pair: one assignment per primitive,
    // each much smaller than the whole (its cost grows with the cube).
    let mut groups: Vec<(&str, Vec<usize>, Vec<usize>)> = Vec::new();
    for (p, a) in predicted.actions.iter().enumerate() {
        match groups.iter_mut().find(|(n, ..)| *n == a.signature.name) {
            Some(g) => g.1.push(p),
            None => groups.push((a.signature.name, vec![p], Vec::new())),
        }
    }
    for (g, a) in gold.actions.iter().enumerate() {
        if let Some(grp) = groups.iter_mut().find(|(n, ..)| *n == a.signature.name) {
            grp.2.push(g);
        }
    }
    // Each weight is computed once (the assignment asks for each many
    // times), and only within a group: a pair of two primitives has none.
    let mut base: Vec<Option<f64>> = vec![None; np * ng];
    for (_, ps, gs) in &groups {
        for &p in ps {
            for &g in gs {
                base[p * ng + g] = Some(
                    1.0 + 2.0 * jaccard(&fp[p].own, &fg[g].own)
                        + 2.0 * jaccard(&fp[p].upstream, &fg[g].upstream)
                        + jaccard(&fp[p].downstream, &fg[g].downstream),
                );
            }
        }
    }
    let base = |p: usize, g: usize| base[p * ng + g];
    let assign = |w: &dyn Fn(usize, usize) -> f64| {
        let mut rows = vec![None; np];
        for (_, ps, gs) in &groups {
            let weights: Vec<i64> = (0..ps.len() * gs.len())
                .map(|i| (w(ps[i / gs.len()], gs[i % gs.len()]) * 1000.0).round() as i64)
                .collect();
            let (_, picked) =
                max_weight_assignment(ps.len(), gs.len(), |p, g| weights[p * gs.len() + g]);
            for (p, g) in picked.into_iter().enumerate() {
                rows[ps[p]] = g.map(|g| gs[g]);
            }
        }
        rows
    };
    let first = assign(&|p, g| base(p, g).unwrap_or(0.0));
    // Second round: inputs whose makers were paired count too, and uses
    // of what they make by actions that were (of two bowls fetched alike,
    // the one the vinegar goes into).
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
