//! `sous trace`: one row per step of an executed network, with the
//! comestibles that go in and come out, the tools and the place, and per
//! ingredient its timeline of states.

use serde::Serialize;

use crate::cooked::{Cooked, StepKind};
use crate::describe;
use crate::knowledge::Knowledge;

/// A comestible in a row.
#[derive(Debug, Clone, Serialize)]
pub struct Comestible {
    /// Its label in this trace (`A`, `B`, … in the order they were made).
    pub object: String,
    pub variable: String,
    pub description: String,
    /// Its base ingredients, sorted (for comparing sets).
    pub ingredients: Vec<String>,
    /// An input no words of the step name, or an output the step leaves
    /// unnamed.
    pub implicit: bool,
}

/// A comestible as it is after a step: where, how much, how warm, in
/// which state.
#[derive(Debug, Clone, Serialize)]
pub struct WorldItem {
    pub object: String,
    pub variable: String,
    pub description: String,
    pub ingredients: Vec<String>,
    /// Grams in all, where the amount converts to grams.
    pub grams: Option<f64>,
    /// The container or surface holding it (`medium-bowl`, `baking-tray`).
    pub container: Option<String>,
    /// The kitchen place the container is in (`counter-top`, `oven`).
    pub place: Option<String>,
    /// Degrees Celsius, where the kitchen gives it one.
    pub temperature_c: Option<f64>,
    /// States a cook would name (`beaten`, `baked`, `crescent-shaped`).
    pub states: Vec<String>,
}

/// One step.
#[derive(Debug, Clone, Serialize)]
pub struct Row {
    /// The step's number, as `probe` counts: 0 for the ingredient lines,
    /// then 1, 2, … for the instructions (or the actions, without an
    /// annotation).
    pub step: usize,
    /// 1-based position among all the recipe's lines.
    pub line: usize,
    pub kind: StepKind,
    pub instruction: String,
    pub actions: Vec<String>,
    pub inputs: Vec<Comestible>,
    pub outputs: Vec<Comestible>,
    pub tools: Vec<String>,
    /// Where the step's result is afterwards (`counter-top`, `oven`, …).
    pub place: Option<String>,
    /// When the step starts and ends in the simulation (seconds).
    pub start: Option<f64>,
    pub end: Option<f64>,
    /// Every comestible that exists after the step.
    pub world: Vec<WorldItem>,
}

/// One event of an ingredient's timeline.
#[derive(Debug, Clone, Serialize)]
pub struct Event {
    /// The step's number (0: the ingredient lines).
    pub step: usize,
    pub line: usize,
    /// The primitives of the step that touched it (`beat`, `mix`, …).
    pub actions: Vec<String>,
    pub object: String,
    pub description: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct Timeline {
    pub ingredient: String,
    pub events: Vec<Event>,
    /// Set when the dish does not hold the ingredient: what last happened
    /// to it ("cut in step 3, never used").
    pub lost: Option<String>,
}

/// Something made that nothing uses and that is not the dish.
#[derive(Debug, Clone, Serialize)]
pub struct Leftover {
    pub object: String,
    pub description: String,
    /// The step that made it.
    pub step: usize,
}

#[derive(Debug, Clone, Serialize)]
pub struct Trace {
    pub recipe_id: String,
    pub title: String,
    /// Whether the steps are the benchmark's annotated sentences (else one
    /// step per action).
    pub annotated: bool,
    pub steps: Vec<Row>,
    pub ingredients: Vec<Timeline>,
    /// Things made that no step uses and the dish is not (a gold network
    /// that drops an ingredient shows here).
    pub leftovers: Vec<Leftover>,
}

/// `A`, `B`, … `Z`, `AA`, ….
pub fn label(i: usize) -> String {
    let mut s = String::new();
    let mut n = i + 1;
    while n > 0 {
        n -= 1;
        s.insert(0, (b'A' + (n % 26) as u8) as char);
        n /= 26;
    }
    s
}

/// Whether `text` names a comestible by one of its words.
pub fn names(text: &str, naming_words: &[String]) -> bool {
    let text = text.to_lowercase();
    let tokens: Vec<&str> = text
        .split(|c: char| !c.is_alphanumeric())
        .filter(|t| !t.is_empty())
        .collect();
    naming_words.iter().any(|w| {
        let parts: Vec<&str> = w.split(' ').collect();
        tokens.windows(parts.len()).any(|win| {
            win.iter()
                .zip(&parts)
                .all(|(t, p)| singular(t) == singular(p))
        })
    })
}

/// An English noun without its plural ending: "potatoes" → "potato",
/// "cranberries" → "cranberry", "eggs" → "egg".
pub fn singular(word: &str) -> String {
    if let Some(stem) = word.strip_suffix("ies") {
        format!("{stem}y")
    } else if let Some(stem) = word.strip_suffix("oes") {
        format!("{stem}o")
    } else if ["shes", "ches", "xes", "sses"]
        .iter()
        .any(|e| word.ends_with(e))
    {
        word[..word.len() - 2].to_string()
    } else {
        word.trim_end_matches('s').to_string()
    }
}

impl Trace {
    pub fn new(c: &Cooked) -> Trace {
        let k = Knowledge::get();
        let net = &c.execution.network;
        let comestible = |o: usize, s: usize, input: bool| {
            let obj = &c.objects[o];
            let named = names(&c.steps[s].text, &describe::naming_words(&obj.value));
            Comestible {
                object: label(o),
                variable: obj.variable.clone(),
                description: obj.description.clone(),
                ingredients: obj.ingredients.clone(),
                implicit: c.annotated
                    && !named
                    && (input || c.steps[s].kind == StepKind::Instruction),
            }
        };
        let mut rows = Vec::new();
        for (s, step) in c.steps.iter().enumerate() {
            let inputs = c.step_inputs(s);
            // The vessels the inputs came in are not tools of the step.
            let vessels: Vec<sous_kitchen::Pid> = inputs
                .iter()
                .map(|&o| crate::cooked::identity(&c.objects[o].value))
                .collect();
            let mut tools: Vec<String> = Vec::new();
            for &a in &step.actions {
                for &v in c.inputs[a].iter().chain(&c.outputs[a]) {
                    if let Some(b) = c.execution.bindings[v].as_ref() {
                        let name = b.value.class_name().to_string();
                        if k.is_equipment(&b.value)
                            && !describe::is_comestible(&b.value)
                            && !vessels.contains(&b.value.pid)
                            && !tools.contains(&name)
                        {
                            tools.push(name);
                        }
                    }
                }
            }
            let outputs = c.step_outputs(s);
            let place = outputs
                .last()
                .and_then(|&o| c.place_of(o, s))
                .map(|(place, _)| place);
            let times: Vec<&sous_sim::Step> = step
                .actions
                .iter()
                .filter_map(|&a| c.executed_at[a].map(|p| &c.execution.steps[p]))
                .collect();
            rows.push(Row {
                step: crate::tasks::number(c, s),
                line: s + 1,
                kind: step.kind,
                instruction: step.text.clone(),
                actions: step
                    .actions
                    .iter()
                    .map(|&a| net.actions[a].text.clone())
                    .collect(),
                inputs: inputs.into_iter().map(|o| comestible(o, s, true)).collect(),
                outputs: outputs
                    .into_iter()
                    .map(|o| comestible(o, s, false))
                    .collect(),
                tools,
                place,
                start: times.iter().map(|t| t.start).reduce(f64::min),
                end: times.iter().map(|t| t.end).reduce(f64::max),
                world: world_after(c, s),
            });
        }
        let dish = c.dish();
        let ingredients = c
            .ingredients()
            .into_iter()
            .map(|g| {
                let events = timeline(c, &g);
                let held = dish.iter().any(|&o| c.objects[o].ingredients.contains(&g));
                let lost = (!held).then(|| match events.last() {
                    Some(e) if !e.actions.is_empty() => {
                        format!("{} in step {}, never used", e.actions.join("+"), e.step)
                    }
                    _ => "fetched, never used".to_string(),
                });
                Timeline {
                    events,
                    ingredient: g,
                    lost,
                }
            })
            .collect();
        let leftovers = c
            .leftovers()
            .into_iter()
            .map(|o| Leftover {
                object: label(o),
                description: c.objects[o].description.clone(),
                step: crate::tasks::number(c, c.objects[o].made_in),
            })
            .collect();
        Trace {
            recipe_id: c.recipe_id.clone(),
            title: c.title.clone(),
            annotated: c.annotated,
            steps: rows,
            ingredients,
            leftovers,
        }
    }
}

/// The comestibles that exist after step `s`, each with where it is.
fn world_after(c: &Cooked, s: usize) -> Vec<WorldItem> {
    let kitchen = c.kitchen_after(s);
    (0..c.objects.len())
        .filter(|&o| c.alive_after(o, s))
        .map(|o| {
            let obj = &c.objects[o];
            let (place, container) = kitchen
                .as_ref()
                .and_then(|k| c.place_in(k, o))
                .map_or((None, None), |(p, h)| (Some(p), Some(h)));
            let item = describe::main_item(&obj.value);
            WorldItem {
                object: label(o),
                variable: obj.variable.clone(),
                description: obj.description.clone(),
                ingredients: obj.ingredients.clone(),
                grams: describe::total_grams(&obj.value),
                container,
                place,
                temperature_c: item.and_then(describe::temperature_c),
                states: item.map(describe::states).unwrap_or_default(),
            }
        })
        .collect()
}

/// Every step whose outputs hold `g`, with what it did.
fn timeline(c: &Cooked, g: &str) -> Vec<Event> {
    let net = &c.execution.network;
    let mut out = Vec::new();
    for s in 0..c.steps.len() {
        for o in c.step_outputs(s) {
            if c.objects[o].ingredients.clone().iter().any(|n| n == g) {
                // The actions of the step that took or made something holding g.
                let holds_g = |v: &usize| {
                    c.object_of(*v)
                        .is_some_and(|x| c.objects[x].ingredients.clone().iter().any(|n| n == g))
                };
                let mut actions: Vec<String> = Vec::new();
                for &a in &c.steps[s].actions {
                    let name = net.actions[a].signature.name.to_string();
                    let touches = c.inputs[a].iter().chain(&c.outputs[a]).any(holds_g);
                    if touches && !actions.contains(&name) {
                        actions.push(name);
                    }
                }
                out.push(Event {
                    step: crate::tasks::number(c, s),
                    line: s + 1,
                    actions,
                    object: label(o),
                    description: c.objects[o].description.clone(),
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_run_like_spreadsheet_columns() {
        assert_eq!(label(0), "A");
        assert_eq!(label(25), "Z");
        assert_eq!(label(26), "AA");
    }

    #[test]
    fn naming_matches_whole_words_and_plurals() {
        let w = vec![
            "butter".to_string(),
            "white sugar".to_string(),
            "sugar".to_string(),
        ];
        assert!(names("Beat the butter and the sugar", &w));
        assert!(!names("Beat the buttermilk", &w));
        assert!(names("Add the sugars", &w));
        assert!(names("8 potatoes", &["potato".to_string()]));
        assert!(names("fresh cranberries", &["cranberry".to_string()]));
        assert!(names("5 radishes, sliced", &["radish".to_string()]));
        assert!(names(
            "3 tablespoons coconut-oil",
            &["coconut oil".to_string()]
        ));
    }
}
