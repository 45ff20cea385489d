//! The signature of every primitive of the MUHAI Cooking Language, as the
//! reference defines it: argument order, the class each bound value must be
//! an instance of, and the *cases* — which arguments must be bound for the
//! primitive to run (every other argument is then an output it binds). The
//! table is data (`data/signatures.toml`, read by build.rs), and so are the
//! typed calls of [`crate::call`].

use std::sync::OnceLock;

use rustc_hash::FxHashMap;
use serde::Serialize;

/// What an argument is for, derived from the cases.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ArgRole {
    /// Always bound by the primitive.
    Output,
    /// The kitchen state after the action.
    KitchenStateOut,
    /// The kitchen state the action starts from.
    KitchenStateIn,
    /// Must be bound before the primitive can run.
    Input,
    /// An input that the primitive defaults (and binds) when left unbound.
    Optional,
}

/// One argument of a primitive: its name, which cases and diagnostics use,
/// and the class its value must be.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct ArgSpec {
    /// The argument's name in the reference (`container-with-input-ingredients`).
    pub name: &'static str,
    /// The ontology class a bound value must be an instance of (`t`: anything).
    #[serde(rename = "type")]
    pub ty: &'static str,
}

impl ArgSpec {
    const fn new(name: &'static str, ty: &'static str) -> Self {
        ArgSpec { name, ty }
    }
}

/// A primitive's signature: its arguments in order and the cases it runs in.
/// One per entry of `data/signatures.toml`; get it with [`signature`].
#[derive(Debug, Serialize)]
pub struct Signature {
    /// The primitive's name, as predicates write it (`bake`).
    pub name: &'static str,
    /// The arguments in the order predicates write them.
    pub args: &'static [ArgSpec],
    /// For each case, the names of the arguments that must be bound.
    pub cases: &'static [&'static [&'static str]],
    /// A form the reference no longer accepts but the January-2023 gold networks use
    /// (`cut` without a cutting surface).
    pub legacy: bool,
    /// Which primitive this is, to dispatch on without comparing names.
    #[serde(skip)]
    pub kind: PrimitiveKind,
    /// `cases` as bit masks over argument positions, worked out by build.rs.
    #[serde(skip)]
    masks: &'static [u32],
    /// The positions of `kitchen-state-in` and `kitchen-state-out`.
    #[serde(skip)]
    ks_in: Option<usize>,
    #[serde(skip)]
    ks_out: Option<usize>,
    /// Each argument's role, worked out by build.rs as [`Signature::role`]
    /// describes: the validator and the engine ask it of every argument.
    #[serde(skip)]
    roles: &'static [ArgRole],
}

impl Signature {
    /// How many arguments a predicate of this form has.
    pub fn arity(&self) -> usize {
        self.args.len()
    }

    /// The position of the argument named `arg`, if the primitive has one.
    pub fn index_of(&self, arg: &str) -> Option<usize> {
        self.args.iter().position(|a| a.name == arg)
    }

    /// Each case as a bit mask over argument positions (bit i = argument i is bound).
    pub fn case_masks(&self) -> impl Iterator<Item = u32> + '_ {
        self.masks.iter().copied()
    }

    /// The case whose bound set is exactly `bound` (bit mask over positions).
    pub fn case_for(&self, bound: u32) -> Option<usize> {
        self.case_masks().position(|m| m == bound)
    }

    /// The kitchen states by their names; otherwise an argument no case
    /// binds is an output, one every case binds an input, and one some
    /// cases bind optional. (A position past the last argument: an output.)
    pub fn role(&self, index: usize) -> ArgRole {
        self.roles.get(index).copied().unwrap_or(ArgRole::Output)
    }

    /// Each case as the arguments it needs besides the kitchen state,
    /// e.g. `container-with-input-ingredients + mixing-tool`.
    pub fn case_descriptions(&self) -> Vec<String> {
        self.cases
            .iter()
            .map(|c| {
                c.iter()
                    .filter(|n| **n != "kitchen-state-in")
                    .copied()
                    .collect::<Vec<_>>()
                    .join(" + ")
            })
            .collect()
    }

    /// The position of the kitchen state the action starts from (`get-kitchen`
    /// has none).
    pub fn kitchen_state_in(&self) -> Option<usize> {
        self.ks_in
    }

    /// The position of the kitchen state the action makes (`get-kitchen` has none).
    pub fn kitchen_state_out(&self) -> Option<usize> {
        self.ks_out
    }
}

impl PrimitiveKind {
    /// The signature of this primitive (form).
    pub fn signature(self) -> &'static Signature {
        &SIGNATURES[self as usize]
    }
}

/// All primitives; `cut` appears twice (current and legacy form).
pub fn signatures() -> &'static [Signature] {
    SIGNATURES
}

/// The signature of `name` taking `arity` arguments, or, when the arity does not
/// match any form, the current form of `name`.
pub fn signature(name: &str, arity: usize) -> Option<&'static Signature> {
    let forms = forms_by_name().get(name)?;
    Some(
        forms
            .iter()
            .copied()
            .find(|s| s.arity() == arity)
            .unwrap_or(forms[0]),
    )
}

/// Each primitive's forms, in table order, by name: every predicate read,
/// validated and prepared asks for its signature, so this is a hash
/// look-up rather than a walk down the table comparing names.
fn forms_by_name() -> &'static FxHashMap<&'static str, Vec<&'static Signature>> {
    static FORMS: OnceLock<FxHashMap<&'static str, Vec<&'static Signature>>> = OnceLock::new();
    FORMS.get_or_init(|| {
        let mut forms: FxHashMap<&'static str, Vec<&'static Signature>> = FxHashMap::default();
        for s in SIGNATURES {
            forms.entry(s.name).or_default().push(s);
        }
        forms
    })
}

// `SIGNATURES`, made by build.rs from `data/signatures.toml`.
include!(concat!(env!("OUT_DIR"), "/signatures.rs"));

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thirty_nine_primitives_plus_legacy_cut() {
        let current = SIGNATURES.iter().filter(|s| !s.legacy).count();
        assert_eq!(current, 39);
        assert_eq!(signature("cut", 6).unwrap().arity(), 6);
        assert_eq!(signature("cut", 7).unwrap().arity(), 7);
        assert_eq!(signature("mix", 4).unwrap().arity(), 5);
    }

    #[test]
    fn every_stored_role_is_the_one_the_cases_give() {
        for s in SIGNATURES {
            for i in 0..s.arity() {
                let bound_in = s.case_masks().filter(|m| m & (1 << i) != 0).count();
                let expected = if s.ks_in == Some(i) {
                    ArgRole::KitchenStateIn
                } else if s.ks_out == Some(i) {
                    ArgRole::KitchenStateOut
                } else if bound_in == 0 {
                    ArgRole::Output
                } else if bound_in == s.cases.len() {
                    ArgRole::Input
                } else {
                    ArgRole::Optional
                };
                assert_eq!(s.role(i), expected, "{} argument {i}", s.name);
            }
        }
    }

    #[test]
    fn roles_follow_from_cases() {
        let s = signature("fetch-and-proportion", 7).unwrap();
        let roles: Vec<_> = (0..7).map(|i| s.role(i)).collect();
        use ArgRole::*;
        assert_eq!(
            roles,
            [
                Output,
                KitchenStateOut,
                KitchenStateIn,
                Optional,
                Input,
                Input,
                Input
            ]
        );
        let t = signature("transfer-contents", 8).unwrap();
        assert_eq!(
            t.role(6),
            Output,
            "the reference has no case taking a quantity"
        );
    }

    #[test]
    fn the_generated_masks_and_kinds_follow_the_names() {
        for (i, s) in SIGNATURES.iter().enumerate() {
            let by_name: Vec<u32> = s
                .cases
                .iter()
                .map(|case| case.iter().map(|n| 1u32 << s.index_of(n).unwrap()).sum())
                .collect();
            assert_eq!(s.case_masks().collect::<Vec<_>>(), by_name, "{}", s.name);
            assert_eq!(s.kitchen_state_in(), s.index_of("kitchen-state-in"));
            assert_eq!(s.kitchen_state_out(), s.index_of("kitchen-state-out"));
            assert_eq!(s.kind as usize, i);
            assert_eq!(PrimitiveKind::ALL[i], s.kind);
            assert!(std::ptr::eq(s.kind.signature(), s));
        }
    }

    #[test]
    fn every_case_names_real_arguments_and_cases_are_distinct() {
        for s in SIGNATURES {
            let masks: Vec<u32> = s.case_masks().collect();
            let mut dedup = masks.clone();
            dedup.sort();
            dedup.dedup();
            assert_eq!(masks.len(), dedup.len(), "{}", s.name);
        }
    }
}
