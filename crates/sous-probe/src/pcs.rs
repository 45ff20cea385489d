//! PizzaCommonSense's own format (`sous probe --format pcs`): each recipe
//! as a table of atomic rows, one cooking action each, with the
//! instruction, the action, and the input and output comestibles as short
//! names without amounts or tools ("[butter; white sugar]", "beaten
//! mixture", "NA" where there is none), and whether any of them is
//! implicit (not named in the instruction). The model reads the table with
//! the inputs and outputs masked (`<in>`, `<out>`, rows separated by
//! `<n>`, cells by `<s>`, as the paper serialises it) and writes them.
//! `sous probe score --format pcs` scores answers as the paper does: exact
//! match accuracy of the inputs, and ROUGE-L of inputs and outputs.

use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::{json, Value};

use crate::cooked::Cooked;
use crate::describe;

/// One atomic row.
#[derive(Debug, Clone, Serialize)]
pub struct Row {
    pub row: usize,
    /// The step's number (0: the ingredient lines).
    pub step: usize,
    pub instruction: String,
    pub action: String,
    pub input: String,
    pub output: String,
    /// An input or output the instruction does not name.
    pub implicit: bool,
}

/// A comestible's short name: what it is, with its states, no amounts.
pub fn short_name(e: &sous_kitchen::Entity) -> String {
    if e.is_a_name("ingredient") {
        return describe::what_it_is(e);
    }
    let mut names: Vec<String> = Vec::new();
    for item in e.contents_or_items() {
        if item.is_a_name("ingredient") {
            let n = short_name(item);
            if !names.contains(&n) {
                names.push(n);
            }
        }
    }
    cell(&names)
}

/// "NA", one name, or "[a; b]".
fn cell(names: &[String]) -> String {
    match names {
        [] => "NA".into(),
        [one] => one.clone(),
        many => format!("[{}]", many.join("; ")),
    }
}

/// The recipe's rows: for every instruction, each action that takes or
/// makes a comestible, in the order the kitchen ran them.
pub fn rows(c: &Cooked) -> Vec<Row> {
    let net = &c.execution.network;
    let mut out = Vec::new();
    for s in c.numbered() {
        let step = &c.steps[s];
        for &a in &step.actions {
            let side = |vars: &[usize]| -> Vec<usize> {
                vars.iter().filter_map(|&v| c.object_of(v)).collect()
            };
            let (ins, outs) = (side(&c.inputs[a]), side(&c.outputs[a]));
            if ins.is_empty() && outs.is_empty() {
                continue;
            }
            let names = |objs: &[usize]| {
                let mut v: Vec<String> = Vec::new();
                for &o in objs {
                    let n = short_name(&c.objects[o].value);
                    if !v.contains(&n) {
                        v.push(n);
                    }
                }
                cell(&v)
            };
            let named = |o: &usize| {
                crate::trace::names(&step.text, &describe::naming_words(&c.objects[*o].value))
            };
            out.push(Row {
                row: out.len() + 1,
                step: crate::tasks::number(c, s),
                instruction: step.text.clone(),
                action: net.actions[a].signature.name.to_string(),
                input: names(&ins),
                output: names(&outs),
                implicit: !ins.iter().chain(&outs).all(named),
            });
        }
    }
    out
}

/// The table with inputs and outputs masked, as the paper serialises it.
pub fn serialise(rows: &[Row]) -> String {
    rows.iter()
        .map(|r| format!("{} <s> <in> <s> {} <s> <out>", r.instruction, r.action))
        .collect::<Vec<_>>()
        .join(" <n> ")
}

/// The record of one recipe: its rows (the answer) and the masked table.
pub fn record(c: &Cooked) -> Value {
    let rows = rows(c);
    let content = serde_json::to_string(&rows).unwrap_or_default();
    let id = format!(
        "{}/pcs/{:016x}",
        c.recipe_id,
        crate::tasks::stable_hash(&[&c.recipe_id, "pcs", &content])
    );
    json!({
        "id": id,
        "recipe_id": c.recipe_id,
        "task": "pcs",
        "title": c.title,
        "table": serialise(&rows),
        "rows": rows,
    })
}

/// Scores of answers to PCS records.
#[derive(Debug, Default, Clone, Serialize)]
pub struct PcsScore {
    pub recipes: usize,
    pub rows: usize,
    /// Rows answered (a missing row counts as wrong and scores 0).
    pub answered: usize,
    /// Exact match accuracy of the input cells (case and spacing aside).
    pub input_ema: f64,
    pub input_rouge_l: f64,
    pub output_rouge_l: f64,
}

/// Scores `answers` (`{"id": …, "rows": [{"row": 1, "input": …, "output": …}]}`)
/// against `records`. Answers to ids the records lack are refused.
pub fn score(records: &[Value], answers: &[Value]) -> Result<PcsScore, crate::score::ScoreError> {
    let mut given: BTreeMap<&str, BTreeMap<u64, (&str, &str)>> = BTreeMap::new();
    for a in answers {
        let Some(id) = a["id"].as_str() else { continue };
        let rows = given.entry(id).or_default();
        for r in a["rows"].as_array().into_iter().flatten() {
            if let Some(n) = r["row"].as_u64() {
                rows.insert(
                    n,
                    (
                        r["input"].as_str().unwrap_or(""),
                        r["output"].as_str().unwrap_or(""),
                    ),
                );
            }
        }
    }
    let unknown: Vec<&&str> = given
        .keys()
        .filter(|id| !records.iter().any(|r| r["id"].as_str() == Some(**id)))
        .collect();
    if let Some(first) = unknown.first() {
        return Err(crate::score::ScoreError::UnknownIds {
            count: unknown.len(),
            answers: given.len(),
            first: first.to_string(),
        });
    }
    let mut s = PcsScore::default();
    let (mut ema, mut rin, mut rout) = (0.0, 0.0, 0.0);
    for rec in records {
        s.recipes += 1;
        let answer = rec["id"].as_str().and_then(|id| given.get(id));
        for r in rec["rows"].as_array().into_iter().flatten() {
            s.rows += 1;
            let Some(&(input, output)) = r["row"].as_u64().and_then(|n| answer?.get(&n)) else {
                continue;
            };
            s.answered += 1;
            let (ein, eout) = (
                r["input"].as_str().unwrap_or(""),
                r["output"].as_str().unwrap_or(""),
            );
            if normalise(ein) == normalise(input) {
                ema += 1.0;
            }
            rin += rouge_l(ein, input);
            rout += rouge_l(eout, output);
        }
    }
    if s.rows > 0 {
        let n = s.rows as f64;
        (s.input_ema, s.input_rouge_l, s.output_rouge_l) = (ema / n, rin / n, rout / n);
    }
    Ok(s)
}

fn normalise(s: &str) -> String {
    s.to_lowercase()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

fn tokens(s: &str) -> Vec<String> {
    s.to_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        .filter(|t| !t.is_empty())
        .map(str::to_string)
        .collect()
}

/// ROUGE-L F-measure of a candidate against one reference, as the
/// captioning evaluation kit the paper uses computes it (longest common
/// subsequence of tokens, β = 1.2).
pub fn rouge_l(reference: &str, candidate: &str) -> f64 {
    let (r, c) = (tokens(reference), tokens(candidate));
    if r.is_empty() || c.is_empty() {
        return if r.is_empty() && c.is_empty() {
            1.0
        } else {
            0.0
        };
    }
    let mut dp = vec![vec![0usize; c.len() + 1]; r.len() + 1];
    for i in 1..=r.len() {
        for j in 1..=c.len() {
            dp[i][j] = if r[i - 1] == c[j - 1] {
                dp[i - 1][j - 1] + 1
            } else {
                dp[i - 1][j].max(dp[i][j - 1])
            };
        }
    }
    let lcs = dp[r.len()][c.len()] as f64;
    if lcs == 0.0 {
        return 0.0;
    }
    let (p, rec) = (lcs / c.len() as f64, lcs / r.len() as f64);
    let beta2 = 1.2f64 * 1.2;
    (1.0 + beta2) * p * rec / (rec + beta2 * p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rouge_l_by_hand() {
        // LCS 2 of 3 reference and 2 candidate tokens: p 1, r 2/3.
        let f = rouge_l("beaten butter mixture", "butter mixture");
        let (p, r, b2) = (1.0, 2.0 / 3.0, 1.44);
        assert!((f - (1.0 + b2) * p * r / (r + b2 * p)).abs() < 1e-12);
        assert_eq!(rouge_l("a b", "a b"), 1.0);
        assert_eq!(rouge_l("a", "b"), 0.0);
    }
}
