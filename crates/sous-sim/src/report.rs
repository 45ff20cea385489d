//! The JSON view of an execution (`sous run --format json`, `POST /api/execute`).
//!
//! [`ExecutionView`] serialises straight into any serde serializer (the API
//! streams it into its response); [`execution_json`] is the same view as a
//! `serde_json::Value`.

use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;
use serde_json::Value as Json;
use sous_kitchen::{Entity, EntityView, JsonNumber, Num, PidName, ShallowEntityView};

use crate::{Execution, Failure, Step};

/// One JSON object: `recipe_id`, `solved`, `execution_time` (null without a
/// solution), `steps`, `bindings` (every `?variable` to its entity),
/// `available_at`, `failed_actions` and `final_kitchen`.
pub fn execution_json(x: &Execution) -> Json {
    execution_json_with(x, false)
}

/// [`execution_json`], with runs of identical list items written once when
/// `compact` (see `sous_kitchen::EntityView`).
pub fn execution_json_with(x: &Execution, compact: bool) -> Json {
    let view = ExecutionView {
        execution: x,
        compact,
    };
    serde_json::to_value(view).expect("JSON views have string keys")
}

/// An execution as JSON (see [`execution_json`]), its entities compacted as
/// in `sous_kitchen::EntityView` when `compact`.
#[derive(Debug, Clone, Copy)]
pub struct ExecutionView<'a> {
    /// The execution to write.
    pub execution: &'a Execution,
    /// Whether runs of items that differ only in their ids are written once.
    pub compact: bool,
}

impl Serialize for ExecutionView<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        write_execution(self.execution, self.compact, false, s)
    }
}

/// An execution as a lean JSON answer: the same keys as [`ExecutionView`]
/// (compact), but every binding one level deep (`sous_kitchen::ShallowEntityView`:
/// nested entities as `{"class", "id"}` references, kitchen states
/// summarised as always) and `final_kitchen` summarised like a bound kitchen
/// state (`{"class": "kitchen-state", "id", "kitchen-time"}`). The almond
/// gold's answer is about a quarter of the compact one; the whole trees
/// are in the kitchen states (`sous_kitchen::EntityView`) for who asks.
#[derive(Debug, Clone, Copy)]
pub struct LeanExecutionView<'a> {
    /// The execution to write.
    pub execution: &'a Execution,
}

impl Serialize for LeanExecutionView<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        write_execution(self.execution, true, true, s)
    }
}

fn write_execution<S: Serializer>(
    x: &Execution,
    compact: bool,
    lean: bool,
    s: S,
) -> Result<S::Ok, S::Error> {
    let net = &x.network;
    let variables = || {
        net.variables
            .iter()
            .enumerate()
            .filter(|(_, v)| v.constant.is_none())
    };
    let mut m = s.serialize_map(None)?;
    m.serialize_entry("recipe_id", &net.recipe_id)?;
    m.serialize_entry("solved", &x.solved)?;
    m.serialize_entry("execution_time", &x.execution_time().map(JsonNumber))?;
    let steps = x.steps.iter().map(|step| StepView(x, step));
    m.serialize_entry("steps", &Seq(steps))?;
    let bindings = variables().map(|(v, var)| {
        let binding = x.bindings[v].as_ref().map(|b| BindingView {
            entity: &b.value,
            compact,
            lean,
        });
        (&var.name, binding)
    });
    m.serialize_entry("bindings", &Map(bindings))?;
    let available = variables().map(|(v, var)| {
        let at = x.bindings[v].as_ref().and_then(|b| b.available_at);
        (&var.name, at.map(JsonNumber))
    });
    m.serialize_entry("available_at", &Map(available))?;
    let failed = x.failures.iter().map(|f| FailureView(x, f));
    m.serialize_entry("failed_actions", &Seq(failed))?;
    if lean {
        let kitchen = x.final_kitchen().map(|k| KitchenStateSummary(k));
        m.serialize_entry("final_kitchen", &kitchen)?;
    } else {
        let kitchen = x.final_kitchen().map(|k| EntityView { entity: k, compact });
        m.serialize_entry("final_kitchen", &kitchen)?;
    }
    m.end()
}

/// A sequence written from an iterator (cloned, as serializing takes `&self`).
struct Seq<I>(I);

impl<T: Serialize, I: Iterator<Item = T> + Clone> Serialize for Seq<I> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.clone())
    }
}

/// A map written from an iterator of entries (cloned, as serializing takes `&self`).
struct Map<I>(I);

impl<K: Serialize, V: Serialize, I: Iterator<Item = (K, V)> + Clone> Serialize for Map<I> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.0.clone())
    }
}

struct StepView<'a>(&'a Execution, &'a Step);

impl Serialize for StepView<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let StepView(x, step) = self;
        let a = &x.network.actions[step.action];
        let mut m = s.serialize_map(Some(6))?;
        m.serialize_entry("action", &a.text)?;
        m.serialize_entry("line", &a.span.line)?;
        m.serialize_entry("case", &(step.case + 1))?;
        m.serialize_entry("start", &JsonNumber(step.start))?;
        m.serialize_entry("end", &JsonNumber(step.end))?;
        m.serialize_entry("kitchen_time", &JsonNumber(step.kitchen_time))?;
        m.end()
    }
}

struct FailureView<'a>(&'a Execution, &'a Failure);

impl Serialize for FailureView<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let FailureView(x, f) = self;
        let action = f.action.map(|i| &x.network.actions[i].text);
        let mut m = s.serialize_map(Some(5))?;
        m.serialize_entry("kind", &f.kind)?;
        m.serialize_entry("action", &action)?;
        m.serialize_entry("line", &f.span.map(|s| s.line))?;
        m.serialize_entry("column", &f.span.map(|s| s.column))?;
        m.serialize_entry("message", &f.message)?;
        m.end()
    }
}

/// A bound entity; kitchen states are summarised (id and clock) because each
/// is a whole kitchen: the full last one is `final_kitchen`. When `lean`,
/// other entities are one level deep (`ShallowEntityView`).
struct BindingView<'a> {
    entity: &'a Entity,
    compact: bool,
    lean: bool,
}

impl Serialize for BindingView<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let e = self.entity;
        if e.class == sous_kitchen::Ontology::get().known().kitchen_state {
            KitchenStateSummary(e).serialize(s)
        } else if self.lean {
            ShallowEntityView(e).serialize(s)
        } else {
            let view = EntityView {
                entity: e,
                compact: self.compact,
            };
            view.serialize(s)
        }
    }
}

/// A kitchen state as `{"class": "kitchen-state", "id", "kitchen-time"}`.
struct KitchenStateSummary<'a>(&'a Entity);

impl Serialize for KitchenStateSummary<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let e = self.0;
        let time = e
            .get(sous_kitchen::slot::KITCHEN_TIME)
            .as_number()
            .unwrap_or(Num::ZERO);
        let mut m = s.serialize_map(Some(3))?;
        m.serialize_entry("class", "kitchen-state")?;
        m.serialize_entry("id", &PidName::of(e))?;
        m.serialize_entry("kitchen-time", &time)?;
        m.end()
    }
}
