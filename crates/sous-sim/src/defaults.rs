//! What a primitive binds to an optional argument left unbound: the data file
//! `data/defaults.toml`, embedded at build time and read once. Its entries are
//! checked against the primitives by `tests/defaults.rs`.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};
use sous_kitchen::Num;

/// The defaults table as written (`[primitive.argument]` entries).
pub const DEFAULTS_TOML: &str = include_str!("../data/defaults.toml");

/// The default of one optional argument: a description, and what it binds
/// when that does not depend on the situation (at most one of `class`,
/// `value`, `concept`; `holds` only with `class`).
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ArgumentDefault {
    /// What the primitive uses when the argument is left unbound.
    pub description: String,
    /// The class of the kitchen object bound (a tool, a container, an appliance).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub class: Option<String>,
    /// With `class`: the class of the first content of the container bound.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub holds: Option<String>,
    /// The number of the quantity bound.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<Num>,
    /// The class of the unit, arrangement pattern or heating mode bound.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub concept: Option<String>,
}

impl ArgumentDefault {
    /// Whether the entry says what is bound (otherwise it depends on the
    /// situation and only the description says how).
    pub fn is_structured(&self) -> bool {
        self.class.is_some() || self.value.is_some() || self.concept.is_some()
    }
}

/// Primitive name → argument name → default.
pub type Defaults = BTreeMap<String, BTreeMap<String, ArgumentDefault>>;

/// Every entry of `data/defaults.toml`.
pub fn argument_defaults() -> &'static Defaults {
    static TABLE: OnceLock<Defaults> = OnceLock::new();
    TABLE.get_or_init(|| {
        let table: Defaults =
            toml::from_str(DEFAULTS_TOML).expect("data/defaults.toml is valid");
        for (primitive, args) in &table {
            for (arg, d) in args {
                let kinds = [d.class.is_some(), d.value.is_some(), d.concept.is_some()];
                assert!(
                    kinds.iter().filter(|k| **k).count() <= 1,
                    "data/defaults.toml: {primitive}.{arg} has more than one of class, value, concept"
                );
                assert!(
                    d.holds.is_none() || d.class.is_some(),
                    "data/defaults.toml: {primitive}.{arg} has `holds` without `class`"
                );
            }
        }
        table
    })
}

/// What `primitive` binds to its optional argument `argument` when it is left
/// unbound; `None` for an argument that is not optional.
pub fn argument_default(primitive: &str, argument: &str) -> Option<&'static ArgumentDefault> {
    argument_defaults().get(primitive)?.get(argument)
}
