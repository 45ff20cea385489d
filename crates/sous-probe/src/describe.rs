//! Comestibles in words, made from their kitchen objects:
//! "beaten mixture of butter (230 g) and white sugar (120 g) at room
//! temperature, in a large bowl". Also their base ingredients with grams
//! (for set answers and amounts) and the words a text would name them by.

use std::collections::BTreeMap;

use sous_kitchen::describe::fmt_num;
use sous_kitchen::{convert_to_g, slot, Entity, EntityRef, Num, Ontology, Value};

use crate::knowledge::Knowledge;

/// Whether `e` is, holds or lists something to eat.
pub fn is_comestible(e: &Entity) -> bool {
    if e.is_failed() || e.is_a_name("kitchen-state") {
        return false;
    }
    if e.is_a_name("ingredient") {
        return true;
    }
    items_of(e).iter().any(|c| c.is_a_name("ingredient"))
}

/// The contents of a container or the items of a list.
pub fn items_of(e: &Entity) -> &[EntityRef] {
    if e.has_slot(slot::ITEMS) {
        e.items()
    } else {
        e.contents()
    }
}

/// The base ingredients of a comestible with their grams, in order of first
/// appearance (mixtures opened up to what they were made of; sprinkles and
/// toppings counted).
pub fn base_ingredients(e: &Entity) -> Vec<(String, f64)> {
    let mut out: Vec<(String, f64)> = Vec::new();
    let mut add = |name: &str, g: f64| match out.iter_mut().find(|(n, _)| n == name) {
        Some((_, total)) => *total += g,
        None => out.push((name.to_string(), g)),
    };
    if e.is_a_name("ingredient") {
        walk(e, None, &mut add);
    } else {
        for c in items_of(e) {
            walk(c, None, &mut add);
        }
    }
    out
}

fn grams(e: &Entity) -> Option<f64> {
    convert_to_g(e).ok()?.amount().map(|a| a.value.to_f64())
}

/// Adds the base ingredients of `e`; `share` is its grams when it is a
/// component (its own amount is then a fraction of the mixture).
fn walk(e: &Entity, share: Option<f64>, add: &mut impl FnMut(&str, f64)) {
    let own = share.or_else(|| grams(e)).unwrap_or(0.0);
    let components = e.get(slot::COMPONENTS).as_list();
    if e.is_a_name("mixture") && !components.is_empty() {
        for c in components {
            let fraction = c.amount().map_or(0.0, |a| a.value.to_f64());
            walk(c, Some(fraction * own), add);
        }
    } else if e.is_a_name("ingredient") {
        add(e.class_name(), own);
    }
    for s in [slot::SPRINKLED_WITH, slot::HAS_ON_TOP, slot::DIPPED_IN] {
        if e.has_slot(s) {
            if let Value::Entity(x) = e.get(s) {
                walk(x, None, add);
            }
        }
    }
}

/// A class name as words: `white-sugar` → "white sugar".
pub fn words(class: &str) -> String {
    class.replace('-', " ")
}

fn grams_text(g: f64) -> String {
    format!("{} g", fmt_num((g * 1000.0).round() / 1000.0))
}

/// "a, b and c".
pub fn and_list(parts: &[String]) -> String {
    match parts {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The state words a description gives an item: its states, but the one
/// its kind already says ("mixture", not "mixed mixture").
pub fn described_states(e: &Entity) -> Vec<String> {
    let kind = kind_word(e);
    states(e)
        .into_iter()
        .filter(|s| !(kind == "mixture" && s == "mixed"))
        .collect()
}

/// What an item is, with its states, in a few words: "beaten mixture",
/// "baked crescent-shaped mixture", "chopped walnut".
pub fn what_it_is(e: &Entity) -> String {
    let mut parts = described_states(e);
    parts.push(kind_word(e));
    parts.join(" ")
}

/// Where a description says its thing is: the words after its last comma
/// ("in a large bowl"), if any.
pub fn where_phrase(description: &str) -> Option<&str> {
    description.rsplit_once(", ").map(|(_, p)| p)
}

/// The state words of one item: "beaten", "baked", "crescent-shaped", …
pub fn states(e: &Entity) -> Vec<String> {
    let k = Knowledge::get();
    let onto = Ontology::get();
    let mut out = Vec::new();
    for (s, v) in e.slots() {
        let name = onto.slot_name(s);
        match v {
            Value::Bool(true) if !k.silent_flags.iter().any(|f| f == name) => {
                let w = k
                    .state_words
                    .get(name)
                    .cloned()
                    .unwrap_or_else(|| words(name));
                // "ground cumin" is not "ground ground cumin".
                if !words(e.class_name()).split(' ').any(|c| c == w) {
                    out.push(w);
                }
            }
            Value::Entity(x) if s == slot::IS_CUT && words(x.class_name()).ends_with("ed") => {
                out.push(words(x.class_name()))
            }
            Value::Entity(x) if s == slot::CURRENT_SHAPE => out.push(format!(
                "{}d",
                words(x.class_name()).replace(" shape", "-shape")
            )),
            _ => {}
        }
    }
    out
}

/// How a thing was cut when that reads as a noun ("slices", "fine slices");
/// "chopped", "minced" … read as states instead.
fn cut_into(e: &Entity) -> Option<String> {
    let x = e
        .has_slot(slot::IS_CUT)
        .then(|| e.get(slot::IS_CUT).as_entity())
        .flatten()?;
    let w = words(x.class_name());
    (x.class_name() != "uncut" && !w.ends_with("ed")).then_some(w)
}

/// The item's temperature in degrees Celsius, if it has one.
pub fn temperature_c(e: &Entity) -> Option<f64> {
    Some(e.get(slot::TEMPERATURE).as_amount()?.value.to_f64())
}

/// The thing a comestible object is about: itself if it is an
/// ingredient, else the first ingredient it holds or lists.
pub fn main_item(e: &Entity) -> Option<&Entity> {
    if e.is_a_name("ingredient") {
        return Some(e);
    }
    items_of(e)
        .iter()
        .find(|c| c.is_a_name("ingredient"))
        .map(|c| &**c)
}

/// Grams of everything a comestible object holds or is.
pub fn total_grams(e: &Entity) -> Option<f64> {
    let parts = base_ingredients(e);
    (!parts.is_empty()).then(|| {
        let g: f64 = parts.iter().map(|(_, g)| g).sum();
        (g * 1000.0).round() / 1000.0
    })
}

/// "at room temperature", "at 175 °C", "chilled (5 °C)", or nothing.
fn temperature(e: &Entity) -> Option<String> {
    let t = e.get(slot::TEMPERATURE).as_amount()?.value.to_f64();
    Some(if (15.0..=25.0).contains(&t) {
        "at room temperature".into()
    } else if t < 10.0 {
        format!("chilled ({} °C)", fmt_num(t))
    } else {
        format!("at {} °C", fmt_num(t))
    })
}

/// What kind of thing an item is in a word or two: "mixture", "dough",
/// or an ingredient's name.
pub fn kind_word(e: &Entity) -> String {
    Knowledge::get()
        .kind_words
        .get(e.class_name())
        .cloned()
        .unwrap_or_else(|| words(e.class_name()))
}

/// One item (an ingredient or a mixture) in words, without its container.
pub fn item(e: &Entity) -> String {
    item_with(e, true)
}

/// `detailed`: a mixture's ingredients with their grams (left out for the
/// portions of an object of several items, where the total says enough).
fn item_with(e: &Entity, detailed: bool) -> String {
    let k = Knowledge::get();
    let mut s = String::new();
    let st = if e.is_a_name("mixture") {
        described_states(e)
    } else {
        states(e)
    };
    if !st.is_empty() {
        s.push_str(&st.join(", "));
        s.push(' ');
    }
    let components = e.get(slot::COMPONENTS).as_list();
    if e.is_a_name("mixture") && !components.is_empty() {
        let kind = k
            .kind_words
            .get(e.class_name())
            .cloned()
            .unwrap_or_else(|| words(e.class_name()));
        let parts: Vec<String> = base_ingredients(&strip_additions(e))
            .iter()
            .map(|(n, g)| {
                if detailed {
                    format!("{} ({})", words(n), grams_text(*g))
                } else {
                    words(n)
                }
            })
            .collect();
        s.push_str(&format!("{kind} of {}", and_list(&parts)));
        if let Some(g) = grams(e) {
            s.push_str(&format!(
                ", {}{}",
                grams_text(g),
                if detailed { " in all" } else { "" }
            ));
        }
    } else {
        s.push_str(&words(e.class_name()));
        if let Some(g) = grams(e) {
            s.push_str(&format!(" ({})", grams_text(g)));
        } else if let Some(a) = e.amount() {
            s.push_str(&format!(
                " ({} {})",
                fmt_num(a.value.to_f64()),
                Ontology::get().name(a.unit)
            ));
        }
    }
    if let Some(cut) = cut_into(e) {
        s.push_str(&format!(", cut into {cut}"));
    }
    for (sl, how) in [
        (slot::SPRINKLED_WITH, "sprinkled with"),
        (slot::HAS_ON_TOP, "topped with"),
        (slot::DIPPED_IN, "dipped in"),
    ] {
        if e.has_slot(sl) {
            if let Value::Entity(x) = e.get(sl) {
                s.push_str(&format!(", {how} {}", item(x)));
            }
        }
    }
    if let Some(t) = temperature(e) {
        s.push(' ');
        s.push_str(&t);
    }
    s
}

/// `e` without its sprinkles and toppings (they are described apart).
fn strip_additions(e: &Entity) -> Entity {
    let mut e = e.clone();
    for s in [slot::SPRINKLED_WITH, slot::HAS_ON_TOP, slot::DIPPED_IN] {
        if e.has_slot(s) {
            e.set(s, Value::Nil);
        }
    }
    e
}

/// A comestible object in words: its items (runs of equal ones counted)
/// and where they are ("in a large bowl", "on a baking tray").
pub fn object(e: &Entity) -> String {
    if e.is_a_name("ingredient") {
        return item(e);
    }
    let items: Vec<&EntityRef> = items_of(e)
        .iter()
        .filter(|c| c.is_a_name("ingredient"))
        .collect();
    let detailed = items.len() == 1 || items.iter().all(|c| !c.is_a_name("mixture"));
    let mut runs: Vec<(String, usize)> = Vec::new();
    for c in items {
        let d = item_with(c, detailed);
        match runs.last_mut() {
            Some((last, n)) if *last == d => *n += 1,
            _ => runs.push((d, 1)),
        }
    }
    // Portions of one thing that differ only in size read as one run.
    let parts: Vec<String> = runs
        .iter()
        .map(|(d, n)| {
            if *n > 1 {
                format!("{n} × {d}")
            } else {
                d.clone()
            }
        })
        .collect();
    let what = and_list(&parts);
    if e.is_a_name("list-of-kitchen-entities") {
        return format!("{what}, on the counter-top");
    }
    let flat = [
        "baking-tray",
        "cookie-sheet",
        "plate",
        "cutting-board",
        "baking-dish",
        "wire-rack",
    ];
    let on = flat.iter().any(|f| e.is_a_name(f)) || e.class_name().contains("tray");
    let mut holder = words(e.class_name());
    if let Value::Entity(l) = e.get(slot::LINED_WITH) {
        holder.push_str(&format!(" lined with {}", words(l.class_name())));
    }
    format!("{what}, {} a {holder}", if on { "on" } else { "in" })
}

/// Base ingredient names as a sorted set (for set answers).
pub fn ingredient_set(e: &Entity) -> Vec<String> {
    let mut names: Vec<String> = base_ingredients(e).into_iter().map(|(n, _)| n).collect();
    names.sort();
    names.dedup();
    names
}

/// Grams of each base ingredient, by name.
pub fn grams_by_ingredient(e: &Entity) -> BTreeMap<String, f64> {
    base_ingredients(e).into_iter().collect()
}

/// The words a text would name this comestible by: its base ingredients'
/// names (and their last words) and its kind ("mixture", "dough").
pub fn naming_words(e: &Entity) -> Vec<String> {
    let k = Knowledge::get();
    let mut out = Vec::new();
    for (n, _) in base_ingredients(e) {
        let w = words(&n);
        if let Some(last) = w.split(' ').next_back() {
            out.push(last.to_string());
        }
        out.push(w);
    }
    let mut kinds = |x: &Entity| {
        if let Some(kind) = k.kind_words.get(x.class_name()) {
            out.push(kind.clone());
        }
        if x.is_a_name("mixture") {
            out.extend(k.mixture_words.iter().cloned());
        }
    };
    if e.is_a_name("ingredient") {
        kinds(e);
    }
    for c in items_of(e) {
        kinds(c);
    }
    out.sort();
    out.dedup();
    out
}

/// Not used by the descriptions: a number as the reference would print it.
pub fn num(n: Num) -> String {
    fmt_num(n.to_f64())
}
