//! The baseline's knowledge of words, as data (`sous-kitchen/data/units.toml`,
//! `data/lexicon.toml`): units and their spellings, words to drop,
//! preparation notes, and names of ingredients that are not spelled like
//! their ontology class.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::Deserialize;
use sous_kitchen::{ClassId, Ontology};

pub use sous_kitchen::UNITS_TOML;
pub const LEXICON_TOML: &str = include_str!("../data/lexicon.toml");
pub const CUP_WEIGHTS_TOML: &str = include_str!("../data/cup-weights.toml");

/// What a cup, or one piece, of an ingredient weighs
/// (`data/cup-weights.toml`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct CupWeights {
    units_in_cups: BTreeMap<String, f64>,
    grams_per_cup: BTreeMap<String, f64>,
    grams_per_piece: BTreeMap<String, f64>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitEntry {
    pub words: Vec<String>,
    /// The language's unit it converts to (when it has none of its own).
    pub to: Option<String>,
    pub factor: Option<f64>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct UnitsFile {
    units: BTreeMap<String, UnitEntry>,
    #[serde(default)]
    equivalents: BTreeMap<String, Vec<(String, f64)>>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct LexiconFile {
    modifiers: Vec<String>,
    reserved: Vec<String>,
    fridge: Vec<String>,
    products: Vec<String>,
    packages: Vec<String>,
    #[serde(rename = "package-grams")]
    package_grams: BTreeMap<String, f64>,
    numbers: BTreeMap<String, f64>,
    #[serde(rename = "time-units")]
    time_units: BTreeMap<String, UnitEntry>,
    #[serde(rename = "vague-amounts")]
    vague_amounts: BTreeMap<String, f64>,
    #[serde(rename = "time-words")]
    time_words: BTreeMap<String, TimeWord>,
    preparations: BTreeMap<String, String>,
    names: BTreeMap<String, String>,
}

/// A time said in a word (`overnight`).
#[derive(Debug, Clone, Deserialize)]
struct TimeWord {
    amount: f64,
    unit: String,
}

/// How a name was matched to an ontology class (for the trace).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Match {
    /// The words spell a class (`all-purpose flour`).
    Class,
    /// A lexicon entry (`powdered sugar` → powdered-white-sugar).
    Synonym,
    /// The last words do (`unsweetened cocoa powder` → cocoa-powder).
    Head,
    /// No entry: the class sharing the most words.
    Nearest,
}

#[derive(Debug)]
pub struct Lexicon {
    units: BTreeMap<String, UnitEntry>,
    equivalents: BTreeMap<String, Vec<(String, f64)>>,
    modifiers: Vec<String>,
    reserved: Vec<String>,
    fridge: Vec<String>,
    products: Vec<String>,
    packages: Vec<String>,
    package_grams: BTreeMap<String, f64>,
    numbers: BTreeMap<String, f64>,
    time_units: BTreeMap<String, UnitEntry>,
    vague_amounts: BTreeMap<String, f64>,
    time_words: BTreeMap<String, TimeWord>,
    preparations: BTreeMap<String, String>,
    names: BTreeMap<String, ClassId>,
    /// Every ingredient class, with its name's words.
    ingredients: Vec<(ClassId, Vec<String>)>,
    /// Grams a cup of a class weighs, and the volume units in cups.
    grams_per_cup: Vec<(ClassId, f64)>,
    grams_per_piece: Vec<(ClassId, f64)>,
    units_in_cups: BTreeMap<String, f64>,
}

/// Why the lexicon files are unusable.
#[derive(Debug, thiserror::Error)]
pub enum LexiconError {
    #[error("{0}: {1}")]
    Toml(&'static str, toml::de::Error),
    #[error("lexicon.toml: `{0}` maps to `{1}`, which is not an ingredient of the ontology")]
    UnknownClass(String, String),
    #[error("units.toml: `{0}` is not a unit of the ontology")]
    UnknownUnit(String),
}

impl Lexicon {
    pub fn get() -> &'static Lexicon {
        static LEXICON: OnceLock<Lexicon> = OnceLock::new();
        LEXICON.get_or_init(|| {
            Lexicon::parse(UNITS_TOML, LEXICON_TOML).expect("the embedded lexicon is valid")
        })
    }

    pub fn parse(units: &str, lexicon: &str) -> Result<Lexicon, LexiconError> {
        let onto = Ontology::get();
        let units: UnitsFile =
            toml::from_str(units).map_err(|e| LexiconError::Toml("units.toml", e))?;
        for (name, u) in &units.units {
            let target = u.to.as_deref().unwrap_or(name);
            if onto.id(target).is_none_or(|c| !onto.is_a_name(c, "unit")) {
                return Err(LexiconError::UnknownUnit(target.to_string()));
            }
        }
        let lexicon: LexiconFile =
            toml::from_str(lexicon).map_err(|e| LexiconError::Toml("lexicon.toml", e))?;
        let is_unit = |name: &str| onto.id(name).is_some_and(|c| onto.is_a_name(c, "unit"));
        let time_targets = lexicon
            .time_units
            .iter()
            .map(|(name, u)| u.to.as_deref().unwrap_or(name))
            .chain(lexicon.time_words.values().map(|t| t.unit.as_str()));
        for target in time_targets {
            if !is_unit(target) {
                return Err(LexiconError::UnknownUnit(target.to_string()));
            }
        }
        let ingredient = |name: &str| onto.id(name).filter(|c| onto.is_a_name(*c, "ingredient"));
        let mut names = BTreeMap::new();
        for (word, class) in &lexicon.names {
            let id = ingredient(class)
                .ok_or_else(|| LexiconError::UnknownClass(word.clone(), class.clone()))?;
            names.insert(word.clone(), id);
        }
        let ingredients = onto
            .classes()
            .filter(|(id, _)| onto.is_a_name(*id, "ingredient"))
            .map(|(id, _)| {
                let words = onto.name(id).split('-').map(str::to_string).collect();
                (id, words)
            })
            .collect();
        for (from, list) in &units.equivalents {
            for (to, _) in list {
                for u in [from, to] {
                    if onto.id(u).is_none_or(|c| !onto.is_a_name(c, "unit")) {
                        return Err(LexiconError::UnknownUnit(u.clone()));
                    }
                }
            }
        }
        let cups: CupWeights = toml::from_str(CUP_WEIGHTS_TOML)
            .map_err(|e| LexiconError::Toml("cup-weights.toml", e))?;
        for u in cups.units_in_cups.keys() {
            if !is_unit(u) {
                return Err(LexiconError::UnknownUnit(u.clone()));
            }
        }
        let weights = |table: &BTreeMap<String, f64>, what: &str| {
            table
                .iter()
                .map(|(class, g)| {
                    ingredient(class)
                        .map(|id| (id, *g))
                        .ok_or_else(|| LexiconError::UnknownClass(what.into(), class.clone()))
                })
                .collect::<Result<Vec<_>, _>>()
        };
        let grams_per_cup = weights(&cups.grams_per_cup, "a cup of")?;
        let grams_per_piece = weights(&cups.grams_per_piece, "a piece of")?;
        Ok(Lexicon {
            grams_per_cup,
            grams_per_piece,
            units_in_cups: cups.units_in_cups,
            equivalents: units.equivalents,
            units: units.units,
            modifiers: lexicon.modifiers,
            reserved: lexicon.reserved,
            fridge: lexicon.fridge,
            products: lexicon.products,
            packages: lexicon.packages,
            package_grams: lexicon.package_grams,
            numbers: lexicon.numbers,
            time_units: lexicon.time_units,
            vague_amounts: lexicon.vague_amounts,
            time_words: lexicon.time_words,
            preparations: lexicon.preparations,
            names,
            ingredients,
        })
    }

    /// The language's time unit a word names and the factor to apply
    /// (`mins` → minute, `days` → 24 hours).
    pub fn time_unit(&self, word: &str) -> Option<(&str, f64)> {
        self.time_units.iter().find_map(|(name, u)| {
            u.words.iter().any(|w| w == word).then(|| {
                (
                    u.to.as_deref().unwrap_or(name.as_str()),
                    u.factor.unwrap_or(1.0),
                )
            })
        })
    }

    /// How many a vague word means (`few` → 3).
    pub fn vague_amount(&self, word: &str) -> Option<f64> {
        self.vague_amounts.get(word).copied()
    }

    /// A time said in one word (`overnight` → 8 hours).
    pub fn time_word(&self, word: &str) -> Option<(f64, &str)> {
        self.time_words
            .get(word)
            .map(|t| (t.amount, t.unit.as_str()))
    }

    /// Whether a word (lower case, singular or plural) is what an
    /// ingredient comes in (`can`, `packages`).
    pub fn is_package(&self, word: &str) -> bool {
        let w = word.trim_end_matches('s');
        self.packages.iter().any(|p| p == w)
    }

    /// What a package of no stated size holds, in grams (`1 can black
    /// beans`), where packages of its kind come in one usual size.
    pub fn package_grams(&self, word: &str) -> Option<f64> {
        self.package_grams.get(word.trim_end_matches('s')).copied()
    }

    /// The number a word writes out (`two`, `a`), if any.
    pub fn number_word(&self, word: &str) -> Option<f64> {
        self.numbers.get(word).copied()
    }

    /// Whether a word (lower case, singular) names something a recipe makes
    /// (`dough`, `icing`).
    pub fn is_product(&self, word: &str) -> bool {
        self.products.iter().any(|w| w == word)
    }

    /// Whether a word (lower case, singular) names the fridge or its
    /// keeping (`refrigerator`, `refrigerated`).
    pub fn is_fridge(&self, word: &str) -> bool {
        self.fridge.iter().any(|w| w == word)
    }

    /// The language's unit and the factor to apply, for a word (`tbsp`).
    pub fn unit(&self, word: &str) -> Option<(&str, f64)> {
        let w = word.to_lowercase();
        // `tbs.`, `oz.`: an abbreviation's full stop is not part of it.
        let bare = w.trim_end_matches('.').to_string();
        self.units.iter().find_map(|(name, u)| {
            (u.words.contains(&w) || u.words.contains(&bare)).then(|| {
                (
                    u.to.as_deref().unwrap_or(name.as_str()),
                    u.factor.unwrap_or(1.0),
                )
            })
        })
    }

    /// The same amount in other units of the language, to try when the
    /// kitchen cannot weigh an ingredient in `unit`.
    pub fn equivalents(&self, unit: &str) -> &[(String, f64)] {
        self.equivalents.get(unit).map_or(&[], Vec::as_slice)
    }

    /// `amount` of `unit` (a volume) of `class` in grams, where the
    /// cup weights know it or a class it is a kind of.
    pub fn grams_of_volume(&self, class: ClassId, amount: f64, unit: &str) -> Option<f64> {
        let onto = Ontology::get();
        if unit == "piece" {
            let per = self.grams_per_piece.iter().find(|(c, _)| *c == class)?.1;
            return Some((amount * per * 10.0).round() / 10.0);
        }
        let cups = amount * self.units_in_cups.get(unit)?;
        let per_cup = self
            .grams_per_cup
            .iter()
            .find(|(c, _)| *c == class)
            .or_else(|| {
                self.grams_per_cup
                    .iter()
                    .find(|(c, _)| onto.is_a(class, *c))
            })?
            .1;
        Some((cups * per_cup * 10.0).round() / 10.0)
    }

    /// Every word of a name (a synonym or the class's own) of a class that
    /// `keep` picks: a word outside it names none of them.
    pub fn words_naming(
        &self,
        keep: impl Fn(ClassId) -> bool,
    ) -> std::collections::BTreeSet<String> {
        let onto = Ontology::get();
        let synonyms = self
            .names
            .iter()
            .filter(|(_, c)| keep(**c))
            .map(|(n, _)| n.clone());
        let classes = self
            .ingredients
            .iter()
            .filter(|(c, _)| keep(*c))
            .map(|(c, _)| onto.name(*c).replace('-', " "));
        synonyms
            .chain(classes)
            .flat_map(|n| n.split_whitespace().map(str::to_string).collect::<Vec<_>>())
            .collect()
    }

    /// The one-word names the lexicon gives `class` (`mayo` for mayonnaise),
    /// so that an instruction may call an ingredient otherwise than its line.
    /// Also the names of its ancestors (`morsels` are chocolate chips, so
    /// semisweet chocolate chips too).
    pub fn synonyms(&self, class: ClassId) -> impl Iterator<Item = &str> {
        let onto = Ontology::get();
        self.names
            .iter()
            .filter(move |(w, c)| onto.is_a(class, **c) && !w.contains(' '))
            .map(|(w, _)| w.as_str())
    }

    /// Whether a line keeps its ingredient for later (`60 grams additional
    /// powdered sugar`, `… plus extra for dusting`).
    pub fn is_reserved(&self, line: &str) -> bool {
        let l = line.to_lowercase();
        self.reserved.iter().any(|p| l.contains(p.as_str()))
    }

    pub fn is_modifier(&self, word: &str) -> bool {
        self.modifiers.iter().any(|m| m == word)
    }

    /// The preparation notes a line asks for (`room temperature`, `melted`),
    /// longest phrase first; a phrase inside a longer one found is skipped
    /// (`finely chopped`, not also `chopped`).
    pub fn preparations(&self, line: &str) -> Vec<&str> {
        let l = line.to_lowercase();
        let mut found: Vec<(&str, &str)> = self
            .preparations
            .iter()
            .filter(|(k, _)| l.contains(k.as_str()))
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        found.sort_by_key(|(k, _)| std::cmp::Reverse(k.len()));
        let mut kept: Vec<(usize, &str)> = Vec::new();
        let mut phrases: Vec<&str> = Vec::new();
        for (k, v) in found {
            if phrases.iter().any(|p| p.contains(k)) || kept.iter().any(|(_, x)| *x == v) {
                continue;
            }
            phrases.push(k);
            kept.push((l.find(k).unwrap_or(0), v));
        }
        // In the order the line gives them (`seeded and peeled`).
        kept.sort();
        kept.into_iter().map(|(_, v)| v).collect()
    }

    /// The ingredient class a name (words without quantity, unit or
    /// modifiers) denotes, and how it was found.
    pub fn ingredient(&self, words: &[String]) -> Option<(ClassId, Match)> {
        if words.is_empty() {
            return None;
        }
        let onto = Ontology::get();
        let is_ingredient = |name: &str| onto.id(name).filter(|c| onto.is_a_name(*c, "ingredient"));
        // The whole name, as a synonym or a class.
        for form in [words.to_vec(), singular(words)] {
            if let Some(c) = self.names.get(&form.join(" ")) {
                return Some((*c, Match::Synonym));
            }
            if let Some(c) = is_ingredient(&form.join("-")) {
                return Some((c, Match::Class));
            }
        }
        // A class with more words than the name has, all of them included
        // (`green pepper` → a green …-pepper), the shortest; then a class
        // whose words are all in the name (`jalapeno pepper` → jalapeno), the
        // longest: both are nearer than a synonym of the head alone.
        let plural = words.to_vec();
        let wanted = singular(words);
        let has = |w: &String| wanted.contains(w) || plural.contains(w);
        if words.len() > 1 {
            let wider = self
                .ingredients
                .iter()
                .filter(|(_, ws)| wanted.iter().all(|w| ws.contains(w)))
                .min_by_key(|(_, ws)| ws.len());
            if let Some((id, _)) = wider {
                return Some((*id, Match::Head));
            }
            let within = self
                .ingredients
                .iter()
                .filter(|(_, ws)| ws.len() > 1 || ws.iter().any(|w| Some(w) != wanted.last()))
                .filter(|(_, ws)| ws.iter().all(&has))
                .max_by_key(|(_, ws)| ws.len());
            if let Some((id, _)) = within {
                return Some((*id, Match::Head));
            }
        }
        // Ever shorter tails of it (the head noun last).
        for start in 1..words.len() {
            let tail = &words[start..];
            for form in [tail.to_vec(), singular(tail)] {
                if let Some(c) = self.names.get(&form.join(" ")) {
                    let how = if start == 0 {
                        Match::Synonym
                    } else {
                        Match::Head
                    };
                    return Some((*c, how));
                }
                if let Some(c) = is_ingredient(&form.join("-")) {
                    let how = if start == 0 {
                        Match::Class
                    } else {
                        Match::Head
                    };
                    return Some((c, how));
                }
            }
        }
        // The class sharing the most words (the shortest name on a tie).
        self.ingredients
            .iter()
            .map(|(id, ws)| {
                let shared = ws
                    .iter()
                    .filter(|w| wanted.contains(w) || words.contains(w))
                    .count();
                (shared, std::cmp::Reverse(ws.len()), *id)
            })
            .filter(|(shared, _, _)| *shared > 0)
            .max()
            .map(|(_, _, id)| (id, Match::Nearest))
    }
}

/// Each word made singular.
fn singular(words: &[String]) -> Vec<String> {
    words.iter().map(|w| crate::words::singular(w)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn class(name: &str) -> Option<(String, Match)> {
        let words: Vec<String> = name.split_whitespace().map(str::to_string).collect();
        Lexicon::get()
            .ingredient(&words)
            .map(|(c, m)| (Ontology::get().name(c).to_string(), m))
    }

    #[test]
    fn the_embedded_lexicon_is_valid() {
        Lexicon::parse(UNITS_TOML, LEXICON_TOML).expect("valid");
        assert_eq!(Lexicon::get().unit("Tbsp"), Some(("tablespoon", 1.0)));
        assert_eq!(Lexicon::get().unit("kg"), Some(("g", 1000.0)));
    }

    #[test]
    fn names_find_their_classes() {
        assert_eq!(
            class("all-purpose flour"),
            Some(("all-purpose-flour".into(), Match::Class))
        );
        assert_eq!(
            class("powdered sugar"),
            Some(("powdered-white-sugar".into(), Match::Synonym))
        );
        assert_eq!(class("eggs"), Some(("egg".into(), Match::Class)));
        assert_eq!(
            class("cocoa powder").map(|c| c.0),
            Some("cocoa-powder".into())
        );
        assert_eq!(
            class("cherry tomatoes").map(|c| c.0),
            Some("cherry-tomato".into())
        );
    }

    #[test]
    fn a_class_that_is_not_an_ingredient_is_an_error() {
        let bad = format!("{LEXICON_TOML}\n[names.extra]\n");
        assert!(Lexicon::parse(UNITS_TOML, &bad).is_err());
        let wrong = LEXICON_TOML.replace("\"sugar\" = \"white-sugar\"", "\"sugar\" = \"oven\"");
        assert!(matches!(
            Lexicon::parse(UNITS_TOML, &wrong),
            Err(LexiconError::UnknownClass(..))
        ));
    }
}
