//! The language reference: every current primitive with its arguments, their
//! type and role, the default an optional argument gets, and the cases.
//! It is made here, where the signatures (sous-lang) and the defaults
//! (`data/defaults.toml`) meet, so that `GET /api/primitives` and the
//! prompts of sous-agent's LLM harness describe the same language.

use std::fmt::Write;

use serde::Serialize;
use sous_lang::{signatures, ArgRole};

use crate::{argument_default, ArgumentDefault};

/// One primitive as the reference describes it.
#[derive(Debug, Clone, Serialize)]
pub struct PrimitiveDoc {
    /// The primitive's name.
    pub name: &'static str,
    /// Its arguments in order, with their types, roles and defaults.
    pub arguments: Vec<ArgumentDoc>,
    /// For each case, the arguments that must be bound.
    pub cases: &'static [&'static [&'static str]],
}

/// One argument of a primitive.
#[derive(Debug, Clone, Serialize)]
pub struct ArgumentDoc {
    /// The argument's name, as cases and diagnostics name it.
    pub name: &'static str,
    /// The ontology class a bound value must be an instance of.
    #[serde(rename = "type")]
    pub ty: &'static str,
    /// Whether the primitive needs it, binds it or defaults it.
    pub role: ArgRole,
    /// What the primitive binds when the argument is left unbound (optional
    /// arguments only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub default: Option<&'static ArgumentDefault>,
}

/// Every primitive the reference accepts today (legacy forms left out), in
/// the order of the signatures.
pub fn primitive_reference() -> Vec<PrimitiveDoc> {
    signatures()
        .iter()
        .filter(|s| !s.legacy)
        .map(|s| PrimitiveDoc {
            name: s.name,
            arguments: s
                .args
                .iter()
                .enumerate()
                .map(|(i, a)| {
                    let role = s.role(i);
                    ArgumentDoc {
                        name: a.name,
                        ty: a.ty,
                        role,
                        default: (role == ArgRole::Optional)
                            .then(|| argument_default(s.name, a.name))
                            .flatten(),
                    }
                })
                .collect(),
            cases: s.cases,
        })
        .collect()
}

/// The reference as compact text for a reader (a language model): one
/// block per primitive, `(name ?output ?kitchen-state-out ?kitchen-state-in
/// input [optional] …)`, then a line per argument with its type, and what an
/// optional one defaults to.
pub fn reference_text() -> String {
    let mut out = String::new();
    for p in primitive_reference() {
        let pattern: Vec<String> = p
            .arguments
            .iter()
            .map(|a| match a.role {
                ArgRole::Optional => format!("[{}]", a.name),
                _ => a.name.to_string(),
            })
            .collect();
        let _ = writeln!(out, "({} {})", p.name, pattern.join(" "));
        for a in &p.arguments {
            let role = match a.role {
                ArgRole::Output => "output",
                ArgRole::KitchenStateOut => "kitchen state after",
                ArgRole::KitchenStateIn => "kitchen state before (must be bound)",
                ArgRole::Input => "input (must be bound)",
                ArgRole::Optional => "optional (may be a fresh variable)",
            };
            let _ = write!(out, "  {}: {}, {role}", a.name, a.ty);
            if let Some(d) = a.default {
                let _ = write!(out, "; unbound: {}", d.description);
            }
            out.push('\n');
        }
    }
    out
}
