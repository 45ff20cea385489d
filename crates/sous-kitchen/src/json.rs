//! JSON views of entities: `{"class": .., "id": .., <slot>: <value>, ...}`.

use serde_json::{json, Map, Value as Json};

use crate::{Entity, Num, Ontology, Pid, Value};

/// A number as JSON: integral values print without a fraction.
pub fn number_json(x: f64) -> Json {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        Json::from(x as i64)
    } else {
        json!(x)
    }
}

/// A [`Num`] as JSON: an exact integer as an integer, anything else as
/// [`number_json`] of its nearest float (a ratio has no JSON form).
pub fn num_json(x: Num) -> Json {
    match x.as_integer() {
        Some(i) => Json::from(i),
        None => number_json(x.to_f64()),
    }
}

pub fn pid_string(class: &str, pid: Pid) -> String {
    format!("{class}-{}", pid.0)
}

pub fn entity_json(e: &Entity) -> Json {
    let onto = Ontology::get();
    let mut m = Map::new();
    m.insert("class".into(), Json::from(e.class_name()));
    m.insert("id".into(), Json::from(pid_string(e.class_name(), e.pid)));
    for (slot, v) in e.slots() {
        m.insert(onto.slot_name(slot).to_string(), value_json(v));
    }
    Json::Object(m)
}

pub fn value_json(v: &Value) -> Json {
    match v {
        Value::Nil => Json::Null,
        Value::Bool(b) => Json::Bool(*b),
        Value::Number(n) => num_json(*n),
        Value::Amount(a) => {
            json!({"value": num_json(a.value), "unit": Ontology::get().name(a.unit)})
        }
        Value::Entity(e) => entity_json(e),
        Value::List(items) => Json::Array(items.iter().map(|e| entity_json(e)).collect()),
    }
}

/// [`entity_json_compact`] when `compact`, else [`entity_json`].
pub fn entity_json_with(e: &Entity, compact: bool) -> Json {
    if compact {
        entity_json_compact(e)
    } else {
        entity_json(e)
    }
}

/// Like [`entity_json`], with every run of two or more consecutive list
/// items that differ only in their persistent ids written once, as
/// `{"repeat": n, "ids": [...], "item": {...}}` (as the reference's traces
/// do): a tray of 33 identical cookies is one cookie, not 33.
pub fn entity_json_compact(e: &Entity) -> Json {
    let onto = Ontology::get();
    let mut m = Map::new();
    m.insert("class".into(), Json::from(e.class_name()));
    m.insert("id".into(), Json::from(pid_string(e.class_name(), e.pid)));
    for (slot, v) in e.slots() {
        m.insert(onto.slot_name(slot).to_string(), value_json_compact(v));
    }
    Json::Object(m)
}

fn value_json_compact(v: &Value) -> Json {
    match v {
        Value::Entity(e) => entity_json_compact(e),
        Value::List(items) => {
            let mut out = Vec::new();
            let mut i = 0;
            while i < items.len() {
                let run = items[i..]
                    .iter()
                    .take_while(|x| same_but_ids(x, &items[i]))
                    .count();
                if run >= 2 {
                    let ids: Vec<Json> = items[i..i + run]
                        .iter()
                        .map(|x| Json::from(pid_string(x.class_name(), x.pid)))
                        .collect();
                    out.push(
                        json!({"repeat": run, "ids": ids, "item": entity_json_compact(&items[i])}),
                    );
                } else {
                    out.push(entity_json_compact(&items[i]));
                }
                i += run.max(1);
            }
            Json::Array(out)
        }
        other => value_json(other),
    }
}

/// Equal apart from persistent ids, at every depth.
pub fn same_but_ids(a: &Entity, b: &Entity) -> bool {
    fn values(x: &Value, y: &Value) -> bool {
        match (x, y) {
            (Value::Entity(p), Value::Entity(q)) => same_but_ids(p, q),
            (Value::List(p), Value::List(q)) => {
                p.len() == q.len() && p.iter().zip(q).all(|(p, q)| same_but_ids(p, q))
            }
            _ => x == y,
        }
    }
    a.class == b.class
        && a.slots()
            .zip(b.slots())
            .all(|((_, x), (_, y))| values(x, y))
}
