//! Candidate pool and triple weights (the reference's `compute_pool`).
//!
//! The reference keeps a `weight_dict` from node pairs to the triples they
//! match; here the same information is kept in three flat structures that
//! make gains cheap to evaluate:
//!
//! * `w0[i][k]`: instance and attribute triples matched by mapping predicted
//!   node `i` to gold node `k` alone;
//! * `adj[i]`: the predicted relation triples touching node `i`;
//! * `gold_out[k]`: the gold relation triples leaving gold node `k`.
//!
//! A mapping's match count is `Σ_i w0[i][π(i)]` plus, for every predicted
//! relation `(L, a, b)`, the number of gold relations `(L, π(a), π(b))`,
//! which is what the reference's `compute_match` adds up. Labels and values
//! are compared after `normalize` (lower case, trailing `_` removed).

use std::collections::HashMap;

use super::pyset::PySet;
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

/// Everything the matching needs about a pair of networks.
#[derive(Debug, Clone)]
pub(crate) struct Pool {
    pub n1: usize,
    pub n2: usize,
    /// Instance labels as written (the smart initialisation compares them exactly).
    pub labels1: Vec<String>,
    pub labels2: Vec<String>,
    /// Candidate gold nodes of each predicted node, in CPython's set order.
    pub candidates: Vec<Vec<u32>>,
    /// The same candidates, ascending.
    pub candidates_sorted: Vec<Vec<u32>>,
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
    /// Label names by id (for diagnostics).
    #[allow(dead_code)]
    pub label_names: Vec<String>,
}

impl Pool {
    pub fn new(t1: &Triples, t2: &Triples) -> Pool {
        let n1 = t1.instances.len();
        let n2 = t2.instances.len();
        let mut sets: Vec<PySet> = (0..n1).map(|_| PySet::new()).collect();
        let mut w0 = vec![0u32; n1 * n2];

        // Instance triples: for each predicted node, gold nodes with the same label, ascending.
        let mut gold_by_label: HashMap<String, Vec<usize>> = HashMap::new();
        for (k, l) in t2.instances.iter().enumerate() {
            gold_by_label.entry(normalize(l)).or_default().push(k);
        }
        for (i, l) in t1.instances.iter().enumerate() {
            if let Some(ks) = gold_by_label.get(&normalize(l)) {
                for &k in ks {
                    sets[i].add(k);
                    w0[i * n2 + k] += 1;
                }
            }
        }

        // Attribute triples: same label and value; predicted triples in order, then gold ones.
        let mut gold_attr: HashMap<(String, String), Vec<usize>> = HashMap::new();
        for (l, k, v) in &t2.attributes {
            gold_attr
                .entry((normalize(l), normalize(v)))
                .or_default()
                .push(*k);
        }
        for (l, i, v) in &t1.attributes {
            if let Some(ks) = gold_attr.get(&(normalize(l), normalize(v))) {
                for &k in ks {
                    sets[*i].add(k);
                    w0[i * n2 + k] += 1;
                }
            }
        }

        // Relation triples: same label; both ends become candidates.
        let mut label_ids: HashMap<String, u32> = HashMap::new();
        let mut label_names: Vec<String> = Vec::new();
        let mut intern = |l: &str| -> u32 {
            let n = normalize(l);
            if let Some(&id) = label_ids.get(&n) {
                return id;
            }
            let id = label_names.len() as u32;
            label_names.push(n.clone());
            label_ids.insert(n, id);
            id
        };
        let relations2: Vec<(u32, u32, u32)> = t2
            .relations
            .iter()
            .map(|(l, a, b)| (intern(l), *a as u32, *b as u32))
            .collect();
        let relations1: Vec<(u32, u32, u32)> = t1
            .relations
            .iter()
            .map(|(l, a, b)| (intern(l), *a as u32, *b as u32))
            .collect();
        let mut gold_by_rel_label: Vec<Vec<(u32, u32)>> = vec![Vec::new(); label_names.len()];
        for &(l, a, b) in &relations2 {
            gold_by_rel_label[l as usize].push((a, b));
        }
        for &(l, a1, b1) in &relations1 {
            for &(a2, b2) in &gold_by_rel_label[l as usize] {
                sets[a1 as usize].add(a2 as usize);
                sets[b1 as usize].add(b2 as usize);
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
        for &(l, a, b) in &relations2 {
            let out = &mut gold_out[a as usize];
            match out.iter_mut().find(|(l2, b2, _)| *l2 == l && *b2 == b) {
                Some(e) => e.2 += 1,
                None => out.push((l, b, 1)),
            }
        }

        let candidates: Vec<Vec<u32>> = sets
            .iter()
            .map(|s| s.iter().map(|k| k as u32).collect())
            .collect();
        let candidates_sorted: Vec<Vec<u32>> = candidates
            .iter()
            .map(|c| {
                let mut c = c.clone();
                c.sort_unstable();
                c
            })
            .collect();
        let mut slot = vec![u32::MAX; n1 * n2];
        for (i, c) in candidates_sorted.iter().enumerate() {
            for (at, &k) in c.iter().enumerate() {
                slot[i * n2 + k as usize] = at as u32;
            }
        }
        Pool {
            n1,
            n2,
            labels1: t1.instances.clone(),
            labels2: t2.instances.clone(),
            candidates,
            candidates_sorted,
            slot,
            w0,
            adj,
            relations1,
            gold_out,
            label_names,
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
