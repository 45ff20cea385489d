//! The exact maximum of the Smatch objective (`--smatch exact`).
//!
//! Objective: over one-to-one partial mappings π of predicted nodes to gold
//! nodes, the number of matched triples `Σ_i w0(i, π i) + Σ_{(L,a,b)}
//! #gold(L, π a, π b)` (see [`super::pool`]).
//!
//! Split of the predicted nodes: `A` = every node that starts a relation
//! (the predicate nodes) plus any node whose own triples are not those of a
//! plain variable; `B` = the rest (the variables). No relation joins two `B`
//! nodes, so once π is fixed on `A` the best mapping of `B` is a linear
//! assignment problem: weight of `b → g` = `w0(b, g)` + the relations
//! `(L, a, b)` whose gold counterpart `(L, π a, g)` exists. When every `B`
//! node matches exactly the gold `var` nodes (always, for networks printed
//! from predicates) that assignment is `min(|B|, free gold vars)` plus a
//! maximum-weight matching of the sparse "relation bonus" graph, solved per
//! connected component with the Hungarian algorithm.
//!
//! Branch and bound over π on `A` (nodes in a connectivity order, each
//! node's gold candidates most promising first, "unmapped" last), started
//! from the hill-climbing result as incumbent. Upper bound of a partial
//! assignment = its fixed triples + for each open `A` node its best "star"
//! (own triples + one per relation it starts that the gold node could
//! match; a linear assignment over the open nodes when the sum of maxima is
//! not enough) + a bound on the `B` assignment from the relations fixed so
//! far. Every part counts disjoint triples of the objective with an
//! optimistic value, so the bound is sound; at a leaf it is exact.

use std::collections::HashMap;

use sous_lang::Predicate;

use super::hill_climb;
use super::hungarian::max_weight_assignment;
use super::pool::{normalize, Pool};
use super::triples::Triples;
use super::{network_triples, SmatchOptions, SmatchScore};

/// Budget of the exact search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExactLimits {
    /// Search nodes (partial assignments) to explore before giving up
    /// (about a microsecond each on the benchmark's networks).
    pub max_nodes: u64,
    /// Extra random restarts of the hill climbing for the starting incumbent,
    /// used when the reference's 5 runs leave a gap to the trivial bound.
    pub restarts: usize,
}

impl Default for ExactLimits {
    fn default() -> Self {
        ExactLimits {
            max_nodes: 1_000_000,
            restarts: 32,
        }
    }
}

/// Result of [`smatch_exact`].
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct ExactSmatch {
    /// The best mapping found (the optimum when `proven_optimal`).
    pub score: SmatchScore,
    /// False when the node budget ran out before the search space was closed.
    pub proven_optimal: bool,
    /// How many search nodes were explored (a measure of the search's work).
    pub nodes_explored: u64,
}

/// The maximum number of matched triples over all node mappings.
pub fn smatch_exact(
    predicted: &[Predicate],
    gold: &[Predicate],
    limits: &ExactLimits,
) -> ExactSmatch {
    let (t1, t2) = network_triples(predicted, gold);
    smatch_exact_triples(&t1, &t2, limits)
}

/// [`smatch_exact`] on triples.
pub fn smatch_exact_triples(t1: &Triples, t2: &Triples, limits: &ExactLimits) -> ExactSmatch {
    let pool = Pool::new(t1, t2);
    let options = SmatchOptions::default();
    let cap = t1.len().min(t2.len()) as i64;
    let (mut heuristic, mut mapping) =
        hill_climb::best_match(&pool, options.restarts, options.seed, cap as u32);
    if (heuristic as i64) < cap && limits.restarts > 0 {
        let (more, more_mapping) = hill_climb::best_match(
            &pool,
            limits.restarts - 1,
            options.seed ^ 0xE8AC_7000,
            cap as u32,
        );
        if more > heuristic {
            (heuristic, mapping) = (more, more_mapping);
        }
    }
    let mut search = Search::new(&pool, t2, &mapping, heuristic as i64, cap, limits.max_nodes);
    let proven = search.run();
    ExactSmatch {
        score: SmatchScore::from_counts(search.best as usize, t1.len(), t2.len()),
        proven_optimal: proven,
        nodes_explored: search.nodes,
    }
}

/// A relation `(L, x, y)` between two `A` nodes, counted when the later of
/// the two in the search order (its owner) is fixed.
#[derive(Debug, Clone, Copy)]
struct AaEdge {
    label: u32,
    from: u32,
    to: u32,
}

struct Search<'p> {
    pool: &'p Pool,
    /// `A` nodes in search order.
    order: Vec<usize>,
    /// Candidate gold nodes of each `A` node (by position in `order`).
    cands: Vec<Vec<u32>>,
    /// `star[pos][k]` parallel to `cands[pos]`.
    star: Vec<Vec<i64>>,
    /// Every gold node that is a candidate of some `A` node, ascending.
    a_cols: Vec<u32>,
    /// Relations from each `A` node (by position) to `B` nodes: `(label, b index in B)`.
    ab_edges: Vec<Vec<(u32, usize)>>,
    /// Relations owned by each `A` node (by position).
    aa_owned: Vec<Vec<AaEdge>>,
    /// The `B` nodes (rows of `bonus`).
    b_nodes: Vec<usize>,
    /// Gold nodes every `B` node matches by its own triples (weight 1 each),
    /// when the `B` rows are uniform; the bound on the B part uses it.
    var_gold: Vec<bool>,
    /// Whether the `B` assignment equals `min(|B|, free var_gold)` + bonus matching.
    decomposes: bool,
    /// Current partial mapping (predicted node → gold node or -1).
    mapping: Vec<i32>,
    gold_used: Vec<bool>,
    free_var_gold: i64,
    /// `bonus[b]`: relation weight of `b → g` from the fixed `A` nodes, sparse.
    bonus: Vec<Vec<(u32, i64)>>,
    /// Heuristic mapping, tried first.
    hint: Vec<i32>,
    fixed_value: i64,
    best: i64,
    cap: i64,
    nodes: u64,
    max_nodes: u64,
    aborted: bool,
}

impl<'p> Search<'p> {
    fn new(
        pool: &'p Pool,
        t2: &Triples,
        hint: &[i32],
        incumbent: i64,
        cap: i64,
        max_nodes: u64,
    ) -> Search<'p> {
        let n1 = pool.n1;
        let n2 = pool.n2;
        let mut starts_relation = vec![false; n1];
        for &(_, a, _) in &pool.relations1 {
            starts_relation[a as usize] = true;
        }
        let var_gold: Vec<bool> = t2.instances.iter().map(|l| normalize(l) == "var").collect();
        let is_b: Vec<bool> = (0..n1)
            .map(|i| !starts_relation[i] && (0..n2).all(|g| pool.w0(i, g) == var_gold[g] as u32))
            .collect();
        let b_nodes: Vec<usize> = (0..n1).filter(|&i| is_b[i]).collect();
        let mut b_index = vec![usize::MAX; n1];
        for (k, &b) in b_nodes.iter().enumerate() {
            b_index[b] = k;
        }
        let decomposes = t2.relations.iter().all(|&(_, _, y)| var_gold[y]);

        // Search order of the A nodes: start with the most connected node,
        // then always the node sharing most neighbours with those placed.
        let a_nodes: Vec<usize> = (0..n1).filter(|&i| !is_b[i]).collect();
        let degree = |i: usize| pool.adj[i].len();
        let mut order: Vec<usize> = Vec::with_capacity(a_nodes.len());
        let mut placed = vec![false; n1];
        let mut touched = vec![false; n1]; // B nodes next to a placed A node
        while order.len() < a_nodes.len() {
            let mut pick = usize::MAX;
            let mut pick_key = (0usize, 0usize);
            for &a in &a_nodes {
                if placed[a] {
                    continue;
                }
                let links = pool.adj[a]
                    .iter()
                    .filter(|e| {
                        let o = e.other as usize;
                        (is_b[o] && touched[o]) || (!is_b[o] && placed[o])
                    })
                    .count();
                let key = (links, degree(a));
                if pick == usize::MAX || key > pick_key {
                    pick = a;
                    pick_key = key;
                }
            }
            placed[pick] = true;
            for e in &pool.adj[pick] {
                if is_b[e.other as usize] {
                    touched[e.other as usize] = true;
                }
            }
            order.push(pick);
        }
        let mut pos_of = vec![usize::MAX; n1];
        for (p, &a) in order.iter().enumerate() {
            pos_of[a] = p;
        }

        let mut ab_edges = vec![Vec::new(); order.len()];
        let mut aa_owned = vec![Vec::new(); order.len()];
        for &(l, a, b) in &pool.relations1 {
            let (a, b) = (a as usize, b as usize);
            if is_b[b] {
                ab_edges[pos_of[a]].push((l, b_index[b]));
            } else {
                let owner = pos_of[a].max(pos_of[b]);
                aa_owned[owner].push(AaEdge {
                    label: l,
                    from: a as u32,
                    to: b as u32,
                });
            }
        }

        // Largest multiplicity of a gold relation with a label leaving / entering a gold node.
        let mut out_max: HashMap<(u32, u32), u32> = HashMap::new();
        let mut in_max: HashMap<(u32, u32), u32> = HashMap::new();
        for (g, outs) in pool.gold_out.iter().enumerate() {
            for &(l, y, mult) in outs {
                let e = out_max.entry((g as u32, l)).or_insert(0);
                *e = (*e).max(mult);
                let e = in_max.entry((y, l)).or_insert(0);
                *e = (*e).max(mult);
            }
        }

        let mut cands = Vec::with_capacity(order.len());
        let mut star = Vec::with_capacity(order.len());
        for (p, &a) in order.iter().enumerate() {
            let c: Vec<u32> = pool.candidates_sorted[a].clone();
            let s: Vec<i64> = c
                .iter()
                .map(|&g| {
                    let mut s = pool.w0(a, g as usize) as i64;
                    for &(l, _) in &ab_edges[p] {
                        s += *out_max.get(&(g, l)).unwrap_or(&0) as i64;
                    }
                    for e in &aa_owned[p] {
                        s += if e.from == e.to {
                            pool.gold_count(e.label, g, g) as i64
                        } else if e.from as usize == a {
                            *out_max.get(&(g, e.label)).unwrap_or(&0) as i64
                        } else {
                            *in_max.get(&(g, e.label)).unwrap_or(&0) as i64
                        };
                    }
                    s
                })
                .collect();
            cands.push(c);
            star.push(s);
        }

        let mut a_cols: Vec<u32> = cands.iter().flatten().copied().collect();
        a_cols.sort_unstable();
        a_cols.dedup();
        let free_var_gold = var_gold.iter().filter(|&&v| v).count() as i64;
        Search {
            pool,
            order,
            cands,
            star,
            a_cols,
            ab_edges,
            aa_owned,
            bonus: vec![Vec::new(); b_nodes.len()],
            b_nodes,
            var_gold,
            decomposes,
            mapping: vec![-1; n1],
            gold_used: vec![false; n2],
            free_var_gold,
            hint: hint.to_vec(),
            fixed_value: 0,
            best: incumbent,
            cap,
            nodes: 0,
            max_nodes,
            aborted: false,
        }
    }

    /// Runs the search; true when the optimum is proven.
    fn run(&mut self) -> bool {
        if self.best >= self.cap {
            return true;
        }
        self.dfs(0);
        !self.aborted
    }

    /// Value of fixing `order[pos]` to `g` from its own triples and owned A–A relations.
    fn own_value(&self, pos: usize, g: u32) -> i64 {
        let a = self.order[pos];
        let mut v = self.pool.w0(a, g as usize) as i64;
        for e in &self.aa_owned[pos] {
            let m = |x: u32| {
                if x as usize == a {
                    g as i32
                } else {
                    self.mapping[x as usize]
                }
            };
            let (mf, mt) = (m(e.from), m(e.to));
            if mf >= 0 && mt >= 0 {
                v += self.pool.gold_count(e.label, mf as u32, mt as u32) as i64;
            }
        }
        v
    }

    fn assign(&mut self, pos: usize, g: i32) -> i64 {
        let a = self.order[pos];
        self.mapping[a] = g;
        if g < 0 {
            return 0;
        }
        let v = self.own_value(pos, g as u32);
        self.gold_used[g as usize] = true;
        if self.var_gold[g as usize] {
            self.free_var_gold -= 1;
        }
        for &(l, b) in &self.ab_edges[pos] {
            for &(l2, y, mult) in &self.pool.gold_out[g as usize] {
                if l2 == l {
                    let row = &mut self.bonus[b];
                    match row.iter_mut().find(|(k, _)| *k == y) {
                        Some(e) => e.1 += mult as i64,
                        None => row.push((y, mult as i64)),
                    }
                }
            }
        }
        self.fixed_value += v;
        v
    }

    fn unassign(&mut self, pos: usize, g: i32, v: i64) {
        let a = self.order[pos];
        self.mapping[a] = -1;
        if g < 0 {
            return;
        }
        self.gold_used[g as usize] = false;
        if self.var_gold[g as usize] {
            self.free_var_gold += 1;
        }
        for &(l, b) in &self.ab_edges[pos] {
            for &(l2, y, mult) in &self.pool.gold_out[g as usize] {
                if l2 == l {
                    let row = &mut self.bonus[b];
                    let k = row.iter().position(|(k, _)| *k == y).expect("added before");
                    row[k].1 -= mult as i64;
                    if row[k].1 == 0 {
                        row.swap_remove(k);
                    }
                }
            }
        }
        self.fixed_value -= v;
    }

    /// Σ over open A nodes of their best star on a free gold node.
    fn open_a_bound_quick(&self, from: usize) -> i64 {
        (from..self.order.len())
            .map(|p| {
                self.cands[p]
                    .iter()
                    .zip(&self.star[p])
                    .filter(|(g, _)| !self.gold_used[**g as usize])
                    .map(|(_, s)| *s)
                    .max()
                    .unwrap_or(0)
            })
            .sum()
    }

    /// Linear assignment of the open A nodes to free gold nodes with star weights.
    fn open_a_bound_lap(&self, from: usize) -> i64 {
        let rows = self.order.len() - from;
        let cols: Vec<u32> = self
            .a_cols
            .iter()
            .copied()
            .filter(|&g| !self.gold_used[g as usize])
            .collect();
        let nc = cols.len();
        let mut col_of = vec![usize::MAX; self.pool.n2];
        for (c, &g) in cols.iter().enumerate() {
            col_of[g as usize] = c;
        }
        let mut w = vec![0i64; rows * nc];
        for r in 0..rows {
            let p = from + r;
            for (&g, &s) in self.cands[p].iter().zip(&self.star[p]) {
                let c = col_of[g as usize];
                if c != usize::MAX {
                    w[r * nc + c] = s;
                }
            }
        }
        max_weight_assignment(rows, nc, |r, c| w[r * nc + c]).0
    }

    /// Quick bound on the B assignment: the own-triple part plus each row's best bonus.
    fn b_bound_quick(&self) -> i64 {
        let rows = self.b_nodes.len() as i64;
        let own = rows.min(self.free_var_gold);
        let bonus: i64 = self
            .bonus
            .iter()
            .map(|row| {
                row.iter()
                    .filter(|(g, _)| !self.gold_used[*g as usize])
                    .map(|e| e.1)
                    .max()
                    .unwrap_or(0)
            })
            .sum();
        own + bonus
    }

    /// The B assignment's value (exact when `decomposes`, else an upper bound)
    /// as `min(|B|, free vars)` + maximum-weight matching of the bonus graph.
    fn b_value_decomposed(&self) -> i64 {
        let rows = self.b_nodes.len() as i64;
        rows.min(self.free_var_gold) + self.bonus_matching()
    }

    /// Maximum-weight matching of the sparse bonus graph, per connected component.
    fn bonus_matching(&self) -> i64 {
        // Union-find over rows (0..R) and the gold columns met (R..).
        let r = self.bonus.len();
        let mut col_id = vec![usize::MAX; self.pool.n2];
        let mut ncols = 0;
        let mut edges: Vec<(usize, usize, i64)> = Vec::new();
        for (b, row) in self.bonus.iter().enumerate() {
            for &(g, w) in row {
                if w > 0 && !self.gold_used[g as usize] {
                    if col_id[g as usize] == usize::MAX {
                        col_id[g as usize] = ncols;
                        ncols += 1;
                    }
                    edges.push((b, col_id[g as usize], w));
                }
            }
        }
        if edges.is_empty() {
            return 0;
        }
        let mut parent: Vec<usize> = (0..r + ncols).collect();
        fn find(p: &mut [usize], mut x: usize) -> usize {
            while p[x] != x {
                p[x] = p[p[x]];
                x = p[x];
            }
            x
        }
        for &(b, c, _) in &edges {
            let (x, y) = (find(&mut parent, b), find(&mut parent, r + c));
            if x != y {
                parent[x] = y;
            }
        }
        let mut keyed: Vec<(usize, usize, usize, i64)> = edges
            .iter()
            .map(|&(b, c, w)| (find(&mut parent, b), b, c, w))
            .collect();
        keyed.sort_unstable();
        let mut sum = 0;
        let mut row_local = vec![usize::MAX; r];
        let mut col_local = vec![usize::MAX; ncols];
        for comp in keyed.chunk_by(|x, y| x.0 == y.0) {
            if comp.len() == 1 {
                sum += comp[0].3;
                continue;
            }
            let (mut nr, mut nc) = (0, 0);
            for &(_, b, c, _) in comp {
                if row_local[b] == usize::MAX {
                    row_local[b] = nr;
                    nr += 1;
                }
                if col_local[c] == usize::MAX {
                    col_local[c] = nc;
                    nc += 1;
                }
            }
            let mut w = vec![0i64; nr * nc];
            for &(_, b, c, x) in comp {
                w[row_local[b] * nc + col_local[c]] = x;
            }
            sum += max_weight_assignment(nr, nc, |i, j| w[i * nc + j]).0;
            for &(_, b, c, _) in comp {
                row_local[b] = usize::MAX;
                col_local[c] = usize::MAX;
            }
        }
        sum
    }

    /// Exact B assignment by a dense Hungarian (when the B part does not decompose).
    fn b_value_dense(&self) -> i64 {
        let cols: Vec<usize> = (0..self.pool.n2).filter(|&g| !self.gold_used[g]).collect();
        let nc = cols.len();
        let mut w = vec![0i64; self.b_nodes.len() * nc];
        for (r, &b) in self.b_nodes.iter().enumerate() {
            for (c, &g) in cols.iter().enumerate() {
                w[r * nc + c] = self.pool.w0(b, g) as i64;
            }
            for &(g, x) in &self.bonus[r] {
                if let Ok(c) = cols.binary_search(&(g as usize)) {
                    w[r * nc + c] += x;
                }
            }
        }
        max_weight_assignment(self.b_nodes.len(), nc, |i, j| w[i * nc + j]).0
    }

    /// Candidate values for `order[pos]`, most promising first, unmapped last.
    fn values(&self, pos: usize) -> Vec<i32> {
        let a = self.order[pos];
        let mut scored: Vec<(i64, u32)> = Vec::new();
        for &g in &self.cands[pos] {
            if self.gold_used[g as usize] {
                continue;
            }
            let mut est = self.own_value(pos, g);
            for &(l, b) in &self.ab_edges[pos] {
                let children = self.pool.gold_out[g as usize]
                    .iter()
                    .filter(|(l2, _, _)| *l2 == l);
                let row = &self.bonus[b];
                let mut hit = 0;
                for &(_, y, _) in children {
                    if row.is_empty() || row.iter().any(|(k, _)| *k == y) {
                        hit = 1;
                    }
                }
                est += hit;
            }
            scored.push((est, g));
        }
        // Best estimate first; among equals the heuristic's choice, then ascending.
        let h = self.hint[a];
        scored.sort_by(|x, y| {
            y.0.cmp(&x.0)
                .then((y.1 as i32 == h).cmp(&(x.1 as i32 == h)))
                .then(x.1.cmp(&y.1))
        });
        let mut out: Vec<i32> = scored.iter().map(|&(_, g)| g as i32).collect();
        out.push(-1);
        out
    }

    fn dfs(&mut self, pos: usize) {
        if self.aborted || self.best >= self.cap {
            return;
        }
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            self.aborted = true;
            return;
        }
        if pos == self.order.len() {
            let b = if self.decomposes {
                self.b_value_decomposed()
            } else {
                self.b_value_dense()
            };
            let total = self.fixed_value + b;
            if total > self.best {
                self.best = total;
            }
            return;
        }
        // Bound.
        let quick = self.fixed_value + self.open_a_bound_quick(pos) + self.b_bound_quick();
        if quick.min(self.cap) <= self.best {
            return;
        }
        let open_a = self.open_a_bound_lap(pos);
        let b = if self.decomposes {
            self.b_value_decomposed()
        } else {
            self.b_bound_quick()
        };
        if (self.fixed_value + open_a + b).min(self.cap) <= self.best {
            return;
        }
        for g in self.values(pos) {
            let v = self.assign(pos, g);
            self.dfs(pos + 1);
            self.unassign(pos, g, v);
            if self.aborted || self.best >= self.cap {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::smatch::hill_climb::SplitMix64;
    use crate::smatch::triples::get_meaning;

    /// Best match count over every one-to-one partial mapping.
    fn brute_force(t1: &Triples, t2: &Triples) -> u32 {
        let pool = Pool::new(t1, t2);
        fn go(pool: &Pool, i: usize, mapping: &mut Vec<i32>, used: &mut Vec<bool>) -> u32 {
            if i == pool.n1 {
                return pool.match_count(mapping);
            }
            let mut best = go(pool, i + 1, mapping, used);
            for g in 0..pool.n2 {
                if !used[g] {
                    used[g] = true;
                    mapping[i] = g as i32;
                    best = best.max(go(pool, i + 1, mapping, used));
                    mapping[i] = -1;
                    used[g] = false;
                }
            }
            best
        }
        go(&pool, 0, &mut vec![-1; pool.n1], &mut vec![false; pool.n2])
    }

    /// A random network string over a tiny vocabulary.
    fn random_network(rng: &mut SplitMix64, max_preds: usize, quirky: bool) -> String {
        let names = ["F", "G", "H"];
        let consts = ["X", "Y", "1", "1/2"];
        let vars = ["?A", "?B", "?C", "?D"];
        let n = rng.below(max_preds + 1);
        let mut parts = Vec::new();
        for _ in 0..n {
            let mut p = format!("({}", names[rng.below(names.len())]);
            for _ in 0..1 + rng.below(3) {
                p.push(' ');
                match rng.below(if quirky { 5 } else { 3 }) {
                    0 | 1 => p.push_str(vars[rng.below(vars.len())]),
                    2 => p.push_str(consts[rng.below(consts.len())]),
                    3 => p.push_str("(X Y)"),
                    _ => p.push_str("VAR"),
                }
            }
            p.push(')');
            parts.push(p);
        }
        if quirky && rng.below(3) == 0 {
            // A predicate named `?` whose key can collide with a variable.
            parts.push("(? ?A)".to_string());
            parts.push("(VAR ?3 X)".to_string());
        }
        parts.join(" ")
    }

    fn check_random(quirky: bool, cases: usize, seed: u64) {
        let mut rng = SplitMix64::new(seed);
        let mut checked = 0;
        while checked < cases {
            let s1 = random_network(&mut rng, 3, quirky);
            let s2 = random_network(&mut rng, 3, quirky);
            let (t1, t2) = (get_meaning(&s1), get_meaning(&s2));
            if t1.instances.len() > 6 || t2.instances.len() > 6 {
                continue;
            }
            checked += 1;
            let want = brute_force(&t1, &t2) as usize;
            let exact = smatch_exact_triples(&t1, &t2, &ExactLimits::default());
            assert!(exact.proven_optimal, "{s1} | {s2}");
            assert_eq!(exact.score.matches, want, "{s1} | {s2}");
            let heuristic = super::super::smatch_triples(&t1, &t2, &SmatchOptions::default());
            assert!(heuristic.matches <= exact.score.matches, "{s1} | {s2}");
        }
    }

    #[test]
    fn exact_equals_brute_force_on_small_networks() {
        check_random(false, 400, 7);
    }

    #[test]
    fn exact_equals_brute_force_with_list_and_name_quirks() {
        check_random(true, 400, 11);
    }

    #[test]
    fn exact_beats_a_stuck_hill_climb() {
        // The heuristic may stop early; the exact value never lies below it.
        let s1 = "(F ?A ?B) (F ?B ?C) (F ?C ?D) (G ?D X)";
        let s2 = "(F ?P ?Q) (F ?Q ?R) (G ?R X) (F ?R ?S)";
        let (t1, t2) = (get_meaning(s1), get_meaning(s2));
        let exact = smatch_exact_triples(&t1, &t2, &ExactLimits::default());
        assert!(exact.proven_optimal);
        assert_eq!(exact.score.matches as u32, brute_force(&t1, &t2));
    }
}
