//! The NHK state-probing paper's own prompts (`sous probe --format nhk`):
//! its three tasks (step reference resolution, ingredient usage
//! prediction, ingredient tracing) worded as the paper words them, with the
//! answer as the paper expects it ("3", "True", "a, b"), and one
//! world-state record per step (the paper's fine-tuning prompt: "Please
//! describe the state of the ingredients after completing step N."). Each
//! record keeps the instance's id, task, answer kind and chance, so that
//! `sous probe score` scores answers to it.

use serde_json::{json, Value};

use crate::cooked::Cooked;
use crate::tasks::{recipe_parts, Instance, Task};

/// The recipe as the paper presents it.
fn recipe_prompt(title: &str, ingredients: &[String], steps: &[(usize, String)]) -> String {
    let mut s =
        format!("You are given the following cooking recipe.\nDish name: {title}\nIngredients:\n");
    for g in ingredients {
        s.push_str(&format!("- {g}\n"));
    }
    s.push_str("Instructions:\n");
    for (n, text) in steps {
        s.push_str(&format!("Step{n}: {text}\n"));
    }
    s
}

/// The NHK record of an instance of one of its three tasks, or `None` for
/// the other tasks.
pub fn record(c: &Cooked, i: &Instance) -> Option<Value> {
    let (title, ingredients, mut steps) = recipe_parts(c);
    let evidence = &i.evidence;
    let (task_text, answer) = match i.task {
        Task::StepReference => {
            // The masked step's text replaces the original.
            let tau = evidence["step"].as_u64()? as usize;
            let masked = i
                .context
                .lines()
                .find_map(|l| l.strip_prefix(&format!("{tau}. ")))?;
            if let Some(s) = steps.iter_mut().find(|(n, _)| *n == tau) {
                s.1 = masked.to_string();
            }
            (
                "<|mask|> in the cooking instructions stands for something an earlier step \
                 made.\nYour task is to identify the number of the step that made it and answer \
                 with a single integer (e.g., '1', '2', '3').\nDo not respond in any other format."
                    .to_string(),
                i.answer.to_string(),
            )
        }
        Task::IngredientUsage => (
            format!(
                "At the end of step {}, does the ingredient {} remain in its original state? \
                 Answer with True or False.\nDo not respond in any other format.",
                evidence["step"],
                crate::describe::words(evidence["ingredient"].as_str()?)
            ),
            if i.answer.as_bool()? { "True" } else { "False" }.to_string(),
        ),
        Task::IngredientTracing => {
            let state = i.context.split("The world state after step").nth(1)?;
            let items: Vec<&str> = state.lines().skip(1).filter(|l| !l.is_empty()).collect();
            let mut s = format!(
                "After completing step {}, the ingredients are as follows:\n",
                evidence["step"]
            );
            for item in items {
                s.push_str(&format!("- {item}\n"));
            }
            s.push_str(&format!(
                "Among these, select the item(s) that contain the ingredient {}, and answer \
                 using the corresponding letter(s) (e.g., 'a', 'b').\nDo not respond in any other \
                 format.\nIf there are multiple correct answers, separate them with commas (e.g., \
                 'a, b, c').",
                crate::describe::words(evidence["ingredient"].as_str()?)
            ));
            let letters: Vec<&str> = i
                .answer
                .as_array()?
                .iter()
                .filter_map(Value::as_str)
                .collect();
            (s, letters.join(", "))
        }
        _ => return None,
    };
    Some(json!({
        "id": i.id,
        "recipe_id": i.recipe_id,
        "task": i.task,
        "answer_kind": i.answer_kind,
        "chance": i.chance,
        "prompt": format!("{}\n{task_text}", recipe_prompt(&title, &ingredients, &steps)),
        "answer": answer,
    }))
}

/// One world-state record per numbered step: the paper's fine-tuning
/// prompt and the things that exist after the step, one per line.
pub fn world_states(c: &Cooked) -> Vec<Value> {
    let (title, ingredients, steps) = recipe_parts(c);
    let recipe = recipe_prompt(&title, &ingredients, &steps);
    c.numbered()
        .into_iter()
        .map(|s| {
            let n = crate::tasks::number(c, s);
            let state: Vec<String> = (0..c.objects.len())
                .filter(|&o| c.alive_after(o, s))
                .map(|o| format!("- {}", c.objects[o].description))
                .collect();
            json!({
                "recipe_id": c.recipe_id,
                "task": "world-state",
                "step": n,
                "prompt": format!(
                    "{recipe}\nPlease describe the state of the ingredients after completing step {n}."
                ),
                "answer": state.join("\n"),
            })
        })
        .collect()
}
