//! `peel`: peels every content of the input container into a medium bowl of
//! peels (closest unused); the tool is the closest unused knife unless given
//! (then it must be on the counter-top). 60 after the input is ready.
//! Quirk: the output is a modified copy of the input value; the container in
//! the kitchen keeps its unpeeled contents.

use std::sync::Arc;

use sous_kitchen::{slot, Value};
use sous_lang::call::{peel as role, Peel};

use crate::ops::cutting::finish_with_leftovers;
use crate::{Call, SimError};

pub(crate) fn run(x: &mut Call<Peel>) -> Result<(), SimError> {
    let done = x.start_after(role::INPUT_INGREDIENT)? + 60.0;
    let input = x.arg(role::INPUT_INGREDIENT)?.clone();
    let tool = if x.case == 0 {
        x.retrieve(x.known().knife, &[])
    } else {
        x.counter_top_pid(role::PEELING_TOOL)?
    };
    let bowl = x.retrieve(x.known().medium_bowl, &[]);
    let (Some(tool), Some(bowl), false) = (tool, bowl, input.is_failed()) else {
        x.fail(if input.is_failed() {
            "there is nothing to peel (the input is a failed-object)"
        } else if tool.is_none() {
            "no peeling tool"
        } else {
            "no unused medium bowl for the peels"
        });
        // Quirk: with a given tool, the kitchen clock only advances on success.
        let clock = if x.case == 0 { done } else { x.ks_time() };
        x.bind_failed(role::PEELED_INGREDIENT, Some(done));
        x.bind_failed(role::PEEL_OF_INGREDIENT, Some(done));
        if x.case == 0 {
            x.bind_failed(role::PEELING_TOOL, Some(done));
        }
        x.bind_kitchen(clock, done);
        return Ok(());
    };
    let (egg, hard_boiled, shell, peel) = (
        x.known().egg,
        x.known().hard_boiled_egg,
        x.known().egg_shell,
        x.known().peel,
    );
    let mut peeled = Vec::new();
    let mut peels = Vec::new();
    for item in input.contents() {
        if item.is_a(egg) {
            // An egg has no `boiled` slot: the reference errors on reading it.
            if !item.has_slot(slot::BOILED) {
                return Err(SimError::Crash(format!(
                    "`{}` has no slot `boiled`",
                    item.class_name()
                )));
            }
            if item.flag(slot::BOILED) {
                peeled.insert(0, Arc::new(sous_kitchen::Entity::new(hard_boiled, x.ids)));
                let mut s = sous_kitchen::Entity::new(shell, x.ids);
                s.set_flag(slot::CRACKED, true);
                peels.insert(0, Arc::new(s));
                continue;
            }
        }
        if !item.has_slot(slot::PEELED) {
            return Err(SimError::Crash(format!(
                "`{}` has no slot `peeled`",
                item.class_name()
            )));
        }
        let mut item = (**item).clone();
        item.set_flag(slot::PEELED, true);
        let item = Arc::new(item);
        let mut p = sous_kitchen::Entity::new(peel, x.ids);
        p.set(slot::PEEL_OF, Value::Entity(item.clone()));
        peels.insert(0, Arc::new(p));
        peeled.insert(0, item);
    }
    let mut output = (*input).clone();
    if let Some(c) = output.contents_mut() {
        *c = peeled.into();
    }
    finish_with_leftovers(
        x,
        output,
        peels,
        bowl,
        tool,
        [
            role::PEELED_INGREDIENT,
            role::PEEL_OF_INGREDIENT,
            role::PEELING_TOOL,
        ],
        done,
    )
}

#[cfg(test)]
mod tests {
    use crate::primitives::test_util::*;
    use crate::FailureKind;
    use sous_kitchen::slot;

    #[test]
    fn peel_defaults_to_a_knife_and_a_bowl_for_the_peels() {
        let x = run(
            "(get-kitchen ?k)\n(fetch-and-proportion ?p ?ks1 ?k ?t green-onion 2 piece)\n\
             (peel ?peeled ?peels ?ks2 ?ks1 ?p ?knife)",
        );
        assert!(x.solved && x.failures.is_empty(), "{:?}", x.failures);
        for v in ["?peeled", "?peels", "?ks2", "?knife"] {
            assert_eq!(at(&x, v), Some(90.0), "{v}");
        }
        let peeled = &bound(&x, "?peeled").value;
        assert_eq!(peeled.pid, bound(&x, "?p").value.pid);
        assert_eq!(peeled.contents().len(), 2);
        assert!(peeled.contents().iter().all(|i| i.flag(slot::PEELED)));
        let peels = &bound(&x, "?peels").value;
        assert_eq!(peels.class_name(), "medium-bowl");
        assert!(peels.flag(slot::USED));
        let names: Vec<_> = peels.contents().iter().map(|p| p.class_name()).collect();
        assert_eq!(names, ["peel", "peel"]);
        let of = peels.contents()[0].get(slot::PEEL_OF).as_entity().unwrap();
        assert!(of.flag(slot::PEELED));
        assert!(bound(&x, "?knife").value.flag(slot::USED));
        assert_eq!(
            counter_top_classes(&x, "?ks2"),
            ["medium-bowl", "knife", "medium-bowl"]
        );
    }

    #[test]
    fn peel_leaves_the_container_in_the_kitchen_unpeeled() {
        let x = run("(get-kitchen ?k)\n(fetch-and-proportion ?p ?ks1 ?k ?t green-onion 1 piece)\n\
             (peel ?peeled ?peels ?ks2 ?ks1 ?p ?knife)\n(cut ?c ?ks3 ?ks2 ?peeled fine-slices ?knife ?b)");
        assert!(x.failures.is_empty(), "{:?}", x.failures);
        // cut re-finds the bowl in the kitchen, whose onion was never peeled.
        assert!(!bound(&x, "?c").value.contents()[0].flag(slot::PEELED));
        assert_eq!(at(&x, "?c"), Some(150.0));
    }

    #[test]
    fn peel_with_a_given_tool_only_advances_the_clock_on_success() {
        let x = run(
            "(get-kitchen ?k)\n(fetch-and-proportion ?p ?ks1 ?k ?t linguine 1 g)\n\
             (fetch ?knife ?ks2 ?ks1 knife 1)\n(peel ?peeled ?peels ?ks3 ?ks2 ?p ?knife)",
        );
        assert!(bound(&x, "?peeled").value.is_failed());
        assert!(bound(&x, "?peels").value.is_failed());
        assert_eq!(at(&x, "?ks3"), Some(120.0));
        let ks3 = sous_kitchen::KitchenState::from_entity(bound(&x, "?ks3").value.clone());
        assert_eq!(ks3.time(), 60.0);
    }

    #[test]
    fn peeling_an_egg_crashes_like_the_reference() {
        // An egg has no `boiled` slot, which the reference reads.
        let x = run(
            "(get-kitchen ?k)\n(fetch-and-proportion ?p ?ks1 ?k ?t egg 1 piece)\n\
             (peel ?peeled ?peels ?ks2 ?ks1 ?p ?knife)",
        );
        assert!(!x.solved);
        assert_eq!(x.failures[0].kind, FailureKind::Crash);
    }
}
