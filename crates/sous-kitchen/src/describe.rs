//! A short, human-readable rendering of entities for terminal output:
//! `medium-bowl-208 (used) [butter 230 g at 18 °C]`.

use crate::{slot, Entity, EntityList, EntityRef, Ontology, Value};

/// One line for `e` without its contents: class-id plus what is notable about it.
pub fn headline(e: &Entity) -> String {
    format!("{}-{}{}", e.class_name(), e.pid.0, notes(e))
}

/// Like [`headline`] without the persistent id: `butter (230 g, 18 °C)`.
pub fn summary(e: &Entity) -> String {
    format!("{}{}", e.class_name(), notes(e))
}

/// A slot value in a few words (`nil`, `true`, `230 g`, `18 °C`, an entity's summary).
pub fn value(v: &Value) -> String {
    let onto = Ontology::get();
    match v {
        Value::Nil | Value::Bool(false) => "nil".into(),
        Value::Bool(true) => "true".into(),
        Value::Number(n) => fmt_num(n.to_f64()),
        Value::Amount(a) if onto.name(a.unit) == "degrees-celsius" => {
            format!("{} °C", fmt_num(a.value.to_f64()))
        }
        Value::Amount(a) => format!("{} {}", fmt_num(a.value.to_f64()), onto.name(a.unit)),
        Value::Entity(e) => summary(e),
        Value::List(l) if l.is_empty() => "nil".into(),
        Value::List(l) => format!(
            "[{}]",
            l.iter().map(|e| summary(e)).collect::<Vec<_>>().join(", ")
        ),
    }
}

/// ` (note, note, …)` or nothing.
fn notes(e: &Entity) -> String {
    let onto = Ontology::get();
    let mut s = String::new();
    let mut notes: Vec<String> = Vec::new();
    if let Some(a) = e.amount() {
        notes.push(format!(
            "{} {}",
            fmt_num(a.value.to_f64()),
            onto.name(a.unit)
        ));
    }
    if let Some(t) = e.get(slot::TEMPERATURE).as_amount() {
        if !e.is_a(onto.known().kitchen_state) {
            notes.push(format!("{} °C", fmt_num(t.value.to_f64())));
        }
    }
    for (sl, v) in e.slots() {
        let name = onto.slot_name(sl);
        match v {
            Value::Bool(true)
                if !matches!(name, "is-concept" | "keep-refrigerated" | "keep-frozen") =>
            {
                notes.push(name.to_string())
            }
            Value::Entity(x) if sl == slot::IS_CUT && x.class_name() != "uncut" => {
                notes.push(format!("cut: {}", x.class_name()))
            }
            Value::Entity(x) if sl == slot::CURRENT_SHAPE => {
                notes.push(format!("shape: {}", x.class_name()))
            }
            Value::Entity(x)
                if matches!(
                    name,
                    "lined-with"
                        | "covered-with"
                        | "sprinkled-with"
                        | "brushed-with"
                        | "spread-with"
                        | "dipped-in"
                        | "has-on-top"
                        | "boiled-with"
                ) =>
            {
                let amount = x
                    .amount()
                    .map(|a| format!(" {} {}", fmt_num(a.value.to_f64()), onto.name(a.unit)))
                    .unwrap_or_default();
                notes.push(format!("{name} {}{amount}", x.class_name()));
            }
            _ => {}
        }
    }
    let components = e.get(slot::COMPONENTS).as_list();
    if !components.is_empty() {
        let names: Vec<&str> = components.iter().map(|c| c.class_name()).collect();
        notes.push(format!("of {}", names.join(", ")));
    }
    if !notes.is_empty() {
        s.push_str(" (");
        s.push_str(&notes.join(", "));
        s.push(')');
    }
    s
}

/// `e` and everything in it, indented, runs of identical items collapsed.
pub fn tree(e: &Entity) -> String {
    let mut out = String::new();
    write_tree(e, 0, &mut out);
    out
}

fn write_tree(e: &Entity, depth: usize, out: &mut String) {
    out.push_str(&"  ".repeat(depth));
    out.push_str(&headline(e));
    out.push('\n');
    let children: Vec<&EntityRef> = e.contents().iter().chain(e.items()).collect();
    let mut i = 0;
    while i < children.len() {
        let mut run = 1;
        while i + run < children.len() && same_but_id(children[i], children[i + run]) {
            run += 1;
        }
        if run > 1 {
            out.push_str(&"  ".repeat(depth + 1));
            out.push_str(&format!("{run} × "));
            let mut sub = String::new();
            write_tree(children[i], 0, &mut sub);
            out.push_str(
                sub.replace('\n', &format!("\n{}", "  ".repeat(depth + 1)))
                    .trim_end(),
            );
            out.push('\n');
        } else {
            write_tree(children[i], depth + 1, out);
        }
        i += run;
    }
}

fn same_but_id(a: &Entity, b: &Entity) -> bool {
    a.class == b.class
        && a.contents().is_empty()
        && b.contents().is_empty()
        && headline_wo_id(a) == headline_wo_id(b)
}

fn headline_wo_id(e: &Entity) -> String {
    let h = headline(e);
    h.split_once(' ')
        .map(|(_, rest)| rest.to_string())
        .unwrap_or_default()
}

/// What `kitchen` has that `initial` has not: per place that changed, its
/// headline (an oven's temperature) and, as trees, the items that are new or
/// changed, with a count of the untouched ones. Snapshots share every
/// unchanged entity, so an item is untouched when `initial`'s place holds
/// the very same one: no comparison of slots. A few lines where the whole
/// kitchen is hundreds: what a reader needs to go on with a recipe.
pub fn changes(kitchen: &Entity, initial: &Entity) -> String {
    let mut out = String::new();
    for place in kitchen.contents() {
        let before = initial.contents().iter().find(|p| p.pid == place.pid);
        if before.is_some_and(|b| std::sync::Arc::ptr_eq(b, place)) {
            continue;
        }
        let old = before.map_or(EntityList::empty(), |b| b.contents());
        let new: Vec<&EntityRef> = place
            .contents()
            .iter()
            .filter(|c| !old.iter().any(|o| std::sync::Arc::ptr_eq(o, c)))
            .collect();
        let untouched = place.contents().len() - new.len();
        out.push_str(&headline(place));
        if untouched > 0 {
            out.push_str(&format!(" ({untouched} untouched items not shown)"));
        }
        out.push('\n');
        for item in new {
            write_tree(item, 1, &mut out);
        }
    }
    out
}

/// A number in at most three decimals, without trailing zeros (`25`, `0.909`).
pub fn fmt_num(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{}", x as i64)
    } else {
        format!("{:.3}", x)
            .trim_end_matches('0')
            .trim_end_matches('.')
            .to_string()
    }
}
