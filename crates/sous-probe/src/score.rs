//! `sous probe score`: a model's answers against the instances' exact
//! answers: accuracy per task and overall (exact match), set F1 where the
//! answer is a set, and a confusion summary.

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;
use serde_json::Value;

use crate::tasks::AnswerKind;

#[derive(Debug, thiserror::Error)]
pub enum ScoreError {
    #[error("{file}:{line}: {message}")]
    Line {
        file: String,
        line: usize,
        message: String,
    },
}

/// Per task (and overall): how the answers fared.
#[derive(Debug, Default, Clone, Serialize)]
pub struct TaskScore {
    pub instances: usize,
    pub answered: usize,
    pub correct: usize,
    pub accuracy: f64,
    /// Mean set F1 over set-valued instances (`None` when the task has none).
    pub f1: Option<f64>,
    /// The mean chance rate of the task's instances.
    pub chance: f64,
    /// Exact, partly right (F1 > 0), wrong, missing; for true/false answers
    /// also the four cells (true-true, true-false, false-true, false-false:
    /// expected then given).
    pub confusion: BTreeMap<String, usize>,
    #[serde(skip)]
    f1_sum: f64,
    #[serde(skip)]
    f1_n: usize,
    #[serde(skip)]
    chance_sum: f64,
}

#[derive(Debug, Clone, Serialize)]
pub struct Scores {
    pub tasks: BTreeMap<String, TaskScore>,
    pub overall: TaskScore,
    /// Answers whose id is in no instance.
    pub unknown_ids: Vec<String>,
}

/// Reads JSON lines: each non-empty line one object.
pub fn read_jsonl(file: &str, text: &str) -> Result<Vec<Value>, ScoreError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let v: Value = serde_json::from_str(line).map_err(|e| ScoreError::Line {
            file: file.into(),
            line: i + 1,
            message: format!("not JSON: {e}"),
        })?;
        if !v.is_object() {
            return Err(ScoreError::Line {
                file: file.into(),
                line: i + 1,
                message: "expected a JSON object".into(),
            });
        }
        out.push(v);
    }
    Ok(out)
}

fn norm(s: &str) -> String {
    s.trim()
        .trim_end_matches('.')
        .to_lowercase()
        .replace(['_', ' '], "-")
}

/// Items of a set answer: a list, or a comma-separated string.
fn set_of(v: &Value) -> BTreeSet<String> {
    match v {
        Value::Array(a) => a.iter().map(|x| norm(&text_of(x))).collect(),
        Value::String(s) => s
            .split([',', ';'])
            .map(norm)
            .filter(|x| !x.is_empty())
            .collect(),
        Value::Object(o) if o.contains_key("ingredients") => set_of(&o["ingredients"]),
        other => [norm(&text_of(other))].into_iter().collect(),
    }
}

fn text_of(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

fn f1(expected: &BTreeSet<String>, given: &BTreeSet<String>) -> f64 {
    if expected.is_empty() && given.is_empty() {
        return 1.0;
    }
    let hit = expected.intersection(given).count() as f64;
    if hit == 0.0 {
        return 0.0;
    }
    let (p, r) = (hit / given.len() as f64, hit / expected.len() as f64);
    2.0 * p * r / (p + r)
}

fn integer(v: &Value) -> Option<i64> {
    match v {
        Value::Number(n) => n.as_i64().or_else(|| n.as_f64().map(|f| f.round() as i64)),
        Value::String(s) => s
            .split(|c: char| !c.is_ascii_digit() && c != '-')
            .find(|t| !t.is_empty() && t != &"-")
            .and_then(|t| t.parse().ok()),
        _ => None,
    }
}

fn boolean(v: &Value) -> Option<bool> {
    match v {
        Value::Bool(b) => Some(*b),
        Value::String(s) => match norm(s).as_str() {
            "true" | "yes" => Some(true),
            "false" | "no" => Some(false),
            _ => None,
        },
        _ => None,
    }
}

fn number(v: &Value) -> Option<f64> {
    match v {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => s
            .split(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-'))
            .find(|t| !t.is_empty())
            .and_then(|t| t.parse().ok()),
        _ => None,
    }
}

/// The ingredient sets of a described answer, keyed so that they can be
/// compared: `result` has one set; `input-output` one per step and side.
fn described_sets(v: &Value) -> BTreeSet<String> {
    match v {
        Value::Array(rows) if rows.iter().all(|r| r.get("step").is_some()) => {
            let mut out = BTreeSet::new();
            for r in rows {
                let step = text_of(&r["step"]);
                for side in ["input", "output"] {
                    for item in r[side].as_array().into_iter().flatten() {
                        for g in set_of(item) {
                            out.insert(format!("{step}/{side}/{g}"));
                        }
                    }
                }
            }
            out
        }
        other => set_of(other),
    }
}

/// (correct, f1 if set-valued) of one answer.
fn judge(kind: AnswerKind, expected: &Value, given: &Value) -> (bool, Option<f64>) {
    match kind {
        AnswerKind::Integer => (
            integer(given).is_some() && integer(given) == integer(expected),
            None,
        ),
        AnswerKind::Boolean => (
            boolean(given).is_some() && boolean(given) == boolean(expected),
            None,
        ),
        AnswerKind::Text => (norm(&text_of(given)) == norm(&text_of(expected)), None),
        AnswerKind::Number => {
            let (e, g) = (number(expected), number(given));
            let ok =
                matches!((e, g), (Some(e), Some(g)) if (e - g).abs() <= (1e-3 * e.abs()).max(0.01));
            (ok, None)
        }
        AnswerKind::Range => {
            let pair = |v: &Value| -> Option<(i64, i64)> {
                match v {
                    Value::Array(a) if a.len() == 2 => Some((integer(&a[0])?, integer(&a[1])?)),
                    Value::String(s) => {
                        let nums: Vec<i64> = s
                            .split(|c: char| !c.is_ascii_digit())
                            .filter_map(|t| t.parse().ok())
                            .collect();
                        (nums.len() == 2).then(|| (nums[0], nums[1]))
                    }
                    _ => None,
                }
            };
            (pair(given).is_some() && pair(given) == pair(expected), None)
        }
        AnswerKind::Set => {
            let (e, g) = (set_of(expected), set_of(given));
            (e == g, Some(f1(&e, &g)))
        }
        AnswerKind::Described => {
            let (e, g) = (described_sets(expected), described_sets(given));
            (e == g, Some(f1(&e, &g)))
        }
    }
}

impl TaskScore {
    fn add(
        &mut self,
        chance: f64,
        outcome: Option<(bool, Option<f64>)>,
        bools: Option<(bool, Option<bool>)>,
    ) {
        self.instances += 1;
        self.chance_sum += chance;
        let cell = match outcome {
            None => "missing",
            Some((true, _)) => "exact",
            Some((false, Some(f))) if f > 0.0 => "partial",
            Some(_) => "wrong",
        };
        *self.confusion.entry(cell.into()).or_default() += 1;
        if let Some((expected, Some(given))) = bools {
            *self
                .confusion
                .entry(format!("{expected}-{given}"))
                .or_default() += 1;
        }
        if let Some((ok, f)) = outcome {
            self.answered += 1;
            self.correct += usize::from(ok);
            if let Some(f) = f {
                self.f1_sum += f;
                self.f1_n += 1;
            }
        }
    }

    fn finish(&mut self) {
        self.accuracy = if self.instances == 0 {
            0.0
        } else {
            self.correct as f64 / self.instances as f64
        };
        self.f1 = (self.f1_n > 0).then(|| self.f1_sum / self.f1_n as f64);
        self.chance = if self.instances == 0 {
            0.0
        } else {
            self.chance_sum / self.instances as f64
        };
    }
}

/// Scores `answers` (objects with `id` and `answer`) against `instances`.
/// An instance without an answer counts as wrong.
pub fn score(instances: &[Value], answers: &[Value]) -> Scores {
    let mut given: BTreeMap<String, &Value> = BTreeMap::new();
    for a in answers {
        if let Some(id) = a.get("id").and_then(Value::as_str) {
            given.insert(id.to_string(), a.get("answer").unwrap_or(&Value::Null));
        }
    }
    let known: BTreeSet<&str> = instances.iter().filter_map(|i| i["id"].as_str()).collect();
    let unknown_ids = given
        .keys()
        .filter(|id| !known.contains(id.as_str()))
        .cloned()
        .collect();
    let mut tasks: BTreeMap<String, TaskScore> = BTreeMap::new();
    let mut overall = TaskScore::default();
    for inst in instances {
        let task = inst["task"].as_str().unwrap_or("?").to_string();
        let kind: AnswerKind =
            serde_json::from_value(inst["answer_kind"].clone()).unwrap_or(AnswerKind::Text);
        let chance = inst["chance"].as_f64().unwrap_or(0.0);
        let answer = inst["id"].as_str().and_then(|id| given.get(id)).copied();
        let outcome = answer
            .filter(|a| !a.is_null())
            .map(|a| judge(kind, &inst["answer"], a));
        let bools = (kind == AnswerKind::Boolean).then(|| {
            (
                boolean(&inst["answer"]).unwrap_or(false),
                answer.and_then(boolean),
            )
        });
        tasks.entry(task).or_default().add(chance, outcome, bools);
        overall.add(chance, outcome, bools);
    }
    for t in tasks.values_mut() {
        t.finish();
    }
    overall.finish();
    Scores {
        tasks,
        overall,
        unknown_ids,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn answers_are_read_leniently_and_judged_exactly() {
        assert_eq!(
            judge(AnswerKind::Integer, &json!(3), &json!("step 3")),
            (true, None)
        );
        assert_eq!(
            judge(AnswerKind::Boolean, &json!(false), &json!("No")),
            (true, None)
        );
        assert_eq!(
            judge(AnswerKind::Set, &json!(["a", "c"]), &json!("c, a")),
            (true, Some(1.0))
        );
        let (ok, f) = judge(AnswerKind::Set, &json!(["a", "c"]), &json!(["a"]));
        assert!(!ok && (f.unwrap() - 2.0 / 3.0).abs() < 1e-12);
        assert_eq!(
            judge(AnswerKind::Number, &json!(230.0), &json!("230 g")),
            (true, None)
        );
        assert_eq!(
            judge(AnswerKind::Range, &json!([0, 3]), &json!("from 0 to 3")),
            (true, None)
        );
        assert_eq!(
            judge(
                AnswerKind::Text,
                &json!("counter-top"),
                &json!("Counter top")
            ),
            (true, None)
        );
    }

    #[test]
    fn scores_per_task_with_a_confusion_summary() {
        let instances = vec![
            json!({"id": "r/u/1", "task": "ingredient-usage", "answer": true, "answer_kind": "boolean", "chance": 0.5}),
            json!({"id": "r/u/2", "task": "ingredient-usage", "answer": false, "answer_kind": "boolean", "chance": 0.5}),
            json!({"id": "r/t/1", "task": "ingredient-tracing", "answer": ["a", "b"], "answer_kind": "set", "chance": 0.25}),
        ];
        let answers = vec![
            json!({"id": "r/u/1", "answer": true}),
            json!({"id": "r/u/2", "answer": true}),
            json!({"id": "r/t/1", "answer": ["a"]}),
            json!({"id": "nope", "answer": 1}),
        ];
        let s = score(&instances, &answers);
        let usage = &s.tasks["ingredient-usage"];
        assert_eq!((usage.correct, usage.instances), (1, 2));
        assert_eq!(usage.confusion["false-true"], 1);
        let tracing = &s.tasks["ingredient-tracing"];
        assert_eq!(tracing.confusion["partial"], 1);
        assert_eq!(s.overall.instances, 3);
        assert_eq!(s.unknown_ids, ["nope"]);
    }
}
