//! The deterministic baseline agent: reads a recipe line by line and builds
//! its network action by action, executing the network after every action
//! and keeping only actions that ran. What it chose and why goes into the
//! trace.
//!
//! Status (issue 10, in progress): every ingredient line is fetched and
//! proportioned into its own bowl; instructions are traced as not yet
//! understood.

use sous_kitchen::Ontology;
use sous_lang::Diagnostic;

use crate::ingredient_line::read_line;
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

/// Understands one recipe.
pub fn understand(recipe: &RecipeText) -> Understood {
    let mut actions = vec!["(get-kitchen ?kitchen)".to_string()];
    let mut trace = Vec::new();
    let mut kitchen = "?kitchen".to_string();
    for (i, line) in recipe.ingredients.iter().enumerate() {
        let n = i + 1;
        let read = match read_line(line) {
            Ok(r) => r,
            Err(e) => {
                trace.push(format!("ingredient {n}: not understood: {e}"));
                continue;
            }
        };
        let class = read.class_name();
        let out_ks = format!("?ks-{n}");
        let action = format!(
            "(fetch-and-proportion ?{class}-{n} {out_ks} {kitchen} ?bowl-{n} {class} {} {})",
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
        actions.push(action.clone());
        match runs(&recipe.id, &actions) {
            Ok(()) => {
                kitchen = out_ks;
                trace.push(format!("ingredient {n}: `{line}` → {action} ({how})"));
            }
            Err(why) => {
                actions.pop();
                trace.push(format!(
                    "ingredient {n}: `{line}` → {class}, but fetching it fails: {why}"
                ));
            }
        }
    }
    for (i, line) in recipe.instructions.iter().enumerate() {
        trace.push(format!(
            "instruction {}: `{line}`: not yet understood",
            i + 1
        ));
    }
    Understood {
        id: recipe.id.clone(),
        actions,
        trace,
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
