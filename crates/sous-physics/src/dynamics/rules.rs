//! The rules as data (`data/dynamics.toml`): for each cooking action, what
//! must happen physically for it to take effect (its trigger, with the
//! arguments it is about), whether its time is simulated or advanced
//! analytically, and what it does to matter.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

/// The dynamics file, as compiled into the crate.
pub const DYNAMICS_TOML: &str = include_str!("../../data/dynamics.toml");

/// What must happen physically for an action to take effect (the
/// `trigger` of a rule).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Trigger {
    /// No condition: the qualitative effect stands.
    Anywhere,
    /// What was carried, poured or set down comes to rest on its target.
    Rest,
    /// The tool moves through the ingredients until they are mixed.
    Stir,
    /// The blade passes through each piece, which falls apart into parts.
    Blade,
    /// The container goes into the appliance and its contents' temperature
    /// reaches what the action needs.
    Heat,
    /// The matter lies in contact with the target's surface.
    Contact,
}

/// How an action's time passes in the physics kitchen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Duration {
    /// Advanced without frames (baking 15 minutes costs no simulation).
    Analytic,
    /// Every frame is simulated.
    Motion,
}

/// What an action does to matter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    /// Qualitative attributes change (temperature, baked, shape).
    Attributes,
    /// Replaced by its parts (pieces, peel, seeds, shell).
    Parts,
    /// Particles merge into a mixture's particles.
    Merge,
    /// Matter lies on what it coats.
    Coat,
    /// Matter or objects change place only.
    Move,
}

/// One primitive's custom dynamics: the physical condition under which its
/// effect takes place, and what it does.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Rule {
    /// What must happen for the effect to take place.
    pub trigger: Trigger,
    /// The argument whose object the trigger is about.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subject: Option<String>,
    /// The argument holding the tool (stir, blade).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tool: Option<String>,
    /// The place the subject is carried to (heat).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub appliance: Option<String>,
    /// What the temperature history must show (heat; see `heat.toml`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reaches: Option<String>,
    /// Whether the action's time is simulated or advanced analytically.
    pub duration: Duration,
    /// What the action does to matter.
    pub outcome: Vec<Outcome>,
}

/// The custom dynamics (`data/dynamics.toml`): a rule per primitive and
/// the constants of the triggers' scripts.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Dynamics {
    /// The rule of each primitive, by name.
    pub rules: BTreeMap<String, Rule>,
    /// The stirring script's constants.
    pub stir: Stir,
    /// The blade script's constants.
    pub blade: Blade,
    /// Each cutting pattern's axes and part size, by pattern class.
    pub cuts: BTreeMap<String, Cut>,
    /// The rest check's constants.
    pub rest: RestParams,
    /// The contact check's constants.
    pub contact: ContactParams,
    /// `rules` by primitive kind (position in the signature table), filled
    /// by [`Dynamics::parse`] so that an action finds its rule without a name.
    #[serde(skip)]
    by_kind: Vec<Option<Rule>>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct RestParams {
    pub max_miss: f64,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct ContactParams {
    pub share: f64,
    pub above: f32,
}

/// The stirring script's constants (see `dynamics.toml`).
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Stir {
    pub threshold: f64,
    pub cells: [usize; 3],
    pub sweep_radius: f32,
    pub exchange: f64,
    pub head_speed: f32,
    pub grip: f32,
    pub min_particles: usize,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Blade {
    pub max_parts: usize,
}

/// A cutting pattern: the axes the blade passes along and the parts' size.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Cut {
    pub axes: String,
    pub size: f32,
    #[serde(default)]
    pub halves: bool,
}

/// Why the dynamics file is unusable.
#[derive(Debug, thiserror::Error)]
pub enum DynamicsError {
    /// The file does not read.
    #[error("dynamics.toml: {0}")]
    Toml(#[from] toml::de::Error),
    /// A rule is for no primitive of the language.
    #[error("dynamics.toml: `{0}` is not a primitive of the language")]
    UnknownPrimitive(String),
    /// A primitive of the language has no rule.
    #[error("dynamics.toml: the primitive `{0}` has no rule")]
    Missing(String),
    /// A cutting pattern is no class of the ontology.
    #[error("dynamics.toml: `{0}` is not a cutting pattern of the ontology")]
    UnknownPattern(String),
    /// A rule names an argument its primitive does not have.
    #[error("dynamics.toml: `{primitive}` names `{arg}`, which is not one of its arguments")]
    UnknownArgument {
        /// The rule's primitive.
        primitive: String,
        /// The argument it names.
        arg: String,
    },
    /// A rule's trigger needs a field the rule lacks.
    #[error("dynamics.toml: `{primitive}` has trigger `{trigger:?}` but no `{field}`")]
    Incomplete {
        /// The rule's primitive.
        primitive: String,
        /// Its trigger.
        trigger: Trigger,
        /// The field the trigger needs.
        field: &'static str,
    },
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
        let mut d: Dynamics = toml::from_str(text)?;
        let names: Vec<&str> = sous_lang::signatures().iter().map(|s| s.name).collect();
        if let Some(unknown) = d.rules.keys().find(|k| !names.contains(&k.as_str())) {
            return Err(DynamicsError::UnknownPrimitive(unknown.clone()));
        }
        if let Some(missing) = names.iter().find(|n| !d.rules.contains_key(**n)) {
            return Err(DynamicsError::Missing(missing.to_string()));
        }
        let onto = sous_kitchen::Ontology::get();
        if let Some(p) = d.cuts.keys().find(|p| onto.id(p).is_none()) {
            return Err(DynamicsError::UnknownPattern(p.clone()));
        }
        for (name, rule) in &d.rules {
            let forms: Vec<_> = sous_lang::signatures()
                .iter()
                .filter(|s| s.name == name)
                .collect();
            for arg in rule.subject.iter().chain(&rule.tool) {
                if forms.iter().any(|s| s.index_of(arg).is_none()) {
                    return Err(DynamicsError::UnknownArgument {
                        primitive: name.clone(),
                        arg: arg.clone(),
                    });
                }
            }
            let needs: &[(&'static str, bool)] = match rule.trigger {
                Trigger::Anywhere => &[],
                Trigger::Rest | Trigger::Contact => &[("subject", rule.subject.is_some())],
                Trigger::Stir | Trigger::Blade => &[
                    ("subject", rule.subject.is_some()),
                    ("tool", rule.tool.is_some()),
                ],
                Trigger::Heat => &[
                    ("subject", rule.subject.is_some()),
                    ("appliance", rule.appliance.is_some()),
                    ("reaches", rule.reaches.is_some()),
                ],
            };
            if let Some((field, _)) = needs.iter().find(|(_, has)| !has) {
                return Err(DynamicsError::Incomplete {
                    primitive: name.clone(),
                    trigger: rule.trigger,
                    field,
                });
            }
        }
        d.by_kind = sous_lang::PrimitiveKind::ALL
            .iter()
            .map(|k| d.rules.get(k.signature().name).cloned())
            .collect();
        Ok(d)
    }

    /// The rule of a primitive, by name.
    pub fn rule(&self, primitive: &str) -> Option<&Rule> {
        self.rules.get(primitive)
    }

    /// The rule of a primitive (either form of `cut`), by kind: what the
    /// realisation of an action looks up.
    pub fn rule_of(&self, kind: sous_lang::PrimitiveKind) -> Option<&Rule> {
        self.by_kind.get(kind as usize)?.as_ref()
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
        for s in sous_lang::signatures() {
            assert_eq!(
                d.rule_of(s.kind).map(|r| r.trigger),
                d.rule(s.name).map(|r| r.trigger),
                "{}",
                s.name
            );
        }
        assert_eq!(d.rule("bake").unwrap().duration, Duration::Analytic);
        assert!(d.rule("mix").unwrap().outcome.contains(&Outcome::Merge));
        assert_eq!(d.rule("bake").unwrap().trigger, Trigger::Heat);
        assert_eq!(d.rule("cut").unwrap().tool.as_deref(), Some("cutting-tool"));
    }

    #[test]
    fn a_rule_for_no_primitive_or_a_missing_one_is_an_error() {
        let extra = format!("{DYNAMICS_TOML}\n[rules.juggle]\ntrigger = \"anywhere\"\nduration = \"motion\"\noutcome = []\n");
        assert!(
            matches!(Dynamics::parse(&extra), Err(DynamicsError::UnknownPrimitive(p)) if p == "juggle")
        );
        let without = DYNAMICS_TOML.replace("[rules.bake]", "[rules.bake-not]");
        assert!(Dynamics::parse(&without).is_err());
        let typo = DYNAMICS_TOML.replace("tool = \"mixing-tool\"", "tool = \"mixer-tool\"");
        assert!(matches!(
            Dynamics::parse(&typo),
            Err(DynamicsError::UnknownArgument { arg, .. }) if arg == "mixer-tool"
        ));
        let no_tool = DYNAMICS_TOML.replace("tool = \"cutting-tool\"\n", "");
        assert!(matches!(
            Dynamics::parse(&no_tool),
            Err(DynamicsError::Incomplete { field: "tool", .. })
        ));
    }
}
