//! `GET /api/kitchen` and `GET /api/primitives`.

use axum::Json;
use serde_json::{json, Value};
use sous_kitchen::{entity_json, full_kitchen};
use sous_lang::{signatures, ArgRole};

/// The initial kitchen state every execution starts from.
pub async fn kitchen() -> Json<Value> {
    let (ks, _) = full_kitchen();
    Json(entity_json(ks.root()))
}

/// Every primitive: its arguments with their type and role, and the cases
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
                    json!({
                        "name": a.name,
                        "type": a.ty,
                        "role": match s.role(i) {
                            ArgRole::Output => "output",
                            ArgRole::KitchenStateOut => "kitchen-state-out",
                            ArgRole::KitchenStateIn => "kitchen-state-in",
                            ArgRole::Input => "input",
                            ArgRole::Optional => "optional",
                        },
                    })
                })
                .collect();
            json!({ "name": s.name, "arguments": args, "cases": s.cases })
        })
        .collect();
    Json(Value::Array(list))
}
