//! Which mass went where: the flows that pair every gram that arrived in a
//! holder with a gram that left one.

use sous_kitchen::Num;

use crate::inventory::{Inventory, PortionEntry};
use crate::world::{Portion, World};

/// Below this, a sink's unmet need is rounding (grams).
const SLIVER_G: f64 = 1e-3;

/// A mass movement the diff asks for.
#[derive(Debug, Clone)]
pub(super) struct Flow {
    /// Index into the world's portions.
    pub source: usize,
    pub grams: Num,
    /// Index into the after inventory's portions.
    pub sink: usize,
}

/// A test of whether a source may feed a sink in one pass of the planner.
pub(super) type Pass = dyn Fn(&Portion, &PortionEntry) -> bool;
/// Pairs every gram that arrived somewhere with a gram that left somewhere:
/// the same portion first (it moved), then what was already in the same
/// holder (a merge), then the same ingredient class, then anything.
pub(super) fn plan_flows(world: &World, inv: &Inventory) -> Vec<Flow> {
    let mut avail: Vec<Num> = world.portions.iter().map(|p| p.grams).collect();
    let mut need: Vec<Num> = inv.portions.iter().map(|p| p.grams).collect();
    // Portions that stay where they were keep what they have.
    for (s, p) in world.portions.iter().enumerate() {
        if let Some(k) = inv
            .portions
            .iter()
            .position(|e| e.pid == p.pid && e.holder == p.holder)
        {
            let keep = need[k].min(avail[s]);
            avail[s] -= keep;
            need[k] -= keep;
        }
    }
    let mut flows: Vec<Flow> = Vec::new();
    let passes: [&Pass; 4] = [
        &|p, e| p.pid == e.pid,
        &|p, e| p.holder == e.holder,
        &|p, e| {
            e.composition
                .iter()
                .any(|(c, _)| p.composition.iter().any(|(d, _)| c == d))
        },
        &|_, _| true,
    ];
    // Matter that left its holder altogether is the likeliest to have gone
    // somewhere: such sources are drawn on first (a stock and the portion
    // taken from it can share an identity).
    let mut sources: Vec<usize> = (0..world.portions.len()).collect();
    sources.sort_by_key(|&s| {
        let p = &world.portions[s];
        inv.portions
            .iter()
            .any(|e| e.pid == p.pid && e.holder == p.holder)
    });
    // Sinks whose mass is only a guess (egg shells, peel) are fed last: the
    // matter goes to the products whose mass the ontology knows.
    let known: Vec<usize> = (0..inv.portions.len())
        .filter(|&k| !inv.portions[k].estimated)
        .collect();
    let guessed: Vec<usize> = (0..inv.portions.len())
        .filter(|&k| inv.portions[k].estimated)
        .collect();
    for (pass, sinks) in passes
        .iter()
        .map(|p| (p, &known))
        .chain(passes.iter().map(|p| (p, &guessed)))
    {
        for &k in sinks {
            let e = &inv.portions[k];
            for &s in &sources {
                let p = &world.portions[s];
                // What a sink lacks below a milligram is rounding (amounts
                // in single floats), not matter to fetch from elsewhere.
                if need[k].to_f64() < SLIVER_G {
                    break;
                }
                if avail[s].is_zero() || avail[s] < Num::ZERO || !pass(p, e) {
                    continue;
                }
                let g = need[k].min(avail[s]);
                avail[s] -= g;
                need[k] -= g;
                // One flow per source and sink: a sliver left by float
                // amounts joins the flow before it, so no empty pour is made.
                match flows.last_mut() {
                    Some(f) if f.source == s && f.sink == k => f.grams += g,
                    _ => flows.push(Flow {
                        source: s,
                        grams: g,
                        sink: k,
                    }),
                }
            }
        }
    }
    flows
}
