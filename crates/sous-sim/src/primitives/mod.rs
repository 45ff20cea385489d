//! One module per primitive, whose documentation says what the primitive
//! does in each case. Each has a crate-private `run`, which [`run`] calls
//! with the case that matched; see [`Exec`] for what a primitive can read
//! and bind.

use sous_lang::PrimitiveKind;

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

/// Runs the primitive of `x`'s signature: a match over the kinds build.rs
/// made from the signature table, so a primitive added to the table without
/// an implementation does not build. Each arm hands the primitive its typed
/// view, whose roles are those of the arm's primitive.
pub fn run(x: &mut Exec) -> Result<(), SimError> {
    use PrimitiveKind as K;
    match x.signature.kind {
        K::Bake => bake::run(&mut x.call()),
        K::Beat => beat::run(&mut x.call()),
        K::Boil => boil::run(&mut x.call()),
        K::BringToTemperature => bring_to_temperature::run(&mut x.call()),
        K::Cover => cover::run(&mut x.call()),
        K::Crack => crack::run(&mut x.call()),
        K::Cut => cut::run(&mut x.call()),
        K::CutLegacy => cut::run_legacy(&mut x.call()),
        K::Dip => dip::run(&mut x.call()),
        K::Drain => drain::run(&mut x.call()),
        K::Fetch => fetch::run(&mut x.call()),
        K::FetchAndProportion => fetch_and_proportion::run(&mut x.call()),
        K::Flatten => flatten::run(&mut x.call()),
        K::Flour => flour::run(&mut x.call()),
        K::Fry => fry::run(&mut x.call()),
        K::GetKitchen => get_kitchen::run(&mut x.call()),
        K::Grease => grease::run(&mut x.call()),
        K::Grind => grind::run(&mut x.call()),
        K::LeaveForTime => leave_for_time::run(&mut x.call()),
        K::Line => line::run(&mut x.call()),
        K::Mash => mash::run(&mut x.call()),
        K::Melt => melt::run(&mut x.call()),
        K::Mingle => mingle::run(&mut x.call()),
        K::Mix => mix::run(&mut x.call()),
        K::Peel => peel::run(&mut x.call()),
        K::PortionAndArrange => portion_and_arrange::run(&mut x.call()),
        K::PreheatOven => preheat_oven::run(&mut x.call()),
        K::Refrigerate => refrigerate::run(&mut x.call()),
        K::Seed => seed::run(&mut x.call()),
        K::SeparateEggs => separate_eggs::run(&mut x.call()),
        K::Shake => shake::run(&mut x.call()),
        K::Shape => shape::run(&mut x.call()),
        K::Sift => sift::run(&mut x.call()),
        K::Spread => spread::run(&mut x.call()),
        K::Sprinkle => sprinkle::run(&mut x.call()),
        K::TopWith => top_with::run(&mut x.call()),
        K::TransferContents => transfer_contents::run(&mut x.call()),
        K::TransferItems => transfer_items::run(&mut x.call()),
        K::Uncover => uncover::run(&mut x.call()),
        K::Wash => wash::run(&mut x.call()),
    }
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
