//! The MUHAI Cooking Language.
//!
//! This crate knows the *text* of recipe networks and nothing about kitchens:
//! it parses `.solution` files into [`Recipe`]s, knows every primitive's
//! [`Signature`] (arity, argument roles, the cases the reference accepts) and
//! reports problems as [`Diagnostic`]s that carry a file position and, where
//! one is obvious, a suggestion. Checks that need the ontology go through the
//! [`Vocabulary`] trait, which the kitchen layer implements.
//!
//! It is the bottom layer of sous: `sous-kitchen` (the world) and
//! `sous-sim` (the simulator) build on it, `sous-eval` scores what it reads,
//! and the front ends (the `sous` binary, the HTTP API, the Python package)
//! read every network through it.
//!
//! # Entry points
//!
//! - [`parse`]: a text into a [`SourceFile`] of [`Recipe`]s, each a list of
//!   [`Predicate`]s, with the problems of each recipe;
//! - [`validate`] (a whole recipe) and [`validate_predicate`] (one more
//!   predicate): what the reference would refuse, and what cannot run;
//! - [`signature`] and [`Signature`]: the arguments and cases of every
//!   primitive, from `data/signatures.toml`;
//! - [`call::Call`]: an action built in code, which names only arguments its
//!   primitive has; [`edits`]: a network kept as named edits of another.
//!
//! # Example
//!
//! Parse and validate the first of the example recipes that ship with sous,
//! then run it and score it with the layers above:
//!
//! ```
//! use sous_eval::{evaluate_text, Metric, MetricSet, Options};
//!
//! let demo = include_str!("../../sous-cli/demo/demo.solution");
//! let (file, problems) = sous_lang::parse("demo.solution", demo);
//! assert!(problems.is_empty());
//! let salad = &file.recipes[0];
//! assert_eq!(salad.id, "simple-cucumber-salad");
//! // The ontology checks go through `Vocabulary`, which the kitchen implements.
//! assert!(sous_lang::validate(salad, sous_kitchen::Ontology::get()).is_empty());
//!
//! // Run it in the simulated kitchen, then score it: with no gold network
//! // for it, against its own text, which every metric finds perfect.
//! assert!(sous_sim::execute(salad).solved);
//! let text: String = salad.predicates.iter().map(|p| p.text() + "\n").collect();
//! let options = Options { metrics: MetricSet::ALL, ..Options::default() };
//! let report = evaluate_text(&text, &text, &options)?;
//! assert_eq!(report.value(Metric::SmatchScore), Some(1.0));
//! # Ok::<(), sous_eval::source::NotOneNetwork>(())
//! ```

#![warn(missing_docs)]

mod ast;
pub mod call;
mod diagnostic;
pub mod edits;
mod number;
mod parser;
mod signature;
mod span;
mod validate;

pub use ast::{Arg, ArgKind, Predicate, Recipe, SourceFile};
pub use diagnostic::{did_you_mean, Diagnostic, Severity};
pub use number::{lisp_double, lisp_single, Number};
pub use parser::parse;
pub use signature::{
    signature, signatures, ArgRole, ArgSpec, PrimitiveKind, Signature, SIGNATURES,
};
pub use span::Span;
pub use validate::{validate, validate_predicate, Vocabulary};
