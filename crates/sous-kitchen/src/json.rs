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
