//! Instances as chat-style JSON lines (system, user, assistant) that
//! fine-tuning tools read.

use serde_json::{json, Value};

use crate::tasks::{AnswerKind, Instance};

/// What the model is told before every question.
pub const SYSTEM: &str = "You follow recipes step by step and keep track of every ingredient, \
    container and appliance. Answer the question about the recipe with the answer only.";

/// The answer as a model should write it.
pub fn answer_text(i: &Instance) -> String {
    let list = |v: &Value| {
        v.as_array()
            .map(|a| {
                a.iter()
                    .map(|x| x.as_str().map_or_else(|| x.to_string(), str::to_string))
                    .collect::<Vec<_>>()
                    .join(", ")
            })
            .unwrap_or_default()
    };
    match i.answer_kind {
        AnswerKind::Set => list(&i.answer),
        AnswerKind::Range => format!("{} to {}", i.answer[0], i.answer[1]),
        AnswerKind::Described => match &i.answer {
            Value::Object(o) => list(&o["descriptions"]).replace(", ", "; "),
            rows => rows
                .as_array()
                .into_iter()
                .flatten()
                .map(|r| {
                    let side = |s: &str| {
                        r[s].as_array()
                            .into_iter()
                            .flatten()
                            .filter_map(|x| x["description"].as_str())
                            .collect::<Vec<_>>()
                            .join("; ")
                    };
                    format!("| {} | {} | {} |", r["step"], side("input"), side("output"))
                })
                .collect::<Vec<_>>()
                .join("\n"),
        },
        _ => match &i.answer {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        },
    }
}

/// What the model reads: the context, then the question.
pub fn user_text(i: &Instance) -> String {
    format!("{}\nQuestion: {}", i.context, i.question)
}

pub fn chat(i: &Instance) -> Value {
    json!({
        "messages": [
            {"role": "system", "content": SYSTEM},
            {"role": "user", "content": user_text(i)},
            {"role": "assistant", "content": answer_text(i)},
        ],
        "id": i.id,
        "task": i.task,
    })
}
