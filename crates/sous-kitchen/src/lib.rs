//! The kitchen: ontology, entities and immutable kitchen-state snapshots.
//!
//! The [`Ontology`] (classes, is-a hierarchy, slot defaults, unit conversions)
//! and the initial [`full_kitchen`] are data files embedded at build time
//! (`data/ontology.toml`, `data/full-kitchen.toml`). Entities are typed
//! feature structures shared through `Arc`: a [`KitchenState`] is a cheap
//! snapshot, and changing one object copies only the path from the kitchen
//! root to it (copy-on-write), so every earlier state stays readable.
//!
//! It sits on `sous-lang` (whose [`Vocabulary`](sous_lang::Vocabulary) the
//! ontology implements) and under `sous-sim`, whose primitives change
//! kitchen states, and `sous-eval`, which compares the objects they hold.
//! Its JSON views ([`EntityView`]) are what the CLI, the HTTP API and the
//! Python package show of entities.
//!
//! # Entry points
//!
//! - [`KitchenState`]: one snapshot, with the searches primitives use;
//! - [`Entity`] and [`EntityRef`]: an object, its class and its slots;
//!   [`EntityList`]: the lists of them that kitchen states share in chunks;
//! - [`Ontology::get`]: the classes and slots; [`full_kitchen`]: where every
//!   run starts; [`Num`]: amounts as the reference's Lisp computes them.
//!
//! # Example
//!
//! Run the first of the example recipes that ship with sous, look at the
//! kitchen it leaves, and score it with the layers above:
//!
//! ```
//! use sous_eval::{evaluate_text, source::load_text, Metric, MetricSet, Options};
//!
//! let demo = load_text("demo.solution".into(), include_str!("../../sous-cli/demo/demo.solution").into());
//! let (salad, problems) = &demo.recipes[0]; // parsed and validated
//! assert!(problems.is_empty());
//! let run = sous_sim::execute(salad);
//! // Every variable is bound to an entity of the kitchen state it was made in.
//! let bowl = &run.binding("?salad").expect("mingle binds it").value;
//! assert_eq!(bowl.class_name(), "large-bowl");
//! let mixture = bowl.contents().first().expect("the bowl holds the salad");
//! assert!(mixture.is_a(sous_kitchen::Ontology::get().known().heterogeneous_mixture));
//! println!("{}", sous_kitchen::describe::summary(mixture));
//!
//! // No gold network exists for it: scored against itself, it is perfect.
//! let options = Options { metrics: MetricSet::ALL, ..Options::default() };
//! let report = evaluate_text(demo.recipe_text(0), demo.recipe_text(0), &options)?;
//! assert_eq!(report.value(Metric::DishApproximationScore), Some(1.0));
//! # Ok::<(), sous_eval::source::NotOneNetwork>(())
//! ```

#![warn(missing_docs)]

pub mod describe;
mod entity;
mod full_kitchen;
mod ids;
pub mod inventory;
mod json;
mod kitchen_state;
mod known;
pub mod list;
mod num;
mod ontology;
pub mod slot;
mod subtree;
mod units;
mod value;

pub use entity::{Entity, EntityRef};
pub use full_kitchen::{full_kitchen, kitchen_place_count, FULL_KITCHEN_TOML};
pub use ids::{IdGen, Pid};
pub use json::{
    entity_json, entity_json_compact, entity_json_with, num_json, number_json, pid_string,
    same_but_ids, value_json, EntityRefView, EntityView, JsonNumber, PidName, ShallowEntityView,
    ValueView,
};
pub use kitchen_state::{KitchenState, Place};
pub use known::Known;
pub use list::EntityList;
pub use num::Num;
pub use ontology::{ClassId, Ontology, OntologyError, SlotId, ONTOLOGY_TOML};
pub use units::{convert_to_g, grams_of, ConversionError, UNITS_TOML};
pub use value::{Amount, Value};
