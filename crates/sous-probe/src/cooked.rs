//! An executed network cut into the recipe's steps, with its dataflow:
//! which action made each value and which actions used it. Everything the
//! trace and the tasks say comes from here.

use sous_kitchen::{EntityRef, KitchenState};
use sous_lang::Recipe;
use sous_sim::Execution;

use crate::annotation::{normalise, Annotation, SentenceKind};
use crate::describe;

/// What a step is: an ingredient line, an instruction, or (without an
/// annotation) one action.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum StepKind {
    Ingredient,
    Instruction,
    Action,
}

/// One step of the recipe.
#[derive(Debug, Clone)]
pub struct RecipeStep {
    pub kind: StepKind,
    /// 1-based among the steps questions count (instructions, or actions
    /// without an annotation); `None` for ingredient lines.
    pub number: Option<usize>,
    pub text: String,
    /// Network action indices, in execution order (unexecuted ones last).
    pub actions: Vec<usize>,
}

/// A comestible value of the network: a variable bound to something to eat.
#[derive(Debug, Clone)]
pub struct Object {
    /// The variable (`?beaten-mixture`).
    pub variable: String,
    pub var: usize,
    pub value: EntityRef,
    /// Its description, made once from the value it was bound to.
    pub description: String,
    /// Its base ingredients by the names they were fetched under: a
    /// cracked egg is still the egg (`Cooked::renamed`).
    pub ingredients: Vec<String>,
    /// The step (index into `Cooked::steps`) that made it.
    pub made_in: usize,
    /// Its action's position in the execution order.
    pub made_at: usize,
    /// The steps that took it as an input, in order.
    pub used_in: Vec<usize>,
    /// The step where a later value of the same thing (the same bowl, the
    /// same portions) replaced it, if any.
    pub superseded_in: Option<usize>,
}

/// The persistent id that says which thing a value is: the container's,
/// or for a list of portions its first item's.
pub fn identity(e: &sous_kitchen::Entity) -> sous_kitchen::Pid {
    if e.has_slot(sous_kitchen::slot::ITEMS) {
        e.items().first().map_or(e.pid, |i| i.pid)
    } else {
        e.pid
    }
}

/// An executed network with its steps, objects and dataflow.
pub struct Cooked {
    pub recipe_id: String,
    pub title: String,
    pub execution: Execution,
    pub steps: Vec<RecipeStep>,
    /// Whether the steps come from the benchmark's annotation.
    pub annotated: bool,
    /// Every comestible value, in the order they were made, but supplies.
    pub objects: Vec<Object>,
    /// What the kitchen supplied to an action that the recipe did not
    /// give it: the butter a pan is greased with, the flour it is dusted
    /// with (bound at an argument the primitive fills when left open).
    /// They are not ingredients of the recipe, and tasks leave them out.
    pub supplies: Vec<Object>,
    /// Ingredient names an action made out of others, to the name they
    /// were fetched under (`whole-egg` → `egg`, after a crack).
    pub renamed: std::collections::BTreeMap<String, String>,
    /// For each network action: its step.
    pub step_of_action: Vec<usize>,
    /// For each network action: the variables it took bound (inputs) and
    /// the ones it bound (outputs); empty for an action that never ran.
    pub inputs: Vec<Vec<usize>>,
    pub outputs: Vec<Vec<usize>>,
    /// For each executed action (by network action index): its position
    /// in `execution.steps`.
    pub executed_at: Vec<Option<usize>>,
    /// The step-by-step trace, made once for the tasks that read it.
    trace: std::sync::OnceLock<crate::Trace>,
}

impl Cooked {
    /// Executes `recipe` in the corrected kitchen, where every action waits
    /// for its inputs (so that "before" and "after" mean what they mean in
    /// the recipe), and cuts it as [`Cooked::with_profile`] does.
    pub fn new(recipe: &Recipe, annotation: Option<&Annotation>) -> Cooked {
        Cooked::with_profile(recipe, annotation, sous_sim::Profile::Corrected)
    }

    /// Executes `recipe` in the kitchen of `profile` and cuts it into the
    /// annotation's sentences when every action is found there, else into
    /// one step per action.
    pub fn with_profile(
        recipe: &Recipe,
        annotation: Option<&Annotation>,
        profile: sous_sim::Profile,
    ) -> Cooked {
        let options = sous_sim::Options {
            profile,
            ..Default::default()
        };
        let execution = sous_sim::execute_with(recipe, options);
        let net = &execution.network;
        let n_actions = net.actions.len();

        // Dataflow in execution order.
        let mut bound: Vec<bool> = net.variables.iter().map(|v| v.constant.is_some()).collect();
        let mut inputs = vec![Vec::new(); n_actions];
        let mut outputs = vec![Vec::new(); n_actions];
        let mut executed_at = vec![None; n_actions];
        for (pos, step) in execution.steps.iter().enumerate() {
            let a = step.action;
            executed_at[a] = Some(pos);
            let mut outs = Vec::new();
            for &v in &net.actions[a].args {
                if bound[v] {
                    if !inputs[a].contains(&v) {
                        inputs[a].push(v);
                    }
                } else if !outs.contains(&v) {
                    outs.push(v);
                }
            }
            for &v in &outs {
                bound[v] = true;
            }
            outputs[a] = outs;
        }

        // Steps.
        let order: Vec<usize> = {
            let mut o: Vec<usize> = execution.steps.iter().map(|s| s.action).collect();
            o.extend((0..n_actions).filter(|a| executed_at[*a].is_none()));
            o
        };
        let matched = annotation.and_then(|ann| {
            // By the whole predicate, else by its name and first argument
            // (an edited line still belongs to its sentence).
            let head = |p: &str| p.split_whitespace().take(2).collect::<Vec<_>>().join(" ");
            let found: Vec<Option<usize>> = net
                .actions
                .iter()
                .map(|a| {
                    let t = normalise(&a.text);
                    let exact = ann.sentences.iter().position(|s| s.predicates.contains(&t));
                    exact.or_else(|| {
                        let h = head(&t);
                        let mut hits = ann
                            .sentences
                            .iter()
                            .enumerate()
                            .filter(|(_, s)| s.predicates.iter().any(|p| head(p) == h));
                        match (hits.next(), hits.next()) {
                            (Some((i, _)), None) => Some(i),
                            _ => None,
                        }
                    })
                })
                .collect();
            // A network the annotation hardly covers is another network.
            let missing = found.iter().filter(|f| f.is_none()).count();
            if missing * 4 > n_actions {
                return None;
            }
            // A line the annotation lacks belongs with the line before it
            // in the file (else the one after).
            let mut by_line: Vec<usize> = (0..n_actions).collect();
            by_line.sort_by_key(|&a| net.actions[a].index);
            let mut sentence_of = found.clone();
            let mut last = None;
            for &a in &by_line {
                match found[a] {
                    Some(s) => last = Some(s),
                    None => sentence_of[a] = last,
                }
            }
            let mut next = None;
            for &a in by_line.iter().rev() {
                match sentence_of[a] {
                    Some(s) => next = Some(s),
                    None => sentence_of[a] = next,
                }
            }
            let sentence_of: Option<Vec<usize>> = sentence_of.into_iter().collect();
            Some((ann, sentence_of?))
        });
        let (steps, step_of_action, title, annotated) = match matched {
            Some((ann, sentence_of)) => {
                let mut steps: Vec<RecipeStep> = Vec::new();
                let mut number = 0;
                for s in &ann.sentences {
                    let kind = match s.kind {
                        SentenceKind::Ingredient => StepKind::Ingredient,
                        SentenceKind::Instruction => StepKind::Instruction,
                    };
                    let num = (kind == StepKind::Instruction).then(|| {
                        number += 1;
                        number
                    });
                    steps.push(RecipeStep {
                        kind,
                        number: num,
                        text: s.text.clone(),
                        actions: Vec::new(),
                    });
                }
                for &a in &order {
                    steps[sentence_of[a]].actions.push(a);
                }
                (steps, sentence_of, ann.title.clone(), true)
            }
            None => {
                let steps: Vec<RecipeStep> = order
                    .iter()
                    .enumerate()
                    .map(|(i, &a)| RecipeStep {
                        kind: StepKind::Action,
                        number: Some(i + 1),
                        text: net.actions[a].text.clone(),
                        actions: vec![a],
                    })
                    .collect();
                let mut step_of_action = vec![0; n_actions];
                for (i, &a) in order.iter().enumerate() {
                    step_of_action[a] = i;
                }
                (steps, step_of_action, recipe.id.clone(), false)
            }
        };

        let renamed = renames(&execution, &inputs, &outputs);
        let own_names = |e: &sous_kitchen::Entity| {
            let mut names: Vec<String> = describe::ingredient_set(e)
                .into_iter()
                .map(|n| renamed.get(&n).cloned().unwrap_or(n))
                .collect();
            names.sort();
            names.dedup();
            names
        };

        // Comestible objects, in the order they were made.
        let mut objects: Vec<Object> = Vec::new();
        let mut supplies: Vec<Object> = Vec::new();
        for (pos, step) in execution.steps.iter().enumerate() {
            let a = step.action;
            let action = &net.actions[a];
            for &v in &outputs[a] {
                let Some(b) = execution.bindings[v].as_ref() else {
                    continue;
                };
                if !describe::is_comestible(&b.value) {
                    continue;
                }
                let object = Object {
                    variable: net.variables[v].name.clone(),
                    var: v,
                    value: b.value.clone(),
                    description: plain_words(&describe::object(&b.value), &renamed),
                    ingredients: own_names(&b.value),
                    made_in: step_of_action[a],
                    made_at: pos,
                    used_in: Vec::new(),
                    superseded_in: None,
                };
                let supplied = action.args.iter().enumerate().any(|(i, &x)| {
                    x == v && action.signature.role(i) == sous_lang::ArgRole::Optional
                });
                if supplied {
                    supplies.push(object);
                } else {
                    objects.push(object);
                }
            }
        }
        // What an action takes is the thing as it is when the action runs:
        // a variable bound before a later step changed the same thing (the
        // potatoes drained in step 1 and cooled in step 2) names its latest
        // state.
        for (pos, step) in execution.steps.iter().enumerate() {
            let a = step.action;
            for &v in &inputs[a] {
                let Some(o) = objects.iter().position(|o| o.var == v) else {
                    continue;
                };
                let r = latest(&objects, o, pos);
                let s = step_of_action[a];
                if objects[r].used_in.last() != Some(&s) {
                    objects[r].used_in.push(s);
                }
            }
        }
        for o in &mut objects {
            o.used_in.sort_unstable();
            o.used_in.dedup();
        }
        for i in 0..objects.len() {
            let id = identity(&objects[i].value);
            objects[i].superseded_in = objects[i + 1..]
                .iter()
                .find(|later| identity(&later.value) == id)
                .map(|later| later.made_in);
        }
        Cooked {
            recipe_id: recipe.id.clone(),
            title,
            execution,
            steps,
            annotated,
            objects,
            supplies,
            renamed,
            step_of_action,
            inputs,
            outputs,
            executed_at,
            trace: std::sync::OnceLock::new(),
        }
    }

    /// The step-by-step trace ([`crate::Trace::new`]), made on first use.
    pub fn trace(&self) -> &crate::Trace {
        self.trace.get_or_init(|| crate::Trace::new(self))
    }

    /// The object bound to variable `v`, if it is comestible.
    pub fn object_of(&self, v: usize) -> Option<usize> {
        self.objects.iter().position(|o| o.var == v)
    }

    /// The steps questions count ("step 1" …), as indices into `steps`.
    pub fn numbered(&self) -> Vec<usize> {
        (0..self.steps.len())
            .filter(|&i| self.steps[i].number.is_some())
            .collect()
    }

    /// Objects the step took in that earlier steps made.
    pub fn step_inputs(&self, s: usize) -> Vec<usize> {
        let mut out = Vec::new();
        for &a in &self.steps[s].actions {
            let Some(pos) = self.executed_at[a] else {
                continue;
            };
            for &v in &self.inputs[a] {
                if let Some(o) = self.object_of(v).map(|o| latest(&self.objects, o, pos)) {
                    if self.objects[o].made_in != s && !out.contains(&o) {
                        out.push(o);
                    }
                }
            }
        }
        out
    }

    /// The shortest name that tells object `o` from every other thing the
    /// recipe makes: what it is and where ("beaten mixture, in a large
    /// bowl"), else its whole description (with what went into it). A
    /// short name is kept only if nothing else the recipe makes is the
    /// same kind of thing in the same place, whatever its state: a cook
    /// does not tell the beaten mixture in the large bowl from the mixture
    /// in it two steps later by the word "beaten".
    pub fn name_of(&self, o: usize) -> String {
        let bare = |j: usize| {
            let obj = &self.objects[j];
            let kind = describe::main_item(&obj.value)
                .filter(|e| e.is_a_name("mixture"))
                .map(describe::kind_word);
            kind.zip(describe::where_phrase(&obj.description))
                .map(|(k, p)| format!("{k}, {p}"))
        };
        let short = |j: usize| {
            let obj = &self.objects[j];
            let what = describe::main_item(&obj.value)
                .filter(|e| e.is_a_name("mixture"))
                .map(describe::what_it_is);
            let place = describe::where_phrase(&obj.description);
            match (what, place) {
                // A list of portions or several things: no short name.
                (Some(w), Some(p)) if obj.value.contents_or_items().len() <= 1 => {
                    Some(format!("{w}, {p}"))
                }
                _ => None,
            }
        };
        let mine = bare(o);
        match short(o) {
            Some(name) if (0..self.objects.len()).all(|j| j == o || bare(j) != mine) => name,
            _ => self.objects[o].description.clone(),
        }
    }

    /// What goes into step `s`, as a cook reads it: what earlier steps made
    /// and the step takes, and the ingredients the step itself weighs out
    /// and uses (the salted water a step boils potatoes in).
    pub fn step_ingredients_in(&self, s: usize) -> Vec<usize> {
        let mut out = self.step_inputs(s);
        for o in 0..self.objects.len() {
            let obj = &self.objects[o];
            if obj.made_in == s
                && self.fetch_action(o).is_some()
                && !obj.used_in.is_empty()
                && !out.contains(&o)
            {
                out.push(o);
            }
        }
        out
    }

    /// The `fetch-and-proportion` action that made object `o`, if one did.
    pub fn fetch_action(&self, o: usize) -> Option<usize> {
        let obj = &self.objects[o];
        self.steps[obj.made_in].actions.iter().copied().find(|&a| {
            self.execution.network.actions[a].signature.name == "fetch-and-proportion"
                && self.outputs[a].contains(&obj.var)
        })
    }

    /// Objects the step made that are still there after it.
    pub fn step_outputs(&self, s: usize) -> Vec<usize> {
        (0..self.objects.len())
            .filter(|&o| self.objects[o].made_in == s && self.alive_after(o, s))
            .collect()
    }

    /// Whether object `o` exists after step `s`: made by then, and neither
    /// used by a step nor replaced by a later value of the same thing.
    pub fn alive_after(&self, o: usize, s: usize) -> bool {
        let obj = &self.objects[o];
        obj.made_in <= s
            && !obj.used_in.iter().any(|&u| u <= s)
            && obj.superseded_in.map_or(true, |t| t > s)
    }

    /// The step in which object `o` stops existing (used or replaced), if it does.
    pub fn ends_in(&self, o: usize) -> Option<usize> {
        let obj = &self.objects[o];
        obj.used_in.iter().copied().chain(obj.superseded_in).min()
    }

    /// The kitchen state after the last action of step `s` that ran.
    pub fn kitchen_after(&self, s: usize) -> Option<KitchenState> {
        let pos = self.steps[..=s]
            .iter()
            .flat_map(|st| st.actions.iter())
            .filter_map(|&a| self.executed_at[a])
            .max()?;
        self.execution
            .kitchen_after(pos)
            .map(|k| KitchenState::from_entity(k.clone()))
    }

    /// The base ingredients fetched by the recipe, in order of fetching.
    pub fn ingredients(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for (i, o) in self.objects.iter().enumerate() {
            if self.fetch_action(i).is_some() {
                for n in o.ingredients.iter().cloned() {
                    if !out.contains(&n) {
                        out.push(n);
                    }
                }
            }
        }
        out
    }

    /// What the recipe ends with: the things that exist after the last
    /// step and were made last (a salad and its dressing made in the same
    /// step are both the dish).
    pub fn dish(&self) -> Vec<usize> {
        let Some(&last) = self.numbered().last() else {
            return Vec::new();
        };
        let alive: Vec<usize> = (0..self.objects.len())
            .filter(|&o| self.alive_after(o, last))
            .collect();
        let latest = alive.iter().map(|&o| self.objects[o].made_in).max();
        alive
            .into_iter()
            .filter(|&o| Some(self.objects[o].made_in) == latest)
            .collect()
    }

    /// Things that exist after the last step but are not the dish: made,
    /// and never used.
    pub fn leftovers(&self) -> Vec<usize> {
        let Some(&last) = self.numbered().last() else {
            return Vec::new();
        };
        let dish = self.dish();
        (0..self.objects.len())
            .filter(|&o| self.alive_after(o, last) && !dish.contains(&o))
            .collect()
    }

    /// Fetched ingredients the dish does not hold (a gold network that
    /// drops an ingredient, or one the recipe discards).
    pub fn lost_ingredients(&self) -> Vec<String> {
        let dish = self.dish();
        self.ingredients()
            .into_iter()
            .filter(|g| {
                !dish
                    .iter()
                    .any(|&o| self.objects[o].ingredients.contains(g))
            })
            .collect()
    }

    /// Grams of ingredient `g` (a base name, or the name it was fetched
    /// under) the recipe fetched in all, and whether every fetch of it was
    /// weighed in grams or kilograms (else the grams come from a conversion
    /// the recipe's text never gives: "8 potatoes" are 1,680 g).
    pub fn fetched(&self, g: &str) -> Option<(f64, bool)> {
        let fetches = self.fetches(g);
        (!fetches.is_empty()).then(|| {
            fetches
                .iter()
                .fold((0.0, true), |(t, all), (x, grams)| (t + x, all && *grams))
        })
    }

    /// Each fetch of ingredient `g` (or what it was renamed from): its
    /// grams, and whether it was weighed in grams or kilograms.
    pub fn fetches(&self, g: &str) -> Vec<(f64, bool)> {
        let root = self.renamed.get(g).map_or(g, String::as_str);
        let mut out = Vec::new();
        for (i, o) in self.objects.iter().enumerate() {
            let Some(a) = self.fetch_action(i) else {
                continue;
            };
            let Some(x) = describe::grams_by_ingredient(&o.value)
                .into_iter()
                .find(|(n, _)| {
                    n == g || self.renamed.get(n).map_or(n.as_str(), String::as_str) == root
                })
                .map(|(_, x)| x)
            else {
                continue;
            };
            let action = &self.execution.network.actions[a];
            let unit = action
                .signature
                .index_of("unit")
                .and_then(|i| self.execution.bindings[action.args[i]].as_ref())
                .map(|b| b.value.class_name().to_string());
            out.push((x, matches!(unit.as_deref(), Some("g" | "kg"))));
        }
        out
    }

    /// Ingredients whose questions a gold network's defect would make
    /// wrong, with the reason: the dish does not hold them (the network
    /// drops them), or the recipe's text never names them (the network
    /// fetched a class the text does not name, as corn flakes for
    /// "cereal").
    pub fn artifacts(&self) -> std::collections::BTreeMap<String, &'static str> {
        let mut out = std::collections::BTreeMap::new();
        for g in self.lost_ingredients() {
            out.insert(g, "the dish does not hold it");
        }
        if self.annotated {
            let lines: Vec<&str> = self.steps.iter().map(|s| s.text.as_str()).collect();
            for g in self.ingredients() {
                // Named by any word of four letters or more ("cocoa" for
                // cocoa-powder, "dill" for dried-dill-weed).
                let mut words: Vec<String> = describe::words(&g)
                    .split(' ')
                    .filter(|w| w.len() >= 4)
                    .map(str::to_string)
                    .collect();
                let k = crate::knowledge::Knowledge::get();
                words.extend(k.synonyms.get(&g).into_iter().flatten().cloned());
                if !words.is_empty() && !lines.iter().any(|l| crate::trace::names(l, &words)) {
                    out.entry(g).or_insert("the recipe's text never names it");
                }
            }
        }
        out
    }

    /// Where a thing is after step `s`: the kitchen place holding it
    /// (counter-top, oven, fridge …) and the container it is in.
    pub fn place_of(&self, o: usize, s: usize) -> Option<(String, String)> {
        self.place_in(&self.kitchen_after(s)?, o)
    }

    /// Where object `o` is in kitchen state `ks`: the place and the container.
    pub fn place_in(&self, ks: &KitchenState, o: usize) -> Option<(String, String)> {
        let value = &self.objects[o].value;
        let is_list = value.has_slot(sous_kitchen::slot::ITEMS);
        let pid = if is_list {
            value.items().first()?.pid
        } else {
            value.pid
        };
        let path = ks.locate(pid)?;
        let place = ks.get(&path[..1])?.class_name().to_string();
        let holder = if is_list {
            ks.get(&path[..path.len() - 1])?.class_name().to_string()
        } else {
            value.class_name().to_string()
        };
        Some((place, holder))
    }
}

/// A description in the recipe's words: where the kitchen gave a kind of
/// what the network asked for (coarse salt for salt), the name asked for.
/// (A cracked egg stays "whole egg": that is what it is now.)
pub(crate) fn plain_words(
    description: &str,
    renamed: &std::collections::BTreeMap<String, String>,
) -> String {
    let onto = sous_kitchen::Ontology::get();
    let mut out = description.to_string();
    for (new, root) in renamed {
        let kind_of = onto
            .id(new)
            .zip(onto.id(root))
            .is_some_and(|(n, r)| onto.is_a(n, r));
        if kind_of {
            out = out.replace(&describe::words(new), &describe::words(root));
        }
    }
    out
}

/// The latest state of object `o`'s thing made before execution position
/// `pos` (`o` itself when nothing changed it since).
fn latest(objects: &[Object], o: usize, pos: usize) -> usize {
    let id = identity(&objects[o].value);
    (o..objects.len())
        .rev()
        .find(|&j| objects[j].made_at < pos && identity(&objects[j].value) == id)
        .unwrap_or(o)
}

/// Ingredient names that actions made out of others, to the name first
/// fetched: where an action's inputs held a name its outputs lack, a new
/// name in its outputs is that one's if `made_from` (`data/probe.toml`)
/// says so (a crack turns egg into whole-egg), or if it is a kind of it in
/// the ontology (a fetch of salt gives coarse salt). Names are matched by
/// kind, not by count: an input variable may name a bowl as it was before
/// other things were put in it.
fn renames(
    execution: &Execution,
    inputs: &[Vec<usize>],
    outputs: &[Vec<usize>],
) -> std::collections::BTreeMap<String, String> {
    use std::collections::BTreeSet;
    let made_from = &crate::knowledge::Knowledge::get().made_from;
    let onto = sous_kitchen::Ontology::get();
    let kind_of = |new: &str, old: &str| {
        onto.id(new)
            .zip(onto.id(old))
            .is_some_and(|(n, o)| n != o && onto.is_a(n, o))
    };
    let mut out = std::collections::BTreeMap::new();
    let names = |vars: &[usize]| -> BTreeSet<String> {
        vars.iter()
            .filter_map(|&v| execution.bindings[v].as_ref())
            .filter(|b| describe::is_comestible(&b.value))
            .flat_map(|b| describe::ingredient_set(&b.value))
            .collect()
    };
    for step in &execution.steps {
        let a = step.action;
        let (i, o) = (names(&inputs[a]), names(&outputs[a]));
        for new in o.difference(&i) {
            let root = |old: &String| out.get(old).cloned().unwrap_or_else(|| old.clone());
            let from = i.difference(&o).find(|old| {
                made_from
                    .get(new.as_str())
                    .is_some_and(|m| m == *old || *m == root(old))
                    || kind_of(new, old)
            });
            if let Some(old) = from {
                let r = root(old);
                out.entry(new.clone()).or_insert(r);
            }
        }
    }
    out
}
