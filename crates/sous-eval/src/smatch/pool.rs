//! Candidate pool and triple weights (the reference's `compute_pool`).
//!
//! The reference keeps a `weight_dict` from node pairs to the triples they
//! match; here the same information is kept in flat structures that make
//! gains cheap to evaluate:
//!
//! * `w0[i][k]`: instance and attribute triples matched by mapping predicted
//!   node `i` to gold node `k` alone;
//! * `adj[i]`: the predicted relation triples touching node `i`;
//! * `gold_out[k]` / `gold_in[k]`: the gold relation triples leaving /
//!   entering gold node `k`.
//!
//! A mapping's match count is `Σ_i w0[i][π(i)]` plus, for every predicted
//! relation `(L, a, b)`, the number of gold relations `(L, π(a), π(b))`,
//! which is what the reference's `compute_match` adds up. Labels and values
//! are compared after `normalize` (lower case, trailing `_` removed); every
//! distinct string is normalized once and compared as an interned id.

use rustc_hash::FxHashMap;

use super::pyset::{table_sizes, PySet};
use super::triples::Triples;

/// The reference's `normalize`: `item.lower().rstrip('_')`.
pub(crate) fn normalize(item: &str) -> String {
    item.to_lowercase().trim_end_matches('_').to_string()
}

/// A predicted relation triple seen from one of its nodes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Edge {
    /// Normalized relation label, interned.
    pub label: u32,
    /// The other end (equal to the node itself for a self-loop).
    pub other: u32,
    /// Whether the node is the relation's first node (the predicate).
    pub outgoing: bool,
}

/// Gives every distinct string an id, and every id the id of its
/// normalized form, so that each string is normalized once.
#[derive(Default)]
struct Interner<'t> {
    raw: FxHashMap<&'t str, (u32, u32)>,
    normalized: FxHashMap<String, u32>,
}

impl<'t> Interner<'t> {
    /// `(exact id, normalized id)` of `s`.
    fn ids(&mut self, s: &'t str) -> (u32, u32) {
        if let Some(&ids) = self.raw.get(s) {
            return ids;
        }
        let exact = self.raw.len() as u32;
        let n = normalize(s);
        let next = self.normalized.len() as u32;
        let norm = *self.normalized.entry(n).or_insert(next);
        self.raw.insert(s, (exact, norm));
        (exact, norm)
    }

    fn norm(&mut self, s: &'t str) -> u32 {
        self.ids(s).1
    }
}

/// Everything the matching needs about a pair of networks.
#[derive(Debug, Clone)]
pub(crate) struct Pool {
    pub n1: usize,
    pub n2: usize,
    /// Instance labels as interned exact strings (the smart initialisation
    /// compares them exactly): equal ids, equal labels.
    pub labels1: Vec<u32>,
    pub labels2: Vec<u32>,
    /// Candidate gold nodes of each predicted node, in CPython's set order.
    pub candidates: Vec<Vec<u32>>,
    /// The same candidates, ascending.
    pub candidates_sorted: Vec<Vec<u32>>,
    /// `cand_start[i]..cand_start[i + 1]`: where node `i`'s candidates sit
    /// in a flat array laid out like `candidates_sorted`.
    pub cand_start: Vec<usize>,
    /// `slot[i * n2 + k]`: the position of `k` in `candidates_sorted[i]`,
    /// `u32::MAX` when `k` is not a candidate of `i`.
    slot: Vec<u32>,
    /// `w0[i * n2 + k]`.
    w0: Vec<u32>,
    /// Predicted relations per node (a self-loop is listed once).
    pub adj: Vec<Vec<Edge>>,
    /// Predicted relations `(label, from, to)` with interned labels.
    pub relations1: Vec<(u32, u32, u32)>,
    /// Gold relations leaving each gold node: `(label, to, multiplicity)`.
    pub gold_out: Vec<Vec<(u32, u32, u32)>>,
    /// Gold relations entering each gold node: `(label, from, multiplicity)`.
    pub gold_in: Vec<Vec<(u32, u32, u32)>>,
}

impl Pool {
    pub fn new(t1: &Triples, t2: &Triples) -> Pool {
        let n1 = t1.instances.len();
        let n2 = t2.instances.len();
        let mut w0 = vec![0u32; n1 * n2];
        // Candidate sets as bit sets first: the order Python would iterate
        // them in is worked out afterwards, from the set alone when it can be.
        let words = n2.div_ceil(64);
        let mut bits = vec![0u64; n1 * words];
        let set_bit = |bits: &mut [u64], i: usize, k: usize| {
            bits[i * words + k / 64] |= 1 << (k % 64);
        };

        let mut strings = Interner::default();
        let ids2: Vec<(u32, u32)> = t2.instances.iter().map(|l| strings.ids(l)).collect();
        let ids1: Vec<(u32, u32)> = t1.instances.iter().map(|l| strings.ids(l)).collect();

        // Instance triples: for each predicted node, gold nodes with the same label, ascending.
        let mut gold_by_label: Vec<Vec<u32>> = vec![Vec::new(); strings.normalized.len()];
        for (k, &(_, l)) in ids2.iter().enumerate() {
            gold_by_label[l as usize].push(k as u32);
        }
        for (i, &(_, l)) in ids1.iter().enumerate() {
            if let Some(ks) = gold_by_label.get(l as usize) {
                for &k in ks {
                    w0[i * n2 + k as usize] += 1;
                    set_bit(&mut bits, i, k as usize);
                }
            }
        }

        // Attribute triples: same label and value.
        let mut gold_attr: FxHashMap<(u32, u32), Vec<u32>> = FxHashMap::default();
        for (l, k, v) in &t2.attributes {
            let key = (strings.norm(l), strings.norm(v));
            gold_attr.entry(key).or_default().push(*k as u32);
        }
        let attr1: Vec<(u32, u32)> = t1
            .attributes
            .iter()
            .map(|(l, _, v)| (strings.norm(l), strings.norm(v)))
            .collect();
        for (&key, (_, i, _)) in attr1.iter().zip(&t1.attributes) {
            if let Some(ks) = gold_attr.get(&key) {
                for &k in ks {
                    w0[i * n2 + k as usize] += 1;
                    set_bit(&mut bits, *i, k as usize);
                }
            }
        }

        // Relation triples: same label; both ends become candidates.
        // Dense ids in order of first appearance, gold relations first.
        let mut rel_labels: FxHashMap<u32, u32> = FxHashMap::default();
        let relations2 = intern_relations(t2, &mut strings, &mut rel_labels);
        let relations1 = intern_relations(t1, &mut strings, &mut rel_labels);
        let n_labels = rel_labels.len();
        let mut gold_by_rel_label: Vec<Vec<(u32, u32)>> = vec![Vec::new(); n_labels];
        // Per label, the gold nodes at the relations' first and second ends.
        let mut firsts = vec![0u64; n_labels * words];
        let mut seconds = vec![0u64; n_labels * words];
        for &(l, a, b) in &relations2 {
            gold_by_rel_label[l as usize].push((a, b));
            set_bit(&mut firsts, l as usize, a as usize);
            set_bit(&mut seconds, l as usize, b as usize);
        }
        for &(l, a1, b1) in &relations1 {
            let l = l as usize;
            for w in 0..words {
                bits[a1 as usize * words + w] |= firsts[l * words + w];
                bits[b1 as usize * words + w] |= seconds[l * words + w];
            }
        }

        let mut adj: Vec<Vec<Edge>> = vec![Vec::new(); n1];
        for &(l, a, b) in &relations1 {
            adj[a as usize].push(Edge {
                label: l,
                other: b,
                outgoing: true,
            });
            if a != b {
                adj[b as usize].push(Edge {
                    label: l,
                    other: a,
                    outgoing: false,
                });
            }
        }
        let mut gold_out: Vec<Vec<(u32, u32, u32)>> = vec![Vec::new(); n2];
        let mut gold_in: Vec<Vec<(u32, u32, u32)>> = vec![Vec::new(); n2];
        for &(l, a, b) in &relations2 {
            for (list, other) in [
                (&mut gold_out[a as usize], b),
                (&mut gold_in[b as usize], a),
            ] {
                match list.iter_mut().find(|(l2, o2, _)| *l2 == l && *o2 == other) {
                    Some(e) => e.2 += 1,
                    None => list.push((l, other, 1)),
                }
            }
        }

        // CPython iterates a set of ints below its table size in ascending
        // order; only a set whose table ends up no larger than its largest
        // member needs its insertions replayed.
        let mut candidates_sorted: Vec<Vec<u32>> = Vec::with_capacity(n1);
        let mut candidates: Vec<Vec<u32>> = Vec::with_capacity(n1);
        let table_size = table_sizes(n2);
        for i in 0..n1 {
            let row = &bits[i * words..(i + 1) * words];
            let mut sorted = Vec::with_capacity(row.iter().map(|w| w.count_ones() as usize).sum());
            for (w, &word) in row.iter().enumerate() {
                let mut word = word;
                while word != 0 {
                    sorted.push((w * 64) as u32 + word.trailing_zeros());
                    word &= word - 1;
                }
            }
            let in_order = match sorted.last() {
                Some(&max) if max as usize >= table_size[sorted.len()] => {
                    let replay = Replay {
                        t1,
                        i,
                        label1: ids1[i].1,
                        gold_by_label: &gold_by_label,
                        attr1: &attr1,
                        gold_attr: &gold_attr,
                        relations1: &relations1,
                        gold_by_rel_label: &gold_by_rel_label,
                    };
                    replay.set_order(n2)
                }
                _ => sorted.clone(),
            };
            candidates.push(in_order);
            candidates_sorted.push(sorted);
        }
        let mut cand_start = Vec::with_capacity(n1 + 1);
        cand_start.push(0);
        let mut slot = vec![u32::MAX; n1 * n2];
        for (i, c) in candidates_sorted.iter().enumerate() {
            for (at, &k) in c.iter().enumerate() {
                slot[i * n2 + k as usize] = at as u32;
            }
            cand_start.push(cand_start[i] + c.len());
        }
        Pool {
            n1,
            n2,
            labels1: ids1.iter().map(|&(exact, _)| exact).collect(),
            labels2: ids2.iter().map(|&(exact, _)| exact).collect(),
            candidates,
            candidates_sorted,
            cand_start,
            slot,
            w0,
            adj,
            relations1,
            gold_out,
            gold_in,
        }
    }

    #[inline]
    pub fn is_candidate(&self, i: usize, k: usize) -> bool {
        self.slot[i * self.n2 + k] != u32::MAX
    }

    /// The position of `k` in `candidates_sorted[i]`, if it is a candidate.
    #[inline]
    pub fn slot(&self, i: usize, k: usize) -> Option<usize> {
        let at = self.slot[i * self.n2 + k];
        (at != u32::MAX).then_some(at as usize)
    }

    /// `slot` of `i` for every gold node (`u32::MAX`: not a candidate).
    #[inline]
    pub fn slot_row(&self, i: usize) -> &[u32] {
        &self.slot[i * self.n2..(i + 1) * self.n2]
    }

    #[inline]
    pub fn w0(&self, i: usize, k: usize) -> u32 {
        self.w0[i * self.n2 + k]
    }

    /// Number of gold relations `(label, from, to)`.
    #[inline]
    pub fn gold_count(&self, label: u32, from: u32, to: u32) -> u32 {
        self.gold_out[from as usize]
            .iter()
            .find(|(l, b, _)| *l == label && *b == to)
            .map_or(0, |e| e.2)
    }

    /// Matches of the gold relation for predicted edge `e` of a node mapped
    /// to `m` whose other end is mapped to `om`.
    #[inline]
    pub fn edge_count(&self, e: Edge, m: u32, om: u32) -> u32 {
        if e.outgoing {
            self.gold_count(e.label, m, om)
        } else {
            self.gold_count(e.label, om, m)
        }
    }

    /// Triples a whole mapping matches (`compute_match`); `-1` = unmapped.
    pub fn match_count(&self, mapping: &[i32]) -> u32 {
        let mut n = 0;
        for (i, &m) in mapping.iter().enumerate() {
            if m >= 0 {
                n += self.w0(i, m as usize);
            }
        }
        for &(l, a, b) in &self.relations1 {
            let (ma, mb) = (mapping[a as usize], mapping[b as usize]);
            if ma >= 0 && mb >= 0 {
                n += self.gold_count(l, ma as u32, mb as u32);
            }
        }
        n
    }
}

/// `(label, from, to)` of every relation, the label as a dense id given in
/// order of first appearance.
fn intern_relations<'t>(
    t: &'t Triples,
    strings: &mut Interner<'t>,
    ids: &mut FxHashMap<u32, u32>,
) -> Vec<(u32, u32, u32)> {
    t.relations
        .iter()
        .map(|(l, a, b)| {
            let next = ids.len() as u32;
            let id = *ids.entry(strings.norm(l)).or_insert(next);
            (id, *a as u32, *b as u32)
        })
        .collect()
}

/// The `add` calls `compute_pool` makes on one predicted node's candidate
/// set, in the reference's order.
struct Replay<'a> {
    t1: &'a Triples,
    i: usize,
    label1: u32,
    gold_by_label: &'a [Vec<u32>],
    attr1: &'a [(u32, u32)],
    gold_attr: &'a FxHashMap<(u32, u32), Vec<u32>>,
    relations1: &'a [(u32, u32, u32)],
    gold_by_rel_label: &'a [Vec<(u32, u32)>],
}

impl Replay<'_> {
    /// The candidates in CPython's iteration order. A repeated `add` leaves
    /// a set as it is, so only first additions are replayed.
    fn set_order(&self, n2: usize) -> Vec<u32> {
        let i = self.i;
        let mut seen = vec![false; n2];
        let mut set = PySet::new();
        let mut add = |k: u32| {
            if !std::mem::replace(&mut seen[k as usize], true) {
                set.add(k as usize);
            }
        };
        if let Some(ks) = self.gold_by_label.get(self.label1 as usize) {
            ks.iter().for_each(|&k| add(k));
        }
        for (key, (_, node, _)) in self.attr1.iter().zip(&self.t1.attributes) {
            if *node == i {
                if let Some(ks) = self.gold_attr.get(key) {
                    ks.iter().for_each(|&k| add(k));
                }
            }
        }
        for &(l, a1, b1) in self.relations1 {
            if a1 as usize != i && b1 as usize != i {
                continue;
            }
            for &(a2, b2) in &self.gold_by_rel_label[l as usize] {
                if a1 as usize == i {
                    add(a2);
                }
                if b1 as usize == i {
                    add(b2);
                }
            }
        }
        set.iter().map(|k| k as u32).collect()
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use crate::smatch::hill_climb::tests::random_network_of;
    use crate::smatch::hill_climb::SplitMix64;
    use crate::smatch::triples::get_meaning;

    /// `compute_pool` written plainly: every `add` made on a replayed
    /// CPython set, weights counted triple by triple.
    fn plain_pool(t1: &Triples, t2: &Triples) -> (Vec<Vec<u32>>, Vec<u32>) {
        let (n1, n2) = (t1.instances.len(), t2.instances.len());
        let mut sets: Vec<PySet> = (0..n1).map(|_| PySet::new()).collect();
        let mut w0 = vec![0u32; n1 * n2];
        for (i, l1) in t1.instances.iter().enumerate() {
            for (k, l2) in t2.instances.iter().enumerate() {
                if normalize(l1) == normalize(l2) {
                    sets[i].add(k);
                    w0[i * n2 + k] += 1;
                }
            }
        }
        for (l1, i, v1) in &t1.attributes {
            for (l2, k, v2) in &t2.attributes {
                if normalize(l1) == normalize(l2) && normalize(v1) == normalize(v2) {
                    sets[*i].add(*k);
                    w0[i * n2 + k] += 1;
                }
            }
        }
        for (l1, a1, b1) in &t1.relations {
            for (l2, a2, b2) in &t2.relations {
                if normalize(l1) == normalize(l2) {
                    sets[*a1].add(*a2);
                    sets[*b1].add(*b2);
                }
            }
        }
        let candidates = sets
            .iter()
            .map(|s| s.iter().map(|k| k as u32).collect())
            .collect();
        (candidates, w0)
    }

    fn random_network(rng: &mut SplitMix64, preds: usize, vars: usize) -> String {
        let names = ["F", "f_", "G", "H", "K", "var"];
        let consts = ["X", "x", "Y_", "Z", "1"];
        random_network_of(rng, preds, vars, &names, &consts, 5)
    }

    /// Sets of every size against tables of every size, so that both the
    /// ascending shortcut and the replay are taken.
    #[test]
    fn same_candidates_and_weights_as_a_plain_compute_pool() {
        let mut rng = SplitMix64::new(7);
        let mut replayed = 0;
        for case in 0..300 {
            let s1 = random_network(&mut rng, 1 + case % 40, 2 + case % 23);
            let s2 = random_network(&mut rng, 1 + (case * 7) % 40, 2 + (case * 5) % 23);
            let (t1, t2) = (get_meaning(&s1), get_meaning(&s2));
            let pool = Pool::new(&t1, &t2);
            let (candidates, w0) = plain_pool(&t1, &t2);
            assert_eq!(pool.candidates, candidates, "{s1} | {s2}");
            assert_eq!(pool.w0, w0, "{s1} | {s2}");
            for (i, c) in candidates.iter().enumerate() {
                if !c.windows(2).all(|w| w[0] < w[1]) {
                    replayed += 1;
                }
                let mut sorted = c.clone();
                sorted.sort_unstable();
                assert_eq!(pool.candidates_sorted[i], sorted);
            }
            let mut exact: HashMap<&str, u32> = HashMap::new();
            for (l, &id) in t1.instances.iter().zip(&pool.labels1) {
                assert_eq!(*exact.entry(l).or_insert(id), id);
            }
            for (l, &id) in t2.instances.iter().zip(&pool.labels2) {
                assert_eq!(*exact.entry(l).or_insert(id), id);
            }
        }
        assert!(replayed > 100, "{replayed}");
    }
}
