//! A grammar of the cooking language, generated from sous's own knowledge:
//! the primitives' signatures (`sous_lang::signatures`, the data of `GET
//! /api/primitives` and of the prompt's language reference) and the names
//! the kitchen and the ontology know ([`super::tools::names`], the same
//! names the tools protocol offers). A server that decodes under it (llama.cpp's
//! `grammar`, vLLM's structured outputs) can only write lines that are
//! predicates of the language, with each primitive's arity, variables where
//! an output or a kitchen state stands, numbers where a quantity stands, and
//! only the ontology's names where an argument takes a name.
//!
//! One grammar, two notations: GBNF (llama.cpp, and the EBNF xgrammar
//! reads) and Lark (the Python parser, which checks the grammar
//! independently of any server: `crates/sous-py/tests/test_grammar.py`).
//! Two start rules: `network` (what a model writes: predicates, one a line,
//! one space between arguments) and `file` (a whole `.solution` file:
//! `#recipe-id` headers, `;` comments, blank lines and any spacing), which
//! accepts every network of the benchmark.

use std::fmt::Write as _;

use sous_kitchen::inventory::inventory;
use sous_lang::{ArgRole, Signature};

use super::tools::names::{Kind, Names};

mod next;
pub use next::{format_number, next_action, numbers_in, units_in, Keep, Narrow, Scope, DONE};

/// The notation to write the grammar in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Notation {
    /// llama.cpp's GBNF (also read by xgrammar as EBNF); its root rule is
    /// `root`.
    Gbnf,
    /// Lark's EBNF, for Python's `lark` (Earley); start with `network` or
    /// `file`.
    Lark,
}

impl Notation {
    /// The notation called `name` (`gbnf`, `ebnf`, `lark`).
    pub fn parse(name: &str) -> Option<Notation> {
        match name {
            "gbnf" | "ebnf" => Some(Notation::Gbnf),
            "lark" => Some(Notation::Lark),
            _ => None,
        }
    }
}

/// Which text the grammar's root accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Start {
    /// Predicates, one a line: what a model is asked to write.
    Network,
    /// A `.solution` file: headers, comments, blank lines and predicates.
    File,
}

/// The most digits a number's part has in what a model writes.
const MAX_DIGITS: u32 = 6;

/// One expression of a rule.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Expr {
    /// A literal text.
    Lit(String),
    /// A rule by name.
    Rule(String),
    /// A character class, as in a regular expression (`[a-z0-9-]`).
    Class(String),
    Seq(Vec<Expr>),
    Alt(Vec<Expr>),
    Opt(Box<Expr>),
    Star(Box<Expr>),
    Plus(Box<Expr>),
    /// Between `min` and `max` times.
    Repeat(Box<Expr>, u32, u32),
}

use Expr::*;

fn rule(name: &str) -> Expr {
    Rule(name.to_string())
}

fn lit(text: &str) -> Expr {
    Lit(text.to_string())
}

fn class(chars: &str) -> Expr {
    Class(chars.to_string())
}

/// The rules, in order: the start rules first, then one per primitive,
/// then the argument kinds and the lexical rules.
fn rules(start: Start) -> Vec<(String, Expr)> {
    let names = Names::get();
    let mut out: Vec<(String, Expr)> = Vec::new();
    let root = match start {
        Start::Network => rule("network"),
        Start::File => rule("file"),
    };
    out.push(("root".into(), root));
    // A model's network: predicates, each on its own line.
    out.push((
        "network".into(),
        Plus(Box::new(Seq(vec![rule("predicate"), rule("nl")]))),
    ));
    // A file: any mix of blank lines, comments, headers and predicates,
    // the last line perhaps without its line break.
    let content = Alt(vec![rule("predicate"), rule("header"), rule("comment")]);
    let line = Seq(vec![
        Opt(Box::new(rule("ws"))),
        Opt(Box::new(Seq(vec![
            content,
            Opt(Box::new(rule("ws"))),
            Opt(Box::new(rule("comment"))),
        ]))),
    ]);
    out.push((
        "file".into(),
        Seq(vec![
            Star(Box::new(Seq(vec![line.clone(), rule("nl")]))),
            line,
        ]),
    ));
    // One rule per list of names an argument takes, and one for "a
    // variable or such a name", shared by every argument that takes the
    // list: a rule per argument position would multiply the alternatives.
    let mut lists: Vec<Vec<&'static str>> = Vec::new();
    let mut alternatives = Vec::new();
    let mut primitive_rules = Vec::new();
    for sig in sous_lang::signatures() {
        let name = rule_name(sig);
        alternatives.push(rule(&name));
        primitive_rules.push((name, predicate(sig, names, &mut lists)));
    }
    out.push(("predicate".into(), Alt(alternatives)));
    out.extend(primitive_rules);
    // Argument kinds.
    let inv = inventory();
    let held: Vec<&str> = inv
        .ingredients
        .iter()
        .chain(&inv.containers)
        .chain(&inv.tools)
        .copied()
        .collect();
    out.push(("object".into(), Alt(vec![rule("variable"), rule("held")])));
    out.push(("held".into(), names_expr(&held)));
    out.push((
        "quantity".into(),
        Alt(vec![rule("variable"), rule("number")]),
    ));
    for (i, list) in lists.iter().enumerate() {
        out.push((
            format!("value-{}", i + 1),
            Alt(vec![rule("variable"), rule(&format!("names-{}", i + 1))]),
        ));
        out.push((format!("names-{}", i + 1), names_expr(list)));
    }
    out.push(number());
    // Lexical rules.
    out.push((
        "variable".into(),
        Seq(vec![
            lit("?"),
            class(match start {
                Start::Network => "[a-z0-9]",
                Start::File => "[a-zA-Z0-9]",
            }),
            match start {
                // What a model writes: lower-case words joined by hyphens,
                // of a bounded length (unbounded, a small model can write
                // one name until it runs out of tokens).
                Start::Network => Repeat(Box::new(class("[a-z0-9-]")), 0, 79),
                // The characters of a Lisp symbol, as sous-lang's parser
                // reads them (a January-2023 network writes
                // `?output-container-?x-940`).
                Start::File => Star(Box::new(class("[a-zA-Z0-9_*+./<>=!%&:$~^@?'-]"))),
            },
        ]),
    ));
    out.push((
        "digits".into(),
        match start {
            // A run of at most six digits (the benchmark's numbers have at
            // most three): unbounded, a small model writes one number
            // until it runs out of tokens.
            Start::Network => Repeat(Box::new(class("[0-9]")), 1, MAX_DIGITS),
            Start::File => Plus(Box::new(class("[0-9]"))),
        },
    ));
    // A model writes one space between arguments: a grammar that allowed
    // any run of blanks lets a small model write nothing else. Files are
    // read with any spacing.
    out.push((
        "ws".into(),
        match start {
            Start::Network => lit(" "),
            Start::File => Plus(Box::new(class("[ \\t]"))),
        },
    ));
    out.push((
        "nl".into(),
        match start {
            Start::Network => lit("\n"),
            Start::File => Seq(vec![Opt(Box::new(lit("\r"))), lit("\n")]),
        },
    ));
    out.push((
        "header".into(),
        Seq(vec![lit("#"), Plus(Box::new(class("[a-zA-Z0-9_-]")))]),
    ));
    out.push((
        "comment".into(),
        Seq(vec![lit(";"), Star(Box::new(class("[^\\r\\n]")))]),
    ));
    out
}

/// `p-cut` or, for a legacy form, `p-cut-legacy`.
fn rule_name(sig: &Signature) -> String {
    if sig.legacy {
        format!("p-{}-legacy", sig.name)
    } else {
        format!("p-{}", sig.name)
    }
}

/// `(name arg arg …)` with what each argument takes; a list of names not
/// in `lists` yet is added to it, and named by its place there.
fn predicate(sig: &'static Signature, names: &Names, lists: &mut Vec<Vec<&'static str>>) -> Expr {
    let mut seq = vec![lit("("), Opt(Box::new(rule("ws"))), lit(sig.name)];
    for (i, arg) in sig.args.iter().enumerate() {
        seq.push(rule("ws"));
        seq.push(match sig.role(i) {
            ArgRole::Output | ArgRole::KitchenStateIn | ArgRole::KitchenStateOut => {
                rule("variable")
            }
            ArgRole::Input | ArgRole::Optional => match names.kind(sig.name, arg) {
                Kind::Number => rule("quantity"),
                Kind::Name(list) => rule(&format!("value-{}", list_number(lists, list))),
                Kind::Object => rule("object"),
            },
        });
    }
    seq.push(Opt(Box::new(rule("ws"))));
    seq.push(lit(")"));
    Seq(seq)
}

/// The rule of numbers as the language writes them (`230`, `2.5`, `1/2`).
fn number() -> (String, Expr) {
    (
        "number".into(),
        Alt(vec![
            Seq(vec![rule("digits"), lit("/"), rule("digits")]),
            Seq(vec![
                rule("digits"),
                Opt(Box::new(Seq(vec![lit("."), rule("digits")]))),
            ]),
        ]),
    )
}

/// The number (from 1) of `list`, sorted and without repeats, among
/// `lists`, where it is added when new: arguments that take the same names
/// share one rule.
fn list_number(lists: &mut Vec<Vec<&'static str>>, mut list: Vec<&'static str>) -> usize {
    list.sort_unstable();
    list.dedup();
    match lists.iter().position(|l| *l == list) {
        Some(i) => i + 1,
        None => {
            lists.push(list);
            lists.len()
        }
    }
}

/// One of these names, longest first (so that no name is cut short at a
/// prefix of another by a greedy engine).
fn names_expr(list: &[&str]) -> Expr {
    let mut sorted: Vec<&str> = list.to_vec();
    sorted.sort_by(|a, b| b.len().cmp(&a.len()).then(a.cmp(b)));
    sorted.dedup();
    Alt(sorted.into_iter().map(lit).collect())
}

/// The grammar in `notation`, its root accepting `start`.
pub fn grammar(notation: Notation, start: Start) -> String {
    render(
        notation,
        &rules(start),
        &[
            "The cooking language, generated from the primitives' signatures and the",
            "kitchen's names. Lark: parse with start=\"network\" or \"file\".",
        ],
    )
}

/// `rules` (the first is `root`, which Lark leaves out: its parser is
/// told where to start) in `notation`, after a comment of `header` lines.
fn render(notation: Notation, rules: &[(String, Expr)], header: &[&str]) -> String {
    let mut out = String::new();
    let comment = match notation {
        Notation::Gbnf => "#",
        Notation::Lark => "//",
    };
    for line in header {
        let _ = writeln!(out, "{comment} {line}");
    }
    match notation {
        Notation::Gbnf => {
            for (name, expr) in rules {
                let _ = writeln!(out, "{name} ::= {}", gbnf(expr));
            }
        }
        Notation::Lark => {
            for (name, expr) in rules.iter().skip(1) {
                if LEXICAL.contains(&name.as_str()) {
                    // Lark reads lexical rules best as terminals: one regular
                    // expression each, not a rule per character.
                    let _ = writeln!(out, "{}: /{}/", name.to_uppercase(), regex(expr));
                } else {
                    let _ = writeln!(out, "{}: {}", lark_name(name), lark(expr));
                }
            }
        }
    }
    out
}

fn gbnf(e: &Expr) -> String {
    match e {
        Lit(s) => quoted(s),
        Rule(r) => r.clone(),
        Class(c) => c.clone(),
        Seq(v) => v.iter().map(gbnf).collect::<Vec<_>>().join(" "),
        Alt(v) => format!("({})", v.iter().map(gbnf).collect::<Vec<_>>().join(" | ")),
        Opt(x) => format!("({})?", gbnf(x)),
        Star(x) => format!("({})*", gbnf(x)),
        Plus(x) => format!("({})+", gbnf(x)),
        Repeat(x, min, max) => format!("({}){{{min},{max}}}", gbnf(x)),
    }
}

/// The rules made of characters only, which Lark gets as terminals.
const LEXICAL: [&str; 6] = ["variable", "digits", "ws", "nl", "header", "comment"];

fn lark(e: &Expr) -> String {
    match e {
        Lit(s) => quoted(s),
        Rule(r) if LEXICAL.contains(&r.as_str()) => r.to_uppercase(),
        Rule(r) => lark_name(r),
        Class(c) => format!("/{c}/"),
        Seq(v) => v.iter().map(lark).collect::<Vec<_>>().join(" "),
        Alt(v) => format!("({})", v.iter().map(lark).collect::<Vec<_>>().join(" | ")),
        Opt(x) => format!("({})?", lark(x)),
        Star(x) => format!("({})*", lark(x)),
        Plus(x) => format!("({})+", lark(x)),
        Repeat(x, min, max) => format!("({}) ~ {min}..{max}", lark(x)),
    }
}

/// A lexical rule as a regular expression (its parts are literals,
/// character classes and repetitions of them).
fn regex(e: &Expr) -> String {
    match e {
        Lit(s) => s
            .chars()
            .map(|c| match c {
                '\n' => "\\n".to_string(),
                '\r' => "\\r".to_string(),
                '/' => "\\/".to_string(),
                c if "\\.^$|?*+()[]{}".contains(c) => format!("\\{c}"),
                c => c.to_string(),
            })
            .collect(),
        Rule(r) => format!("(?:{})", r),
        // Lark's regular expressions are written between slashes.
        Class(c) => c.replace('/', "\\/"),
        Seq(v) => v.iter().map(regex).collect(),
        Alt(v) => format!("(?:{})", v.iter().map(regex).collect::<Vec<_>>().join("|")),
        Opt(x) => format!("(?:{})?", regex(x)),
        Star(x) => format!("(?:{})*", regex(x)),
        Plus(x) => format!("(?:{})+", regex(x)),
        Repeat(x, min, max) => format!("(?:{}){{{min},{max}}}", regex(x)),
    }
}

fn lark_name(rule: &str) -> String {
    rule.replace('-', "_")
}

/// A double-quoted literal with `\`, `"`, `\n`, `\r` and `\t` escaped.
fn quoted(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_primitive_has_a_rule_and_the_root_is_first() {
        let g = grammar(Notation::Gbnf, Start::Network);
        let first = g.lines().find(|l| !l.starts_with('#')).unwrap();
        assert_eq!(first, "root ::= network");
        for sig in sous_lang::signatures() {
            assert!(
                g.contains(&format!("{} ::= \"(\"", rule_name(sig))),
                "{}",
                sig.name
            );
        }
    }

    #[test]
    fn names_take_the_kitchen_and_ontology_names() {
        let g = grammar(Notation::Gbnf, Start::Network);
        let fetch = g
            .lines()
            .find(|l| l.starts_with("p-fetch-and-proportion ::="))
            .unwrap();
        // Its ingredient and its unit are two lists of names.
        let lists: Vec<&str> = fetch
            .split(' ')
            .filter(|w| w.starts_with("value-"))
            .collect();
        assert_eq!(lists.len(), 2, "{fetch}");
        let of = |rule: &str| {
            let names = rule.replace("value", "names");
            g.lines()
                .find(|l| l.starts_with(&format!("{names} ::=")))
                .unwrap()
                .to_string()
        };
        let (ingredients, units) = (of(lists[0]), of(lists[1]));
        for name in ["\"butter\"", "\"white-sugar\""] {
            assert!(ingredients.contains(name), "{name} in {ingredients}");
        }
        assert!(units.contains("\"teaspoon\""), "{units}");
        assert!(!g.contains("\"failed-object\""));
    }

    #[test]
    fn lark_rules_have_lark_names() {
        let g = grammar(Notation::Lark, Start::File);
        assert!(g.contains("\np_fetch_and_proportion: \"(\""));
        assert!(g.contains("\nfile: "));
        assert!(!g.contains("root"));
    }
}
