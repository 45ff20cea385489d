//! The primitives an instruction calls for: its verbs, read by the
//! baseline's own clause reader ([`crate::instructions::clauses`], the
//! verbs of `data/verbs.toml`), and for each kind of verb the primitives
//! of `data/step-primitives.toml`. One action at a time, an instruction's
//! grammar offers these only: a small model, offered all 38 primitives,
//! fetches and fries whatever the sentence says.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::Deserialize;

use crate::instructions::{clauses, Kind, Stirring};

pub const STEP_PRIMITIVES_TOML: &str = include_str!("../../data/step-primitives.toml");

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    kinds: BTreeMap<Kind, Vec<String>>,
    preparations: BTreeMap<String, Vec<String>>,
}

fn file() -> &'static File {
    static FILE: OnceLock<File> = OnceLock::new();
    FILE.get_or_init(|| {
        toml::from_str(STEP_PRIMITIVES_TOML)
            .unwrap_or_else(|e| panic!("data/step-primitives.toml (embedded): {e}"))
    })
}

/// The primitive of the language named `name`, as a static name.
fn primitive(name: &str) -> Option<&'static str> {
    sous_lang::signatures()
        .iter()
        .find(|s| s.name == name)
        .map(|s| s.name)
}

/// The primitives `instruction`'s verbs call for, in the order its clauses
/// name them, without repeats; `None` when it has no verb the lexicon knows.
pub fn for_instruction(instruction: &str) -> Option<Vec<&'static str>> {
    let mut out: Vec<&'static str> = Vec::new();
    for (verb, _) in clauses(instruction) {
        let own = verb.primitive.map(|s| match s {
            Stirring::Mix => "mix",
            Stirring::Mingle => "mingle",
            Stirring::Beat => "beat",
        });
        let listed = file().kinds.get(&verb.kind).into_iter().flatten();
        for name in own.into_iter().chain(listed.map(String::as_str)) {
            if let Some(p) = primitive(name) {
                if !out.contains(&p) {
                    out.push(p);
                }
            }
        }
    }
    (!out.is_empty()).then_some(out)
}

/// The primitives that prepare what `line` (an ingredient line) fetches,
/// as its notes say (`chopped`: `cut`); `None` when it notes no
/// preparation the kitchen does (or names no ingredient).
pub fn for_ingredient_line(line: &str) -> Option<Vec<&'static str>> {
    let read = crate::ingredient_line::read_line(line).ok()?;
    let patterns = sous_kitchen::inventory::concepts("cutting-pattern");
    let mut out: Vec<&'static str> = Vec::new();
    for p in &read.preparations {
        let names: Vec<&str> = if patterns.contains(&p.as_str()) {
            vec!["cut"]
        } else {
            file()
                .preparations
                .get(p)
                .map(|v| v.iter().map(String::as_str).collect())
                .unwrap_or_default()
        };
        for name in names {
            if let Some(prim) = primitive(name) {
                if !out.contains(&prim) {
                    out.push(prim);
                }
            }
        }
    }
    (!out.is_empty()).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_of_verb_names_primitives_of_the_language() {
        for (kind, names) in &file().kinds {
            assert!(!names.is_empty(), "{kind:?}");
            for n in names {
                assert!(primitive(n).is_some(), "{kind:?}: `{n}` is no primitive");
            }
        }
        for (word, verb) in crate::instructions::verbs() {
            assert!(
                file().kinds.contains_key(&verb.kind),
                "`{word}` is a {:?} verb, which step-primitives.toml does not list",
                verb.kind
            );
        }
    }

    #[test]
    fn an_instruction_calls_for_its_verbs_primitives() {
        let p = for_instruction("Cream the butter and sugar, then bake for 20 minutes.").unwrap();
        assert_eq!(p[0], "beat", "{p:?}");
        assert!(p.contains(&"bake") && !p.contains(&"fry"), "{p:?}");
        assert_eq!(for_instruction("Enjoy."), None);
        assert_eq!(
            for_ingredient_line("200 grams raw cranberries, chopped"),
            Some(vec!["cut"])
        );
        assert_eq!(
            for_ingredient_line("100 g butter, melted"),
            Some(vec!["melt"])
        );
        assert_eq!(for_ingredient_line("2 eggs"), None);
    }
}
