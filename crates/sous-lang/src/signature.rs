//! The signature of every primitive of the MUHAI Cooking Language, as the
//! reference defines it: argument order, the class each bound value must be
//! an instance of, and the *cases* — which arguments must be bound for the
//! primitive to run (every other argument is then an output it binds).

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

#[derive(Debug, Clone, Copy, Serialize)]
pub struct ArgSpec {
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

#[derive(Debug, Serialize)]
pub struct Signature {
    pub name: &'static str,
    pub args: &'static [ArgSpec],
    /// For each case, the names of the arguments that must be bound.
    pub cases: &'static [&'static [&'static str]],
    /// A form the reference no longer accepts but the January-2023 gold networks use
    /// (`cut` without a cutting surface).
    pub legacy: bool,
}

impl Signature {
    pub fn arity(&self) -> usize {
        self.args.len()
    }

    pub fn index_of(&self, arg: &str) -> Option<usize> {
        self.args.iter().position(|a| a.name == arg)
    }

    /// Each case as a bit mask over argument positions (bit i = argument i is bound).
    pub fn case_masks(&self) -> impl Iterator<Item = u32> + '_ {
        self.cases.iter().map(|case| {
            case.iter()
                .map(|n| 1u32 << self.index_of(n).expect("case names an argument"))
                .sum()
        })
    }

    /// The case whose bound set is exactly `bound` (bit mask over positions).
    pub fn case_for(&self, bound: u32) -> Option<usize> {
        self.case_masks().position(|m| m == bound)
    }

    pub fn role(&self, index: usize) -> ArgRole {
        match self.args[index].name {
            "kitchen-state-in" => return ArgRole::KitchenStateIn,
            "kitchen-state-out" => return ArgRole::KitchenStateOut,
            _ => {}
        }
        let bit = 1u32 << index;
        let bound_in = self.case_masks().filter(|m| m & bit != 0).count();
        match bound_in {
            0 => ArgRole::Output,
            n if n == self.cases.len() => ArgRole::Input,
            _ => ArgRole::Optional,
        }
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

    pub fn kitchen_state_in(&self) -> Option<usize> {
        self.index_of("kitchen-state-in")
    }

    pub fn kitchen_state_out(&self) -> Option<usize> {
        self.index_of("kitchen-state-out")
    }
}

/// All primitives; `cut` appears twice (current and legacy form).
pub fn signatures() -> &'static [Signature] {
    SIGNATURES
}

/// The signature of `name` taking `arity` arguments, or, when the arity does not
/// match any form, the current form of `name`.
pub fn signature(name: &str, arity: usize) -> Option<&'static Signature> {
    let mut forms = SIGNATURES.iter().filter(|s| s.name == name);
    let first = forms.next()?;
    if first.arity() == arity {
        return Some(first);
    }
    Some(forms.find(|s| s.arity() == arity).unwrap_or(first))
}

pub static SIGNATURES: &[Signature] = &[
    Signature {
        name: "bake",
        args: &[
            ArgSpec::new("thing-baked", "transferable-container"),
            ArgSpec::new("kitchen-state-out", "kitchen-state"),
            ArgSpec::new("kitchen-state-in", "kitchen-state"),
            ArgSpec::new("thing-to-bake", "transferable-container"),
            ArgSpec::new("oven-to-bake-in", "oven"),
            ArgSpec::new("time-to-bake-quantity", "quantity"),
            ArgSpec::new("time-to-bake-unit", "unit"),
            ArgSpec::new("target-temperature-quantity", "quantity"),
            ArgSpec::new("target-temperature-unit", "unit"),
        ],
        cases: &[
            &[
                "kitchen-state-in",
                "thing-to-bake",
                "time-to-bake-quantity",
                "time-to-bake-unit",
                "target-temperature-quantity",
                "target-temperature-unit",
            ],
            &[
                "kitchen-state-in",
                "thing-to-bake",
                "time-to-bake-quantity",
                "time-to-bake-unit",
                "oven-to-bake-in",
            ],
            &[
                "kitchen-state-in",
                "thing-to-bake",
                "oven-to-bake-in",
                "time-to-bake-quantity",
                "time-to-bake-unit",
                "target-temperature-quantity",
                "target-temperature-unit",
            ],
        ],
        legacy: false,
    },
    Signature {
        name: "beat",
        args: &[
            ArgSpec::new(
                "container-with-ingredients-beaten",
                "transferable-container",
            ),
            ArgSpec::new("kitchen-state-out", "kitchen-state"),
            ArgSpec::new("kitchen-state-in", "kitchen-state"),
            ArgSpec::new("container-with-ingredients", "transferable-container"),
            ArgSpec::new("tool", "cooking-utensil"),
        ],
        cases: &[
            &["kitchen-state-in", "container-with-ingredients"],
            &["kitchen-state-in", "container-with-ingredients", "tool"],
        ],
        legacy: false,
    },
    Signature {
        name: "boil",
        args: &[
            ArgSpec::new("thing-boiled", "transferable-container"),
            ArgSpec::new("kitchen-state-out", "kitchen-state"),
            ArgSpec::new("kitchen-state-in", "kitchen-state"),
            ArgSpec::new("thing-to-boil", "transferable-container"),
            ArgSpec::new("stove-to-boil-on", "stove"),
            ArgSpec::new("heating-mode", "stove-mode"),
            ArgSpec::new("time-to-boil-quantity", "quantity"),
            ArgSpec::new("time-to-boil-unit", "unit"),
        ],
        cases: &[
            &[
                "kitchen-state-in",
                "thing-to-boil",
                "time-to-boil-quantity",
                "time-to-boil-unit",
            ],
            &[
                "kitchen-state-in",
                "thing-to-boil",
                "stove-to-boil-on",
                "time-to-boil-quantity",
                "time-to-boil-unit",
            ],
            &["kitchen-state-in", "thing-to-boil", "stove-to-boil-on"],
            &["kitchen-state-in", "thing-to-boil"],
            &[
                "kitchen-state-in",
                "thing-to-boil",
                "stove-to-boil-on",
                "heating-mode",
                "time-to-boil-quantity",
                "time-to-boil-unit",
            ],
        ],
        legacy: false,
    },
    Signature {
        name: "bring-to-temperature",
        args: &[
            ArgSpec::new(
                "container-with-ingredients-at-temperature",
                "transferable-container",
            ),
            ArgSpec::new("kitchen-state-out", "kitchen-state"),
            ArgSpec::new("kitchen-state-in", "kitchen-state"),
            ArgSpec::new("container-with-ingredients", "transferable-container"),
            ArgSpec::new("temperature-quantity", "quantity"),
            ArgSpec::new("temperature-unit", "unit"),
        ],
        cases: &[
            &[
                "kitchen-state-in",
                "container-with-ingredients",
                "temperature-quantity",
                "temperature-unit",
            ],
            &["kitchen-state-in", "container-with-ingredients"],
        ],
        legacy: false,
    },
    Signature {
        name: "cover",
        args: &[
            ArgSpec::new("covered-object", "coverable-container"),
            ArgSpec::new("kitchen-state-out", "kitchen-state"),
            ArgSpec::new("kitchen-state-in", "kitchen-state"),
            ArgSpec::new("object", "coverable-container"),
            ArgSpec::new("cover", "can-cover"),
        ],
        cases: &[
            &["kitchen-state-in", "object"],
            &["kitchen-state-in", "object", "cover"],
        ],
        legacy: false,
    },
    Signature {
        name: "crack",
        args: &[
            ArgSpec::new("container-with-cracked-eggs", "transferable-container"),
            ArgSpec::new("kitchen-state-out", "kitchen-state"),
            ArgSpec::new("kitchen-state-in", "kitchen-state"),
            ArgSpec::new("eggs", "transferable-container"),
            ArgSpec::new("target-container", "transferable-container"),
        ],
        cases: &[
            &["kitchen-state-in", "eggs", "target-container"],
            &["kitchen-state-in", "eggs"],
        ],
        legacy: false,
    },
    Signature {
        name: "cut",
        args: &[
            ArgSpec::new("cut-object", "transferable-container"),
            ArgSpec::new("kitchen-state-out", "kitchen-state"),
            ArgSpec::new("kitchen-state-in", "kitchen-state"),
            ArgSpec::new("object", "transferable-container"),
            ArgSpec::new("cut-pattern", "cutting-pattern"),
            ArgSpec::new("cutting-tool", "can-cut"),
            ArgSpec::new("cutting-surface", "can-be-cut-on"),
        ],
        cases: &[
            &["kitchen-state-in", "object", "cut-pattern"],
            &[
                "kitchen-state-in",
                "object",
                "cut-pattern",
                "cutting-surface",
            ],
            &["kitchen-state-in", "object", "cut-pattern", "cutting-tool"],
            &[
                "kitchen-state-in",
                "object",
                "cut-pattern",
                "cutting-tool",
                "cutting-surface",
            ],
        ],
        legacy: false,
    },
    Signature {
        name: "cut",
        args: &[
            ArgSpec::new("cut-object", "transferable-container"),
            ArgSpec::new("kitchen-state-out", "kitchen-state"),
            ArgSpec::new("kitchen-state-in", "kitchen-state"),
            ArgSpec::new("object", "transferable-container"),
            ArgSpec::new("cut-pattern", "cutting-pattern"),
            ArgSpec::new("cutting-tool", "can-cut"),
        ],
        cases: &[
            &["kitchen-state-in", "object", "cut-pattern"],
            &["kitchen-state-in", "object", "cut-pattern", "cutting-tool"],
        ],
        legacy: true,
    },
    Signature {
        name: "dip",
        args: &[
            ArgSpec::new("dipped-object", "t"),
            ArgSpec::new("kitchen-state-out", "kitchen-state"),
            ArgSpec::new("kitchen-state-in", "kitchen-state"),
            ArgSpec::new("object", "t"),
            ArgSpec::new("dip-container", "transferable-container"),
        ],
        cases: &[&["kitchen-state-in", "object", "dip-container"]],
        legacy: false,
    },
    Signature {
        name: "drain",
        args: &[
            ArgSpec::new("drained-ingredient", "transferable-container"),
            ArgSpec::new("liquid-rests", "transferable-container"),
            ArgSpec::new("kitchen-state-out", "kitchen-state"),
            ArgSpec::new("kitchen-state-in", "kitchen-state"),
            ArgSpec::new("container-with-ingredients", "transferable-container"),
            ArgSpec::new("draining-tool", "can-drain"),
        ],
        cases: &[
            &["kitchen-state-in", "container-with-ingredients"],
            &[
                "kitchen-state-in",
                "container-with-ingredients",
                "draining-tool",
            ],
        ],
        legacy: false,
    },
    Signature {
        name: "fetch",
        args: &[
            ArgSpec::new("thing-fetched", "kitchen-entity"),
            ArgSpec::new("kitchen-state-out", "kitchen-state"),
            ArgSpec::new("kitchen-state-in", "kitchen-state"),
            ArgSpec::new("concept-to-fetch", "conceptualizable"),
            ArgSpec::new("quantity", "quantity"),
        ],
        cases: &[&["kitchen-state-in", "concept-to-fetch", "quantity"]],
        legacy: false,
    },
    Signature {
        name: "fetch-and-proportion",
        args: &[
            ArgSpec::new("container-with-ingredient", "container"),
            ArgSpec::new("kitchen-state-out", "kitchen-state"),
            ArgSpec::new("kitchen-state-in", "kitchen-state"),
            ArgSpec::new("target-container", "container"),
            ArgSpec::new("ingredient-concept", "conceptualizable"),
            ArgSpec::new("quantity", "quantity"),
            ArgSpec::new("unit", "unit"),
        ],
        cases: &[
            &["kitchen-state-in", "ingredient-concept", "quantity", "unit"],
            &[
                "kitchen-state-in",
                "ingredient-concept",
                "target-container",
                "quantity",
                "unit",
            ],
        ],
        legacy: false,
    },
    Signature {
        name: "flatten",
        args: &[
            ArgSpec::new("container-with-flattened-items", "list-of-kitchen-entities"),
            ArgSpec::new("kitchen-state-out", "kitchen-state"),
            ArgSpec::new("kitchen-state-in", "kitchen-state"),
            ArgSpec::new("portions", "list-of-kitchen-entities"),
            ArgSpec::new("can-flatten-tool", "can-flatten"),
        ],
        cases: &[
            &["portions", "kitchen-state-in"],
            &["portions", "kitchen-state-in", "can-flatten-tool"],
        ],
        legacy: false,
    },
    Signature {
        name: "flour",
        args: &[
            ArgSpec::new("floured-container", "transferable-container"),
            ArgSpec::new("kitchen-state-out", "kitchen-state"),
            ArgSpec::new("kitchen-state-in", "kitchen-state"),
            ArgSpec::new("container-to-flour", "transferable-container"),
            ArgSpec::new("ingredient-to-flour-with", "transferable-container"),
        ],
        cases: &[
            &["kitchen-state-in", "container-to-flour"],
            &[
                "kitchen-state-in",
                "container-to-flour",
                "ingredient-to-flour-with",
            ],
        ],
        legacy: false,
    },
    Signature {
        name: "fry",
        args: &[
            ArgSpec::new("thing-fried", "transferable-container"),
            ArgSpec::new("kitchen-state-out", "kitchen-state"),
            ArgSpec::new("kitchen-state-in", "kitchen-state"),
            ArgSpec::new("thing-to-fry", "transferable-container"),
            ArgSpec::new("stove-to-fry-on", "stove"),
            ArgSpec::new("heating-mode", "stove-mode"),
            ArgSpec::new("time-to-fry-quantity", "quantity"),
            ArgSpec::new("time-to-fry-unit", "unit"),
        ],
        cases: &[
            &["kitchen-state-in", "thing-to-fry"],
            &["kitchen-state-in", "thing-to-fry", "heating-mode"],
        ],
        legacy: false,
    },
    Signature {
        name: "get-kitchen",
        args: &[ArgSpec::new("kitchen", "kitchen-state")],
        cases: &[&[]],
        legacy: false,
    },
    Signature {
        name: "grease",
        args: &[
            ArgSpec::new("greased-container", "transferable-container"),
            ArgSpec::new("kitchen-state-out", "kitchen-state"),
            ArgSpec::new("kitchen-state-in", "kitchen-state"),
            ArgSpec::new("container-to-grease", "transferable-container"),
            ArgSpec::new("ingredient-to-grease-with", "transferable-container"),
        ],
        cases: &[
            &["kitchen-state-in", "container-to-grease"],
            &[
                "kitchen-state-in",
                "container-to-grease",
                "ingredient-to-grease-with",
            ],
        ],
        legacy: false,
    },
    Signature {
        name: "grind",
        args: &[
            ArgSpec::new("container-with-ground-contents", "transferable-container"),
            ArgSpec::new("kitchen-state-out", "kitchen-state"),
            ArgSpec::new("kitchen-state-in", "kitchen-state"),
            ArgSpec::new(
                "container-with-ingredients-to-be-ground",
                "transferable-container",
            ),
            ArgSpec::new("grinding-tool", "can-grind"),
        ],
        cases: &[
            &[
                "container-with-ingredients-to-be-ground",
                "kitchen-state-in",
            ],
            &[
                "container-with-ingredients-to-be-ground",
                "kitchen-state-in",
                "grinding-tool",
            ],
        ],
        legacy: false,
    },
    Signature {
        name: "leave-for-time",
        args: &[
            ArgSpec::new(
                "container-with-ingredients-at-temperature",
                "transferable-container",
            ),
            ArgSpec::new("kitchen-state-out", "kitchen-state"),
            ArgSpec::new("kitchen-state-in", "kitchen-state"),
            ArgSpec::new("container-with-ingredients", "transferable-container"),
            ArgSpec::new("cooling-quantity", "quantity"),
            ArgSpec::new("cooling-unit", "time-unit"),
        ],
        cases: &[&[
            "kitchen-state-in",
            "container-with-ingredients",
            "cooling-quantity",
            "cooling-unit",
        ]],
        legacy: false,
    },
    Signature {
        name: "line",
        args: &[
            ArgSpec::new("lined-thing", "t"),
            ArgSpec::new("kitchen-state-out", "kitchen-state"),
            ArgSpec::new("kitchen-state-in", "kitchen-state"),
            ArgSpec::new("thing-to-be-lined", "t"),
            ArgSpec::new("lining", "t"),
        ],
        cases: &[
            &["kitchen-state-in", "thing-to-be-lined"],
            &["kitchen-state-in", "thing-to-be-lined", "lining"],
        ],
        legacy: false,
    },
    Signature {
        name: "mash",
        args: &[
            ArgSpec::new("mashed-ingredient", "transferable-container"),
            ArgSpec::new("kitchen-state-out", "kitchen-state"),
            ArgSpec::new("kitchen-state-in", "kitchen-state"),
            ArgSpec::new("input-ingredient", "transferable-container"),
            ArgSpec::new("mashing-tool", "can-mash"),
        ],
        cases: &[
            &["kitchen-state-in", "input-ingredient"],
            &["kitchen-state-in", "input-ingredient", "mashing-tool"],
        ],
        legacy: false,
    },
    Signature {
        name: "melt",
        args: &[
            ArgSpec::new(
                "container-with-melted-ingredients",
                "transferable-container",
            ),
            ArgSpec::new("kitchen-state-out", "kitchen-state"),
            ArgSpec::new("kitchen-state-in", "kitchen-state"),
            ArgSpec::new("container-with-input-ingredients", "transferable-container"),
            ArgSpec::new("melting-tool", "has-temperature"),
        ],
        cases: &[
            &["kitchen-state-in", "container-with-input-ingredients"],
            &[
                "kitchen-state-in",
                "container-with-input-ingredients",
                "melting-tool",
            ],
        ],
        legacy: false,
    },
    Signature {
        name: "mingle",
        args: &[
            ArgSpec::new("container-with-mixture", "transferable-container"),
            ArgSpec::new("kitchen-state-out", "kitchen-state"),
            ArgSpec::new("kitchen-state-in", "kitchen-state"),
            ArgSpec::new("container-with-input-ingredients", "transferable-container"),
            ArgSpec::new("mingling-tool", "can-mingle"),
        ],
        cases: &[
            &["kitchen-state-in", "container-with-input-ingredients"],
            &[
                "kitchen-state-in",
                "container-with-input-ingredients",
                "mingling-tool",
            ],
        ],
        legacy: false,
    },
    Signature {
        name: "mix",
        args: &[
            ArgSpec::new("container-with-mixture", "transferable-container"),
            ArgSpec::new("kitchen-state-out", "kitchen-state"),
            ArgSpec::new("kitchen-state-in", "kitchen-state"),
            ArgSpec::new("container-with-input-ingredients", "transferable-container"),
            ArgSpec::new("mixing-tool", "can-mix"),
        ],
        cases: &[
            &["kitchen-state-in", "container-with-input-ingredients"],
            &[
                "kitchen-state-in",
                "container-with-input-ingredients",
                "mixing-tool",
            ],
        ],
        legacy: false,
    },
    Signature {
        name: "peel",
        args: &[
            ArgSpec::new("peeled-ingredient", "transferable-container"),
            ArgSpec::new("peel-of-ingredient", "transferable-container"),
            ArgSpec::new("kitchen-state-out", "kitchen-state"),
            ArgSpec::new("kitchen-state-in", "kitchen-state"),
            ArgSpec::new("input-ingredient", "transferable-container"),
            ArgSpec::new("peeling-tool", "can-peel"),
        ],
        cases: &[
            &["kitchen-state-in", "input-ingredient"],
            &["kitchen-state-in", "input-ingredient", "peeling-tool"],
        ],
        legacy: false,
    },
    Signature {
        name: "portion-and-arrange",
        args: &[
            ArgSpec::new("portions", "t"),
            ArgSpec::new("kitchen-state-out", "kitchen-state"),
            ArgSpec::new("kitchen-state-in", "kitchen-state"),
            ArgSpec::new("container-with-dough", "transferable-container"),
            ArgSpec::new("quantity", "quantity"),
            ArgSpec::new("unit", "unit"),
            ArgSpec::new("arrangement-pattern", "arrangement-pattern"),
            ArgSpec::new("destination", "container"),
        ],
        cases: &[
            &[
                "kitchen-state-in",
                "container-with-dough",
                "quantity",
                "unit",
            ],
            &[
                "kitchen-state-in",
                "container-with-dough",
                "quantity",
                "unit",
                "arrangement-pattern",
            ],
            &[
                "kitchen-state-in",
                "container-with-dough",
                "destination",
                "quantity",
                "unit",
            ],
            &[
                "kitchen-state-in",
                "container-with-dough",
                "destination",
                "quantity",
                "unit",
                "arrangement-pattern",
            ],
            &["kitchen-state-in", "container-with-dough", "destination"],
        ],
        legacy: false,
    },
    Signature {
        name: "preheat-oven",
        args: &[
            ArgSpec::new("preheated-oven", "oven"),
            ArgSpec::new("kitchen-state-out", "kitchen-state"),
            ArgSpec::new("kitchen-state-in", "kitchen-state"),
            ArgSpec::new("oven", "oven"),
            ArgSpec::new("quantity", "quantity"),
            ArgSpec::new("unit", "unit"),
        ],
        cases: &[
            &["kitchen-state-in", "quantity", "unit"],
            &["kitchen-state-in", "oven", "quantity", "unit"],
        ],
        legacy: false,
    },
    Signature {
        name: "refrigerate",
        args: &[
            ArgSpec::new(
                "container-with-ingredients-at-temperature",
                "transferable-container",
            ),
            ArgSpec::new("kitchen-state-out", "kitchen-state"),
            ArgSpec::new("kitchen-state-in", "kitchen-state"),
            ArgSpec::new("container-with-ingredients", "transferable-container"),
            ArgSpec::new("refrigerator", "fridge"),
            ArgSpec::new("cooling-quantity", "quantity"),
            ArgSpec::new("cooling-unit", "time-unit"),
        ],
        cases: &[
            &["kitchen-state-in", "container-with-ingredients"],
            &[
                "kitchen-state-in",
                "container-with-ingredients",
                "cooling-quantity",
                "cooling-unit",
            ],
            &[
                "kitchen-state-in",
                "container-with-ingredients",
                "refrigerator",
                "cooling-quantity",
                "cooling-unit",
            ],
        ],
        legacy: false,
    },
    Signature {
        name: "seed",
        args: &[
            ArgSpec::new("seeded-ingredient", "transferable-container"),
            ArgSpec::new("seed-of-ingredient", "transferable-container"),
            ArgSpec::new("kitchen-state-out", "kitchen-state"),
            ArgSpec::new("kitchen-state-in", "kitchen-state"),
            ArgSpec::new("input-ingredient", "transferable-container"),
            ArgSpec::new("seeding-tool", "can-seed"),
        ],
        cases: &[
            &["kitchen-state-in", "input-ingredient"],
            &["kitchen-state-in", "input-ingredient", "seeding-tool"],
        ],
        legacy: false,
    },
    Signature {
        name: "separate-eggs",
        args: &[
            ArgSpec::new("container-with-egg-yolks", "transferable-container"),
            ArgSpec::new("container-with-egg-whites", "transferable-container"),
            ArgSpec::new("kitchen-state-out", "kitchen-state"),
            ArgSpec::new("kitchen-state-in", "kitchen-state"),
            ArgSpec::new("eggs", "transferable-container"),
            ArgSpec::new("target-container-for-yolks", "transferable-container"),
            ArgSpec::new("target-container-for-whites", "transferable-container"),
            ArgSpec::new("egg-separator", "can-separate-eggs"),
        ],
        cases: &[
            &[
                "kitchen-state-in",
                "eggs",
                "target-container-for-yolks",
                "target-container-for-whites",
                "egg-separator",
            ],
            &["kitchen-state-in", "eggs"],
        ],
        legacy: false,
    },
    Signature {
        name: "shake",
        args: &[
            ArgSpec::new("container-with-mixture", "transferable-container"),
            ArgSpec::new("kitchen-state-out", "kitchen-state"),
            ArgSpec::new("kitchen-state-in", "kitchen-state"),
            ArgSpec::new("container-with-input-ingredients", "transferable-container"),
        ],
        cases: &[&["kitchen-state-in", "container-with-input-ingredients"]],
        legacy: false,
    },
    Signature {
        name: "shape",
        args: &[
            ArgSpec::new("shaped-portions", "t"),
            ArgSpec::new("kitchen-state-out", "kitchen-state"),
            ArgSpec::new("kitchen-state-in", "kitchen-state"),
            ArgSpec::new("portions", "t"),
            ArgSpec::new("shape", "shape"),
        ],
        cases: &[&["kitchen-state-in", "portions", "shape"]],
        legacy: false,
    },
    Signature {
        name: "sift",
        args: &[
            ArgSpec::new("container-with-sifted-contents", "transferable-container"),
            ArgSpec::new("kitchen-state-out", "kitchen-state"),
            ArgSpec::new("kitchen-state-in", "kitchen-state"),
            ArgSpec::new("target-container", "transferable-container"),
            ArgSpec::new(
                "container-with-ingredients-to-be-sifted",
                "transferable-container",
            ),
            ArgSpec::new("sifting-tool", "sift"),
        ],
        cases: &[
            &[
                "container-with-ingredients-to-be-sifted",
                "kitchen-state-in",
            ],
            &[
                "container-with-ingredients-to-be-sifted",
                "kitchen-state-in",
                "target-container",
            ],
            &[
                "container-with-ingredients-to-be-sifted",
                "kitchen-state-in",
                "sifting-tool",
            ],
            &[
                "container-with-ingredients-to-be-sifted",
                "target-container",
                "kitchen-state-in",
                "sifting-tool",
            ],
        ],
        legacy: false,
    },
    Signature {
        name: "spread",
        args: &[
            ArgSpec::new(
                "container-with-objects-that-have-been-spread",
                "transferable-container",
            ),
            ArgSpec::new("kitchen-state-out", "kitchen-state"),
            ArgSpec::new("kitchen-state-in", "kitchen-state"),
            ArgSpec::new("object-to-be-spread", "transferable-container"),
            ArgSpec::new("container-with-spread", "transferable-container"),
            ArgSpec::new("can-spread-kitchen-tool", "can-spread"),
        ],
        cases: &[
            &[
                "kitchen-state-in",
                "object-to-be-spread",
                "container-with-spread",
                "can-spread-kitchen-tool",
            ],
            &[
                "kitchen-state-in",
                "object-to-be-spread",
                "container-with-spread",
            ],
        ],
        legacy: false,
    },
    Signature {
        name: "sprinkle",
        args: &[
            ArgSpec::new("sprinkled-object", "t"),
            ArgSpec::new("kitchen-state-out", "kitchen-state"),
            ArgSpec::new("kitchen-state-in", "kitchen-state"),
            ArgSpec::new("object", "t"),
            ArgSpec::new("topping-container", "transferable-container"),
        ],
        cases: &[&["kitchen-state-in", "object", "topping-container"]],
        legacy: false,
    },
    Signature {
        name: "top-with",
        args: &[
            ArgSpec::new("topped-object", "t"),
            ArgSpec::new("kitchen-state-out", "kitchen-state"),
            ArgSpec::new("kitchen-state-in", "kitchen-state"),
            ArgSpec::new("thing-to-be-topped", "t"),
            ArgSpec::new("container-with-topping", "transferable-container"),
            ArgSpec::new("topping-quantity", "quantity"),
            ArgSpec::new("topping-unit", "unit"),
        ],
        cases: &[
            &[
                "kitchen-state-in",
                "thing-to-be-topped",
                "container-with-topping",
            ],
            &[
                "kitchen-state-in",
                "thing-to-be-topped",
                "container-with-topping",
                "topping-quantity",
                "topping-unit",
            ],
        ],
        legacy: false,
    },
    Signature {
        name: "transfer-contents",
        args: &[
            ArgSpec::new("container-with-all-ingredients", "transferable-container"),
            ArgSpec::new("container-with-rest", "transferable-container"),
            ArgSpec::new("kitchen-state-out", "kitchen-state"),
            ArgSpec::new("kitchen-state-in", "kitchen-state"),
            ArgSpec::new("target-container", "transferable-container"),
            ArgSpec::new("container-with-input-ingredients", "transferable-container"),
            ArgSpec::new("quantity", "quantity"),
            ArgSpec::new("unit", "unit"),
        ],
        cases: &[
            &["kitchen-state-in", "container-with-input-ingredients"],
            &[
                "kitchen-state-in",
                "container-with-input-ingredients",
                "target-container",
            ],
        ],
        legacy: false,
    },
    Signature {
        name: "transfer-items",
        args: &[
            ArgSpec::new("transferred", "container"),
            ArgSpec::new("kitchen-state-out", "kitchen-state"),
            ArgSpec::new("kitchen-state-in", "kitchen-state"),
            ArgSpec::new("items-to-transfer", "t"),
            ArgSpec::new("arrangement-pattern", "arrangement-pattern"),
            ArgSpec::new("destination", "container"),
        ],
        cases: &[
            &["kitchen-state-in", "items-to-transfer", "destination"],
            &[
                "kitchen-state-in",
                "items-to-transfer",
                "arrangement-pattern",
                "destination",
            ],
        ],
        legacy: false,
    },
    Signature {
        name: "uncover",
        args: &[
            ArgSpec::new("uncovered-object", "coverable-container"),
            ArgSpec::new("cover", "can-cover"),
            ArgSpec::new("kitchen-state-out", "kitchen-state"),
            ArgSpec::new("kitchen-state-in", "kitchen-state"),
            ArgSpec::new("object", "coverable-container"),
        ],
        cases: &[&["kitchen-state-in", "object"]],
        legacy: false,
    },
    Signature {
        name: "wash",
        args: &[
            ArgSpec::new(
                "container-with-washed-ingredients",
                "transferable-container",
            ),
            ArgSpec::new("kitchen-state-out", "kitchen-state"),
            ArgSpec::new("kitchen-state-in", "kitchen-state"),
            ArgSpec::new("container-with-input-ingredients", "transferable-container"),
        ],
        cases: &[&["kitchen-state-in", "container-with-input-ingredients"]],
        legacy: false,
    },
];

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
