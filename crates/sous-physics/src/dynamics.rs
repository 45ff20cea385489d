//! The custom dynamics as data (`data/dynamics.toml`): for each cooking
//! action, what must hold for it to take effect (its trigger), whether its
//! time is simulated or advanced analytically, and what it does to matter.
//! The qualitative primitive decides the outcome's details (which attributes,
//! which parts); the rule says how the physics kitchen carries it out.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

/// The dynamics file, as compiled into the crate.
pub const DYNAMICS_TOML: &str = include_str!("../data/dynamics.toml");

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Trigger {
    Anywhere,
    InAppliance,
    OnHeat,
    Tool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Duration {
    Analytic,
    Motion,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    Attributes,
    Parts,
    Merge,
    Coat,
    Move,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Rule {
    pub trigger: Trigger,
    pub duration: Duration,
    pub outcome: Vec<Outcome>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Dynamics {
    pub rules: BTreeMap<String, Rule>,
}

/// Why the dynamics file is unusable.
#[derive(Debug, thiserror::Error)]
pub enum DynamicsError {
    #[error("dynamics.toml: {0}")]
    Toml(#[from] toml::de::Error),
    #[error("dynamics.toml: `{0}` is not a primitive of the language")]
    UnknownPrimitive(String),
    #[error("dynamics.toml: the primitive `{0}` has no rule")]
    Missing(String),
}

impl Dynamics {
    /// The embedded rules (checked by the tests, so they always parse).
    pub fn get() -> &'static Dynamics {
        static DYNAMICS: OnceLock<Dynamics> = OnceLock::new();
        DYNAMICS
            .get_or_init(|| Dynamics::parse(DYNAMICS_TOML).expect("the embedded rules are valid"))
    }

    /// Parses rules; every primitive of the language needs exactly one.
    pub fn parse(text: &str) -> Result<Dynamics, DynamicsError> {
        let d: Dynamics = toml::from_str(text)?;
        let names: Vec<&str> = sous_lang::signatures().iter().map(|s| s.name).collect();
        if let Some(unknown) = d.rules.keys().find(|k| !names.contains(&k.as_str())) {
            return Err(DynamicsError::UnknownPrimitive(unknown.clone()));
        }
        if let Some(missing) = names.iter().find(|n| !d.rules.contains_key(**n)) {
            return Err(DynamicsError::Missing(missing.to_string()));
        }
        Ok(d)
    }

    /// The rule of a primitive.
    pub fn rule(&self, primitive: &str) -> Option<&Rule> {
        self.rules.get(primitive)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_primitive_has_one_valid_rule() {
        let d = Dynamics::parse(DYNAMICS_TOML).expect("valid rules");
        let mut names: Vec<&str> = sous_lang::signatures().iter().map(|s| s.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(d.rules.len(), names.len());
        assert_eq!(d.rule("bake").unwrap().duration, Duration::Analytic);
        assert!(d.rule("mix").unwrap().outcome.contains(&Outcome::Merge));
    }

    #[test]
    fn a_rule_for_no_primitive_or_a_missing_one_is_an_error() {
        let extra = format!("{DYNAMICS_TOML}\n[rules.juggle]\ntrigger = \"anywhere\"\nduration = \"motion\"\noutcome = []\n");
        assert!(
            matches!(Dynamics::parse(&extra), Err(DynamicsError::UnknownPrimitive(p)) if p == "juggle")
        );
        let without = DYNAMICS_TOML.replace("[rules.bake]", "[rules.bake-not]");
        assert!(Dynamics::parse(&without).is_err());
    }
}
