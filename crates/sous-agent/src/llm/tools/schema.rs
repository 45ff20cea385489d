//! Every primitive as an OpenAI-style function tool, its JSON schema
//! generated from its signature: one property per argument a caller sets
//! (inputs and optional inputs; the kitchen states are threaded by the
//! harness and the outputs named by it), typed by what the argument takes
//! ([`super::names`]), required when every case needs it, and described
//! with what the kitchen does when an optional one is left out
//! (`sous_sim::argument_default`).
//!
//! A model served with a small context cannot read them all: 38 tools
//! with every description and every ingredient of the kitchen are about
//! 11,000 tokens. So they come in less detail ([`tools_with`]): without
//! the descriptions (the parameters stay), then with only the ingredients
//! the recipe mentions. A [`FINISH`] tool ends the conversation.

use std::sync::OnceLock;

use serde_json::{json, Map, Value};
use sous_kitchen::Ontology;
use sous_lang::{ArgRole, Signature};

use super::names::{Kind, Names};

/// The primitive the harness calls itself, first: it is no tool.
pub const START: &str = "get-kitchen";

/// The tool that ends the conversation: the dish is done. With
/// `tool_choice: "required"` a model has no other way to stop.
pub const FINISH: &str = "finish";

/// How much a tool says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Detail {
    /// The tool's and each argument's description.
    pub described: bool,
}

/// The primitives offered as tools: every current one but [`START`].
pub fn primitives() -> impl Iterator<Item = &'static Signature> {
    sous_lang::signatures()
        .iter()
        .filter(|s| !s.legacy && s.name != START)
}

/// Every tool in full detail, made once.
pub fn tools() -> &'static [Value] {
    static TOOLS: OnceLock<Vec<Value>> = OnceLock::new();
    TOOLS.get_or_init(|| tools_with(Detail { described: true }, None))
}

/// Every tool, [`FINISH`] last, in `detail`, the ingredients an argument
/// names narrowed to `ingredients` and the classes below them (`None`:
/// every one the kitchen holds).
pub fn tools_with(detail: Detail, ingredients: Option<&[&str]>) -> Vec<Value> {
    let mut out: Vec<Value> = primitives()
        .map(|sig| tool_with(sig, detail, ingredients))
        .collect();
    out.push(finish(detail));
    out
}

/// The [`FINISH`] tool.
fn finish(detail: Detail) -> Value {
    let mut function = json!({
        "name": FINISH,
        "parameters": { "type": "object", "properties": {}, "additionalProperties": false },
    });
    if detail.described {
        function["description"] =
            json!("The dish is done: ends the recipe. Call it when nothing is left to do.");
    }
    json!({ "type": "function", "function": function })
}

/// Whether argument `i` of `sig` is set by the caller.
pub fn is_settable(sig: &Signature, i: usize) -> bool {
    matches!(sig.role(i), ArgRole::Input | ArgRole::Optional)
}

/// The tool of one primitive, in full detail.
pub fn tool(sig: &'static Signature) -> Value {
    tool_with(sig, Detail { described: true }, None)
}

/// `names` without the ingredients `allowed` leaves out: a name of a
/// class below `ingredient` that is not one of `allowed` nor below one.
fn narrowed(names: Vec<&'static str>, allowed: Option<&[&str]>) -> Vec<&'static str> {
    let Some(allowed) = allowed else {
        return names;
    };
    let onto = Ontology::get();
    let ingredient = onto.id("ingredient");
    let allowed: Vec<_> = allowed.iter().filter_map(|a| onto.id(a)).collect();
    let kept: Vec<&'static str> = names
        .iter()
        .copied()
        .filter(|n| match onto.id(n) {
            Some(c) => {
                !ingredient.is_some_and(|i| onto.is_a(c, i))
                    || allowed.iter().any(|&a| onto.is_a(c, a))
            }
            None => true,
        })
        .collect();
    // Narrowed to nothing, the list stays whole.
    if kept.is_empty() {
        names
    } else {
        kept
    }
}

/// The tool of one primitive in `detail`, its ingredients narrowed to
/// `ingredients` (see [`tools_with`]).
pub fn tool_with(sig: &'static Signature, detail: Detail, ingredients: Option<&[&str]>) -> Value {
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
        let (mut property, description) = match Names::get().kind(sig.name, arg) {
            // A fraction as a string is for a model that reads the
            // descriptions; without them a number is a number.
            Kind::Number if !detail.described => (json!({ "type": "number" }), String::new()),
            Kind::Number => (
                json!({
                    "anyOf": [
                        { "type": "number" },
                        { "type": "string", "pattern": "^[0-9]+/[0-9]+$" }
                    ],
                }),
                format!("A number; a fraction as the recipe writes it (\"1/2\"). {use_}"),
            ),
            Kind::Name(names) => (
                json!({ "type": "string", "enum": narrowed(names, ingredients) }),
                format!("A {}. {use_}", arg.ty),
            ),
            Kind::Object => (
                json!({ "type": "string" }),
                format!(
                    "{}: the name of an earlier output (as a tool result gave it). {use_}",
                    object_class(arg.ty)
                ),
            ),
        };
        if detail.described {
            property["description"] = json!(description);
        }
        properties.insert(arg.name.to_string(), property);
    }
    let mut function = json!({
        "name": sig.name,
        "parameters": {
            "type": "object",
            "properties": properties,
            "required": required,
            "additionalProperties": false,
        },
    });
    if detail.described {
        function["description"] = json!(description(sig));
    }
    json!({ "type": "function", "function": function })
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
    fn every_primitive_but_the_start_is_a_tool_and_finish_ends() {
        assert_eq!(tools().len(), 39);
        assert!(tools().iter().all(|t| t["function"]["name"] != START));
        assert_eq!(tools()[38]["function"]["name"], FINISH);
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
    fn less_detail_is_smaller_and_keeps_the_parameters() {
        let size = |t: &[Value]| Value::Array(t.to_vec()).to_string().len();
        let bare = tools_with(Detail { described: false }, None);
        let recipe = tools_with(Detail { described: false }, Some(&["butter", "sugar"]));
        assert!(
            size(&bare) * 2 < size(tools()),
            "{} {}",
            size(&bare),
            size(tools())
        );
        assert!(size(&recipe) < size(&bare));
        assert!(!bare
            .iter()
            .any(|t| t["function"].get("description").is_some()));
        let fetch = |t: &[Value]| -> Value {
            t.iter()
                .find(|t| t["function"]["name"] == "fetch-and-proportion")
                .unwrap()["function"]["parameters"]
                .clone()
        };
        assert_eq!(fetch(&bare)["required"], fetch(tools())["required"]);
        let food = fetch(&recipe)["properties"]["ingredient-concept"]["enum"].clone();
        let food: Vec<&str> = food
            .as_array()
            .unwrap()
            .iter()
            .filter_map(Value::as_str)
            .collect();
        // Sugar is what the kitchen holds below it: white sugar, brown sugar…
        assert!(
            food.contains(&"butter") && food.contains(&"white-sugar"),
            "{food:?}"
        );
        assert!(!food.contains(&"olive-oil"), "{food:?}");
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
