//! One module per verb kind (`data/verbs.toml` says which words are of
//! which kind): each has `act`, which does what its kind of clause asks
//! with the clause's referents, and the helpers only it needs. [`handler`]
//! is the one table from kind to module, and it is exhaustive: a new kind
//! does not build without its module. What several verbs share (putting
//! things in bowls, mixing, vessels, portions) is in `baseline/work.rs`.

mod add;
mod bake;
mod boil;
mod chill;
mod combine;
mod cook;
mod cool;
mod cover;
mod cut;
mod dip;
mod drain;
mod drop;
mod fill;
mod flatten;
mod grease;
mod heat;
mod line;
mod mash;
mod melt;
mod peel;
mod place;
mod portion;
mod preheat;
mod remove;
mod seed;
mod shake;
mod shape;
mod sift;
mod soak;
mod spread;
mod sprinkle;
mod wash;

use super::session::Session;
pub(super) use super::work::{is_bowl, is_vessel};
use crate::instructions::{words, Kind, Verb};

/// One clause of an instruction, as a verb's handler reads it.
pub(super) struct Clause<'a> {
    pub verb: &'a Verb,
    /// The clause's text.
    pub text: &'a str,
    /// Its words, lower case and singular.
    pub ws: Vec<String>,
}

/// Whether the clause goes on to what every clause does after its verb
/// (`set aside`, a fridge named), or stops where its verb stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Flow {
    Go,
    Stop,
}

/// A verb kind's handler.
type Handler = fn(&mut Session, &Clause) -> Flow;

/// The handler of each verb kind.
fn handler(kind: Kind) -> Handler {
    match kind {
        Kind::Combine => combine::act,
        Kind::Add => add::act,
        Kind::Bake => bake::act,
        Kind::Preheat => preheat::act,
        Kind::Sprinkle => sprinkle::act,
        Kind::Chill => chill::act,
        Kind::Place => place::act,
        Kind::Portion => portion::act,
        Kind::Shape => shape::act,
        Kind::Cut => cut::act,
        Kind::Mash => mash::act,
        Kind::Peel => peel::act,
        Kind::Seed => seed::act,
        Kind::Sift => sift::act,
        Kind::Soak => soak::act,
        Kind::Boil => boil::act,
        Kind::Grease => grease::act,
        Kind::Spread => spread::act,
        Kind::Fill => fill::act,
        Kind::Cool => cool::act,
        Kind::Drop => drop::act,
        Kind::Dip => dip::act,
        Kind::Cover => cover::act,
        Kind::Shake => shake::act,
        Kind::Line => line::act,
        Kind::Flatten => flatten::act,
        Kind::Wash => wash::act,
        Kind::Melt => melt::act,
        Kind::Remove => remove::act,
        Kind::Heat => heat::act,
        Kind::Cook => cook::act,
        Kind::Drain => drain::act,
    }
}

impl Session {
    /// Acts one clause out by its verb's kind.
    pub(super) fn clause(&mut self, verb: &Verb, clause: &str) {
        let ws = words(clause);
        self.start_clause(clause);
        if matches!(
            verb.kind,
            Kind::Combine | Kind::Add | Kind::Boil | Kind::Soak
        ) {
            self.introduced(clause);
        }
        let c = Clause {
            verb,
            text: clause,
            ws,
        };
        if handler(verb.kind)(self, &c) == Flow::Stop {
            return;
        }
        let ws = &c.ws;
        if crate::clause_words::ClauseWords::get()
            .set_aside
            .in_clause(ws)
        {
            // What was set aside waits; the next combining starts a new bowl.
            self.set_aside();
        }
        if verb.kind != Kind::Chill
            && ws
                .iter()
                .any(|w| crate::lexicon::Lexicon::get().is_fridge(w))
        {
            self.clause(&Verb::implied(Kind::Chill), clause);
        }
    }
}

/// Fixture tests of the verbs: beside each `<kind>.rs`, `fixtures/<kind>.toml`
/// holds a small recipe and the actions its network must have (how many of
/// a primitive, one of them with a given text).
#[cfg(test)]
mod fixtures {
    use std::path::Path;

    use serde::Deserialize;

    use crate::recipe_xml::RecipeText;

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Fixture {
        ingredients: Vec<String>,
        instructions: Vec<String>,
        expect: Vec<Expect>,
    }

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Expect {
        primitive: String,
        count: usize,
        with: Option<String>,
    }

    fn dir() -> std::path::PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("src/baseline/verbs")
    }

    /// What is wrong with the network made of fixture `name`.
    fn check(name: &str) -> Vec<String> {
        let path = dir().join("fixtures").join(format!("{name}.toml"));
        let Ok(text) = std::fs::read_to_string(&path) else {
            return vec![format!("{name}: no fixture {}", path.display())];
        };
        let f: Fixture =
            toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let recipe = RecipeText {
            id: name.into(),
            title: name.into(),
            ingredients: f.ingredients,
            instructions: f.instructions,
        };
        let network = crate::baseline::understand(&recipe).actions.join("\n");
        let mut problems = Vec::new();
        for e in &f.expect {
            let head = format!("({} ", e.primitive);
            let found: Vec<&str> = network.lines().filter(|l| l.starts_with(&head)).collect();
            let with_text = e
                .with
                .as_ref()
                .is_none_or(|t| found.iter().any(|a| a.contains(t)));
            if found.len() != e.count || !with_text {
                problems.push(format!(
                    "{name}: {} × {} (with {:?}) expected, found {}:\n{network}",
                    e.count,
                    e.primitive,
                    e.with,
                    found.len()
                ));
            }
        }
        problems
    }

    /// Every verb module has its fixture, and every fixture holds.
    #[test]
    fn every_verb_does_what_its_fixture_says() {
        let mut problems = Vec::new();
        let mut checked = 0;
        for entry in std::fs::read_dir(dir()).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_stem().unwrap().to_string_lossy().to_string();
            if path.extension().is_some_and(|e| e == "rs") && name != "mod" {
                problems.extend(check(&name));
                checked += 1;
            }
        }
        assert_eq!(checked, 32, "one module per verb kind");
        assert!(problems.is_empty(), "{}", problems.join("\n\n"));
    }
}
