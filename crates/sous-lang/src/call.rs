//! Actions as typed values, built from the primitives' signatures rather
//! than written as text: `Call::<Beat>::new().with(beat::TOOL, "?whisk")`.
//!
//! Each primitive is a type (`Bake`, `FetchAndProportion`, made by build.rs
//! from `data/signatures.toml`) and each of its arguments a constant of its
//! own module (`bake::THING_TO_BAKE`), typed by the primitive: setting an
//! argument the primitive lacks does not build. A call leaves any argument
//! unset that its maker does not care about; [`Call::complete`] names those
//! with fresh variables (outputs to be bound, optional inputs to be
//! defaulted) and gives the predicate.

use std::fmt;
use std::marker::PhantomData;

use crate::ast::{Arg, ArgKind, Predicate};
use crate::number::Number;
use crate::signature::{ArgSpec, PrimitiveKind, Signature, SIGNATURES};
use crate::span::Span;

/// A primitive of the language, as a type.
pub trait Primitive: Copy {
    /// Its position in [`SIGNATURES`].
    const INDEX: usize;
    /// Its variant of [`PrimitiveKind`] (`KIND as usize == INDEX`).
    const KIND: PrimitiveKind;

    /// The primitive's signature, without looking its name up.
    fn signature() -> &'static Signature {
        &SIGNATURES[Self::INDEX]
    }
}

/// Argument `index` of primitive `P`.
#[derive(Debug)]
pub struct Role<P> {
    index: usize,
    primitive: PhantomData<P>,
}

impl<P> Clone for Role<P> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P> Copy for Role<P> {}

impl<P: Primitive> Role<P> {
    /// Made by build.rs only, from the signature's argument order.
    pub(crate) const fn at(index: usize) -> Self {
        Role {
            index,
            primitive: PhantomData,
        }
    }

    /// The argument's position in the primitive's signature.
    pub fn index(self) -> usize {
        self.index
    }

    /// The argument's name and class.
    pub fn spec(self) -> &'static ArgSpec {
        &P::signature().args[self.index]
    }
}

/// One argument of a call: a variable, a symbol (an ontology class, a
/// unit) or a number.
#[derive(Debug, Clone, PartialEq)]
pub enum Term {
    /// `?name` (with its question mark).
    Variable(String),
    /// A constant naming an ontology class or a unit (`butter`, `g`).
    Symbol(String),
    /// A number to be written with four decimals at most (see [`number_text`]),
    /// for amounts computed in code.
    Number(f64),
    /// A number as the language reads it, kept exact (`1/2` is a ratio,
    /// not 0.5: the reference tells them apart).
    Exact(Number),
}

impl Term {
    /// The variable's name (`?bowl`) if the term is a variable.
    pub fn as_variable(&self) -> Option<&str> {
        match self {
            Term::Variable(v) => Some(v),
            _ => None,
        }
    }
}

impl From<&str> for Term {
    /// `?x` is a variable, anything else a symbol.
    fn from(s: &str) -> Term {
        if s.starts_with('?') {
            Term::Variable(s.to_string())
        } else {
            Term::Symbol(s.to_string())
        }
    }
}

impl From<String> for Term {
    fn from(s: String) -> Term {
        Term::from(s.as_str())
    }
}

impl From<&String> for Term {
    fn from(s: &String) -> Term {
        Term::from(s.as_str())
    }
}

impl From<Number> for Term {
    fn from(n: Number) -> Term {
        Term::Exact(n)
    }
}

impl From<f64> for Term {
    fn from(n: f64) -> Term {
        Term::Number(n)
    }
}

impl fmt::Display for Term {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Term::Variable(s) | Term::Symbol(s) => f.write_str(s),
            Term::Number(n) => f.write_str(&number_text(*n)),
            Term::Exact(n) => write!(f, "{n}"),
        }
    }
}

/// A number as the language writes it: `230`, `0.125`, `1.5` (four
/// decimals at most).
pub fn number_text(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        format!("{}", v as i64)
    } else {
        let s = format!("{v:.4}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

/// An action of primitive `P` with some of its arguments set.
#[derive(Debug, Clone)]
pub struct Call<P> {
    args: Vec<Option<Term>>,
    primitive: PhantomData<P>,
}

impl<P: Primitive> Default for Call<P> {
    fn default() -> Self {
        Self::new()
    }
}

impl<P: Primitive> Call<P> {
    /// A call with no argument set.
    pub fn new() -> Self {
        Call {
            args: vec![None; P::signature().arity()],
            primitive: PhantomData,
        }
    }

    /// Sets `role` to `term`.
    pub fn with(mut self, role: Role<P>, term: impl Into<Term>) -> Self {
        self.args[role.index] = Some(term.into());
        self
    }

    /// Sets `role` to `term` if there is one.
    pub fn with_some(self, role: Role<P>, term: Option<impl Into<Term>>) -> Self {
        match term {
            Some(t) => self.with(role, t),
            None => self,
        }
    }

    /// The call from kitchen state `from` to kitchen state `to` (every
    /// primitive but `get-kitchen` has both).
    pub fn in_kitchen(mut self, from: impl Into<Term>, to: impl Into<Term>) -> Self {
        let sig = P::signature();
        if let (Some(i), Some(o)) = (sig.kitchen_state_in(), sig.kitchen_state_out()) {
            self.args[i] = Some(from.into());
            self.args[o] = Some(to.into());
        }
        self
    }

    /// What `role` is set to.
    pub fn get(&self, role: Role<P>) -> Option<&Term> {
        self.args[role.index].as_ref()
    }

    /// Whether `role` is set.
    pub fn has(&self, role: Role<P>) -> bool {
        self.args[role.index].is_some()
    }

    /// The call with every unset argument named by `fresh` (given the
    /// argument's spec): the action ready to add.
    pub fn complete(self, mut fresh: impl FnMut(&'static ArgSpec) -> String) -> Action {
        let sig = P::signature();
        let args = self
            .args
            .into_iter()
            .zip(sig.args)
            .map(|(t, spec)| t.unwrap_or_else(|| Term::Variable(fresh(spec))))
            .collect();
        Action {
            signature: sig,
            args,
        }
    }
}

/// A call with every argument set: an action of a network.
#[derive(Debug, Clone)]
pub struct Action {
    /// The primitive, in the form (current or legacy) the action takes.
    pub signature: &'static Signature,
    /// One term per argument, in the signature's order.
    pub args: Vec<Term>,
}

impl Action {
    /// The term of argument `role` (a role of this action's primitive).
    pub fn arg<P: Primitive>(&self, role: Role<P>) -> &Term {
        debug_assert!(std::ptr::eq(self.signature, P::signature()));
        &self.args[role.index]
    }

    /// The variable of argument `role`, if it is one.
    pub fn variable<P: Primitive>(&self, role: Role<P>) -> Option<&str> {
        self.arg(role).as_variable()
    }

    /// The action as a predicate of the language (spans empty: it has no
    /// text of its own).
    pub fn predicate(&self) -> Predicate {
        let span = Span::default();
        Predicate {
            name: self.signature.name.to_string(),
            name_span: span,
            span,
            args: self
                .args
                .iter()
                .map(|t| Arg {
                    kind: match t {
                        Term::Variable(v) => ArgKind::Variable(v.to_lowercase()),
                        Term::Symbol(s) => ArgKind::Symbol(s.to_lowercase()),
                        Term::Number(n) => ArgKind::Number(
                            Number::parse(&number_text(*n)).expect("a number's text reads back"),
                        ),
                        Term::Exact(n) => ArgKind::Number(*n),
                    },
                    span,
                })
                .collect(),
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}", self.signature.name)?;
        for a in &self.args {
            write!(f, " {a}")?;
        }
        f.write_str(")")
    }
}

// The primitives' types and argument constants, made by build.rs.
include!(concat!(env!("OUT_DIR"), "/calls.rs"));

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_call_names_what_is_unset_and_reads_as_the_language() {
        let call = Call::<FetchAndProportion>::new()
            .with(fetch_and_proportion::KITCHEN_STATE_IN, "?kitchen")
            .with(fetch_and_proportion::INGREDIENT_CONCEPT, "butter")
            .with(fetch_and_proportion::QUANTITY, 230.0)
            .with(fetch_and_proportion::UNIT, "g");
        let mut n = 0;
        let action = call.complete(|spec| {
            n += 1;
            format!("?{}-{n}", spec.name)
        });
        let text = action.to_string();
        assert_eq!(
            text,
            "(fetch-and-proportion ?container-with-ingredient-1 ?kitchen-state-out-2 ?kitchen \
             ?target-container-3 butter 230 g)"
        );
        assert_eq!(action.predicate().to_string(), text);
        assert_eq!(
            action.variable(fetch_and_proportion::KITCHEN_STATE_OUT),
            Some("?kitchen-state-out-2")
        );
    }

    #[test]
    fn a_call_is_threaded_through_its_kitchen_states() {
        let action = Call::<Fetch>::new()
            .with(fetch::CONCEPT_TO_FETCH, "baking-tray")
            .with(fetch::QUANTITY, 1.0)
            .with(fetch::THING_FETCHED, "?tray")
            .in_kitchen("?ks-1", "?ks-2")
            .complete(|_| unreachable!("every argument is set"));
        assert_eq!(
            action.to_string(),
            "(fetch ?tray ?ks-2 ?ks-1 baking-tray 1)"
        );
    }

    #[test]
    fn every_primitive_has_a_type_whose_roles_follow_its_signature() {
        assert_eq!(Bake::signature().name, "bake");
        assert_eq!(bake::THING_TO_BAKE.spec().name, "thing-to-bake");
        assert_eq!(CutLegacy::signature().arity(), 6);
        assert_eq!(Cut::signature().arity(), 7);
        assert_eq!(number_text(0.125), "0.125");
        assert_eq!(number_text(230.0), "230");
        assert_eq!(number_text(1.0 / 3.0), "0.3333");
    }
}
