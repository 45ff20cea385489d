//! What value an argument takes in the tools protocol: a number, one of a
//! list of ontology names, or a kitchen object named by an earlier output.
//! Decided by the argument's class and `data/tools.toml`.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::Deserialize;
use sous_kitchen::inventory::{concepts, inventory};
use sous_kitchen::Ontology;
use sous_lang::ArgSpec;

/// The data file, embedded.
pub const TOOLS_TOML: &str = include_str!("../../../data/tools.toml");

/// What an argument takes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Kind {
    /// A number (a `quantity`).
    Number,
    /// One of these names.
    Name(Vec<&'static str>),
    /// A kitchen object: the name of an earlier output.
    Object,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    concepts: Vec<String>,
    never: Vec<String>,
    /// Primitive → argument → the classes its names are below.
    stock: BTreeMap<String, BTreeMap<String, Vec<String>>>,
    /// Primitive → unit argument → the classes its units are (with those below them).
    #[serde(default)]
    units: BTreeMap<String, BTreeMap<String, Vec<String>>>,
}

/// Why `data/tools.toml` does not fit the signatures or the ontology.
#[derive(Debug, thiserror::Error)]
pub enum NamesError {
    #[error("tools.toml is not valid: {0}")]
    Toml(#[from] toml::de::Error),
    #[error("tools.toml: `{0}` is no class of the ontology")]
    UnknownClass(String),
    #[error("tools.toml: stock `{0}.{1}` is no argument of a primitive")]
    UnknownArgument(String, String),
    #[error(
        "tools.toml: `{0}` is no kind of the inventory (ingredients, containers, tools, places)"
    )]
    UnknownKind(String),
    #[error("tools.toml: units `{0}.{1}`: `{2}` is no unit")]
    NotAUnit(String, String, String),
}

/// The file read and checked.
#[derive(Debug)]
pub struct Names {
    concepts: Vec<String>,
    never: Vec<String>,
    /// Primitive and argument → the names it takes, where these are not
    /// every class below its own (`[stock]`, `[units]`).
    stock: BTreeMap<(String, String), Vec<&'static str>>,
}

impl Names {
    /// The embedded file, read once.
    pub fn get() -> &'static Names {
        static NAMES: OnceLock<Names> = OnceLock::new();
        NAMES.get_or_init(|| Names::parse(TOOLS_TOML).expect("the embedded tools.toml is valid"))
    }

    pub fn parse(text: &str) -> Result<Names, NamesError> {
        let file: File = toml::from_str(text)?;
        let onto = Ontology::get();
        for class in file.concepts.iter().chain(&file.never) {
            if onto.id(class).is_none() {
                return Err(NamesError::UnknownClass(class.clone()));
            }
        }
        let known = |primitive: &str, arg: &str| {
            sous_lang::signatures()
                .iter()
                .any(|s| s.name == primitive && s.index_of(arg).is_some())
        };
        let mut stock = BTreeMap::new();
        for (primitive, args) in file.stock {
            for (arg, roots) in args {
                if !known(&primitive, &arg) {
                    return Err(NamesError::UnknownArgument(primitive, arg));
                }
                let mut names = Vec::new();
                for root in &roots {
                    if onto.id(root).is_none() {
                        return Err(NamesError::UnknownClass(root.clone()));
                    }
                    for name in held_below(root) {
                        if !names.contains(&name) {
                            names.push(name);
                        }
                    }
                }
                stock.insert((primitive.clone(), arg), names);
            }
        }
        let unit = onto.id("unit");
        for (primitive, args) in file.units {
            for (arg, classes) in args {
                if !known(&primitive, &arg) {
                    return Err(NamesError::UnknownArgument(primitive, arg));
                }
                let mut names: Vec<&'static str> = Vec::new();
                for class in &classes {
                    let Some(id) = onto
                        .id(class)
                        .filter(|&c| unit.is_some_and(|u| onto.is_a(c, u)))
                    else {
                        return Err(NamesError::NotAUnit(primitive, arg, class.clone()));
                    };
                    let own = onto.name(id);
                    for name in std::iter::once(own).chain(concepts(class)) {
                        if !names.contains(&name) && !file.never.iter().any(|n| n == name) {
                            names.push(name);
                        }
                    }
                }
                stock.insert((primitive.clone(), arg), names);
            }
        }
        Ok(Names {
            concepts: file.concepts,
            never: file.never,
            stock,
        })
    }

    /// What argument `arg` of `primitive` takes.
    pub fn kind(&self, primitive: &str, arg: &ArgSpec) -> Kind {
        if arg.ty == "quantity" {
            return Kind::Number;
        }
        if !self.concepts.iter().any(|c| c == arg.ty) {
            return Kind::Object;
        }
        let names = match self
            .stock
            .get(&(primitive.to_string(), arg.name.to_string()))
        {
            Some(names) => names.clone(),
            None => concepts(arg.ty),
        };
        Kind::Name(
            names
                .into_iter()
                .filter(|n| !self.never.iter().any(|x| x == n))
                .collect(),
        )
    }
}

/// The classes below `root` of which the full kitchen holds an instance,
/// in definition order.
fn held_below(root: &str) -> Vec<&'static str> {
    let onto = Ontology::get();
    let inv = inventory();
    let held: Vec<_> = inv
        .ingredients
        .iter()
        .chain(&inv.containers)
        .chain(&inv.tools)
        .filter_map(|c| onto.id(c))
        .collect();
    concepts(root)
        .into_iter()
        .filter(|c| {
            onto.id(c)
                .is_some_and(|c| held.iter().any(|h| onto.is_a(*h, c)))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(primitive: &str, arg: &str) -> Kind {
        let s = sous_lang::signatures()
            .iter()
            .find(|s| s.name == primitive && !s.legacy)
            .unwrap();
        Names::get().kind(primitive, &s.args[s.index_of(arg).unwrap()])
    }

    #[test]
    fn each_argument_takes_a_number_names_or_an_object() {
        assert_eq!(kind("fetch-and-proportion", "quantity"), Kind::Number);
        assert_eq!(kind("beat", "container-with-ingredients"), Kind::Object);
        assert_eq!(kind("bake", "oven-to-bake-in"), Kind::Object);
        let Kind::Name(units) = kind("fetch-and-proportion", "unit") else {
            panic!("units are names")
        };
        assert!(units.contains(&"g") && units.contains(&"teaspoon"));
        assert!(!units.contains(&"failed-object") && !units.contains(&"time-unit"));
        let Kind::Name(food) = kind("fetch-and-proportion", "ingredient-concept") else {
            panic!("ingredients are names")
        };
        assert!(food.contains(&"butter") && !food.contains(&"medium-bowl"));
        // A class the kitchen holds an instance of: white sugar is sugar.
        assert!(food.contains(&"sugar") && food.contains(&"olive-oil"));
        let Kind::Name(things) = kind("fetch", "concept-to-fetch") else {
            panic!("things to fetch are names")
        };
        assert!(things.contains(&"baking-tray") && things.contains(&"baking-paper"));
        let mut unique = things.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(
            unique.len(),
            things.len(),
            "a plate is a container and a tool"
        );
        // A unit argument of one dimension takes that dimension's units.
        let Kind::Name(times) = kind("bake", "time-to-bake-unit") else {
            panic!("units are names")
        };
        assert_eq!(times, ["minute", "hour"]);
        assert_eq!(
            kind("preheat-oven", "unit"),
            Kind::Name(vec!["degrees-celsius"])
        );
        let Kind::Name(amounts) = kind("fetch-and-proportion", "unit") else {
            panic!("units are names")
        };
        assert!(amounts.contains(&"piece") && !amounts.contains(&"minute"));
        let Kind::Name(shapes) = kind("shape", "shape") else {
            panic!("shapes are names")
        };
        // A class with subclasses is a name too.
        assert!(shapes.contains(&"crescent-shape") && shapes.contains(&"ball-shape"));
    }

    #[test]
    fn every_class_that_is_a_concept_and_no_object_is_listed() {
        let onto = Ontology::get();
        let names = Names::get();
        let (concept, fetchable) = (
            onto.id("conceptualizable").unwrap(),
            onto.id("fetchable").unwrap(),
        );
        for s in sous_lang::signatures() {
            for a in s.args {
                let Some(id) = onto.id(a.ty) else { continue };
                let is_concept = onto.is_a(id, concept) && !onto.is_a(id, fetchable);
                assert_eq!(
                    names.concepts.iter().any(|c| c == a.ty),
                    is_concept,
                    "{}.{}: {}",
                    s.name,
                    a.name,
                    a.ty
                );
            }
        }
    }

    #[test]
    fn bad_data_is_refused() {
        let bad = |text: &str| Names::parse(text).unwrap_err().to_string();
        assert!(bad("concepts = [\"nope\"]\nnever = []\n[stock]\n").contains("nope"));
        let e = bad("concepts = []\nnever = []\n[stock.fetch]\nwhat = [\"tools\"]\n");
        assert!(e.contains("fetch.what"), "{e}");
        let e = bad("concepts = []\nnever = []\n[stock.fetch]\nconcept-to-fetch = [\"toys\"]\n");
        assert!(e.contains("toys"), "{e}");
        let e = bad(
            "concepts = []\nnever = []\n[stock]\n[units.bake]\ntime-to-bake-unit = [\"butter\"]\n",
        );
        assert!(
            e.contains("bake.time-to-bake-unit") && e.contains("butter"),
            "{e}"
        );
    }
}
