//! What the trace and the tasks know about words and kitchens
//! (`data/probe.toml`, embedded at build time).

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::Deserialize;
use sous_kitchen::{Entity, Ontology};

const PROBE_TOML: &str = include_str!("../data/probe.toml");

#[derive(Debug, Deserialize)]
pub struct Knowledge {
    pub appliances: Vec<String>,
    /// Linings and wraps: `reusable` in the ontology, not tools of a step.
    #[serde(default)]
    pub materials: Vec<String>,
    pub silent_flags: Vec<String>,
    pub state_words: BTreeMap<String, String>,
    pub kind_words: BTreeMap<String, String>,
    /// What a container class is called where its name is no words
    /// (`muffin-tins-12`).
    #[serde(default)]
    pub holder_words: BTreeMap<String, String>,
    /// Words any mixture may be called by in a recipe.
    pub mixture_words: Vec<String>,
    pub reference: Reference,
    /// Ingredients an action makes out of another (made → from).
    #[serde(default)]
    pub made_from: BTreeMap<String, String>,
    /// Other words an answer may name a class by (class → words).
    #[serde(default)]
    pub synonyms: BTreeMap<String, Vec<String>>,
    /// Plurals that do not follow the rules, by a name's last word.
    #[serde(default)]
    pub plurals: BTreeMap<String, String>,
    /// The equipment an action needs whoever does it (primitive → classes).
    #[serde(default)]
    pub needed_tools: BTreeMap<String, Vec<String>>,
    /// Words besides its names that name a tool in a step (class → words).
    #[serde(default)]
    pub tool_verbs: BTreeMap<String, Vec<String>>,
}

#[derive(Debug, Deserialize)]
pub struct Reference {
    pub determiners: Vec<String>,
    pub nouns: Vec<String>,
    pub pronouns: Vec<String>,
}

impl Knowledge {
    pub fn get() -> &'static Knowledge {
        static K: OnceLock<Knowledge> = OnceLock::new();
        K.get_or_init(|| {
            toml::from_str(PROBE_TOML).expect("data/probe.toml is valid (tests/data.rs)")
        })
    }

    /// Classes named in the file that the ontology lacks (must be none).
    pub fn unknown_classes(&self) -> Vec<String> {
        let onto = Ontology::get();
        self.appliances
            .iter()
            .chain(self.kind_words.keys())
            .chain(self.holder_words.keys())
            .chain(&self.materials)
            .chain(self.synonyms.keys())
            .chain(self.made_from.keys())
            .chain(self.made_from.values())
            .chain(self.needed_tools.values().flatten())
            .chain(self.tool_verbs.keys())
            .filter(|c| onto.id(c).is_none())
            .cloned()
            .collect()
    }

    /// Whether `e` is a piece of equipment (a tool of a step).
    pub fn is_equipment(&self, e: &Entity) -> bool {
        (e.is_a_name("reusable") && !self.materials.iter().any(|m| e.class_name() == m))
            || self.appliances.iter().any(|a| e.class_name() == a)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_data_file_names_only_known_classes() {
        assert_eq!(Knowledge::get().unknown_classes(), Vec::<String>::new());
    }
}
