//! `GET /api/kitchen` and `GET /api/primitives`.

use axum::Json;
use serde_json::{json, Value};
use sous_kitchen::{entity_json, full_kitchen};
use sous_lang::{signatures, ArgRole};
use sous_sim::argument_default;

/// The initial kitchen state every execution starts from.
pub async fn kitchen() -> Json<Value> {
    let (ks, _) = full_kitchen();
    Json(entity_json(ks.root()))
}

/// Every primitive: its arguments with their type and role (an optional one
/// with its default, from sous-sim's `data/defaults.toml`), and the cases
/// (which arguments must be bound for it to run).
pub async fn primitives() -> Json<Value> {
    let list: Vec<Value> = signatures()
        .iter()
        .filter(|s| !s.legacy)
        .map(|s| {
            let args: Vec<Value> = s
                .args
                .iter()
                .enumerate()
                .map(|(i, a)| {
                    let role = s.role(i);
                    let mut arg = json!({
                        "name": a.name,
                        "type": a.ty,
                        "role": match role {
                            ArgRole::Output => "output",
                            ArgRole::KitchenStateOut => "kitchen-state-out",
                            ArgRole::KitchenStateIn => "kitchen-state-in",
                            ArgRole::Input => "input",
                            ArgRole::Optional => "optional",
                        },
                    });
                    if role == ArgRole::Optional {
                        // Every optional argument has one (sous-sim's tests/defaults.rs).
                        if let Some(d) = argument_default(s.name, a.name) {
                            arg["default"] = json!(d);
                        }
                    }
                    arg
                })
                .collect();
            json!({ "name": s.name, "arguments": args, "cases": s.cases })
        })
        .collect();
    Json(Value::Array(list))
}
