//! What a qualitative kitchen state holds, as the physics kitchen needs it:
//! every object with the object or place it stands in, and every ingredient
//! portion with its holder and exact mass.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use sous_kitchen::{grams_of, slot, ClassId, Entity, KitchenState, Num, Ontology, Pid, SlotId};

/// An object of the kitchen (not an ingredient).
#[derive(Debug, Clone, PartialEq)]
pub struct ObjectEntry {
    pub class: ClassId,
    pub holder: Pid,
    /// The top-level place it is in (itself for places).
    pub place: Pid,
    /// Its position in its holder's contents.
    pub index: usize,
    /// It covers its holder (`covered-with`): it lies on the rim, not inside.
    pub covers: bool,
}

/// An ingredient entity in one holder (coatings such as `sprinkled-with`
/// count as being in the holder of what they coat).
#[derive(Debug, Clone, PartialEq)]
pub struct PortionEntry {
    pub pid: Pid,
    pub class: ClassId,
    pub holder: Pid,
    pub grams: Num,
    pub composition: Vec<(ClassId, Num)>,
    /// The unit it is counted in was `piece`, and how many.
    pub pieces: Option<u32>,
    /// The grams of each copy: the kitchen may hold several copies of one
    /// entity (portions of dough share their identity), each a separate
    /// piece of matter.
    pub copies: Vec<Num>,
    /// It lies on what it coats (`sprinkled-with` and the like).
    pub coating: bool,
    /// Its mass is a guess (the ontology has no conversion to grams for it).
    pub estimated: bool,
}

#[derive(Debug, Clone, Default)]
pub struct Inventory {
    pub places: BTreeMap<Pid, ClassId>,
    pub objects: BTreeMap<Pid, ObjectEntry>,
    pub portions: Vec<PortionEntry>,
}

/// Slots whose value is an ingredient lying on (not in) its owner.
const COATINGS: [&str; 5] = [
    "sprinkled-with",
    "spread-with",
    "has-on-top",
    "brushed-with",
    "dipped-in",
];

/// The coating slots the ontology has, resolved once.
fn coating_slots() -> &'static [SlotId] {
    static SLOTS: OnceLock<Vec<SlotId>> = OnceLock::new();
    SLOTS.get_or_init(|| {
        let onto = Ontology::get();
        COATINGS.iter().filter_map(|n| onto.slot_id(n)).collect()
    })
}

/// The ingredients lying on `e` as coatings, each with its slot.
pub(crate) fn coatings_of(e: &Entity) -> impl Iterator<Item = (SlotId, &Entity)> + '_ {
    coating_slots().iter().filter_map(move |&id| {
        e.get(id)
            .as_entity()
            .filter(|c| c.is_a_name("ingredient"))
            .map(|c| (id, &**c))
    })
}

/// Slots whose value is an object lying in or on its owner (the paper a
/// tray is lined with, the lid on a bowl).
const ATTACHED: [&str; 2] = ["lined-with", "covered-with"];

impl Inventory {
    pub fn of(ks: &KitchenState) -> Inventory {
        let mut inv = Inventory::default();
        for place in ks.root().contents() {
            inv.places.insert(place.pid, place.class);
            for (i, e) in place.contents().iter().enumerate() {
                inv.walk(e, place.pid, place.pid, i);
            }
        }
        // One entry per (pid, holder): shared coatings add up.
        let mut merged: Vec<PortionEntry> = Vec::new();
        for p in std::mem::take(&mut inv.portions) {
            match merged
                .iter_mut()
                .find(|m| m.pid == p.pid && m.holder == p.holder)
            {
                Some(m) => {
                    m.grams += p.grams;
                    m.composition = add(&m.composition, &p.composition);
                    m.copies.extend(p.copies);
                    m.coating &= p.coating;
                    m.estimated |= p.estimated;
                    m.pieces = match (m.pieces, p.pieces) {
                        (Some(a), Some(b)) => Some(a + b),
                        _ => None,
                    };
                }
                None => merged.push(p),
            }
        }
        inv.portions = merged;
        inv
    }

    fn walk(&mut self, e: &Entity, holder: Pid, place: Pid, index: usize) {
        let onto = Ontology::get();
        if e.is_failed() {
            return;
        }
        if e.is_a_name("ingredient") {
            self.portion(e, holder, false);
            for (_, c) in coatings_of(e) {
                self.portion(c, holder, true);
            }
            return;
        }
        self.objects.insert(
            e.pid,
            ObjectEntry {
                class: e.class,
                holder,
                place,
                index,
                covers: false,
            },
        );
        for (i, c) in e.contents().iter().enumerate() {
            self.walk(c, e.pid, place, i);
        }
        for name in ATTACHED {
            if let Some(id) = onto.slot_id(name) {
                if let Some(c) = e.get(id).as_entity() {
                    if !c.is_a_name("ingredient") && !self.objects.contains_key(&c.pid) {
                        self.walk(c, e.pid, place, usize::MAX);
                        if name == "covered-with" {
                            if let Some(o) = self.objects.get_mut(&c.pid) {
                                o.covers = true;
                            }
                        }
                    }
                }
            }
        }
        for (_, c) in coatings_of(e) {
            self.portion(c, e.pid, true);
        }
    }

    fn portion(&mut self, e: &Entity, holder: Pid, coating: bool) {
        // The reference can leave a stock with a negative amount (it
        // subtracts grams from litres); no matter has negative mass.
        let grams = grams_estimate(e).max(Num::ZERO);
        let pieces = e.amount().and_then(|a| {
            (Ontology::get().name(a.unit) == "piece")
                .then(|| a.value.as_integer())
                .flatten()
                .and_then(|n| u32::try_from(n).ok())
        });
        self.portions.push(PortionEntry {
            pid: e.pid,
            class: e.class,
            holder,
            grams,
            composition: composition(e, grams),
            pieces,
            copies: vec![grams],
            coating,
            estimated: grams_of(e).is_err(),
        });
    }

    /// The portions held by `holder`.
    pub fn held_by(&self, holder: Pid) -> impl Iterator<Item = &PortionEntry> {
        self.portions.iter().filter(move |p| p.holder == holder)
    }
}

/// Grams of an ingredient: the ontology's conversion, else a physical
/// estimate for amounts the conversion table lacks (one piece 100 g, one
/// litre 1000 g, one teaspoon 5 g), so that every portion has a mass.
pub fn grams_estimate(e: &Entity) -> Num {
    if let Ok(g) = grams_of(e) {
        return g;
    }
    let Some(a) = e.amount() else {
        return Num::ZERO;
    };
    let per = match Ontology::get().name(a.unit) {
        "g" => 1,
        "kg" | "l" => 1000,
        "ml" => 1,
        "teaspoon" => 5,
        "tablespoon" => 15,
        "cup" => 240,
        _ => 100,
    };
    a.value * Num::int(per)
}

/// Mass per base ingredient class; mixtures are unfolded through their
/// components' fractions.
pub fn composition(e: &Entity, grams: Num) -> Vec<(ClassId, Num)> {
    let comps = e.get(slot::COMPONENTS).as_list();
    if !e.is_a_name("mixture") || comps.is_empty() {
        return vec![(e.class, grams)];
    }
    let mut out: Vec<(ClassId, Num)> = Vec::new();
    let total: Num = comps
        .iter()
        .map(|c| c.amount().map_or(Num::ZERO, |a| a.value))
        .sum();
    for c in comps {
        let fraction = c.amount().map_or(Num::ZERO, |a| a.value);
        let share = match (fraction * grams).checked_div(total) {
            Some(s) => s,
            None => continue,
        };
        out = add(&out, &composition(c, share));
    }
    if out.is_empty() {
        vec![(e.class, grams)]
    } else {
        out
    }
}

/// The sum of two compositions, in first-seen order.
pub fn add(a: &[(ClassId, Num)], b: &[(ClassId, Num)]) -> Vec<(ClassId, Num)> {
    let mut out = a.to_vec();
    for (c, g) in b {
        match out.iter_mut().find(|(k, _)| k == c) {
            Some((_, v)) => *v += *g,
            None => out.push((*c, *g)),
        }
    }
    out
}

/// `a` less `b`, class by class (what stays when `b` is taken from `a`:
/// computed as a difference so that the two parts add up to `a` exactly).
pub fn minus(a: &[(ClassId, Num)], b: &[(ClassId, Num)]) -> Vec<(ClassId, Num)> {
    a.iter()
        .map(|(c, g)| {
            let taken = b
                .iter()
                .find(|(k, _)| k == c)
                .map_or(Num::ZERO, |(_, t)| *t);
            (*c, *g - taken)
        })
        .collect()
}

/// `comp` scaled to `grams` (its parts keep their proportions).
pub fn scaled(comp: &[(ClassId, Num)], grams: Num) -> Vec<(ClassId, Num)> {
    let total: Num = comp.iter().map(|(_, g)| *g).sum();
    comp.iter()
        .map(|(c, g)| (*c, (*g * grams).checked_div(total).unwrap_or(Num::ZERO)))
        .collect()
}
