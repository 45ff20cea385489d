//! The JSON view of an execution (`sous run --format json`).

use serde_json::{json, Map, Value as Json};
use sous_kitchen::{num_json, number_json};

use crate::Execution;

/// One JSON object: `recipe_id`, `solved`, `execution_time` (null without a
/// solution), `steps`, `bindings` (every `?variable` to its entity),
/// `available_at`, `failed_actions` and `final_kitchen`.
pub fn execution_json(x: &Execution) -> Json {
    execution_json_with(x, false)
}

/// [`execution_json`], with runs of identical list items written once when
/// `compact` (see `sous_kitchen::entity_json_compact`).
pub fn execution_json_with(x: &Execution, compact: bool) -> Json {
    let entity = |e: &sous_kitchen::Entity| sous_kitchen::entity_json_with(e, compact);
    let net = &x.network;
    let steps: Vec<Json> = x
        .steps
        .iter()
        .map(|s| {
            let a = &net.actions[s.action];
            json!({
                "action": a.text,
                "line": a.span.line,
                "case": s.case + 1,
                "start": number_json(s.start),
                "end": number_json(s.end),
                "kitchen_time": number_json(s.kitchen_time),
            })
        })
        .collect();
    let mut bindings = Map::new();
    let mut available = Map::new();
    for (v, var) in net.variables.iter().enumerate() {
        if var.constant.is_some() {
            continue;
        }
        let b = x.bindings[v].as_ref();
        bindings.insert(
            var.name.clone(),
            b.map_or(Json::Null, |b| binding_json(&b.value, &entity)),
        );
        available.insert(
            var.name.clone(),
            b.and_then(|b| b.available_at)
                .map_or(Json::Null, number_json),
        );
    }
    let failed: Vec<Json> = x
        .failures
        .iter()
        .map(|f| {
            let a = f.action.map(|i| &net.actions[i]);
            json!({
                "kind": f.kind,
                "action": a.map(|a| a.text.clone()),
                "line": f.span.map(|s| s.line),
                "column": f.span.map(|s| s.column),
                "message": f.message,
            })
        })
        .collect();
    json!({
        "recipe_id": net.recipe_id,
        "solved": x.solved,
        "execution_time": x.execution_time().map_or(Json::Null, number_json),
        "steps": steps,
        "bindings": bindings,
        "available_at": available,
        "failed_actions": failed,
        "final_kitchen": x.final_kitchen().map(|k| entity(k)),
    })
}

/// A bound entity; kitchen states are summarised (id and clock) because each
/// is a whole kitchen: the full last one is `final_kitchen`.
fn binding_json(e: &sous_kitchen::Entity, entity: &dyn Fn(&sous_kitchen::Entity) -> Json) -> Json {
    if e.class_name() == "kitchen-state" {
        let time = e
            .get(sous_kitchen::slot::KITCHEN_TIME)
            .as_number()
            .unwrap_or(sous_kitchen::Num::ZERO);
        json!({"class": "kitchen-state", "id": sous_kitchen::pid_string("kitchen-state", e.pid), "kitchen-time": num_json(time)})
    } else {
        entity(e)
    }
}
