//! `sous grammar`: the language's grammar, or with `--after` the grammar
//! of the next action after a network.

use std::path::Path;

use sous_agent::llm::grammar::{grammar, next_action, Notation, Scope, Start};
use sous_eval::source::load;
use sous_lang::Diagnostic;

use crate::render;
use crate::run::{INVALID, OK};

/// Prints the grammar in `format` (`gbnf`, `ebnf`, `lark`) whose root
/// accepts `start` (`network`, `file`); with `after`, the grammar of the
/// action that may come next after the network of that file.
pub fn run(format: &str, start: &str, after: Option<&Path>) -> u8 {
    let notation = Notation::parse(format).unwrap_or(Notation::Gbnf);
    let Some(path) = after else {
        let start = if start == "file" {
            Start::File
        } else {
            Start::Network
        };
        print!("{}", grammar(notation, start));
        return OK;
    };
    let loaded = load(path);
    if let Some(d) = &loaded.fatal {
        render::diagnostic(&loaded.name, &loaded.text, d);
        return INVALID;
    }
    let Some((recipe, diags)) = loaded.recipes.first() else {
        eprintln!("error: {} has no network", loaded.name);
        return INVALID;
    };
    if diags.iter().any(Diagnostic::is_error) {
        for d in diags {
            render::diagnostic(&loaded.name, &loaded.text, d);
        }
        return INVALID;
    }
    let mut session = sous_sim::Session::new(&recipe.id, sous_sim::Options::default(), None);
    for p in &recipe.predicates {
        if let Err(e) = session.add(p) {
            eprintln!(
                "error: {}:{}:{}: {e}",
                loaded.name, p.span.line, p.span.column
            );
            return INVALID;
        }
    }
    let x = session.execution();
    let kitchen = x.final_kitchen_variable().unwrap_or("?kitchen");
    print!("{}", next_action(notation, &Scope::of(&session, kitchen)));
    OK
}
