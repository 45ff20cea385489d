//! One module per primitive. Each exposes `run`, which the engine calls with
//! the case that matched; see `Exec` for what a primitive can read and bind.

use sous_lang::Signature;

use crate::{Exec, SimError};

pub mod bake;
pub mod beat;
pub mod boil;
pub mod bring_to_temperature;
pub mod cover;
pub mod crack;
pub mod cut;
pub mod dip;
pub mod drain;
pub mod fetch;
pub mod fetch_and_proportion;
pub mod flatten;
pub mod flour;
pub mod fry;
pub mod get_kitchen;
pub mod grease;
pub mod grind;
pub mod leave_for_time;
pub mod line;
pub mod mash;
pub mod melt;
pub mod mingle;
pub mod mix;
pub mod peel;
pub mod portion_and_arrange;
pub mod preheat_oven;
pub mod refrigerate;
pub mod seed;
pub mod separate_eggs;
pub mod shake;
pub mod shape;
pub mod sift;
pub mod spread;
pub mod sprinkle;
pub mod top_with;
pub mod transfer_contents;
pub mod transfer_items;
pub mod uncover;
pub mod wash;

/// A primitive's implementation.
pub type Run = fn(&mut Exec) -> Result<(), SimError>;

/// The implementation of a primitive (the legacy six-argument `cut` included).
pub fn lookup(signature: &Signature) -> Option<Run> {
    Some(match signature.name {
        "bake" => bake::run,
        "beat" => beat::run,
        "boil" => boil::run,
        "bring-to-temperature" => bring_to_temperature::run,
        "cover" => cover::run,
        "crack" => crack::run,
        "cut" => cut::run,
        "dip" => dip::run,
        "drain" => drain::run,
        "fetch" => fetch::run,
        "fetch-and-proportion" => fetch_and_proportion::run,
        "flatten" => flatten::run,
        "flour" => flour::run,
        "fry" => fry::run,
        "get-kitchen" => get_kitchen::run,
        "grease" => grease::run,
        "grind" => grind::run,
        "leave-for-time" => leave_for_time::run,
        "line" => line::run,
        "mash" => mash::run,
        "melt" => melt::run,
        "mingle" => mingle::run,
        "mix" => mix::run,
        "peel" => peel::run,
        "portion-and-arrange" => portion_and_arrange::run,
        "preheat-oven" => preheat_oven::run,
        "refrigerate" => refrigerate::run,
        "seed" => seed::run,
        "separate-eggs" => separate_eggs::run,
        "shake" => shake::run,
        "shape" => shape::run,
        "sift" => sift::run,
        "spread" => spread::run,
        "sprinkle" => sprinkle::run,
        "top-with" => top_with::run,
        "transfer-contents" => transfer_contents::run,
        "transfer-items" => transfer_items::run,
        "uncover" => uncover::run,
        "wash" => wash::run,
        _ => return None,
    })
}

/// Helpers for the primitives' unit tests: run a small network from the full kitchen.
#[cfg(test)]
pub(crate) mod test_util {
    use crate::{execute, Binding, Execution};

    /// A network whose `?b` is a bowl of 100 g butter and 50 g sugar on the
    /// counter-top (kitchen state `?ks2`): what the mixing primitives start from.
    pub const BOWL: &str = "(get-kitchen ?k)\n(fetch-and-proportion ?a ?ks1 ?k ?t1 butter 100 g)\n\
        (fetch-and-proportion ?b ?ks2 ?ks1 ?a white-sugar 50 g)\n";

    /// Parses and executes `text` (one recipe; `#` header optional).
    pub fn run(text: &str) -> Execution {
        let (file, diags) = sous_lang::parse("test.solution", text);
        assert!(diags.is_empty(), "{diags:?}");
        let recipe = &file.recipes[0];
        let problems = sous_lang::validate(recipe, sous_kitchen::Ontology::get());
        assert!(problems.iter().all(|d| !d.is_error()), "{problems:?}");
        execute(recipe)
    }

    /// The binding of `var`, which must exist.
    pub fn bound<'a>(x: &'a Execution, var: &str) -> &'a Binding {
        x.binding(var)
            .unwrap_or_else(|| panic!("{var} is unbound; failures: {:?}", x.failures))
    }

    /// The classes on the counter-top of the kitchen state bound to `ks`, front first.
    pub fn counter_top_classes(x: &crate::Execution, ks: &str) -> Vec<&'static str> {
        let k = &bound(x, ks).value;
        k.contents()
            .iter()
            .find(|c| c.class_name() == "counter-top")
            .map(|ct| ct.contents().iter().map(|c| c.class_name()).collect())
            .unwrap_or_default()
    }

    /// Whether the run stopped where the reference would crash.
    pub fn crashed(x: &Execution) -> bool {
        x.failures
            .iter()
            .any(|f| f.kind == crate::FailureKind::Crash)
    }

    /// When `var` became available.
    pub fn at(x: &Execution, var: &str) -> Option<f64> {
        bound(x, var).available_at
    }
}
