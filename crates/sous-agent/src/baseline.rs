//! The deterministic baseline agent: reads a recipe line by line and builds
//! its network action by action, executing the network after every action
//! and keeping only actions that ran. What it chose and why goes into the
//! trace.
//!
//! Status (issue 10, in progress): every ingredient line is fetched and
//! proportioned; instructions are read clause by clause with the verb
//! lexicon (combine, add, preheat, bake, sprinkle, chill, place), their
//! ingredients found among those fetched; anything else is traced.

use sous_kitchen::Ontology;
use sous_lang::Diagnostic;

use crate::ingredient_line::read_line;
use crate::instructions::{
    clauses, duration, grams, lexicon, mentioned, shape, singular, temperature, words, Kind, Verb,
};
use crate::lexicon::Match;
use crate::recipe_xml::RecipeText;

/// What the agent made of one recipe.
#[derive(Debug, Clone)]
pub struct Understood {
    pub id: String,
    /// The network's predicates, one per line, every one executed.
    pub actions: Vec<String>,
    /// Per line of the recipe: what was done with it, and why.
    pub trace: Vec<String>,
}

impl Understood {
    /// The network as a `.solution` section (`#id` header, one predicate a line).
    pub fn solution(&self) -> String {
        let mut s = format!("#{}\n", self.id);
        for a in &self.actions {
            s.push_str(a);
            s.push('\n');
        }
        s
    }
}

/// A number as the language writes it (`230`, `0.125`).
fn number(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        format!("{}", v as i64)
    } else {
        let s = format!("{v:.4}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

/// Whether `actions` parse, validate and all run in the kitchen.
fn runs(id: &str, actions: &[String]) -> Result<(), String> {
    let text = format!("#{id}\n{}\n", actions.join("\n"));
    let (file, diags) = sous_lang::parse(id, &text);
    if let Some((_, d)) = diags.iter().find(|(_, d)| d.is_error()) {
        return Err(d.message.clone());
    }
    let recipe = file.recipes.first().ok_or("no network")?;
    let problems = sous_lang::validate(recipe, Ontology::get());
    if let Some(d) = problems.iter().find(|d| Diagnostic::is_error(d)) {
        return Err(d.message.clone());
    }
    let x = sous_sim::execute(recipe);
    match x.failures.first() {
        Some(f) => Err(f.message.clone()),
        None => Ok(()),
    }
}

/// An ingredient the agent has fetched.
struct Fetched {
    /// The variable bound to it (to its prepared form once prepared).
    var: String,
    /// The words that name it in the recipe, singular.
    names: Vec<String>,
    /// Whether an instruction has used it already.
    used: bool,
    class: &'static str,
}

/// The agent's working memory while it reads one recipe.
struct Session {
    id: String,
    actions: Vec<String>,
    trace: Vec<String>,
    /// The kitchen state the next action starts from.
    kitchen: String,
    /// Fresh variable numbers.
    next: usize,
    fetched: Vec<Fetched>,
    /// The bowl everything is being combined in.
    work: Option<String>,
    /// The bowl worked in before a separate one was started.
    previous: Option<String>,
    /// The last thing made (what "it" is).
    last: Option<String>,
    /// Whether the last thing made is a set of portions (placed item by
    /// item rather than poured).
    portions: bool,
    /// Whether the last thing made stands on a tray.
    on_tray: bool,
}

/// The baking tray a sentence names (`cookie sheet`), else a baking tray.
fn tray_class(clause: &str) -> &'static str {
    let l = clause.to_lowercase();
    if l.contains("cookie sheet") {
        "cookie-sheet"
    } else {
        "baking-tray"
    }
}

impl Session {
    fn fresh(&mut self, stem: &str) -> String {
        self.next += 1;
        format!("?{stem}-{}", self.next)
    }

    /// Tries an action whose last-but-one variable pattern is `(... ?out ?ks-out <kitchen> ...)`:
    /// keeps it if the whole network still runs.
    fn attempt(&mut self, action: String, ks_out: String, why: &str) -> bool {
        self.actions.push(action.clone());
        match runs(&self.id, &self.actions) {
            Ok(()) => {
                self.kitchen = ks_out;
                self.trace.push(format!("  {action}  ({why})"));
                true
            }
            Err(e) => {
                self.actions.pop();
                self.trace.push(format!("  dropped {action}: {e}"));
                false
            }
        }
    }

    /// The steps an ingredient line asks for before use (room temperature,
    /// melted, a cutting pattern); returns the variable of the result.
    fn prepare(&mut self, mut var: String, preparations: &[String]) -> String {
        for p in preparations {
            let (out, ks) = (self.fresh("prepared"), self.fresh("ks"));
            let (q, u, board) = (
                self.fresh("room-temp-quantity"),
                self.fresh("room-temp-unit"),
                self.fresh("cutting-board"),
            );
            let action = match p.as_str() {
                "room-temperature" => format!(
                    "(bring-to-temperature {out} {ks} {} {var} {q} {u})",
                    self.kitchen
                ),
                "melted" => format!("(melt {out} {ks} {} {var} ?microwave)", self.kitchen),
                "chopped" | "finely-chopped" | "minced" | "diced" | "slices" | "shredded" => {
                    format!("(cut {out} {ks} {} {var} {p} ?knife {board})", self.kitchen)
                }
                _ => continue,
            };
            if self.attempt(action, ks, &format!("the line says {p}")) {
                var = out;
            }
        }
        var
    }

    /// `source`'s contents poured into `target`: the output container's
    /// variable (named after `stem`), if the action ran.
    fn transfer(&mut self, stem: &str, target: &str, source: &str, why: &str) -> Option<String> {
        let (out, rest, ks) = (self.fresh(stem), self.fresh("rest"), self.fresh("ks"));
        let (q, u) = (self.fresh("quantity"), self.fresh("unit"));
        let action = format!(
            "(transfer-contents {out} {rest} {ks} {} {target} {source} {q} {u})",
            self.kitchen
        );
        self.attempt(action, ks, why).then_some(out)
    }

    /// `out` is now the working bowl and the last thing made.
    fn worked(&mut self, out: String) {
        self.work = Some(out.clone());
        self.last = Some(out);
    }

    /// Puts ingredient `i` into the working bowl (a new one the first time);
    /// eggs are cracked into it.
    fn add(&mut self, i: usize) {
        let source = self.fetched[i].var.clone();
        let target = self.work.clone().unwrap_or_else(|| self.fresh("bowl"));
        if self.fetched[i].class == "egg" {
            let (out, ks) = (self.fresh("container"), self.fresh("ks"));
            let action = format!("(crack {out} {ks} {} {source} {target})", self.kitchen);
            if self.attempt(action, ks, "eggs are cracked into the working bowl") {
                self.fetched[i].used = true;
                self.worked(out);
                return;
            }
        }
        if let Some(out) = self.transfer("container", &target, &source, "into the working bowl") {
            self.fetched[i].used = true;
            self.worked(out);
        }
    }

    fn apply(&mut self, primitive: &str) {
        let Some(work) = self.work.clone() else {
            return;
        };
        let (out, ks) = (self.fresh("mixture"), self.fresh("ks"));
        let action = format!(
            "({primitive} {out} {ks} {} {work} ?mixing-tool)",
            self.kitchen
        );
        if self.attempt(action, ks, "the verb, on the working bowl") {
            self.worked(out);
        }
    }

    fn clause(&mut self, verb: &Verb, clause: &str) {
        let ws = words(clause);
        let names: Vec<Vec<String>> = self.fetched.iter().map(|f| f.names.clone()).collect();
        let used: Vec<bool> = self.fetched.iter().map(|f| f.used).collect();
        let mut named = mentioned(&ws, &names, &used);
        let lower = clause.to_lowercase();
        if [
            "all ingredients",
            "all the ingredients",
            "everything",
            "all remaining",
            "the remaining ingredients",
        ]
        .iter()
        .any(|p| lower.contains(p))
        {
            // "Combine all ingredients": every one not used yet.
            named = (0..self.fetched.len())
                .filter(|&i| !self.fetched[i].used)
                .collect();
        }
        if (lower.contains("separate") || lower.contains("another")) && self.work.is_some() {
            // A second bowl: what was combined so far waits in the first.
            self.previous = self.work.take();
        }
        match verb.kind {
            Kind::Add
                if lower.contains(" over ") && self.previous.is_some() && self.work.is_some() =>
            {
                // Pour this bowl over what waits in the other one.
                let (source, target) = (
                    self.work.clone().unwrap_or_default(),
                    self.previous.take().unwrap_or_default(),
                );
                if let Some(out) =
                    self.transfer("container", &target, &source, "poured over the other bowl")
                {
                    self.worked(out);
                }
            }
            Kind::Cut => {
                let pattern = verb.pattern.clone().unwrap_or_else(|| "chopped".into());
                for &i in &named {
                    if self.fetched[i].used {
                        continue;
                    }
                    let source = self.fetched[i].var.clone();
                    let (out, ks, board) = (
                        self.fresh("cut"),
                        self.fresh("ks"),
                        self.fresh("cutting-board"),
                    );
                    let action = format!(
                        "(cut {out} {ks} {} {source} {pattern} ?knife {board})",
                        self.kitchen
                    );
                    if self.attempt(action, ks, &format!("cut, {pattern}")) {
                        self.fetched[i].var = out;
                    }
                }
            }
            Kind::Combine | Kind::Add => {
                for &i in &named {
                    if !self.fetched[i].used {
                        self.add(i);
                    }
                }
                if let (Kind::Combine, Some(p)) = (verb.kind, verb.primitive.as_deref()) {
                    self.apply(p);
                }
            }
            Kind::Preheat => {
                let t = temperature(clause).unwrap_or(180.0);
                let (out, ks) = (self.fresh("oven"), self.fresh("ks"));
                let action = format!(
                    "(preheat-oven {out} {ks} {} ?oven {} degrees-celsius)",
                    self.kitchen,
                    number(t)
                );
                self.attempt(action, ks, "preheat");
            }
            Kind::Bake => {
                if self.portions && !self.on_tray {
                    // Portions are baked on a tray: put them on one first.
                    self.clause(&Verb::implied(Kind::Place), clause);
                }
                let Some(thing) = self.last.clone() else {
                    return;
                };
                let t = temperature(clause).unwrap_or(180.0);
                let (d, unit) = duration(clause).unwrap_or((20.0, "minute"));
                let (out, ks) = (self.fresh("baked"), self.fresh("ks"));
                let action = format!(
                    "(bake {out} {ks} {} {thing} ?oven {} {unit} {} degrees-celsius)",
                    self.kitchen,
                    number(d),
                    number(t)
                );
                if self.attempt(action, ks, "bake the last thing made") {
                    self.last = Some(out);
                }
            }
            Kind::Sprinkle => {
                let Some(thing) = self.last.clone() else {
                    return;
                };
                for &i in &named {
                    let topping = self.fetched[i].var.clone();
                    let (out, ks) = (self.fresh("sprinkled"), self.fresh("ks"));
                    let action =
                        format!("(sprinkle {out} {ks} {} {thing} {topping})", self.kitchen);
                    if self.attempt(action, ks, "over the last thing made") {
                        self.fetched[i].used = true;
                        self.last = Some(out);
                        break;
                    }
                }
            }
            Kind::Chill => {
                let Some(thing) = self.last.clone() else {
                    return;
                };
                let (d, unit) = duration(clause).unwrap_or((1.0, "hour"));
                let (out, ks) = (self.fresh("chilled"), self.fresh("ks"));
                let action = format!(
                    "(refrigerate {out} {ks} {} {thing} ?fridge {} {unit})",
                    self.kitchen,
                    number(d)
                );
                if self.attempt(action, ks, "the last thing made") {
                    self.last = Some(out);
                }
            }
            Kind::Place => {
                let Some(thing) = self.last.clone() else {
                    return;
                };
                let (tray, ks) = (self.fresh("tray"), self.fresh("ks"));
                let kind = tray_class(clause);
                let fetch = format!("(fetch {tray} {ks} {} {kind} 1)", self.kitchen);
                if !self.attempt(fetch, ks, "a tray to place it on") {
                    return;
                }
                let mut target = tray.clone();
                if lower.contains("lined") || lower.contains("parchment") || lower.contains("paper")
                {
                    let (paper, ks) = (self.fresh("paper"), self.fresh("ks"));
                    let fetch = format!("(fetch {paper} {ks} {} baking-paper 1)", self.kitchen);
                    if self.attempt(fetch, ks, "paper to line the tray") {
                        let (lined, ks) = (self.fresh("lined-tray"), self.fresh("ks"));
                        let line = format!("(line {lined} {ks} {} {tray} {paper})", self.kitchen);
                        if self.attempt(line, ks, "line the tray") {
                            target = lined;
                        }
                    }
                }
                let placed = if self.portions {
                    let (out, ks, pattern) = (
                        self.fresh("on-tray"),
                        self.fresh("ks"),
                        self.fresh("pattern"),
                    );
                    let action = format!(
                        "(transfer-items {out} {ks} {} {thing} {pattern} {target})",
                        self.kitchen
                    );
                    self.attempt(action, ks, "onto the tray").then_some(out)
                } else {
                    self.transfer("on-tray", &target, &thing, "onto the tray")
                };
                if let Some(out) = placed {
                    self.last = Some(out);
                    self.on_tray = true;
                }
            }
            Kind::Portion => {
                let Some(work) = self.work.clone() else {
                    return;
                };
                let g = grams(clause).unwrap_or(lexicon().portion_grams);
                let (out, ks) = (self.fresh("portions"), self.fresh("ks"));
                let (pattern, dest) = (self.fresh("pattern"), self.fresh("countertop"));
                let action = format!(
                    "(portion-and-arrange {out} {ks} {} {work} {} g {pattern} {dest})",
                    self.kitchen,
                    number(g)
                );
                if self.attempt(action, ks, "portions of the working bowl") {
                    self.last = Some(out);
                    self.portions = true;
                }
            }
            Kind::Shape if lower.contains(" in ") && !named.is_empty() && self.last.is_some() => {
                // "Roll in powdered sugar": the last thing is dipped in it.
                let thing = self.last.clone().unwrap_or_default();
                let coating = self.fetched[named[0]].var.clone();
                let (out, ks) = (self.fresh("dipped"), self.fresh("ks"));
                let action = format!("(dip {out} {ks} {} {thing} {coating})", self.kitchen);
                if self.attempt(action, ks, "rolled in an ingredient") {
                    self.fetched[named[0]].used = true;
                    self.last = Some(out);
                }
            }
            Kind::Shape => {
                if !self.portions {
                    // Shaping what is still in the bowl: portion it first.
                    self.clause(&Verb::implied(Kind::Portion), clause);
                }
                let Some(thing) = self.last.clone().filter(|_| self.portions) else {
                    return;
                };
                let (out, ks) = (self.fresh("shaped"), self.fresh("ks"));
                let action = format!(
                    "(shape {out} {ks} {} {thing} {})",
                    self.kitchen,
                    shape(clause)
                );
                if self.attempt(action, ks, "shape the portions") {
                    self.last = Some(out);
                }
            }
        }
    }
}

/// Understands one recipe.
pub fn understand(recipe: &RecipeText) -> Understood {
    let mut s = Session {
        id: recipe.id.clone(),
        actions: vec!["(get-kitchen ?kitchen)".to_string()],
        trace: Vec::new(),
        kitchen: "?kitchen".to_string(),
        next: 0,
        fetched: Vec::new(),
        work: None,
        previous: None,
        last: None,
        portions: false,
        on_tray: false,
    };
    for (i, line) in recipe.ingredients.iter().enumerate() {
        let n = i + 1;
        let read = match read_line(line) {
            Ok(r) => r,
            Err(e) => {
                s.trace.push(format!("ingredient {n}: not understood: {e}"));
                continue;
            }
        };
        let class = read.class_name();
        let out_ks = s.fresh("ks");
        let var = s.fresh(class);
        let bowl = s.fresh("bowl");
        let action = format!(
            "(fetch-and-proportion {var} {out_ks} {} {bowl} {class} {} {})",
            s.kitchen,
            number(read.amount),
            read.unit
        );
        let how = match read.matched {
            Match::Class => "the name of a class".to_string(),
            Match::Synonym => format!("lexicon: `{}`", read.name.join(" ")),
            Match::Head => format!("the head of `{}`", read.name.join(" ")),
            Match::Nearest => format!(
                "nearest class to `{}` (not in the lexicon)",
                read.name.join(" ")
            ),
        };
        s.trace.push(format!("ingredient {n}: `{line}`"));
        if s.attempt(action, out_ks, &how) {
            let var = s.prepare(var, &read.preparations);
            // Its names: the words of the line and of its class.
            let mut names: Vec<String> = read.name.iter().map(|w| singular(w)).collect();
            if names.is_empty() {
                names = class.split('-').map(str::to_string).collect();
            }
            s.fetched.push(Fetched {
                var,
                names,
                used: false,
                class,
            });
        }
    }
    for (i, line) in recipe.instructions.iter().enumerate() {
        s.trace.push(format!("instruction {}: `{line}`", i + 1));
        let clauses = clauses(line);
        if clauses.is_empty() {
            s.trace
                .push("  not understood: no verb the lexicon knows".into());
        }
        for (verb, clause) in clauses {
            s.clause(verb, &clause);
        }
    }
    Understood {
        id: recipe.id.clone(),
        actions: s.actions,
        trace: s.trace,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_written_as_the_language_writes_them() {
        assert_eq!(number(230.0), "230");
        assert_eq!(number(0.125), "0.125");
        assert_eq!(number(1.5), "1.5");
    }
}
