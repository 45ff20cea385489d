//! `implicit-tool` (R2VQ): what equipment does step τ need that it does
//! not name? Only what the recipe fixes is asked: the equipment an action
//! needs whoever does it (`[needed_tools]` in `data/probe.toml`: an oven
//! to bake, a knife and a board to cut), as the simulation bound it, and
//! not named by the step in the reader's words (its tool words, and verbs
//! made of a tool's name: "refrigerate" names the fridge). A tool the gold
//! network picked among several that would do (a whisk or a wooden spoon
//! to fold in, a rolling pin to shape balls) is never asked for. Chance:
//! 1/(number of pieces of equipment the recipe uses), an upper bound in the
//! manner of the NHK paper.

use serde_json::json;

use super::{number, step_name, AnswerKind, Draft};
use crate::cooked::Cooked;
use crate::knowledge::Knowledge;

pub fn candidates(c: &Cooked) -> Vec<Draft> {
    let trace = c.trace();
    let knowledge = Knowledge::get();
    let onto = sous_kitchen::Ontology::get();
    let mut all: Vec<&String> = trace.steps.iter().flat_map(|r| &r.tools).collect();
    all.sort();
    all.dedup();
    let mut out = Vec::new();
    for s in c.numbered() {
        let needed: Vec<&String> = c.steps[s]
            .actions
            .iter()
            .filter_map(|&a| {
                knowledge
                    .needed_tools
                    .get(c.execution.network.actions[a].signature.name)
            })
            .flatten()
            .collect();
        let named = named_tools(&c.steps[s].text, &trace.steps[s].tools);
        let mut answer: Vec<String> = trace.steps[s]
            .tools
            .iter()
            .filter(|t| {
                let is = |class: &str| {
                    onto.id(t)
                        .zip(onto.id(class))
                        .is_some_and(|(t, class)| onto.is_a(t, class))
                };
                needed.iter().any(|n| is(n)) && !named.iter().any(|n| is(n))
            })
            .cloned()
            .collect();
        if answer.is_empty() {
            continue;
        }
        answer.sort();
        answer.dedup();
        out.push(Draft {
            question: format!(
                "What equipment does {} need that it does not name? Answer with the names of the tools; any usual name for them is accepted.",
                step_name(c, s)
            ),
            context: None,
            extra_context: None,
            answer: json!(answer),
            kind: AnswerKind::Set,
            chance: 1.0 / all.len().max(1) as f64,
            evidence: json!({
                "step": number(c, s),
                "actions": trace.steps[s].actions,
            }),
        });
    }
    out
}

/// The tool classes a step's text names: the reader's tool words, the
/// names and synonyms of the tools it used (`oven`, `cutting board`), and
/// the verbs `[tool_verbs]` lists.
fn named_tools(text: &str, used: &[String]) -> Vec<String> {
    let words = sous_agent::words::words(text);
    let phrase = |name: &str| {
        let name: Vec<String> = sous_agent::words::words(name);
        !name.is_empty() && words.windows(name.len()).any(|w| w == name.as_slice())
    };
    let mut named: Vec<String> = sous_agent::habits::Habits::get()
        .tool_mentions(&words)
        .into_iter()
        .map(|(_, class)| class.to_string())
        .collect();
    let lower = text.to_lowercase();
    let raw: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let knowledge = Knowledge::get();
    for (class, verbs) in &knowledge.tool_verbs {
        if verbs.iter().any(|v| raw.contains(&v.as_str())) {
            named.push(class.clone());
        }
    }
    for tool in used {
        let synonyms = knowledge.synonyms.get(tool).into_iter().flatten();
        if phrase(&tool.replace('-', " ")) || synonyms.into_iter().any(|w| phrase(w)) {
            named.push(tool.clone());
        }
    }
    named
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_needed_tools_are_of_known_primitives() {
        for p in Knowledge::get().needed_tools.keys() {
            assert!(
                sous_lang::signatures().iter().any(|s| s.name == p),
                "[needed_tools] names `{p}`, which is no primitive"
            );
        }
    }

    #[test]
    fn a_step_names_its_tools_in_the_readers_words() {
        let named = |text: &str, tool: &str| {
            named_tools(text, &[tool.to_string()]).contains(&tool.to_string())
        };
        assert!(named("Refrigerate for 1 hour.", "fridge"));
        assert!(named("Chop the onion with a sharp knife.", "knife"));
        assert!(named("Preheat oven to 175 degrees C.", "oven"));
        assert!(named("Cut on a cutting board.", "cutting-board"));
        assert!(!named("Chop the onion.", "knife"));
        assert!(!named("Bake for 12 minutes.", "oven"));
    }
}
