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

    /// When `var` became available.
    pub fn at(x: &Execution, var: &str) -> Option<f64> {
        bound(x, var).available_at
    }
}

#[cfg(test)]
mod tests {
    use super::test_util::*;
    use sous_kitchen::slot;

    #[test]
    fn fetch_and_proportion_weighs_into_a_medium_bowl() {
        let x = run("(get-kitchen ?k)\n(fetch-and-proportion ?butter ?ks ?k ?bowl butter 230 g)");
        assert!(x.solved && x.failures.is_empty(), "{:?}", x.failures);
        assert_eq!(at(&x, "?butter"), Some(30.0));
        assert_eq!(at(&x, "?bowl"), None, "the default target has no time");
        let bowl = &bound(&x, "?butter").value;
        assert_eq!(bowl.class_name(), "medium-bowl");
        assert!(bowl.flag(slot::USED));
        assert!(
            !bound(&x, "?bowl").value.flag(slot::USED),
            "the target output is the bowl before the action"
        );
        let butter = &bowl.contents()[0];
        assert_eq!(butter.class_name(), "butter");
        assert_eq!(butter.amount().unwrap().value, 230.0);
        assert_eq!(x.execution_time(), Some(30.0));
    }

    #[test]
    fn fetch_and_proportion_fails_on_an_ingredient_the_kitchen_lacks() {
        let x = run("(get-kitchen ?k)\n(fetch-and-proportion ?x ?ks ?k ?bowl linguine 100 g)");
        assert!(
            x.solved,
            "a missing ingredient gives a failed-object, not a dead end"
        );
        assert!(bound(&x, "?x").value.is_failed());
        assert_eq!(x.failures.len(), 1);
    }

    #[test]
    fn fetch_brings_a_tool_to_the_counter_top() {
        let x = run(
            "(get-kitchen ?k)\n(fetch ?tray ?ks ?k baking-tray 1)\n(fetch ?forks ?ks2 ?ks fork 2)",
        );
        assert_eq!(at(&x, "?tray"), Some(30.0));
        assert_eq!(at(&x, "?forks"), Some(90.0));
        assert_eq!(bound(&x, "?forks").value.items().len(), 2);
        assert!(!bound(&x, "?tray").value.flag(slot::USED));
    }

    #[test]
    fn transfer_contents_moves_everything_into_a_large_bowl() {
        let x = run(
            "(get-kitchen ?k)\n(fetch-and-proportion ?a ?ks1 ?k ?t1 butter 100 g)\n(fetch-and-proportion ?b ?ks2 ?ks1 ?t2 white-sugar 50 g)\n\
             (transfer-contents ?all ?rest ?ks3 ?ks2 ?target ?a ?q ?u)\n(transfer-contents ?all2 ?rest2 ?ks4 ?ks3 ?all ?b ?q2 ?u2)",
        );
        assert!(x.failures.is_empty(), "{:?}", x.failures);
        assert_eq!(at(&x, "?all"), Some(80.0));
        assert_eq!(at(&x, "?all2"), Some(100.0));
        let all = &bound(&x, "?all2").value;
        assert_eq!(all.class_name(), "large-bowl");
        let names: Vec<_> = all.contents().iter().map(|i| i.class_name()).collect();
        assert_eq!(names, ["white-sugar", "butter"]);
        assert!(bound(&x, "?rest").value.contents().is_empty());
        assert_eq!(bound(&x, "?q").value.quantity_value(), Some(100.0));
    }
}
