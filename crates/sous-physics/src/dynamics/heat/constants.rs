//! The heat law's constants, read from `data/heat.toml` (embedded): every
//! number the law uses, with its unit in its name and its source beside it
//! in the file. No constant of the law lives in code.

#![allow(missing_docs)] // the fields are the keys of the TOML file, documented there

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::Deserialize;
use sous_kitchen::{ClassId, Ontology};

use crate::layout::nearest;

/// The heat law's constants, as compiled into the crate.
pub const HEAT_TOML: &str = include_str!("../../../data/heat.toml");

/// The heat law's constants (`data/heat.toml`).
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Heat {
    /// The kitchen's air (°C): what things left standing drift toward.
    pub room_c: f64,
    /// Specific heat of food components (kJ/kg·K), Choi–Okos.
    pub component_specific_heat: Components,
    /// Composition (g per 100 g) by ingredient class (nearest ancestor,
    /// else `default`).
    pub composition: BTreeMap<String, Components>,
    /// Melting of fats by ingredient class (nearest ancestor, else `default`).
    pub melting: BTreeMap<String, Melting>,
    /// Water's boiling point and heat of vaporisation.
    pub water: Water,
    /// Newton's time constant (s) for 100 g in the oven, by ingredient class
    /// (nearest ancestor, else `default`).
    pub tau_100g: BTreeMap<String, f64>,
    /// When a piece counts as moist (its core stops at the boiling point).
    pub moist: Moist,
    /// The stove's burner.
    pub stove: Stove,
    /// Vessels on a burner, by container class (nearest ancestor, else `default`).
    pub vessels: BTreeMap<String, Vessel>,
    /// The oven's element, cavity and insulation.
    pub oven: Oven,
    /// The microwave's output and how a load takes it up.
    pub microwave: Microwave,
    /// How long a step that runs until done may take.
    pub limits: Limits,
    /// Where each appliance's heat comes from, by name (`oven`, `fridge`).
    pub appliances: BTreeMap<String, Appliance>,
    /// What the heat law must show, by the name a rule's `reaches` gives.
    pub reaches: BTreeMap<String, Reach>,
}

/// Amounts of food components: specific heats (kJ/kg·K) in
/// `component-specific-heat`, grams per 100 g in `composition`.
#[derive(Debug, Clone, Copy, Default, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Components {
    #[serde(default)]
    pub water: f64,
    #[serde(default)]
    pub protein: f64,
    #[serde(default)]
    pub fat: f64,
    #[serde(default)]
    pub carbohydrate: f64,
    #[serde(default)]
    pub fiber: f64,
    #[serde(default)]
    pub ash: f64,
}

impl Components {
    fn total(&self) -> f64 {
        self.water + self.protein + self.fat + self.carbohydrate + self.fiber + self.ash
    }
}

/// A fat's melting range and latent heat.
#[derive(Debug, Clone, Copy, PartialEq, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Melting {
    pub from_c: f64,
    pub to_c: f64,
    pub fusion_kj_per_kg_fat: f64,
}

#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Water {
    pub boiling_point_c: f64,
    pub vaporization_kj_per_kg: f64,
}

#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Moist {
    pub water_at_least_g_per_100g: f64,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Stove {
    pub burner_w: f64,
    pub efficiency: f64,
    pub simmer_w: f64,
    /// Share of the rated power by heating mode.
    pub power_share: BTreeMap<String, f64>,
}

#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Vessel {
    pub heat_capacity_j_per_k: f64,
    pub loss_w_per_k: f64,
}

#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Oven {
    pub element_w: f64,
    pub heat_capacity_j_per_k: f64,
    pub loss_w_per_k: f64,
}

#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Microwave {
    pub output_w: f64,
    pub coupling_kg: f64,
}

#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Limits {
    pub until_done_s: f64,
}

/// Which law heats what an appliance holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Law {
    /// The stove: the energy balance of a pot and its contents, with boiling.
    Burner,
    /// The oven: its air's energy balance; Newton's law for what bakes.
    Oven,
    /// The microwave: power into the contents, with melting.
    Microwave,
    /// Air at a fixed temperature; Newton's law.
    Air,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Appliance {
    pub place: String,
    pub law: Law,
    #[serde(default)]
    pub air_c: Option<f64>,
    #[serde(default)]
    pub from_contents: bool,
    #[serde(default)]
    pub keeps: bool,
    pub tau_factor: f64,
}

/// What a heating action must show.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Reach {
    #[serde(default)]
    pub boils: bool,
    #[serde(default)]
    pub core_above_c: Option<f64>,
    #[serde(default)]
    pub bath_above_c: Option<f64>,
    #[serde(default)]
    pub melts: bool,
    #[serde(default)]
    pub report: bool,
    #[serde(default)]
    pub until_target: bool,
    #[serde(default)]
    pub within_c: Option<f64>,
    /// The oven's air heats to its setting (preheat-oven).
    #[serde(default)]
    pub preheats: bool,
}

/// Why `heat.toml` is unusable.
#[derive(Debug, thiserror::Error)]
pub enum HeatError {
    #[error("heat.toml: {0}")]
    Toml(#[from] toml::de::Error),
    #[error("heat.toml: `{0}` is not a class of the ontology")]
    UnknownClass(String),
    #[error("heat.toml: `{0}` needs a `default` entry")]
    NoDefault(&'static str),
    #[error("heat.toml: rule `{rule}` names `{name}`, which heat.toml does not define")]
    Undefined { rule: String, name: String },
    #[error("heat.toml: {0}")]
    Invalid(String),
}

impl Heat {
    /// The embedded heat law (checked by the tests, so it always parses).
    pub fn get() -> &'static Heat {
        static HEAT: OnceLock<Heat> = OnceLock::new();
        HEAT.get_or_init(|| Heat::parse(HEAT_TOML).expect("the embedded heat law is valid"))
    }

    /// Parses the constants; every class named must be in the ontology,
    /// every appliance and `reaches` a rule names must be defined, and
    /// every composition must add up to 100 g.
    pub fn parse(text: &str) -> Result<Heat, HeatError> {
        let heat: Heat = toml::from_str(text)?;
        let onto = Ontology::get();
        let classes: [(Vec<&String>, &'static str); 4] = [
            (heat.tau_100g.keys().collect(), "tau-100g"),
            (heat.composition.keys().collect(), "composition"),
            (heat.melting.keys().collect(), "melting"),
            (heat.vessels.keys().collect(), "vessels"),
        ];
        for (keys, what) in classes {
            if !keys.iter().any(|k| *k == "default") {
                return Err(HeatError::NoDefault(what));
            }
            if let Some(c) = keys
                .iter()
                .find(|k| **k != "default" && onto.id(k).is_none())
            {
                return Err(HeatError::UnknownClass((*c).clone()));
            }
        }
        if let Some(mode) = heat.stove.power_share.keys().find(|k| onto.id(k).is_none()) {
            return Err(HeatError::UnknownClass(mode.clone()));
        }
        for (class, c) in &heat.composition {
            if (c.total() - 100.0).abs() > 1.0 {
                return Err(HeatError::Invalid(format!(
                    "the composition of `{class}` adds up to {} g per 100 g",
                    c.total()
                )));
            }
        }
        for (class, m) in &heat.melting {
            if m.to_c <= m.from_c {
                return Err(HeatError::Invalid(format!(
                    "the melting range of `{class}` is empty"
                )));
            }
        }
        for (name, rule) in &super::super::Dynamics::get().rules {
            let named = [
                rule.appliance
                    .as_ref()
                    .filter(|a| !heat.appliances.contains_key(*a)),
                rule.reaches
                    .as_ref()
                    .filter(|r| !heat.reaches.contains_key(*r)),
            ];
            if let Some(missing) = named.into_iter().flatten().next() {
                return Err(HeatError::Undefined {
                    rule: name.clone(),
                    name: missing.clone(),
                });
            }
        }
        Ok(heat)
    }

    pub(crate) fn tau_100g(&self, class: ClassId) -> f64 {
        nearest(&self.tau_100g, class)
            .copied()
            .unwrap_or(self.tau_100g["default"])
    }

    /// The time constant (s) of one piece of `grams` of `class` in still
    /// air: `tau-100g` scaled by the cube root of the mass, since a
    /// piece's heat goes in through its surface (mass^2/3) to warm its
    /// volume (mass). Under a gram counts as a gram.
    pub(crate) fn tau(&self, class: ClassId, grams: f64) -> f64 {
        self.tau_100g(class) * (grams.max(1.0) / 100.0).cbrt()
    }

    pub(crate) fn composition(&self, class: ClassId) -> Components {
        nearest(&self.composition, class)
            .copied()
            .unwrap_or(self.composition["default"])
    }

    pub(crate) fn melting(&self, class: ClassId) -> Melting {
        nearest(&self.melting, class)
            .copied()
            .unwrap_or(self.melting["default"])
    }

    pub(crate) fn vessel(&self, class: ClassId) -> Vessel {
        nearest(&self.vessels, class)
            .copied()
            .unwrap_or(self.vessels["default"])
    }

    /// Specific heat (J/kg·K) of food of the given composition.
    pub(crate) fn specific_heat(&self, c: &Components) -> f64 {
        let k = &self.component_specific_heat;
        10.0 * (c.water * k.water
            + c.protein * k.protein
            + c.fat * k.fat
            + c.carbohydrate * k.carbohydrate
            + c.fiber * k.fiber
            + c.ash * k.ash)
    }

    /// The burner's power into a pot (W) at a heating mode (`None`: full).
    pub(crate) fn burner_power(&self, mode: Option<&str>) -> f64 {
        let share = mode
            .and_then(|m| self.stove.power_share.get(m))
            .copied()
            .unwrap_or(1.0);
        self.stove.burner_w * self.stove.efficiency * share
    }
}
