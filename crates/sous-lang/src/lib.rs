//! The MUHAI Cooking Language.
//!
//! This crate knows the *text* of recipe networks and nothing about kitchens:
//! it parses `.solution` files into [`Recipe`]s, knows every primitive's
//! [`Signature`] (arity, argument roles, the cases the reference accepts) and
//! reports problems as [`Diagnostic`]s that carry a file position and, where
//! one is obvious, a suggestion. Checks that need the ontology go through the
//! [`Vocabulary`] trait, which the kitchen layer implements.

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
