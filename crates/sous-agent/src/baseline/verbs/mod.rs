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
        self.raw_words = clause
            .split(|c: char| !c.is_alphanumeric() && c != '\'')
            .filter(|w| !w.is_empty())
            .map(str::to_lowercase)
            .collect();
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
            && self.work.is_some()
        {
            // What was set aside waits; the next combining starts a new bowl.
            self.previous = self.work.take();
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

/// Fixture tests of the verbs: a small recipe understood, its network
/// checked for the action the verb must make.
#[cfg(test)]
pub(super) mod fixture {
    use crate::recipe_xml::RecipeText;

    /// The network the baseline makes of `ingredients` and `instructions`,
    /// one predicate a line, with the trace after it.
    pub fn network(ingredients: &[&str], instructions: &[&str]) -> String {
        let recipe = RecipeText {
            id: "fixture".into(),
            title: "fixture".into(),
            ingredients: ingredients.iter().map(|s| s.to_string()).collect(),
            instructions: instructions.iter().map(|s| s.to_string()).collect(),
        };
        let u = crate::baseline::understand(&recipe);
        format!("{}\n{}", u.actions.join("\n"), u.trace.join("\n"))
    }

    /// The predicates of `network` named `primitive`.
    pub fn actions<'a>(network: &'a str, primitive: &str) -> Vec<&'a str> {
        let head = format!("({primitive} ");
        network.lines().filter(|l| l.starts_with(&head)).collect()
    }
}
