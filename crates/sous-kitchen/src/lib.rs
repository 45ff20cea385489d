//! The kitchen: ontology, entities and immutable kitchen-state snapshots.
//!
//! The [`Ontology`] (classes, is-a hierarchy, slot defaults, unit conversions)
//! and the initial [`full_kitchen`] are data files embedded at build time
//! (`data/ontology.toml`, `data/full-kitchen.toml`). Entities are typed
//! feature structures shared through `Arc`: a [`KitchenState`] is a cheap
//! snapshot, and changing one object copies only the path from the kitchen
//! root to it (copy-on-write), so every earlier state stays readable.

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
