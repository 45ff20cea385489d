//! Many recipes, up to `jobs` of them in flight at once (one thread each;
//! a recipe's own conversation stays in order), the results in the order
//! of the recipes given. Recipes the transcript already finished are not
//! asked again: their networks come from it (`--resume`).

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use super::transcript::{Finished, RecipeLog, Transcript};
use super::usage::Tally;
use super::{LlmAgent, LlmError, LlmUnderstood};
use crate::recipe_xml::RecipeText;
use crate::Understood;

/// What became of one recipe.
#[derive(Debug)]
pub struct RecipeRun {
    pub id: String,
    /// The network and its problems, or why the model could not be asked.
    pub outcome: Result<LlmUnderstood, LlmError>,
    /// Its requests and tokens (those of an error's conversation too).
    pub tally: Tally,
    /// Wall-clock seconds of its conversation.
    pub seconds: f64,
    /// Taken from the transcript of an earlier run, not asked again.
    pub resumed: bool,
}

impl RecipeRun {
    /// A recipe an earlier run finished.
    pub fn resumed(f: &Finished) -> Self {
        RecipeRun {
            id: f.recipe.clone(),
            outcome: Ok(LlmUnderstood {
                understood: Understood {
                    id: f.recipe.clone(),
                    actions: f.network.clone(),
                    trace: f.trace.clone(),
                },
                problems: f.problems.clone(),
            }),
            tally: f.tally,
            seconds: f.seconds,
            resumed: true,
        }
    }
}

/// A run over many recipes.
pub struct Batch<'a> {
    pub agent: &'a LlmAgent,
    /// Recipes in flight at once (at least one).
    pub jobs: usize,
    pub transcript: &'a Transcript,
    /// Recipes already finished, by id: not asked again.
    pub finished: &'a BTreeMap<String, Finished>,
}

impl Batch<'_> {
    /// Every recipe's run, in the order of `recipes`; `done` is told of each
    /// as it ends (from the thread that ran it).
    pub fn run(
        &self,
        recipes: &[RecipeText],
        done: &(dyn Fn(&RecipeRun) + Sync),
    ) -> Vec<RecipeRun> {
        let slots: Vec<Mutex<Option<RecipeRun>>> =
            recipes.iter().map(|_| Mutex::new(None)).collect();
        let mut to_ask = Vec::new();
        for (i, r) in recipes.iter().enumerate() {
            match self.finished.get(&r.id) {
                Some(f) => {
                    let run = RecipeRun::resumed(f);
                    done(&run);
                    *lock(&slots[i]) = Some(run);
                }
                None => to_ask.push(i),
            }
        }
        let next = AtomicUsize::new(0);
        let workers = self.jobs.clamp(1, to_ask.len().max(1));
        std::thread::scope(|scope| {
            for _ in 0..workers {
                scope.spawn(|| {
                    while let Some(&i) = to_ask.get(next.fetch_add(1, Ordering::Relaxed)) {
                        let run = self.ask(&recipes[i]);
                        done(&run);
                        *lock(&slots[i]) = Some(run);
                    }
                });
            }
        });
        slots
            .into_iter()
            .map(|s| {
                s.into_inner()
                    .unwrap_or_else(|p| p.into_inner())
                    .expect("every recipe was run")
            })
            .collect()
    }

    /// Asks the model for one recipe and records its `result` line.
    fn ask(&self, recipe: &RecipeText) -> RecipeRun {
        let started = Instant::now();
        let mut log = RecipeLog::new(self.transcript);
        let outcome = self.agent.understand_logged(recipe, &mut log);
        let seconds = started.elapsed().as_secs_f64();
        let outcome = outcome.and_then(|out| {
            self.transcript.finish(&Finished {
                recipe: recipe.id.clone(),
                model: self.agent.client.model.clone(),
                protocol: self.agent.config.protocol.name().to_string(),
                network: out.understood.actions.clone(),
                problems: out.problems.clone(),
                trace: out.understood.trace.clone(),
                tally: log.tally,
                seconds,
            })?;
            Ok(out)
        });
        RecipeRun {
            id: recipe.id.clone(),
            outcome,
            tally: log.tally,
            seconds,
            resumed: false,
        }
    }
}

/// The value behind a lock, even if a thread panicked holding it.
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}
