//! `top-with` (undocumented, June 2023): puts a topping from a counter-top
//! container on every portion (contents of a counter-top container, or items
//! of a list on the counter-top), in `has-on-top`. Case 1 shares the topping
//! equally by weight; case 2 hands out portions of the given size until the
//! topping runs out. The topping container is emptied. 50 after the thing is ready.
//!
//! Quirk: only `can-have-on-top` things can be topped, so portions of a
//! batter or dough (mixtures) cannot. The corrected profile tops any
//! comestible; one without a `has-on-top` slot (the ontology gives mixtures
//! none) keeps its topping where a mixture keeps what lies on it, in
//! `sprinkled-with`, so the dish score counts it as sprinkles are counted.

use std::sync::Arc;

use sous_kitchen::{convert_to_g, slot, Entity, EntityRef, Value};
use sous_lang::call::{top_with as role, TopWith};

use crate::ops::portions::{empty, first_content_on_counter_top, set_slot, share_out, Portions};
use crate::{Call, SimError};

pub(crate) fn run(x: &mut Call<TopWith>) -> Result<(), SimError> {
    let thing = x.arg(role::THING_TO_BE_TOPPED)?.clone();
    let done = x.start_after(role::THING_TO_BE_TOPPED)? + 50.0;
    let toppable = x.known().can_have_on_top;
    let comestible = x.known().can_be_sprinkled_on;
    let corrected = x.profile.is_corrected();
    let can_be_topped = |c: &EntityRef| c.is_a(toppable) || (corrected && c.is_a(comestible));
    let is_container = thing.is_a(x.known().transferable_container);
    let is_list = thing.is_a(x.known().list_of_kitchen_entities);
    // Checked on the input value, before anything is looked up.
    let ok = (is_container && thing.contents().iter().all(can_be_topped))
        || (is_list && thing.items().iter().all(can_be_topped));
    if !ok {
        x.fail("not everything to be topped can have something on top");
        x.bind_failed(role::TOPPED_OBJECT, Some(done));
        if x.case == 0 {
            x.bind_failed(role::TOPPING_QUANTITY, Some(done));
            x.bind_failed(role::TOPPING_UNIT, Some(done));
        }
        // Quirk: the kitchen-time slot is not advanced, though its binding says so.
        let t = x.ks_time();
        x.bind_kitchen(t, done);
        return Ok(());
    }
    x.bind_kitchen(done, done);
    // The two cases test the kinds in opposite orders (a failed-object is both).
    let found = if (x.case == 0 && is_list) || !is_container {
        Portions::list(x, role::THING_TO_BE_TOPPED)?
    } else {
        Portions::container(x, role::THING_TO_BE_TOPPED)?
    };
    let topping = first_content_on_counter_top(x, role::CONTAINER_WITH_TOPPING)?;
    let (Some(mut found), Some((topping_pid, first))) = (found, topping) else {
        if x.case == 0 {
            // Quirk: case 1 binds nothing at all here.
            return Err(SimError::NoResult(
                "the thing or the topping is not on the counter-top".into(),
            ));
        }
        x.fail("the thing or the topping is not on the counter-top");
        x.bind_failed(role::TOPPED_OBJECT, Some(done));
        return Ok(());
    };
    let first = first.ok_or_else(|| SimError::Crash("the topping container is empty".into()))?;
    if x.case == 0 {
        let each = share_out(x, &mut found, &first, &topping_slot)?;
        let q = Arc::new(Entity::quantity(each, x.ids));
        let g = Arc::new(x.new_entity(x.known().g));
        x.bind_value(role::TOPPING_QUANTITY, q, None);
        x.bind_value(role::TOPPING_UNIT, g, None);
    } else {
        let pieces = hand_out(x, &first, found.len(x))?;
        found.update(x, |i, item| match pieces.get(i) {
            Some(p) => set_slot(item, topping_slot(item), Value::Entity(p.clone())),
            None => Ok(()),
        })?;
    }
    empty(x, topping_pid);
    found.bind(x, role::TOPPED_OBJECT, done);
    Ok(())
}

/// Where a topping lies: `has-on-top`, or `sprinkled-with` for a thing
/// without that slot (only reached in the corrected profile).
fn topping_slot(item: &Entity) -> sous_kitchen::SlotId {
    if item.has_slot(slot::HAS_ON_TOP) {
        slot::HAS_ON_TOP
    } else {
        slot::SPRINKLED_WITH
    }
}

/// Case 2: copies of the topping of the given size (converted to g) while
/// more is left, then the rest in g; at most one per portion.
fn hand_out(
    x: &Call<TopWith>,
    topping: &Entity,
    portions: usize,
) -> Result<Vec<EntityRef>, SimError> {
    let mut size = x.amount(role::TOPPING_QUANTITY, role::TOPPING_UNIT)?;
    let g = x.known().g;
    if size.unit != g {
        let mut probe = topping.clone();
        probe.set_amount(size);
        size = convert_to_g(&probe)?
            .amount()
            .ok_or_else(|| SimError::Crash("no topping size".into()))?;
    }
    // Quirk: what is left is the topping's number in its own unit, whatever that is.
    let left = topping
        .amount()
        .ok_or_else(|| SimError::Crash("the topping has no amount".into()))?
        .value;
    Ok(crate::ops::portions::split(
        topping, left, size, g, portions,
    ))
}

#[cfg(test)]
mod tests {
    use crate::ops::portions::TEST_PORTIONS as PORTIONS;
    use crate::primitives::test_util::*;
    use sous_kitchen::{slot, KitchenState};

    const PLATES: &str = "(get-kitchen ?k)\n(fetch ?plates ?ks1 ?k plate 3)\n\
        (fetch-and-proportion ?cheese ?ks2 ?ks1 ?t grated-mozzarella 100 g)\n";

    fn on_top(x: &crate::Execution, var: &str) -> Vec<Option<sous_kitchen::Num>> {
        bound(x, var)
            .value
            .items()
            .iter()
            .map(|i| {
                i.get(slot::HAS_ON_TOP)
                    .as_entity()
                    .map(|t| t.amount().unwrap().value)
            })
            .collect()
    }

    #[test]
    fn shares_the_topping_and_binds_the_share() {
        let x = run(&format!(
            "{PLATES}(top-with ?topped ?ks3 ?ks2 ?plates ?cheese ?q ?u)"
        ));
        assert!(x.failures.is_empty(), "{:?}", x.failures);
        assert_eq!(at(&x, "?topped"), Some(170.0));
        assert_eq!(at(&x, "?q"), None);
        let third = sous_kitchen::Num::ratio(100, 3);
        assert_eq!(bound(&x, "?q").value.quantity_value(), Some(third));
        assert_eq!(bound(&x, "?u").value.class_name(), "g");
        assert_eq!(on_top(&x, "?topped"), [Some(third); 3]);
        let ks = KitchenState::from_entity(bound(&x, "?ks3").value.clone());
        assert!(ks
            .find(bound(&x, "?cheese").value.pid)
            .unwrap()
            .contents()
            .is_empty());
    }

    #[test]
    fn hands_out_portions_of_a_given_size_until_none_is_left() {
        let x = run(&format!(
            "{PLATES}(top-with ?topped ?ks3 ?ks2 ?plates ?cheese 40 g)"
        ));
        assert!(x.failures.is_empty(), "{:?}", x.failures);
        let g = |n| Some(sous_kitchen::Num::int(n));
        assert_eq!(on_top(&x, "?topped"), [g(40), g(40), g(20)]);
        let x = run(&format!(
            "{PLATES}(top-with ?topped ?ks3 ?ks2 ?plates ?cheese 60 g)"
        ));
        assert_eq!(on_top(&x, "?topped"), [g(60), g(40), None]);
        // The list comes out reversed.
        let plates: Vec<_> = bound(&x, "?plates")
            .value
            .items()
            .iter()
            .map(|p| p.pid)
            .collect();
        let topped: Vec<_> = bound(&x, "?topped")
            .value
            .items()
            .iter()
            .map(|p| p.pid)
            .collect();
        assert_eq!(topped, plates.into_iter().rev().collect::<Vec<_>>());
    }

    #[test]
    fn mixtures_cannot_have_anything_on_top() {
        let x = run(&format!(
            "{PORTIONS}(fetch-and-proportion ?cheese ?ks5 ?ks4 ?t2 grated-mozzarella 100 g)\n\
             (top-with ?topped ?ks6 ?ks5 ?portions ?cheese ?q ?u)"
        ));
        assert!(bound(&x, "?topped").value.is_failed());
        assert!(bound(&x, "?q").value.is_failed());
        assert_eq!(at(&x, "?q"), Some(250.0));
        assert_eq!(at(&x, "?ks6"), Some(250.0));
        let ks = KitchenState::from_entity(bound(&x, "?ks6").value.clone());
        assert_eq!(ks.time(), 200.0, "the kitchen-time slot is not advanced");
    }
}
