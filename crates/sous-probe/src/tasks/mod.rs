//! Probing tasks with exact answers, generated from an executed network.
//! One module per task; each lists every instance it can make for a
//! recipe, and [`generate`] samples from them with a seed, so the output
//! is the same for the same seed whatever the thread count.

mod amount;
mod habitat;
mod implicit_tool;
pub(crate) mod ingredient_tracing;
mod ingredient_usage;
mod input_output;
mod lifespan;
mod ordering;
mod result;
mod step_reference;

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use serde_json::Value;

use crate::cooked::{Cooked, StepKind};

/// A probing task.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Task {
    StepReference,
    IngredientUsage,
    IngredientTracing,
    InputOutput,
    ImplicitTool,
    Habitat,
    Result,
    Amount,
    Ordering,
    Lifespan,
}

/// How an answer is compared (`score.rs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AnswerKind {
    Integer,
    Boolean,
    /// A set of labels or names: exact match and set F1.
    Set,
    /// A number, right to 0.01 (relative 1e-3).
    Number,
    /// Two step numbers, from and to.
    Range,
    /// Free text with an underlying set of base ingredients: the set is scored.
    Described,
    /// A name, compared case-insensitively.
    Text,
}

impl Task {
    pub const ALL: [Task; 10] = [
        Task::StepReference,
        Task::IngredientUsage,
        Task::IngredientTracing,
        Task::InputOutput,
        Task::ImplicitTool,
        Task::Habitat,
        Task::Result,
        Task::Amount,
        Task::Ordering,
        Task::Lifespan,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Task::StepReference => "step-reference",
            Task::IngredientUsage => "ingredient-usage",
            Task::IngredientTracing => "ingredient-tracing",
            Task::InputOutput => "input-output",
            Task::ImplicitTool => "implicit-tool",
            Task::Habitat => "habitat",
            Task::Result => "result",
            Task::Amount => "amount",
            Task::Ordering => "ordering",
            Task::Lifespan => "lifespan",
        }
    }

    pub fn parse(name: &str) -> Option<Task> {
        Task::ALL.into_iter().find(|t| t.name() == name)
    }

    fn candidates(self, c: &Cooked, rng: &mut ChaCha8Rng) -> Vec<Draft> {
        match self {
            Task::StepReference => step_reference::candidates(c),
            Task::IngredientUsage => ingredient_usage::candidates(c, rng),
            Task::IngredientTracing => ingredient_tracing::candidates(c, rng),
            Task::InputOutput => input_output::candidates(c),
            Task::ImplicitTool => implicit_tool::candidates(c),
            Task::Habitat => habitat::candidates(c),
            Task::Result => result::candidates(c),
            Task::Amount => amount::candidates(c),
            Task::Ordering => ordering::candidates(c, rng),
            Task::Lifespan => lifespan::candidates(c),
        }
    }
}

/// One task instance: a question with its exact answer and where the
/// answer comes from.
#[derive(Debug, Clone, Serialize)]
pub struct Instance {
    pub task: Task,
    pub recipe_id: String,
    /// `<recipe>/<task>/<hash>`: the hash is of the instance's content
    /// (recipe, task, question, context, answer), so an instance keeps its
    /// id whatever the seed, the cap or the other instances.
    pub id: String,
    /// What the steps are: the recipe's `sentences`, or, where no
    /// annotation cut the network, its `actions` one by one.
    pub steps: Steps,
    pub question: String,
    /// What a model reads before the question: the recipe (title,
    /// ingredient lines, numbered steps), and for some tasks a world state.
    pub context: String,
    pub answer: Value,
    pub answer_kind: AnswerKind,
    /// The probability of answering right by guessing, as the NHK paper
    /// computes it (0 for free answers).
    pub chance: f64,
    /// The steps and objects the answer was derived from.
    pub evidence: Value,
}

/// What an instance's steps are.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Steps {
    Sentences,
    Actions,
}

/// An instance before it gets its id and the recipe's context.
pub(crate) struct Draft {
    pub question: String,
    /// Replaces the recipe context (e.g. with a masked step), if set.
    pub context: Option<String>,
    /// Added after the recipe context (e.g. a world state).
    pub extra_context: Option<String>,
    pub answer: Value,
    pub kind: AnswerKind,
    pub chance: f64,
    pub evidence: Value,
}

/// The recipe as a model reads it: title, ingredient lines, numbered steps.
/// `replace` swaps one step's text (by index into `steps`).
pub(crate) fn recipe_context(c: &Cooked, replace: Option<(usize, &str)>) -> String {
    let mut s = format!("Recipe: {}\n", c.title);
    let text = |i: usize| match replace {
        Some((j, t)) if i == j => t.to_string(),
        _ => c.steps[i].text.clone(),
    };
    let ingredients: Vec<usize> = (0..c.steps.len())
        .filter(|&i| c.steps[i].kind == StepKind::Ingredient)
        .collect();
    if !ingredients.is_empty() {
        s.push_str("\nIngredients:\n");
        for i in ingredients {
            s.push_str(&format!("- {}\n", text(i)));
        }
    }
    s.push_str(if c.annotated {
        "\nSteps:\n"
    } else {
        "\nSteps (one action each):\n"
    });
    for i in c.numbered() {
        s.push_str(&format!(
            "{}. {}\n",
            c.steps[i].number.unwrap_or(0),
            text(i)
        ));
    }
    s
}

/// The recipe's title, ingredient lines and numbered steps (number, text).
pub fn recipe_parts(c: &Cooked) -> (String, Vec<String>, Vec<(usize, String)>) {
    let ingredients = (0..c.steps.len())
        .filter(|&i| c.steps[i].kind == StepKind::Ingredient)
        .map(|i| c.steps[i].text.clone())
        .collect();
    let steps = c
        .numbered()
        .into_iter()
        .map(|i| (c.steps[i].number.unwrap_or(0), c.steps[i].text.clone()))
        .collect();
    (c.title.clone(), ingredients, steps)
}

/// "step 3 (\"Mix thoroughly.\")".
pub(crate) fn step_name(c: &Cooked, s: usize) -> String {
    match c.steps[s].number {
        Some(n) => format!("step {n} (\"{}\")", c.steps[s].text),
        None => format!("the ingredient line \"{}\"", c.steps[s].text),
    }
}

/// A step's number; ingredient lines count as step 0 (before step 1).
pub fn number(c: &Cooked, s: usize) -> usize {
    c.steps[s].number.unwrap_or(0)
}

/// A stable 64-bit hash of strings (FNV-1a), for per-recipe seeds and ids.
pub(crate) fn stable_hash(parts: &[&str]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for p in parts {
        for b in p.bytes().chain([0xff]) {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    h
}

/// The instances of `task` for one recipe: every candidate, or at most
/// `max` of them drawn with `seed`. No shortcut filter: that needs every
/// recipe ([`crate::probe_all`], [`crate::baselines::without_shortcuts`]).
pub fn generate(c: &Cooked, task: Task, seed: u64, max: Option<usize>) -> Vec<Instance> {
    let (all, mut rng) = every_instance(c, task, seed);
    sample(all, max, &mut rng)
}

/// Every instance of `task` for one recipe, and the random stream that
/// drew them (the sampling goes on with it).
pub(crate) fn every_instance(c: &Cooked, task: Task, seed: u64) -> (Vec<Instance>, ChaCha8Rng) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ stable_hash(&[&c.recipe_id, task.name()]));
    let drafts = task.candidates(c, &mut rng);
    let base = recipe_context(c, None);
    let mut seen = std::collections::BTreeSet::new();
    let list = drafts
        .into_iter()
        .filter_map(|d| {
            let mut context = d.context.unwrap_or_else(|| base.clone());
            if let Some(extra) = d.extra_context {
                context.push('\n');
                context.push_str(&extra);
            }
            let id = instance_id(&c.recipe_id, task, &d.question, &context, &d.answer);
            // The same question twice is one instance.
            if !seen.insert(id.clone()) {
                return None;
            }
            Some(Instance {
                task,
                recipe_id: c.recipe_id.clone(),
                id,
                steps: if c.annotated {
                    Steps::Sentences
                } else {
                    Steps::Actions
                },
                question: d.question,
                context,
                answer: d.answer,
                answer_kind: d.kind,
                chance: d.chance,
                evidence: d.evidence,
            })
        })
        .collect::<Vec<Instance>>();
    // The same question about the same text with two answers is ill-posed
    // (two portions of salt described alike): neither is asked.
    let mut answers: std::collections::BTreeMap<(&str, &str), std::collections::BTreeSet<String>> =
        std::collections::BTreeMap::new();
    for i in &list {
        answers
            .entry((&i.question, &i.context))
            .or_default()
            .insert(i.answer.to_string());
    }
    let ambiguous: std::collections::BTreeSet<(String, String)> = answers
        .into_iter()
        .filter(|(_, a)| a.len() > 1)
        .map(|((q, c), _)| (q.to_string(), c.to_string()))
        .collect();
    let list = list
        .into_iter()
        .filter(|i| !ambiguous.contains(&(i.question.clone(), i.context.clone())))
        .collect();
    (list, rng)
}

/// At most `max` of `list`, drawn with `rng`, in their order.
pub(crate) fn sample(
    mut list: Vec<Instance>,
    max: Option<usize>,
    rng: &mut ChaCha8Rng,
) -> Vec<Instance> {
    let Some(max) = max else { return list };
    if list.len() <= max {
        return list;
    }
    let mut picked: Vec<usize> = (0..list.len()).collect();
    picked.shuffle(rng);
    picked.truncate(max);
    let mut keep = vec![false; list.len()];
    for i in picked {
        keep[i] = true;
    }
    let mut i = 0;
    list.retain(|_| {
        i += 1;
        keep[i - 1]
    });
    list
}

/// `<recipe>/<task>/<16 hex digits>`, from the instance's content.
pub fn instance_id(
    recipe: &str,
    task: Task,
    question: &str,
    context: &str,
    answer: &Value,
) -> String {
    let answer = answer.to_string();
    let h = stable_hash(&[recipe, task.name(), question, context, &answer]);
    format!("{recipe}/{}/{h:016x}", task.name())
}

/// The first numbered step at which an object holding `g` is taken in,
/// with every numbered step (as indices into `steps`).
pub(crate) fn first_use(c: &Cooked, g: &str) -> Option<usize> {
    c.numbered().into_iter().find(|&s| {
        c.step_inputs(s)
            .iter()
            .any(|&o| c.objects[o].ingredients.clone().iter().any(|n| n == g))
    })
}
