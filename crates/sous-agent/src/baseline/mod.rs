//! The deterministic baseline agent: reads a recipe line by line and builds
//! its network action by action, executing the network after every action
//! and keeping only actions that ran. What it chose and why goes into the
//! trace.
//!
//! `session` holds the working memory, `prepare` the steps an ingredient
//! line asks for, `refer` resolves what a clause names, `clause` acts a
//! clause out by its verb.

mod clause;
mod prepare;
mod refer;
mod session;

use crate::ingredient_line::read_line;
use crate::instructions::{clauses, singular};
use crate::lexicon::Match;
use crate::recipe_xml::RecipeText;
use session::{number, Fetched, Session};

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

/// Understands one recipe.
pub fn understand(recipe: &RecipeText) -> Understood {
    let mut s = Session::new(&recipe.id);
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
            // Its names: the words of the line and of its class.
            let mut names: Vec<String> = read.name.iter().map(|w| singular(w)).collect();
            if names.is_empty() {
                names = class.split('-').map(str::to_string).collect();
            }
            s.fetched.push(Fetched {
                var,
                names,
                bowl: None,
                spent: false,
                cut: false,
                peeled: false,
                seeded: false,
                cracked: false,
                class: read.class,
            });
            s.prepare(s.fetched.len() - 1, &read.preparations, read.temperature);
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
