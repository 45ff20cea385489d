//! `ordering` (R2VQ event ordering): was step A done before step B? The
//! answer comes from the simulated times in the corrected kitchen, where
//! every action waits for its inputs (A ends no later than B starts).
//! Only what the recipe fixes is asked:
//!
//! - where one step takes (through any steps between) what the other made,
//!   the data flow fixes the order, whatever runs in the background;
//! - otherwise only two steps neither of which overlaps another step in
//!   time: a cook does those one after the other. A step that runs while
//!   others are done (preheating, softening butter, baking while the icing
//!   is made) finishes when the kitchen's schedule says, which no text
//!   fixes: such pairs are left out.
//!
//! A step starts when its work on food starts: fetching the wire rack while
//! the cookies bake does not start "Cool on a wire rack". Where step B
//! takes what step A made but starts on other food before A ends (sifting
//! the sugar while the cookies cool, before "dip them when cooled"), the
//! clock and the recipe disagree on what "before" means: such pairs are
//! left out. Balanced: as many true as false instances. Chance: 1/2.

use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use serde_json::json;

use super::{number, step_name, AnswerKind, Draft};
use crate::cooked::Cooked;

pub fn candidates(c: &Cooked, rng: &mut ChaCha8Rng) -> Vec<Draft> {
    let trace = c.trace();
    let steps = c.numbered();
    let after = downstream(c);
    let overlapping: Vec<bool> = (0..c.steps.len()).map(|s| overlaps(c, s)).collect();
    let (mut yes, mut no) = (Vec::new(), Vec::new());
    for &a in &steps {
        for &b in &steps {
            if a == b {
                continue;
            }
            let linked = after[a].contains(&b) || after[b].contains(&a);
            if !linked && (overlapping[a] || overlapping[b]) {
                continue;
            }
            let (Some(end_a), Some(start_b)) = (trace.steps[a].end, food_start(c, b)) else {
                continue;
            };
            let feeds = c.step_inputs(b).iter().any(|&o| c.objects[o].made_in == a);
            if end_a <= start_b {
                yes.push((a, b, end_a, start_b));
            } else if feeds {
                continue;
            } else {
                no.push((a, b, end_a, start_b));
            }
        }
    }
    yes.shuffle(rng);
    no.shuffle(rng);
    let n = yes.len().min(no.len());
    let mut pairs: Vec<(usize, usize, f64, f64, bool)> = yes[..n]
        .iter()
        .map(|&(a, b, e, s)| (a, b, e, s, true))
        .chain(no[..n].iter().map(|&(a, b, e, s)| (a, b, e, s, false)))
        .collect();
    pairs.sort_by_key(|p| (number(c, p.0), number(c, p.1)));
    pairs
        .into_iter()
        .map(|(a, b, end_a, start_b, before)| Draft {
            question: format!(
                "Was {} finished before {} started? Answer true or false.",
                step_name(c, a),
                step_name(c, b)
            ),
            context: None,
            extra_context: None,
            answer: json!(before),
            kind: AnswerKind::Boolean,
            chance: 0.5,
            evidence: json!({
                "a": number(c, a),
                "b": number(c, b),
                "a_ends": end_a,
                "b_starts": start_b,
            }),
        })
        .collect()
}

/// When step `s` starts working on food: the earliest start of its actions
/// that take a comestible, else of any of its actions.
fn food_start(c: &Cooked, s: usize) -> Option<f64> {
    let start = |a: &usize| c.executed_at[*a].map(|p| c.execution.steps[p].start);
    let on_food = c.steps[s]
        .actions
        .iter()
        .filter(|a| c.inputs[**a].iter().any(|&v| c.object_of(v).is_some()))
        .filter_map(start)
        .reduce(f64::min);
    on_food.or_else(|| c.steps[s].actions.iter().filter_map(start).reduce(f64::min))
}

/// For each step, the steps that take (through any steps between) what it
/// made.
fn downstream(c: &Cooked) -> Vec<Vec<usize>> {
    let n = c.steps.len();
    let mut direct: Vec<Vec<usize>> = vec![Vec::new(); n];
    for b in 0..n {
        for o in c.step_inputs(b) {
            let a = c.objects[o].made_in;
            if a != b && !direct[a].contains(&b) {
                direct[a].push(b);
            }
        }
    }
    (0..n)
        .map(|a| {
            let mut seen = vec![false; n];
            let mut next = direct[a].clone();
            let mut out = Vec::new();
            while let Some(s) = next.pop() {
                if std::mem::replace(&mut seen[s], true) {
                    continue;
                }
                out.push(s);
                next.extend(direct[s].iter().copied());
            }
            out
        })
        .collect()
}

/// Whether an action of step `s` runs while an action of another step
/// does: then the step ends when the schedule says, not the text.
fn overlaps(c: &Cooked, s: usize) -> bool {
    let span =
        |a: usize| c.executed_at[a].map(|p| (c.execution.steps[p].start, c.execution.steps[p].end));
    let mine: Vec<(f64, f64)> = c.steps[s].actions.iter().filter_map(|&a| span(a)).collect();
    c.steps
        .iter()
        .enumerate()
        .filter(|(o, _)| *o != s)
        .flat_map(|(_, step)| step.actions.iter().filter_map(|&a| span(a)))
        .any(|(start, end)| mine.iter().any(|&(s0, e0)| start < e0 && s0 < end))
}
