//! JSON views of entities: `{"class": .., "id": .., <slot>: <value>, ...}`.
//!
//! The views ([`EntityView`], [`ValueView`], [`JsonNumber`]) implement
//! `serde::Serialize`, so they write straight into any serializer: the API
//! streams them into its response buffer without first building a
//! `serde_json::Value` tree (building that tree, a map and a string per key,
//! was most of the cost of a request). The `*_json` functions that do return
//! a `Value` are the same views through `serde_json::to_value`, so both forms
//! come from one walk and cannot drift apart.

use std::fmt;

use serde::ser::{SerializeMap, SerializeSeq, Serializer};
use serde::Serialize;
use serde_json::Value as Json;

use crate::{Entity, EntityRef, Num, Ontology, Pid, Value};

/// A view as a `serde_json::Value` (with the views' own key order).
fn to_json(view: impl Serialize) -> Json {
    // Cannot fail: every map key the views write is a string.
    serde_json::to_value(view).expect("JSON views have string keys")
}

/// A number as JSON: integral values print without a fraction (below 1e15,
/// where an `f64` still holds every integer); NaN and infinities are `null`.
#[derive(Debug, Clone, Copy)]
pub struct JsonNumber(pub f64);

impl Serialize for JsonNumber {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let x = self.0;
        if x.fract() == 0.0 && x.abs() < 1e15 {
            s.serialize_i64(x as i64)
        } else {
            s.serialize_f64(x)
        }
    }
}

/// A number as JSON (see [`JsonNumber`]).
pub fn number_json(x: f64) -> Json {
    to_json(JsonNumber(x))
}

/// A [`Num`] as JSON: an exact integer as an integer, anything else as
/// [`number_json`] of its nearest float (a ratio has no JSON form).
pub fn num_json(x: Num) -> Json {
    to_json(x)
}

/// An entity's id as people read it: `<class>-<pid>`, like `medium-bowl-208`.
/// Displayed (not allocated) so views write it straight into the output.
#[derive(Debug, Clone, Copy)]
pub struct PidName<'a> {
    /// The class's name, the id's first part.
    pub class: &'a str,
    /// The persistent id, the number at its end.
    pub pid: Pid,
}

impl<'a> PidName<'a> {
    /// The name of entity `e`.
    pub fn of(e: &'a Entity) -> Self {
        PidName {
            class: e.class_name(),
            pid: e.pid,
        }
    }
}

impl fmt::Display for PidName<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.class, self.pid.0)
    }
}

impl Serialize for PidName<'_> {
    /// Assembled on the stack and written as one string: an answer has
    /// hundreds of ids, and going through `Display` (the formatting
    /// machinery) for each was a measurable part of its cost.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut digits = itoa::Buffer::new();
        let digits = digits.format(self.pid.0).as_bytes();
        let class = self.class.as_bytes();
        let len = class.len() + 1 + digits.len();
        let mut buf = [0u8; 96];
        if len > buf.len() {
            return s.collect_str(self);
        }
        buf[..class.len()].copy_from_slice(class);
        buf[class.len()] = b'-';
        buf[class.len() + 1..len].copy_from_slice(digits);
        match std::str::from_utf8(&buf[..len]) {
            Ok(id) => s.serialize_str(id),
            Err(_) => s.collect_str(self),
        }
    }
}

/// [`PidName`] as a `String`, for a map key or a message.
pub fn pid_string(class: &str, pid: Pid) -> String {
    PidName { class, pid }.to_string()
}

/// An entity as JSON: its class, its id, then every slot in the class's slot
/// order. When `compact`, every run of two or more consecutive list items
/// that differ only in their persistent ids is written once, as
/// `{"repeat": n, "ids": [...], "item": {...}}` (as the reference's traces
/// do): a tray of 33 identical cookies is one cookie, not 33.
#[derive(Debug, Clone, Copy)]
pub struct EntityView<'a> {
    /// The entity to write.
    pub entity: &'a Entity,
    /// Whether runs of items that differ only in their ids are written once.
    pub compact: bool,
}

impl Serialize for EntityView<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let compact = self.compact;
        serialize_entity(self.entity, s, |value| ValueView { value, compact })
    }
}

/// `{"class", "id", slot: value, …}` in the class's slot order, each slot's
/// value written as `view` makes it (whole or as a reference).
fn serialize_entity<'e, S: Serializer, V: Serialize>(
    e: &'e Entity,
    s: S,
    view: impl Fn(&'e Value) -> V,
) -> Result<S::Ok, S::Error> {
    let onto = Ontology::get();
    let slots = onto.class(e.class).slots.len();
    let mut m = s.serialize_map(Some(2 + slots))?;
    m.serialize_entry("class", e.class_name())?;
    m.serialize_entry("id", &PidName::of(e))?;
    for (slot, value) in e.slots() {
        m.serialize_entry(onto.slot_name(slot), &view(value))?;
    }
    m.end()
}

/// A slot's value as JSON (lists compacted as in [`EntityView`] when `compact`).
#[derive(Debug, Clone, Copy)]
pub struct ValueView<'a> {
    /// The value to write.
    pub value: &'a Value,
    /// Whether runs of items that differ only in their ids are written once.
    pub compact: bool,
}

impl Serialize for ValueView<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let compact = self.compact;
        match self.value {
            Value::Nil => s.serialize_unit(),
            Value::Bool(b) => s.serialize_bool(*b),
            Value::Number(n) => n.serialize(s),
            Value::Amount(a) => {
                let mut m = s.serialize_map(Some(2))?;
                m.serialize_entry("value", &a.value)?;
                m.serialize_entry("unit", Ontology::get().name(a.unit))?;
                m.end()
            }
            Value::Entity(entity) => EntityView { entity, compact }.serialize(s),
            Value::List(items) if compact => {
                let mut seq = s.serialize_seq(None)?;
                for run in Runs(items.iter()) {
                    let entity = run.first;
                    if run.len == 1 {
                        seq.serialize_element(&EntityView { entity, compact })?;
                    } else {
                        seq.serialize_element(&Repeat {
                            run,
                            item: EntityView { entity, compact },
                        })?;
                    }
                }
                seq.end()
            }
            Value::List(items) => {
                let mut seq = s.serialize_seq(Some(items.len()))?;
                for entity in items {
                    seq.serialize_element(&EntityView { entity, compact })?;
                }
                seq.end()
            }
        }
    }
}

/// An entity one level deep, for lean answers (`POST /api/execute` with
/// `"compact": true`): its class, its id and every slot, where a slot that
/// holds an entity holds its [`EntityRefView`] (`{"class", "id"}`) instead
/// of the whole tree, and a list holds references, runs of items that
/// differ only in their ids written once as in [`EntityView`] (with a
/// reference as the run's `item`). Numbers, amounts and flags are written in
/// full, so a bowl says what it holds and how much, not what each
/// ingredient is made of.
#[derive(Debug, Clone, Copy)]
pub struct ShallowEntityView<'a>(pub &'a Entity);

impl Serialize for ShallowEntityView<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        serialize_entity(self.0, s, ShallowValueView)
    }
}

/// An entity as a reference: `{"class", "id"}`, no slots.
#[derive(Debug, Clone, Copy)]
pub struct EntityRefView<'a>(pub &'a Entity);

impl Serialize for EntityRefView<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(2))?;
        m.serialize_entry("class", self.0.class_name())?;
        m.serialize_entry("id", &PidName::of(self.0))?;
        m.end()
    }
}

/// A slot's value in a [`ShallowEntityView`].
struct ShallowValueView<'a>(&'a Value);

impl Serialize for ShallowValueView<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            Value::Entity(entity) => EntityRefView(entity).serialize(s),
            Value::List(items) => {
                let mut seq = s.serialize_seq(None)?;
                for run in Runs(items.iter()) {
                    let item = EntityRefView(run.first);
                    if run.len == 1 {
                        seq.serialize_element(&item)?;
                    } else {
                        seq.serialize_element(&Repeat { run, item })?;
                    }
                }
                seq.end()
            }
            value => ValueView {
                value,
                compact: true,
            }
            .serialize(s),
        }
    }
}

/// The maximal runs of consecutive items that are [`same_but_ids`] as the
/// run's first item, read off the list's own iterator (no copy of the list).
struct Runs<'e>(crate::list::Iter<'e>);

/// One of [`Runs`]: `len` items from `from` on, the first being `first`.
struct Run<'e> {
    first: &'e EntityRef,
    from: crate::list::Iter<'e>,
    len: usize,
}

impl<'e> Iterator for Runs<'e> {
    type Item = Run<'e>;

    fn next(&mut self) -> Option<Run<'e>> {
        let from = self.0.clone();
        let first = self.0.next()?;
        let followers = self
            .0
            .clone()
            .take_while(|x| same_but_ids(x, first))
            .count();
        if followers > 0 {
            self.0.nth(followers - 1);
        }
        Some(Run {
            first,
            from,
            len: 1 + followers,
        })
    }
}

/// A run of two or more items that differ only in their ids, written once:
/// `{"repeat": n, "ids": […], "item": …}`, the item whole or as a reference.
struct Repeat<'e, I> {
    run: Run<'e>,
    item: I,
}

impl<I: Serialize> Serialize for Repeat<'_, I> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(3))?;
        m.serialize_entry("repeat", &self.run.len)?;
        m.serialize_entry("ids", &Ids(&self.run))?;
        m.serialize_entry("item", &self.item)?;
        m.end()
    }
}

struct Ids<'a, 'e>(&'a Run<'e>);

impl Serialize for Ids<'_, '_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.from.clone().take(self.0.len).map(|e| PidName::of(e)))
    }
}

/// [`EntityView`] of `e`, whole, as a `serde_json::Value`.
pub fn entity_json(e: &Entity) -> Json {
    entity_json_with(e, false)
}

/// [`ValueView`] of `v`, whole, as a `serde_json::Value`.
pub fn value_json(v: &Value) -> Json {
    to_json(ValueView {
        value: v,
        compact: false,
    })
}

/// [`entity_json_compact`] when `compact`, else [`entity_json`].
pub fn entity_json_with(e: &Entity, compact: bool) -> Json {
    to_json(EntityView { entity: e, compact })
}

/// Like [`entity_json`], with runs of list items that differ only in their
/// ids written once (see [`EntityView`]).
pub fn entity_json_compact(e: &Entity) -> Json {
    entity_json_with(e, true)
}

/// Equal apart from persistent ids, at every depth. The same entity (shared
/// between kitchen states and lists) is equal to itself without a walk.
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
    std::ptr::eq(a, b)
        || a.class == b.class
            && a.slots()
                .zip(b.slots())
                .all(|((_, x), (_, y))| values(x, y))
}
