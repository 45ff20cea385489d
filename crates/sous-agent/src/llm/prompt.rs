//! The messages sent to the model, all made from the project's own
//! knowledge: the language reference generated from the primitives'
//! signatures and defaults (`sous_sim::reference_text`, the same data as
//! `GET /api/primitives`), the names of the kitchen's inventory and of the
//! ontology's concepts (`sous_kitchen::inventory`), gold networks as
//! examples, and the recipe. Nothing here is written for one recipe.

use std::fmt::Write;
use std::path::{Path, PathBuf};

use sous_kitchen::inventory::{concepts, inventory};
use sous_lang::ArgRole;

use super::LlmError;
use crate::recipe_xml::RecipeText;

/// A gold network shown to the model.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Example {
    pub id: String,
    /// Its predicates, one per line.
    pub network: String,
}

/// The family of a recipe id: without a trailing `-N` (the benchmark's
/// variants `almond-crescent-cookies-2`… of `almond-crescent-cookies`).
pub fn family(id: &str) -> &str {
    match id.rsplit_once('-') {
        Some((stem, n)) if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => stem,
        _ => id,
    }
}

/// Up to `n` gold networks of `dir` (`*.solution`, sorted by name) as
/// examples, one per family, none of the family of `recipe_id`: the
/// model must never see the answer or a variant of it.
pub fn examples(dir: &Path, recipe_id: &str, n: usize) -> Result<Vec<Example>, LlmError> {
    let unreadable = |source| LlmError::Examples {
        dir: dir.to_path_buf(),
        source,
    };
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(unreadable)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "solution"))
        .collect();
    files.sort();
    let excluded = family(recipe_id).to_lowercase();
    let mut chosen: Vec<Example> = Vec::new();
    for path in files {
        if chosen.len() >= n {
            break;
        }
        let text = std::fs::read_to_string(&path).map_err(unreadable)?;
        let stem = path
            .file_stem()
            .map(|s| s.to_string_lossy().to_lowercase())
            .unwrap_or_default();
        let header = text
            .lines()
            .find_map(|l| l.trim().strip_prefix('#'))
            .map(|h| h.trim().to_lowercase())
            .unwrap_or_else(|| stem.clone());
        let families = [family(&stem), family(&header)];
        if families.contains(&excluded.as_str())
            || chosen.iter().any(|c| families.contains(&family(&c.id)))
        {
            continue;
        }
        let network: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|l| l.starts_with('('))
            .collect();
        if network.is_empty() {
            continue;
        }
        chosen.push(Example {
            id: header,
            network: network.join("\n"),
        });
    }
    Ok(chosen)
}

/// How much of the language's knowledge a system message carries. The
/// harness starts from the most and leaves parts out, in this order, until
/// the request fits the served context: the examples one by one, then the
/// full reference (for one line per primitive), then the names of
/// ingredients the recipe does not mention.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Detail {
    /// How many of the examples are shown.
    pub examples: usize,
    /// The full reference (each argument's class, role and default), or
    /// one line per primitive.
    pub full_reference: bool,
    /// Every ingredient of the kitchen, or those the recipe mentions.
    pub all_ingredients: bool,
}

impl Detail {
    /// Everything: `examples` examples, the full reference, every name.
    pub fn most(examples: usize) -> Detail {
        Detail {
            examples,
            full_reference: true,
            all_ingredients: true,
        }
    }

    /// The next smaller detail and what it leaves out, or `None` at the least.
    pub fn less(self) -> Option<(Detail, String)> {
        if self.examples > 0 {
            let examples = self.examples - 1;
            return Some((
                Detail { examples, ..self },
                format!("example {}", self.examples),
            ));
        }
        if self.full_reference {
            return Some((
                Detail {
                    full_reference: false,
                    ..self
                },
                "the full language reference (one line per primitive instead)".into(),
            ));
        }
        if self.all_ingredients {
            return Some((
                Detail {
                    all_ingredients: false,
                    ..self
                },
                "the ingredients the recipe does not mention".into(),
            ));
        }
        None
    }
}

/// The system message: what a network is, the primitives, the names, the
/// examples, and the form of the answer.
pub fn system(examples: &[Example]) -> String {
    system_with(examples, Detail::most(examples.len()), None, WHOLE)
}

/// How the answer is given when it is the whole network.
pub const WHOLE: &str = "Answer with the network only, in one ```lisp code block, no explanation.";

/// How the answer is given when the network is built one action at a time.
pub const ONE_ACTION: &str = "We build the network one action at a time: answer with one \
     predicate only, which is run in the kitchen at once; you are then shown the network with \
     it, what the variables hold, and asked for the next one. Take what an action works on from \
     the variables. When the step you are asked for needs no more actions, answer (done).";

/// [`system`] carrying `detail` of the knowledge; `recipe` decides which
/// ingredients are mentioned (all of them without it).
/// `form` says how to answer ([`WHOLE`], [`ONE_ACTION`]).
pub fn system_with(
    examples: &[Example],
    detail: Detail,
    recipe: Option<&RecipeText>,
    form: &str,
) -> String {
    let mut s = String::from(
        "You translate cooking recipes into networks of the MUHAI Cooking Language; \
         the networks are executed in a simulated kitchen.\n\n\
         A network is a list of predicates, one per line: (primitive argument …). An argument \
         is a variable (?name), a number, or a name from the lists below. Start with \
         (get-kitchen ?kitchen). Every action takes the kitchen state before it \
         (kitchen-state-in: ?kitchen or the kitchen-state-out of an earlier action) and binds \
         its outputs and the kitchen state after it; chain the kitchen states from action to \
         action. Every variable is bound once. Give an optional argument a fresh variable to \
         let the kitchen choose. Quantities are a number and a unit (230 g, 1 teaspoon).\n\n",
    );
    s.push_str(form);
    s.push_str("\n\n");
    knowledge(&mut s, detail, recipe);
    for e in examples.iter().take(detail.examples) {
        let _ = write!(s, "\n## Example: {}\n```lisp\n{}\n```\n", e.id, e.network);
    }
    s
}

/// The primitives and the names, as `detail` says.
fn knowledge(s: &mut String, detail: Detail, recipe: Option<&RecipeText>) {
    s.push_str("## Primitives\n");
    if detail.full_reference {
        s.push_str(&sous_sim::reference_text());
    } else {
        s.push_str(&compact_reference());
    }
    s.push_str("\n## Names\n");
    let inv = inventory();
    let ingredients = match recipe {
        Some(r) if !detail.all_ingredients => mentioned(&inv.ingredients, &recipe_text(r)),
        _ => inv.ingredients.clone(),
    };
    let lists: [(&str, Vec<&str>); 9] = [
        ("Ingredients in the kitchen", ingredients),
        ("Containers", inv.containers.clone()),
        ("Tools", inv.tools.clone()),
        ("Places and appliances", inv.places.clone()),
        ("Units", concepts("unit")),
        ("Cutting patterns", concepts("cutting-pattern")),
        ("Arrangement patterns", concepts("arrangement-pattern")),
        ("Shapes", concepts("shape")),
        ("Heating modes", concepts("heating-mode")),
    ];
    for (label, names) in lists {
        let _ = writeln!(s, "{label}: {}", names.join(", "));
    }
}

/// The language reference in one line per primitive: its arguments in
/// order, optional ones in brackets, outputs and kitchen states as the
/// variables they are.
pub fn compact_reference() -> String {
    let mut out = String::new();
    for p in sous_sim::primitive_reference() {
        let args: Vec<String> = p
            .arguments
            .iter()
            .map(|a| match a.role {
                ArgRole::Output | ArgRole::KitchenStateOut | ArgRole::KitchenStateIn => {
                    format!("?{}", a.name)
                }
                ArgRole::Optional => format!("[{}]", a.name),
                ArgRole::Input => a.name.to_string(),
            })
            .collect();
        let _ = writeln!(out, "({} {})", p.name, args.join(" "));
    }
    out
}

/// The names of `names` that `text` mentions: those whose every word of
/// at least three letters (`all-purpose-flour`: `all`, `purpose`,
/// `flour`) `text` has as a word (or with an `s`); when none is, those
/// with any such word.
pub fn mentioned<'a>(names: &[&'a str], text: &str) -> Vec<&'a str> {
    let text = text.to_lowercase();
    let words: std::collections::BTreeSet<&str> = text
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    // A word, or its plural (`egg`: `eggs`, `peach`: `peaches`, `cranberry`: `cranberries`).
    let has = |w: &str| {
        words.contains(w)
            || words.contains(format!("{w}s").as_str())
            || words.contains(format!("{w}es").as_str())
            || w.strip_suffix('y')
                .is_some_and(|stem| words.contains(format!("{stem}ies").as_str()))
    };
    fn long(name: &str) -> Vec<&str> {
        name.split('-').filter(|w| w.len() >= 3).collect()
    }
    let all: Vec<&str> = names
        .iter()
        .copied()
        .filter(|n| {
            let ws = long(n);
            !ws.is_empty() && ws.iter().all(|w| has(w))
        })
        .collect();
    if !all.is_empty() {
        return all;
    }
    names
        .iter()
        .copied()
        .filter(|n| long(n).iter().any(|w| has(w)))
        .collect()
}

/// Of `names` (those `text` mentions), the most specific: a name is left
/// out when `text` mentions it only inside another of them (`almond
/// extract` is the extract, not almonds), and kept when it also stands
/// alone (`almonds and almond extract`).
pub fn most_specific<'a>(names: &[&'a str], text: &str) -> Vec<&'a str> {
    let lower = text.to_lowercase();
    names
        .iter()
        .copied()
        .filter(|n| {
            let longer: Vec<&str> = names
                .iter()
                .copied()
                .filter(|m| m != n && m.contains(n))
                .collect();
            if longer.is_empty() {
                return true;
            }
            // The text without the longer names' phrases still has it.
            let mut rest = lower.clone();
            for m in &longer {
                rest = rest.replace(&m.replace('-', " "), " ");
            }
            n.split('-')
                .filter(|w| w.len() >= 3)
                .all(|w| !mentioned(&[w], &rest).is_empty())
        })
        .collect()
}

/// The system message of `--protocol tools`: how the kitchen is worked
/// through the tools, and the examples (each line a call).
pub fn tools_system(examples: &[Example]) -> String {
    let mut s = String::from(
        "You make cooking recipes in a simulated kitchen by calling tools. Each tool is one \
         action of the MUHAI Cooking Language. Call one tool at a time, in the order a cook \
         would act. Each call is run at once: its result gives the names of what it made \
         (outputs) and of what the kitchen chose for the optional arguments you left out \
         (defaults), and what changed in the kitchen; or it gives an error, and then nothing \
         happened: correct the call. Refer to what earlier calls made by those names. The \
         kitchen state is passed from action to action for you. Leave an optional argument \
         out to let the kitchen choose (each argument says what it then uses). Start by \
         fetching the ingredients with the recipe's amounts. When the dish is done, call \
         finish.\n",
    );
    for e in examples {
        let _ = write!(
            s,
            "\n## Example: {}\nThe actions of a gold network in the language's text: after \
             (get-kitchen ?kitchen), which is done for you, each line is one call; its \
             ?kitchen and ?ks arguments are the kitchen states, which you do not give.\n\
             ```lisp\n{}\n```\n",
            e.id, e.network
        );
    }
    s
}

/// The recipe, and what to do with it, in `--protocol tools`.
pub fn tools_recipe(r: &RecipeText) -> String {
    format!(
        "{}\nMake this recipe by calling the tools, one action at a time.",
        recipe(r)
    )
}

/// The recipe's words: its title, ingredient lines and instructions.
pub fn recipe_text(r: &RecipeText) -> String {
    format!(
        "{} {} {}",
        r.title,
        r.ingredients.join(" "),
        r.instructions.join(" ")
    )
}

/// The recipe as the model reads it.
pub fn recipe(r: &RecipeText) -> String {
    let mut s = format!("Recipe `{}`: {}\n\nIngredients:\n", r.id, r.title);
    for i in &r.ingredients {
        let _ = writeln!(s, "- {i}");
    }
    s.push_str("\nInstructions:\n");
    for (n, i) in r.instructions.iter().enumerate() {
        let _ = writeln!(s, "{}. {i}", n + 1);
    }
    s
}

/// Asks for the whole network at once.
pub fn whole(r: &RecipeText) -> String {
    format!("{}\nWrite the network of this recipe.", recipe(r))
}

/// What was wrong, for a repair round: the problems, and what to answer.
pub fn feedback(problems: &[String], whole_network: bool) -> String {
    let mut s = String::from("The network does not run in the kitchen:\n");
    for p in problems {
        let _ = writeln!(s, "- {p}");
    }
    s.push_str(if whole_network {
        "\nCorrect it and answer with the whole corrected network only."
    } else {
        "\nCorrect them and answer with the corrected new lines only."
    });
    s
}

/// One action at a time: the steps are the ingredient lines, then the
/// instructions; step `step` in words (`ingredient 2`, `instruction 3`).
pub fn step_name(r: &RecipeText, step: usize) -> String {
    match step.checked_sub(r.ingredients.len()) {
        None => format!("ingredient {}", step + 1),
        Some(i) => format!("instruction {}", i + 1),
    }
}

/// The text of step `step` (an ingredient line or an instruction).
pub fn step_text(r: &RecipeText, step: usize) -> String {
    match step.checked_sub(r.ingredients.len()) {
        None => r.ingredients.get(step).cloned().unwrap_or_default(),
        Some(i) => r.instructions.get(i).cloned().unwrap_or_default(),
    }
}

/// What one request of one action at a time shows the model: the recipe,
/// the network so far, what the variables it may use hold now, the step
/// and what was tried in it. The model is never shown a conversation: a
/// small one loses the thread of a long one, and this message grows only
/// at the network's end and after it, so a server's prompt cache serves
/// all of it but the last few hundred tokens.
#[derive(Debug, Clone, Default)]
pub struct State<'a> {
    /// The network so far, every line of which ran.
    pub lines: &'a [String],
    /// Of the lines, how many to show from the end (the rest are counted):
    /// fewer when the request would not fit otherwise.
    pub shown: usize,
    /// The variables an action may take now, each with what it holds.
    pub variables: &'a [(String, String)],
    /// The current kitchen state's variable.
    pub kitchen: &'a str,
    /// What was tried in this step: each answer that ran, with what it
    /// made, or did not, with why.
    pub tried: &'a [String],
    /// Why the step must first put together what it names (the
    /// containers that hold it), when it must.
    pub gather: Option<&'a str>,
}

/// One action at a time: the request for the next action of step `step`
/// of `r`, in the state `state`.
pub fn state(r: &RecipeText, step: usize, state: &State<'_>) -> String {
    let mut s = recipe(r);
    let hidden = state.lines.len().saturating_sub(state.shown);
    s.push_str("\nThe network so far (every line ran):\n```lisp\n");
    if hidden > 0 {
        let _ = writeln!(s, ";; … {hidden} earlier lines");
    }
    for l in &state.lines[hidden..] {
        let _ = writeln!(s, "{l}");
    }
    s.push_str("```\n");
    if !state.variables.is_empty() {
        s.push_str("\nWhat the variables hold now:\n");
        for (v, what) in state.variables {
            let _ = writeln!(s, "- {v}: {what}");
        }
    }
    let name = step_name(r, step);
    let _ = write!(
        s,
        "\nThe kitchen state is now {}.\n\nStep: {name}: \"{}\"\n",
        state.kitchen,
        step_text(r, step)
    );
    for t in state.tried {
        let _ = writeln!(s, "- {t}");
    }
    if let Some(why) = state.gather {
        let _ = write!(
            s,
            "{why} Write the action that transfers the contents of one into another."
        );
    } else if step < r.ingredients.len() && state.tried.iter().all(|t| !t.starts_with("ran")) {
        s.push_str("Write the action that fetches it with its amount.");
    } else if state.tried.is_empty() {
        let _ = write!(
            s,
            "Write the first action of {name}, or (done) if it needs none."
        );
    } else {
        let _ = write!(
            s,
            "Write the next action of {name}, or (done) if it needs no more."
        );
    }
    s
}

/// With `--incremental`: asks for the lines of one step (0: the ingredients,
/// n: instruction n), showing the kitchen as it is now.
pub fn step(r: &RecipeText, step: usize, kitchen: &str, kitchen_variable: &str) -> String {
    let mut s = String::new();
    if step == 0 {
        let _ = write!(
            s,
            "{}\nWe build the network one step at a time; the lines you give are added to it \
             and executed before the next step.\n\nFirst write (get-kitchen ?kitchen) and the \
             lines that fetch the ingredients (and prepare them as the ingredient lines say).",
            recipe(r)
        );
        return s;
    }
    let instruction = r.instructions.get(step - 1).map_or("", String::as_str);
    let _ = write!(
        s,
        "The network so far runs. The kitchen now, as far as it changed:\n{}\n\
         The latest kitchen state is {kitchen_variable}.\n\nWrite only the new lines for \
         instruction {step}: \"{instruction}\"",
        if kitchen.trim().is_empty() {
            "(nothing changed yet)"
        } else {
            kitchen.trim_end()
        }
    );
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn families_drop_the_variant_number_only() {
        assert_eq!(
            family("almond-crescent-cookies-2"),
            "almond-crescent-cookies"
        );
        assert_eq!(family("almond-crescent-cookies"), "almond-crescent-cookies");
        assert_eq!(family("black-bean-salad-5"), "black-bean-salad");
        assert_eq!(family("recipe-"), "recipe-");
        assert_eq!(family("x-2b"), "x-2b");
    }

    #[test]
    fn the_system_message_has_the_reference_and_the_names() {
        let s = system(&[]);
        assert!(s.contains(WHOLE));
        assert!(s.contains("(fetch-and-proportion "), "{s}");
        assert!(s.contains("all-purpose-flour") && s.contains("medium-bowl"));
        assert!(s.contains("teaspoon") && s.contains("ball-shape"));
    }
}
