//! Recipe understanding: recipe text (the benchmark's XML) to networks of
//! the MUHAI Cooking Language that execute in the kitchen.
//!
//! Layers: `recipe_xml` reads the file, `quantity` and `ingredient_line`
//! read ingredient lines with the word knowledge of `lexicon`,
//! `instructions` splits instructions into clauses with the verbs of
//! `data/verbs.toml`, `habits` holds what cooks do without saying it
//! (`data/habits.toml`); all of it data, never code keyed to a recipe.
//! `baseline` builds the network action by action, executing it as it
//! goes, so that it never emits an action it has not executed.
//!
//! `llm` is the other agent: a language model behind any OpenAI-compatible
//! chat-completions endpoint, prompted from the project's own knowledge
//! (the primitive reference of `sous_sim::reference`, the kitchen's names
//! from `sous_kitchen::inventory`, gold networks as examples) and held to
//! the same checks as every network; its submodules are `llm::client`
//! (HTTP, time limit, retries, tool calls), `llm::prompt`, `llm::check`
//! (the network out of an answer, and its problems), `llm::repair` (ask,
//! check, feed the problems back), `llm::incremental` (one instruction at
//! a time, the kitchen shown before each), `llm::tools` (the primitives as
//! function tools, each call run at once), `llm::transcript` (every
//! exchange and result as JSONL, read back to resume), `llm::usage`
//! (tokens and cost) and `llm::batch` (many recipes in flight at once).

pub mod baseline;
pub mod clause_words;
pub mod habits;
pub mod ingredient_line;
pub mod instructions;
pub mod lexicon;
pub mod llm;
pub mod quantity;
pub mod recipe_xml;
pub mod words;

pub use baseline::{understand, Understood};
pub use recipe_xml::{parse_recipe, RecipeText, XmlError};
