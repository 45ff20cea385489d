//! Every primitive as an OpenAI-style function tool, its JSON schema
//! generated from its signature: one property per argument a caller sets
//! (inputs and optional inputs; the kitchen states are threaded by the
//! harness and the outputs named by it), typed by what the argument takes
//! ([`super::names`]), required when every case needs it, and described
//! with what the kitchen does when an optional one is left out
//! (`sous_sim::argument_default`).

use std::sync::OnceLock;

use serde_json::{json, Map, Value};
use sous_lang::{ArgRole, Signature};

use super::names::{Kind, Names};

/// The primitive the harness calls itself, first: it is no tool.
pub const START: &str = "get-kitchen";

/// The primitives offered as tools: every current one but [`START`].
pub fn primitives() -> impl Iterator<Item = &'static Signature> {
    sous_lang::signatures()
        .iter()
        .filter(|s| !s.legacy && s.name != START)
}

/// Every tool, made once.
pub fn tools() -> &'static [Value] {
    static TOOLS: OnceLock<Vec<Value>> = OnceLock::new();
    TOOLS.get_or_init(|| primitives().map(tool).collect())
}

/// Whether argument `i` of `sig` is set by the caller.
pub fn is_settable(sig: &Signature, i: usize) -> bool {
    matches!(sig.role(i), ArgRole::Input | ArgRole::Optional)
}

/// The tool of one primitive.
pub fn tool(sig: &'static Signature) -> Value {
    let mut properties = Map::new();
    let mut required = Vec::new();
    for (i, arg) in sig.args.iter().enumerate() {
        if !is_settable(sig, i) {
            continue;
        }
        let role = sig.role(i);
        if role == ArgRole::Input {
            required.push(arg.name);
        }
        let use_ = match role {
            ArgRole::Input => "Required.".to_string(),
            _ => match sous_sim::argument_default(sig.name, arg.name) {
                Some(d) => format!("Optional; left out: {}.", d.description),
                None => "Optional; left out, the kitchen chooses.".to_string(),
            },
        };
        let property = match Names::get().kind(sig.name, arg) {
            Kind::Number => json!({
                "anyOf": [
                    { "type": "number" },
                    { "type": "string", "pattern": "^[0-9]+/[0-9]+$" }
                ],
                "description": format!("A number; a fraction as the recipe writes it (\"1/2\"). {use_}"),
            }),
            Kind::Name(names) => json!({
                "type": "string",
                "enum": names,
                "description": format!("A {}. {use_}", arg.ty),
            }),
            Kind::Object => json!({
                "type": "string",
                "description": format!(
                    "{}: the name of an earlier output (as a tool result gave it). {use_}",
                    object_class(arg.ty)
                ),
            }),
        };
        properties.insert(arg.name.to_string(), property);
    }
    json!({
        "type": "function",
        "function": {
            "name": sig.name,
            "description": description(sig),
            "parameters": {
                "type": "object",
                "properties": properties,
                "required": required,
                "additionalProperties": false,
            },
        },
    })
}

/// What a kitchen object of class `ty` is, for a reader.
fn object_class(ty: &str) -> String {
    match ty {
        "t" => "Any kitchen object".to_string(),
        other => format!("A {other}"),
    }
}

/// What the tool does: the primitive, what it makes, and which arguments
/// go together.
fn description(sig: &Signature) -> String {
    let outputs: Vec<String> = sig
        .args
        .iter()
        .enumerate()
        .filter(|(i, _)| sig.role(*i) == ArgRole::Output)
        .map(|(_, a)| format!("{} ({})", a.name, a.ty))
        .collect();
    let cases = sig.case_descriptions().join(" | ");
    format!(
        "The `{}` action of the MUHAI Cooking Language, run at once in the kitchen. \
         Makes: {}. Arguments that may be given together: {cases}.",
        sig.name,
        if outputs.is_empty() {
            "nothing but a new kitchen state".to_string()
        } else {
            outputs.join(", ")
        }
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn find(name: &str) -> &'static Value {
        tools()
            .iter()
            .find(|t| t["function"]["name"] == name)
            .unwrap()
    }

    #[test]
    fn every_primitive_but_the_start_is_a_tool() {
        assert_eq!(tools().len(), 38);
        assert!(tools().iter().all(|t| t["function"]["name"] != START));
        for t in tools() {
            let name = t["function"]["name"].as_str().unwrap();
            assert!(
                name.len() <= 64 && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-'),
                "{name}"
            );
            assert_eq!(t["function"]["parameters"]["type"], "object");
        }
    }

    #[test]
    fn properties_follow_the_signature() {
        let p = &find("fetch-and-proportion")["function"]["parameters"];
        let props = p["properties"].as_object().unwrap();
        let names: Vec<&str> = props.keys().map(String::as_str).collect();
        // No outputs, no kitchen states.
        assert_eq!(
            names,
            ["target-container", "ingredient-concept", "quantity", "unit"]
        );
        assert_eq!(
            p["required"],
            json!(["ingredient-concept", "quantity", "unit"])
        );
        assert_eq!(props["quantity"]["anyOf"][0]["type"], "number");
        assert_eq!(props["quantity"]["anyOf"][1]["pattern"], "^[0-9]+/[0-9]+$");
        assert!(props["unit"]["enum"]
            .as_array()
            .unwrap()
            .contains(&json!("g")));
        assert_eq!(props["target-container"]["type"], "string");
        assert!(props["target-container"].get("enum").is_none());
        let d = props["target-container"]["description"].as_str().unwrap();
        assert!(
            d.contains("Optional; left out: the closest unused medium bowl"),
            "{d}"
        );
        let beat = &find("beat")["function"];
        let d = beat["description"].as_str().unwrap();
        assert!(
            d.contains("container-with-ingredients-beaten (transferable-container)"),
            "{d}"
        );
        assert!(d.contains("container-with-ingredients + tool"), "{d}");
    }
}
