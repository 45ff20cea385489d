//! The kitchen ontology, loaded from `data/ontology.toml`.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use rustc_hash::FxHashMap;
use serde::Deserialize;

use crate::{slot, Known, Num};

/// The ontology file embedded at build time.
pub const ONTOLOGY_TOML: &str = include_str!("../data/ontology.toml");

/// A class of the ontology by number: what entities store, cheap to copy and
/// compare; [`Ontology::name`] gives its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ClassId(pub u16);

/// A slot by number: those the code names are fixed in [`crate::slot`], any
/// other gets the next number when the ontology loads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SlotId(pub u16);

/// Why an ontology file cannot be loaded.
#[derive(Debug, thiserror::Error)]
pub enum OntologyError {
    /// The file is not TOML, or not in the shape of an ontology file.
    #[error("ontology file is not valid TOML: {0}")]
    Toml(#[from] toml::de::Error),
    /// A class entry names a class that does not exist or has a slot default
    /// that cannot be read.
    #[error("class `{class}`: {message}")]
    Class {
        /// The class's name.
        class: String,
        /// What is wrong with it.
        message: String,
    },
    /// A class the code names (see [`Known`]) is not in the file.
    #[error("the ontology has no class `{0}`, which the simulator needs")]
    MissingKnownClass(String),
}

/// How a slot is initialised when an instance is created.
#[derive(Debug, Clone, PartialEq)]
pub enum SlotDefault {
    Nil,
    Bool(bool),
    Number(Num),
    EmptyList,
    /// A fresh instance of the class.
    New(ClassId),
    Amount(Num, ClassId),
    Quantity(Num),
    /// Fresh instances with the given amount each.
    Instances(Vec<(ClassId, Num, ClassId)>),
}

#[derive(Debug)]
pub struct Class {
    pub name: String,
    pub direct_superclasses: Vec<ClassId>,
    /// Superclass names the file gives that name no class (the reference has `ballshape`).
    pub undefined_superclasses: Vec<String>,
    /// The class precedence list, most specific first (CLOS order).
    pub precedence: Vec<ClassId>,
    /// Every slot of an instance with its default, in a fixed order.
    pub slots: Vec<(SlotId, SlotDefault)>,
    ancestors: Vec<u64>,
    /// The class and its subclasses, as bits over class ids.
    descendants: Vec<u64>,
    slot_position: Vec<u8>,
    /// `slot_position` of `contents` and `used`, which every kitchen search
    /// reads for every thing it passes (`u8::MAX`: no such slot).
    contents_at: u8,
    used_at: u8,
}

impl Class {
    /// Position of `contents` in this class's slot list.
    #[inline]
    pub fn contents_position(&self) -> Option<usize> {
        position(self.contents_at)
    }

    /// Position of `used` in this class's slot list.
    #[inline]
    pub fn used_position(&self) -> Option<usize> {
        position(self.used_at)
    }

    /// Position of `slot` in this class's slot list.
    #[inline]
    pub fn slot_position(&self, slot: SlotId) -> Option<usize> {
        self.slot_position
            .get(slot.0 as usize)
            .and_then(|&p| position(p))
    }
}

/// A stored slot position (`u8::MAX`: the class has no such slot).
#[inline]
fn position(p: u8) -> Option<usize> {
    (p != u8::MAX).then_some(p as usize)
}

impl Class {}

/// The kitchen ontology: classes with their is-a relations and slots, unit
/// conversions and stove temperatures. One per build, read from
/// [`ONTOLOGY_TOML`] on first use; get it with [`Ontology::get`].
#[derive(Debug)]
pub struct Ontology {
    classes: Vec<Class>,
    by_name: FxHashMap<String, ClassId>,
    slot_names: Vec<String>,
    slot_by_name: FxHashMap<String, SlotId>,
    conversions: FxHashMap<ClassId, Vec<(ClassId, Num)>>,
    stove_mode_temperatures: FxHashMap<ClassId, Num>,
    known: Known,
}

#[derive(Deserialize)]
#[serde(rename_all = "kebab-case")]
struct File {
    /// Integers are read as exact numbers, decimals as floats (as the
    /// reference's source writes them: `teaspoon 4` vs `teaspoon 4.2`).
    stove_mode_temperatures: BTreeMap<String, Num>,
    conversions: indexmap_like::Ordered<BTreeMap<String, Num>>,
    classes: indexmap_like::Ordered<ClassEntry>,
}

#[derive(Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
struct ClassEntry {
    is_a: Vec<String>,
    #[serde(default)]
    slots: indexmap_like::Ordered<toml::Value>,
}

/// TOML tables keep their file order here (class order decides nothing in
/// behaviour, but it keeps ids and output stable and readable).
mod indexmap_like {
    use serde::de::{Deserialize, Deserializer, MapAccess, Visitor};

    #[derive(Debug)]
    pub struct Ordered<T>(pub Vec<(String, T)>);

    impl<T> Default for Ordered<T> {
        fn default() -> Self {
            Ordered(Vec::new())
        }
    }

    impl<'de, T: Deserialize<'de>> Deserialize<'de> for Ordered<T> {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            struct V<T>(std::marker::PhantomData<T>);
            impl<'de, T: Deserialize<'de>> Visitor<'de> for V<T> {
                type Value = Ordered<T>;
                fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                    f.write_str("a table")
                }
                fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                    let mut out = Vec::new();
                    while let Some((k, v)) = map.next_entry()? {
                        out.push((k, v));
                    }
                    Ok(Ordered(out))
                }
            }
            d.deserialize_map(V(std::marker::PhantomData))
        }
    }
}

static STANDARD: OnceLock<Ontology> = OnceLock::new();

impl Ontology {
    /// The ontology embedded in this build. Its validity is checked by the test suite.
    pub fn get() -> &'static Ontology {
        STANDARD.get_or_init(|| {
            Ontology::from_toml(ONTOLOGY_TOML).expect("the embedded ontology.toml is valid")
        })
    }

    /// Reads an ontology file. Besides the file's own consistency, every
    /// class the code names ([`Known`]) must be there: that is checked here,
    /// once, so no lookup by name can fail later.
    pub fn from_toml(text: &str) -> Result<Ontology, OntologyError> {
        let file: File = toml::from_str(text)?;
        let mut by_name = FxHashMap::default();
        for (i, (name, _)) in file.classes.0.iter().enumerate() {
            by_name.insert(name.clone(), ClassId(i as u16));
        }
        let mut slot_names: Vec<String> = slot::KNOWN.iter().map(|s| s.to_string()).collect();
        let mut slot_by_name: FxHashMap<String, SlotId> = slot_names
            .iter()
            .enumerate()
            .map(|(i, s)| (s.clone(), SlotId(i as u16)))
            .collect();
        let err = |class: &str, message: String| OntologyError::Class {
            class: class.to_string(),
            message,
        };
        let lookup = |class: &str, name: &str| {
            by_name
                .get(name)
                .copied()
                .ok_or_else(|| err(class, format!("unknown class `{name}`")))
        };

        // Own slot declarations per class.
        let mut own: Vec<Vec<(SlotId, SlotDefault)>> = Vec::new();
        let mut classes = Vec::new();
        for (name, entry) in &file.classes.0 {
            let mut direct = Vec::new();
            let mut undefined = Vec::new();
            for s in &entry.is_a {
                match by_name.get(s) {
                    Some(&c) => direct.push(c),
                    None => undefined.push(s.clone()),
                }
            }
            let mut decl = Vec::new();
            for (slot_name, raw) in &entry.slots.0 {
                let next = SlotId(slot_names.len() as u16);
                let id = *slot_by_name.entry(slot_name.clone()).or_insert_with(|| {
                    slot_names.push(slot_name.clone());
                    next
                });
                decl.push((
                    id,
                    parse_default(raw, &|n| lookup(name, n))
                        .map_err(|m| err(name, format!("slot `{slot_name}`: {m}")))?,
                ));
            }
            own.push(decl);
            classes.push(Class {
                name: name.clone(),
                direct_superclasses: direct,
                undefined_superclasses: undefined,
                precedence: Vec::new(),
                slots: Vec::new(),
                ancestors: Vec::new(),
                descendants: Vec::new(),
                slot_position: Vec::new(),
                contents_at: u8::MAX,
                used_at: u8::MAX,
            });
        }
        let n = classes.len();
        let words = n.div_ceil(64);
        for c in 0..n {
            let precedence = class_precedence(&classes, ClassId(c as u16))
                .map_err(|m| err(&classes[c].name, m))?;
            let mut ancestors = vec![0u64; words];
            for a in &precedence {
                ancestors[a.0 as usize / 64] |= 1 << (a.0 % 64);
            }
            // Effective slots: the most specific declaration wins; order follows precedence.
            let mut slots: Vec<(SlotId, SlotDefault)> = Vec::new();
            for a in &precedence {
                for (id, default) in &own[a.0 as usize] {
                    if !slots.iter().any(|(s, _)| s == id) {
                        slots.push((*id, default.clone()));
                    }
                }
            }
            let mut slot_position = vec![u8::MAX; slot_names.len()];
            for (p, (id, _)) in slots.iter().enumerate() {
                slot_position[id.0 as usize] = p as u8;
            }
            let class = &mut classes[c];
            class.precedence = precedence;
            class.ancestors = ancestors;
            class.slots = slots;
            class.contents_at = slot_position[crate::slot::CONTENTS.0 as usize];
            class.used_at = slot_position[crate::slot::USED.0 as usize];
            class.slot_position = slot_position;
        }
        let mut descendants = vec![vec![0u64; words]; n];
        for (c, class) in classes.iter().enumerate() {
            for a in &class.precedence {
                descendants[a.0 as usize][c / 64] |= 1 << (c % 64);
            }
        }
        for (class, d) in classes.iter_mut().zip(descendants) {
            class.descendants = d;
        }
        let mut conversions = FxHashMap::default();
        for (ingredient, units) in &file.conversions.0 {
            let c = lookup("conversions", ingredient)?;
            let mut per_unit = Vec::new();
            for (u, g) in units {
                per_unit.push((lookup("conversions", u)?, *g));
            }
            conversions.insert(c, per_unit);
        }
        let mut stove_mode_temperatures = FxHashMap::default();
        for (mode, t) in &file.stove_mode_temperatures {
            stove_mode_temperatures.insert(lookup("stove-mode-temperatures", mode)?, *t);
        }
        let known = Known::resolve(|name| by_name.get(name).copied())?;
        Ok(Ontology {
            classes,
            by_name,
            slot_names,
            slot_by_name,
            conversions,
            stove_mode_temperatures,
            known,
        })
    }

    /// The definition of class `id`: its name, superclasses and slots.
    #[inline]
    pub fn class(&self, id: ClassId) -> &Class {
        &self.classes[id.0 as usize]
    }

    /// Every class with its id, in id order.
    pub fn classes(&self) -> impl Iterator<Item = (ClassId, &Class)> {
        self.classes
            .iter()
            .enumerate()
            .map(|(i, c)| (ClassId(i as u16), c))
    }

    /// The name of class `id` (`medium-bowl`).
    pub fn name(&self, id: ClassId) -> &str {
        &self.classes[id.0 as usize].name
    }

    /// The class named `name` (a network's constant, `butter`), if there is one.
    pub fn id(&self, name: &str) -> Option<ClassId> {
        self.by_name.get(name).copied()
    }

    /// The classes the code names, resolved when this ontology loaded.
    #[inline]
    pub fn known(&self) -> &Known {
        &self.known
    }

    /// Whether `class` is `ancestor` or one of its subclasses (a bit test).
    #[inline]
    pub fn is_a(&self, class: ClassId, ancestor: ClassId) -> bool {
        let a = ancestor.0 as usize;
        self.classes[class.0 as usize].ancestors[a / 64] & (1 << (a % 64)) != 0
    }

    /// Words in a bit set over class ids.
    pub(crate) fn class_words(&self) -> usize {
        self.classes.len().div_ceil(64)
    }

    /// `class` and its subclasses, as bits over class ids.
    pub(crate) fn descendant_bits(&self, class: ClassId) -> &[u64] {
        &self.classes[class.0 as usize].descendants
    }

    /// [`Ontology::is_a`] by the ancestor's name; false when no class has it.
    pub fn is_a_name(&self, class: ClassId, ancestor: &str) -> bool {
        self.id(ancestor).is_some_and(|a| self.is_a(class, a))
    }

    /// The name of `slot`, as the JSON views and the file write it.
    pub fn slot_name(&self, slot: crate::SlotId) -> &str {
        &self.slot_names[slot.0 as usize]
    }

    /// The slot named `name`, if the ontology declares one.
    pub fn slot_id(&self, name: &str) -> Option<crate::SlotId> {
        self.slot_by_name.get(name).copied()
    }

    /// Grams per `unit` of `ingredient` (exact class, no inheritance).
    pub fn grams_per(&self, ingredient: ClassId, unit: ClassId) -> Option<Num> {
        self.conversions
            .get(&ingredient)?
            .iter()
            .find(|(u, _)| *u == unit)
            .map(|(_, g)| *g)
    }

    /// The temperature a stove mode (`medium-heat`) stands for, as the file
    /// gives it.
    pub fn stove_mode_temperature(&self, mode: ClassId) -> Option<Num> {
        self.stove_mode_temperatures.get(&mode).copied()
    }
}

fn parse_default(
    raw: &toml::Value,
    lookup: &dyn Fn(&str) -> Result<ClassId, OntologyError>,
) -> Result<SlotDefault, String> {
    use toml::Value as T;
    let class = |name: &T| -> Result<ClassId, String> {
        let name = name.as_str().ok_or("expected a class name")?;
        lookup(name).map_err(|e| e.to_string())
    };
    // Integers exact, decimals floats, as the reference's source writes them.
    let number = |v: &T| match v {
        T::Integer(i) => Ok(Num::int(*i)),
        T::Float(f) => Ok(Num::float(*f)),
        _ => Err("expected a number".to_string()),
    };
    Ok(match raw {
        T::Boolean(b) => SlotDefault::Bool(*b),
        T::Integer(i) => SlotDefault::Number(Num::int(*i)),
        T::Float(f) => SlotDefault::Number(Num::float(*f)),
        T::String(s) if s == "nil" => SlotDefault::Nil,
        T::Array(items) if items.is_empty() => SlotDefault::EmptyList,
        T::Array(items) => SlotDefault::Instances(
            items
                .iter()
                .map(|it| {
                    Ok((
                        class(&it["new"])?,
                        number(&it["amount"])?,
                        class(&it["unit"])?,
                    ))
                })
                .collect::<Result<_, String>>()?,
        ),
        T::Table(t) if t.contains_key("new") => SlotDefault::New(class(&t["new"])?),
        T::Table(t) if t.contains_key("amount") => SlotDefault::Amount(
            number(&t["amount"])?,
            class(t.get("unit").ok_or("amount without unit")?)?,
        ),
        T::Table(t) if t.contains_key("quantity") => SlotDefault::Quantity(number(&t["quantity"])?),
        other => return Err(format!("unsupported default `{other}`")),
    })
}

/// The CLOS class precedence list: a topological sort of every class's local
/// order (class, then its direct superclasses left to right), ties broken in
/// favour of the superclass of the most recently placed class.
fn class_precedence(classes: &[Class], start: ClassId) -> Result<Vec<ClassId>, String> {
    let mut all = vec![start];
    let mut i = 0;
    while i < all.len() {
        for s in &classes[all[i].0 as usize].direct_superclasses {
            if !all.contains(s) {
                all.push(*s);
            }
        }
        i += 1;
    }
    let mut pairs: Vec<(ClassId, ClassId)> = Vec::new();
    for c in &all {
        let mut prev = *c;
        for s in &classes[c.0 as usize].direct_superclasses {
            pairs.push((prev, *s));
            prev = *s;
        }
    }
    let mut result: Vec<ClassId> = Vec::new();
    let mut remaining = all.clone();
    while !remaining.is_empty() {
        let candidates: Vec<ClassId> = remaining
            .iter()
            .copied()
            .filter(|c| !pairs.iter().any(|(a, b)| b == c && remaining.contains(a)))
            .collect();
        let chosen = match candidates.len() {
            0 => return Err("inconsistent superclass order".into()),
            1 => candidates[0],
            _ => result
                .iter()
                .rev()
                .find_map(|placed| {
                    candidates
                        .iter()
                        .copied()
                        .find(|c| classes[placed.0 as usize].direct_superclasses.contains(c))
                })
                .unwrap_or(candidates[0]),
        };
        result.push(chosen);
        remaining.retain(|c| *c != chosen);
    }
    Ok(result)
}

impl sous_lang::Vocabulary for Ontology {
    fn is_class(&self, name: &str) -> bool {
        self.by_name.contains_key(name)
    }

    fn is_a(&self, class: &str, ancestor: &str) -> bool {
        match (self.id(class), self.id(ancestor)) {
            (Some(c), Some(a)) => Ontology::is_a(self, c, a),
            _ => false,
        }
    }

    fn class_names(&self) -> Vec<&str> {
        self.classes.iter().map(|c| c.name.as_str()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_ontology_loads_with_the_reference_facts() {
        let o = Ontology::get();
        assert!(o.classes().count() > 300);
        let c = |n| o.id(n).unwrap();
        assert!(o.is_a(c("extra-virgin-olive-oil"), c("olive-oil")));
        assert!(o.is_a(c("almond-flour"), c("flour")));
        assert!(!o.is_a(c("salted-butter"), c("butter")));
        assert!(o.is_a(c("failed-object"), c("kitchen-state")));
        assert!(!o.is_a(c("failed-object"), c("cutting-pattern")));
        assert_eq!(o.grams_per(c("butter"), c("teaspoon")), Some(Num::int(5)));
        assert!(o.grams_per(c("butter"), c("teaspoon")).unwrap().is_exact());
        assert!(o
            .grams_per(c("white-sugar"), c("teaspoon"))
            .unwrap()
            .is_float());
        assert_eq!(
            o.grams_per(c("olive-oil"), c("teaspoon")),
            None,
            "no inheritance in the conversion table"
        );
        assert_eq!(
            o.stove_mode_temperature(c("medium-heat")),
            Some(Num::int(150))
        );
        assert_eq!(
            o.class(c("walnut-ball-shape")).undefined_superclasses,
            ["ballshape"]
        );
    }

    #[test]
    fn slot_defaults_follow_clos_precedence() {
        let o = Ontology::get();
        let fo = o.class(o.known().failed_object);
        let arrangement = fo
            .slots
            .iter()
            .find(|(s, _)| *s == slot::ARRANGEMENT)
            .map(|(_, d)| d.clone());
        assert_eq!(
            arrangement,
            Some(SlotDefault::New(o.id("shelved").unwrap())),
            "fridge precedes kitchen-state"
        );
        let freezer = o.class(o.id("freezer").unwrap());
        assert!(freezer.slot_position(slot::TEMPERATURE).is_some());
    }
}
