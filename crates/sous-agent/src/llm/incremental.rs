//! `--incremental`: the network is built one step at a time (first the
//! ingredients, then one instruction a step). Before each step the model
//! sees the kitchen as that far of the network left it, so it can refer to
//! what is really there; a step that still fails after its repairs is left
//! out (and reported), and the next step starts from what ran.

use sous_kitchen::{describe, full_kitchen};

use super::client::Message;
use super::prompt;
use super::repair::Turn;
use super::{LlmAgent, LlmError, LlmUnderstood};
use crate::recipe_xml::RecipeText;
use crate::Understood;

impl LlmAgent {
    pub(super) fn incremental(
        &self,
        recipe: &RecipeText,
        mut messages: Vec<Message>,
        log: &mut super::transcript::RecipeLog<'_>,
    ) -> Result<LlmUnderstood, LlmError> {
        let initial = full_kitchen().0.root().clone();
        let mut lines: Vec<String> = Vec::new();
        let mut kitchen = String::new();
        let mut kitchen_variable = "?kitchen".to_string();
        let mut session = sous_sim::Session::new(&recipe.id, sous_sim::Options::default(), None);
        let mut trace = Vec::new();
        let mut problems = Vec::new();
        for step in 0..=recipe.instructions.len() {
            messages.push(Message::user(prompt::step(
                recipe,
                step,
                &kitchen,
                &kitchen_variable,
            )));
            let attempt = Turn {
                client: &self.client,
                log: &mut *log,
                recipe_id: &recipe.id,
                max_repairs: self.config.max_repairs,
                step: Some(step),
                base: &lines,
                base_session: &session,
            }
            .run(&mut messages)?;
            let what = match step {
                0 => "ingredients".to_string(),
                n => format!("instruction {n}"),
            };
            trace.extend(attempt.trace.iter().map(|t| format!("{what}: {t}")));
            if attempt.checked.is_ok() {
                // The step's lines join the session (they were checked on a copy).
                let _ = session.add_text(&attempt.new_lines.join("\n"));
                lines = attempt.checked.lines;
                if let Some(k) = &attempt.checked.kitchen {
                    kitchen = describe::changes(k, &initial);
                }
                if let Some(v) = attempt.checked.kitchen_variable {
                    kitchen_variable = v;
                }
            } else {
                let p = format!(
                    "{what} fails after {} repairs, its lines are left out: {}",
                    self.config.max_repairs,
                    attempt.checked.problems.join("; ")
                );
                trace.push(p.clone());
                problems.push(p);
            }
        }
        Ok(LlmUnderstood {
            understood: Understood {
                id: recipe.id.clone(),
                actions: lines,
                trace,
            },
            problems,
        })
    }
}
