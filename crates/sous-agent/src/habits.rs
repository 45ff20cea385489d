//! Kitchen habits (`data/habits.toml`): the tools instructions name, the
//! vessels used when none is named, what is peeled or seeded before
//! cutting, and the words for groups of ingredients.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::Deserialize;
use sous_kitchen::{ClassId, Ontology};

pub const HABITS_TOML: &str = include_str!("../data/habits.toml");

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct HabitsFile {
    tools: BTreeMap<String, String>,
    vessels: Vessels,
    made_from: BTreeMap<String, MadeFrom>,
    mixing: Mixing,
    before_cutting: BeforeCutting,
    groups: BTreeMap<String, Vec<String>>,
    to_taste: ToTaste,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ToTaste {
    classes: Vec<String>,
    amount: f64,
    unit: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Mixing {
    dough: Vec<String>,
    dressing: Vec<String>,
}

/// How an ingredient is made from another: `part` is `yolk` or `white`
/// of separated eggs, or `drained`: the solids of one kept in a liquid.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MadeFrom {
    pub from: String,
    pub part: Part,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Part {
    Yolk,
    White,
    Drained,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Vessels {
    batter: String,
    portions: String,
    boiling: String,
    #[serde(rename = "boiling-water-ml")]
    boiling_water_ml: f64,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct BeforeCutting {
    keep_peel: Vec<String>,
    keep_seeds: Vec<String>,
}

/// Why the habits file is unusable.
#[derive(Debug, thiserror::Error)]
pub enum HabitsError {
    #[error("habits.toml: {0}")]
    Toml(#[from] toml::de::Error),
    #[error("habits.toml: `{0}` is not a class of the ontology")]
    UnknownClass(String),
}

#[derive(Debug)]
pub struct Habits {
    /// Tool words (split into words), longest first, and their classes.
    tools: Vec<(Vec<String>, &'static str)>,
    pub batter_vessel: &'static str,
    pub portion_vessel: &'static str,
    pub boiling_vessel: &'static str,
    /// Water for `a pot of water` when no amount is given, in ml.
    pub boiling_water_ml: f64,
    keep_peel: Vec<ClassId>,
    keep_seeds: Vec<ClassId>,
    made_from: BTreeMap<ClassId, (ClassId, Part)>,
    dough_makers: Vec<ClassId>,
    dressing_makers: Vec<ClassId>,
    /// Group words (split into words), the classes they cover and the
    /// classes they leave out.
    groups: Vec<(Vec<String>, Vec<ClassId>, Vec<ClassId>)>,
    /// What is added to taste, and the amount (and unit) of a pinch.
    to_taste: Vec<ClassId>,
    pub to_taste_amount: (f64, String),
}

impl Habits {
    pub fn get() -> &'static Habits {
        static HABITS: OnceLock<Habits> = OnceLock::new();
        HABITS.get_or_init(|| Habits::parse(HABITS_TOML).expect("the embedded habits are valid"))
    }

    pub fn parse(text: &str) -> Result<Habits, HabitsError> {
        let file: HabitsFile = toml::from_str(text)?;
        let onto = Ontology::get();
        let class = |n: &str| {
            onto.id(n)
                .map(|c| onto.name(c))
                .ok_or_else(|| HabitsError::UnknownClass(n.to_string()))
        };
        let id = |n: &String| {
            onto.id(n)
                .ok_or_else(|| HabitsError::UnknownClass(n.clone()))
        };
        let mut tools = Vec::new();
        for (words, c) in &file.tools {
            tools.push((crate::words::words(words), class(c)?));
        }
        tools.sort_by_key(|(w, _)| std::cmp::Reverse(w.len()));
        let mut groups = Vec::new();
        for (words, classes) in &file.groups {
            let (mut covered, mut left_out) = (Vec::new(), Vec::new());
            for c in classes {
                match c.strip_prefix('!') {
                    Some(out) => left_out.push(id(&out.to_string())?),
                    None => covered.push(id(c)?),
                }
            }
            groups.push((crate::words::words(words), covered, left_out));
        }
        groups.sort_by_key(|(w, _, _)| std::cmp::Reverse(w.len()));
        let mut made_from = BTreeMap::new();
        for (made, how) in &file.made_from {
            made_from.insert(id(made)?, (id(&how.from)?, how.part));
        }
        Ok(Habits {
            dough_makers: file.mixing.dough.iter().map(id).collect::<Result<_, _>>()?,
            dressing_makers: file
                .mixing
                .dressing
                .iter()
                .map(id)
                .collect::<Result<_, _>>()?,
            made_from,
            tools,
            batter_vessel: class(&file.vessels.batter)?,
            portion_vessel: class(&file.vessels.portions)?,
            boiling_vessel: class(&file.vessels.boiling)?,
            boiling_water_ml: file.vessels.boiling_water_ml,
            keep_peel: file
                .before_cutting
                .keep_peel
                .iter()
                .map(id)
                .collect::<Result<_, _>>()?,
            keep_seeds: file
                .before_cutting
                .keep_seeds
                .iter()
                .map(id)
                .collect::<Result<_, _>>()?,
            groups,
            to_taste: file
                .to_taste
                .classes
                .iter()
                .map(id)
                .collect::<Result<_, _>>()?,
            to_taste_amount: (file.to_taste.amount, file.to_taste.unit),
        })
    }

    /// Whether a cook adds `class` to taste (salt, pepper).
    pub fn to_taste(&self, class: ClassId) -> bool {
        self.to_taste.contains(&class)
    }

    /// The tools a clause names (singular words), in order of mention,
    /// each once; a longer name wins over the shorter one inside it.
    pub fn tools(&self, clause: &[String]) -> Vec<&'static str> {
        let mut out: Vec<&'static str> = Vec::new();
        for (_, c) in self.tool_mentions(clause) {
            if !out.contains(&c) {
                out.push(c);
            }
        }
        out
    }

    /// Every mention of a tool in a clause: where its name starts, and its
    /// class, in order.
    pub fn tool_mentions(&self, clause: &[String]) -> Vec<(usize, &'static str)> {
        let mut taken = vec![false; clause.len()];
        let mut found: Vec<(usize, &'static str)> = Vec::new();
        for (words, class) in &self.tools {
            let n = words.len();
            for at in 0..clause.len().saturating_sub(n - 1) {
                if clause[at..at + n] == words[..] && !taken[at..at + n].iter().any(|t| *t) {
                    taken[at..at + n].iter_mut().for_each(|t| *t = true);
                    found.push((at, class));
                }
            }
        }
        found.sort();
        found
    }

    /// Whether a bowl holding `class` is a dough or batter (mixed even
    /// with pieces in it).
    pub fn makes_dough(&self, class: ClassId) -> bool {
        let onto = Ontology::get();
        self.dough_makers.iter().any(|m| onto.is_a(class, *m))
    }

    /// Whether `class` is what dressings are made of (oil, juice, spice).
    pub fn makes_dressing(&self, class: ClassId) -> bool {
        let onto = Ontology::get();
        self.dressing_makers.iter().any(|m| onto.is_a(class, *m))
    }

    /// What `class` is made from when the kitchen has none.
    pub fn made_from(&self, class: ClassId) -> Option<(ClassId, Part)> {
        self.made_from.get(&class).copied()
    }

    /// Whether `class` is peeled before it is cut.
    pub fn peel_before_cutting(&self, class: ClassId) -> bool {
        let onto = Ontology::get();
        onto.is_a_name(class, "peelable") && !self.keep_peel.contains(&class)
    }

    /// Whether `class` is seeded before it is cut.
    pub fn seed_before_cutting(&self, class: ClassId) -> bool {
        let onto = Ontology::get();
        onto.is_a_name(class, "seedable") && !self.keep_seeds.contains(&class)
    }

    /// The group words of a clause that cover `class` (`spices` covers
    /// ground-cinnamon).
    pub fn in_named_group(&self, clause: &[String], class: ClassId) -> bool {
        let onto = Ontology::get();
        self.groups.iter().any(|(words, covered, left_out)| {
            let n = words.len();
            (0..clause.len().saturating_sub(n - 1)).any(|at| clause[at..at + n] == words[..])
                && covered.iter().any(|c| onto.is_a(class, *c))
                && !left_out.iter().any(|c| onto.is_a(class, *c))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::words::words;

    #[test]
    fn the_habits_load_and_name_tools() {
        let h = Habits::get();
        assert_eq!(
            h.tools(&words("In a separate large bowl combine them")),
            ["large-bowl"]
        );
        assert_eq!(
            h.tools(&words("Drop onto ungreased cookie sheets")),
            ["cookie-sheet"]
        );
        let onto = Ontology::get();
        assert!(h.peel_before_cutting(onto.id("onion").unwrap()));
        assert!(!h.peel_before_cutting(onto.id("tomato").unwrap()));
        assert!(h.seed_before_cutting(onto.id("jalapeno").unwrap()));
        assert!(h.in_named_group(
            &words("sift flour with the spices"),
            onto.id("ground-cinnamon").unwrap()
        ));
        assert!(!h.in_named_group(&words("sift flour with the spices"), onto.known().butter));
        assert!(!h.in_named_group(
            &words("sift flour with the spices"),
            onto.id("brown-sugar").unwrap()
        ));
    }
}
