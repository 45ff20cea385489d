//! `input-output` (PizzaCommonSense): the recipe as a table of steps with
//! the instruction and the action, input and output masked. The answer
//! gives, per step, the generated descriptions and the sets of base
//! ingredients under them, so a scorer can compare either. A step's input
//! is what earlier steps made and it takes, and what it weighs out itself
//! (the water a step boils potatoes in). One instance per recipe; no
//! chance rate (free text).

use serde_json::json;

use super::{AnswerKind, Draft};
use crate::cooked::Cooked;

pub fn candidates(c: &Cooked) -> Vec<Draft> {
    let net = &c.execution.network;
    let mut table =
        String::from("| step | instruction | input | action | output |\n|---|---|---|---|---|\n");
    let mut rows = Vec::new();
    for s in c.numbered() {
        let mut actions: Vec<&str> = Vec::new();
        for &a in &c.steps[s].actions {
            let name = net.actions[a].signature.name;
            if !actions.contains(&name) {
                actions.push(name);
            }
        }
        let n = c.steps[s].number.unwrap_or(0);
        table.push_str(&format!(
            "| {n} | {} | <input> | {} | <output> |\n",
            c.steps[s].text,
            actions.join(", ")
        ));
        let side = |objects: Vec<usize>| {
            objects
                .into_iter()
                .map(|o| {
                    json!({
                        "description": c.objects[o].description,
                        "ingredients": c.objects[o].ingredients.clone(),
                    })
                })
                .collect::<Vec<_>>()
        };
        rows.push(json!({
            "step": n,
            "input": side(c.step_ingredients_in(s)),
            "output": side(c.step_outputs(s)),
        }));
    }
    vec![Draft {
        question: "Fill in the table: for each step, the comestibles that go in (<input>) \
                   and the ones that come out (<output>), including ones the text does not name."
            .into(),
        context: None,
        extra_context: Some(table),
        answer: json!(rows),
        kind: AnswerKind::Described,
        chance: 0.0,
        evidence: json!({ "steps": c.numbered().len(), "annotated": c.annotated }),
    }]
}
