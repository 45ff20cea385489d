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
        return !is_nothing(e);
    }
    e.contents_or_items()
        .iter()
        .any(|c| c.is_a_name("ingredient") && !is_nothing(c))
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
        for c in e.contents_or_items() {
            walk(c, None, &mut add);
        }
    }
    out
}

fn grams(e: &Entity) -> Option<f64> {
    convert_to_g(e).ok()?.amount().map(|a| a.value.to_f64())
}

/// What lies on or around a thing, each with the words that say it: a
/// spread (icing on a cookie), a sprinkle, a topping, a dip. They belong to
/// the thing's ingredients and are described after it.
const ADDITIONS: [(sous_kitchen::SlotId, &str); 4] = [
    (slot::SPREAD_WITH, "spread with"),
    (slot::SPRINKLED_WITH, "sprinkled with"),
    (slot::HAS_ON_TOP, "topped with"),
    (slot::DIPPED_IN, "dipped in"),
];

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
    } else if e.is_a_name("ingredient") && !is_nothing(e) {
        add(e.class_name(), own);
    }
    for (s, _) in ADDITIONS {
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
    e.contents_or_items()
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
    Item::of(e, true).text(None)
}

/// An item in words, in parts, so that a run of equal items can be
/// counted ("8 potatoes (210 g each)") and a sprinkle named without the
/// temperature of what it lies on.
#[derive(Clone)]
struct Item {
    /// States and what it is: "beaten mixture of butter (230 g) and …",
    /// "chopped walnut".
    head: String,
    /// Whether the head is a mixture (counted as portions, not pieces).
    mixture: bool,
    grams: Option<f64>,
    /// Whether `grams` are the total of several portions.
    total: bool,
    /// An amount in another unit, where there are no grams ("2 piece").
    other_amount: Option<String>,
    /// How it was cut, what lies on it.
    tail: String,
    temperature: Option<String>,
}

impl Item {
    /// `detailed`: a mixture's ingredients with their grams (left out for
    /// the portions of an object of several items, where the total says
    /// enough).
    fn of(e: &Entity, detailed: bool) -> Item {
        let k = Knowledge::get();
        let mut head = String::new();
        let mixture = e.is_a_name("mixture");
        let st = if mixture {
            described_states(e)
        } else {
            states(e)
        };
        if !st.is_empty() {
            head.push_str(&st.join(", "));
            head.push(' ');
        }
        let components = e.get(slot::COMPONENTS).as_list();
        let has_parts = mixture && !components.is_empty();
        if has_parts {
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
            head.push_str(&format!("{kind} of {}", and_list(&parts)));
        } else {
            head.push_str(&kind_word(e));
        }
        let other_amount = e.amount().filter(|_| grams(e).is_none()).map(|a| {
            format!(
                "{} {}",
                fmt_num(a.value.to_f64()),
                Ontology::get().name(a.unit)
            )
        });
        let mut tail = String::new();
        if let Some(cut) = cut_into(e) {
            tail.push_str(&format!(", cut into {cut}"));
        }
        for (sl, how) in ADDITIONS {
            if e.has_slot(sl) {
                if let Value::Entity(x) = e.get(sl) {
                    // A spread share is flagged `spread`; "spread with" says it.
                    let mut x = (**x).clone();
                    if x.has_slot(slot::SPREAD) {
                        x.set(slot::SPREAD, Value::Bool(false));
                    }
                    // What lies on a thing has the thing's temperature.
                    let on = Item::of(&x, true);
                    tail.push_str(&format!(
                        ", {how} {}",
                        Item {
                            temperature: None,
                            ..on
                        }
                        .text(None)
                    ));
                }
            }
        }
        Item {
            head,
            mixture: has_parts,
            grams: grams(e),
            total: false,
            other_amount,
            tail,
            temperature: temperature(e),
        }
    }

    /// The item in words; `count`: how many equal ones there are.
    fn text(&self, count: Option<usize>) -> String {
        self.text_as(count, false)
    }

    /// `listed`: one of several things in a container, where a mixture's
    /// grams go in brackets ("mixture of salt and water (455.2 g)").
    fn text_as(&self, count: Option<usize>, listed: bool) -> String {
        let mut s = match count {
            Some(n) if self.mixture => format!("{n} portions of {}", self.head),
            Some(n) => format!("{n} {}", plural(&self.head)),
            None => self.head.clone(),
        };
        let each = if count.is_some() && !self.total {
            " each"
        } else {
            ""
        };
        match (self.grams, &self.other_amount) {
            (Some(g), _) if self.mixture && listed && count.is_none() && !self.total => {
                s.push_str(&format!(" ({})", grams_text(g)));
            }
            (Some(g), _) if self.mixture => {
                let all = self.total || (count.is_none() && self.head.contains(" ("));
                let all = if all { " in all" } else { "" };
                s.push_str(&format!(", {}{all}{each}", grams_text(g)));
            }
            (Some(g), _) => s.push_str(&format!(" ({}{each})", grams_text(g))),
            (None, Some(a)) => s.push_str(&format!(" ({a}{each})")),
            (None, None) => {}
        }
        s.push_str(&self.tail);
        if let Some(t) = &self.temperature {
            s.push(' ');
            s.push_str(t);
        }
        s
    }
}

/// Several things in one container in words: "a, b and c"; mixtures
/// (which list their own ingredients with "and") after the rest, each
/// joined with "together with" and its grams in brackets ("flour (280 g)
/// together with beaten mixture of sugar and butter (442 g)").
fn list_of_items(parts: &[(Item, Option<usize>)]) -> String {
    let listed = parts.len() > 1;
    let text = |(it, n): &(Item, Option<usize>)| it.text_as(*n, listed);
    let plain: Vec<String> = parts
        .iter()
        .filter(|(it, _)| !it.mixture)
        .map(text)
        .collect();
    let mut all: Vec<String> = Vec::new();
    if !plain.is_empty() {
        all.push(and_list(&plain));
    }
    all.extend(parts.iter().filter(|(it, _)| it.mixture).map(text));
    all.join(" together with ")
}

/// The plural of a thing's name: its last word made plural ("green
/// onions", "tomatoes"); irregular ones from `data/probe.toml`.
pub fn plural(name: &str) -> String {
    let (rest, last) = match name.rsplit_once(' ') {
        Some((r, l)) => (format!("{r} "), l),
        None => (String::new(), name),
    };
    if let Some(p) = Knowledge::get().plurals.get(last) {
        return format!("{rest}{p}");
    }
    let consonant_before = |suffix: &str| {
        last.strip_suffix(suffix)
            .and_then(|stem| stem.chars().last())
            .is_some_and(|c| !"aeiou".contains(c))
    };
    let p = if ["s", "x", "z", "ch", "sh"]
        .iter()
        .any(|e| last.ends_with(e))
    {
        format!("{last}es")
    } else if consonant_before("y") {
        format!("{}ies", &last[..last.len() - 1])
    } else if consonant_before("o") {
        format!("{last}es")
    } else {
        format!("{last}s")
    };
    format!("{rest}{p}")
}

/// `e` without its sprinkles and toppings (they are described apart).
fn strip_additions(e: &Entity) -> Entity {
    let mut e = e.clone();
    for (s, _) in ADDITIONS {
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
    let items: Vec<&EntityRef> = e
        .contents_or_items()
        .iter()
        .filter(|c| c.is_a_name("ingredient") && !is_nothing(c))
        .collect();
    let detailed = items.len() == 1 || items.iter().all(|c| !c.is_a_name("mixture"));
    let mut runs: Vec<(Item, String, usize)> = Vec::new();
    for c in items {
        let it = Item::of(c, detailed);
        let d = it.text(None);
        match runs.last_mut() {
            Some((_, last, n)) if *last == d => *n += 1,
            _ => runs.push((it, d, 1)),
        }
    }
    // Portions that differ only in size (the rest of a dough portioned by
    // 25 g) are counted with the last run of their kind, by the total.
    let mut parts: Vec<(Item, Option<usize>)> = Vec::new();
    let mut i = 0;
    while i < runs.len() {
        let (it, _, n) = &runs[i];
        let same_kind = |j: usize| {
            runs.get(j).is_some_and(|(o, _, _)| {
                o.mixture
                    && o.head == it.head
                    && o.tail == it.tail
                    && o.temperature == it.temperature
            })
        };
        if it.mixture && same_kind(i + 1) {
            let mut j = i;
            let (mut count, mut total) = (0, 0.0);
            while same_kind(j) {
                count += runs[j].2;
                total += runs[j].0.grams.unwrap_or(0.0) * runs[j].2 as f64;
                j += 1;
            }
            let portions = Item {
                grams: Some(total),
                total: true,
                head: it.head.clone(),
                mixture: true,
                other_amount: None,
                tail: it.tail.clone(),
                temperature: it.temperature.clone(),
            };
            parts.push((portions, Some(count)));
            i = j;
            continue;
        }
        let it = runs[i].0.clone();
        parts.push((it, (*n > 1).then_some(*n)));
        i += 1;
    }
    let what = list_of_items(&parts);
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
    let mut holder = Knowledge::get()
        .holder_words
        .get(e.class_name())
        .cloned()
        .unwrap_or_else(|| words(e.class_name()));
    if let Value::Entity(l) = e.get(slot::LINED_WITH) {
        holder.push_str(&format!(" lined with {}", words(l.class_name())));
    }
    format!("{what}, {} a {holder}", if on { "on" } else { "in" })
}

/// Whether an item is nothing at all: a mixture of nothing, weighing
/// nothing (a gold network that beats a bowl it just emptied makes one).
pub fn is_nothing(e: &Entity) -> bool {
    e.is_a_name("mixture")
        && e.get(slot::COMPONENTS).as_list().is_empty()
        && grams(e).is_some_and(|g| g == 0.0)
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
    for c in e.contents_or_items() {
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
