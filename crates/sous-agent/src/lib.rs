//! Recipe understanding: recipe text (the benchmark's XML) to networks of
//! the MUHAI Cooking Language that execute in the kitchen.
//!
//! Layers: `recipe_xml` reads the file, `quantity` and `ingredient_line`
//! read ingredient lines with the word knowledge of `lexicon` (data files,
//! never code keyed to a recipe), and `baseline` builds the network action
//! by action, executing it as it goes, so that it never emits an action it
//! has not executed.
//!
//! Status (issue 10, in progress): ingredient lines are understood and
//! fetched; instructions are not yet turned into actions.

pub mod baseline;
pub mod ingredient_line;
pub mod instructions;
pub mod lexicon;
pub mod quantity;
pub mod recipe_xml;
pub mod words;

pub use baseline::{understand, Understood};
pub use recipe_xml::{parse_recipe, RecipeText, XmlError};
