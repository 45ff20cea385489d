//! `transfer-items`: puts a list of items lying on the counter-top, or the
//! contents of a container (a tray of cookies), into a destination, replacing
//! its contents (default arrangement: side-to-side). 120.

use sous_kitchen::{slot, EntityRef, Value};
use sous_lang::call::{transfer_items as role, TransferItems};

use crate::exec::Found;
use crate::ops::heat::{instance, listed_items};
use crate::{Call, SimError};

pub(crate) fn run(x: &mut Call<TransferItems>) -> Result<(), SimError> {
    let items = x.arg(role::ITEMS_TO_TRANSFER)?.clone();
    let pattern: EntityRef = if x.case == 0 {
        instance(x.known().side_to_side, x.ids)
    } else {
        x.arg(role::ARRANGEMENT_PATTERN)?.clone()
    };
    let destination = x.locate_pid(role::DESTINATION)?;
    let (done, moved) = if items.is_a(x.known().list_of_kitchen_entities) {
        // Quirk: waits for the destination, not for the items.
        let done = x.start_after(role::DESTINATION)? + 120.0;
        let found = listed_items(&x.ks, &items)?;
        if let (Some(found), Some(_)) = (&found, destination) {
            // The items leave the counter-top (every object sharing their ids).
            if let Some(ct) = x.ks.counter_top() {
                if let Some(list) = x.ks.at_mut(&ct).and_then(|c| c.contents_mut()) {
                    list.retain(|e| !found.iter().any(|f| f.pid == e.pid));
                }
            }
        }
        (done, found)
    } else if items.is_a(x.known().transferable_container) {
        // Quirk: a container's items are moved at the kitchen time, ready or not.
        let done = x.ks_time() + 120.0;
        x.set_start(x.ks_time());
        let source = x.locate(role::ITEMS_TO_TRANSFER)?;
        let moved = match (source, destination) {
            (Some(place), Some(_)) => {
                x.ks.at_mut(&place)
                    .and_then(|c| c.contents_mut())
                    .map(std::mem::take)
            }
            _ => None,
        };
        (done, moved)
    } else {
        return Err(SimError::NoResult(format!(
            "a `{}` cannot be transferred item by item",
            items.class_name()
        )));
    };
    match (moved, destination) {
        (Some(moved), Some(dest)) => {
            let place =
                x.ks.locate(dest)
                    .ok_or_else(|| SimError::Crash("the destination vanished".into()))?;
            let d = x.ks.at_mut(&place).found("the destination")?;
            d.set_flag(slot::USED, true);
            d.set(slot::CONTENTS, Value::List(moved));
            d.set(slot::ARRANGEMENT, Value::Entity(pattern.clone()));
            x.bind_pid(role::TRANSFERRED, dest, Some(done));
        }
        (_, dest) => {
            x.fail(if dest.is_none() {
                "the destination is not in the kitchen"
            } else {
                "the items to transfer are not in the kitchen"
            });
            x.bind_failed(role::TRANSFERRED, Some(done));
        }
    }
    if x.case == 0 {
        x.bind_value(role::ARRANGEMENT_PATTERN, pattern, None);
    }
    x.bind_kitchen(done, done);
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::primitives::test_util::*;
    use sous_kitchen::{slot, KitchenState};

    #[test]
    fn moves_a_list_from_the_counter_top_waiting_only_for_the_destination() {
        let x = run("(get-kitchen ?k)\n(fetch ?bowls ?ks1 ?k small-bowl 2)\n(fetch ?tray ?ks2 ?ks1 baking-tray 1)\n\
             (transfer-items ?on-tray ?ks3 ?ks2 ?bowls ?pattern ?tray)");
        assert!(x.failures.is_empty(), "{:?}", x.failures);
        assert_eq!(at(&x, "?on-tray"), Some(210.0));
        assert_eq!(at(&x, "?pattern"), None);
        let pattern = &bound(&x, "?pattern").value;
        assert_eq!(pattern.class_name(), "side-to-side");
        assert!(pattern.flag(slot::IS_CONCEPT));
        let tray = &bound(&x, "?on-tray").value;
        assert!(tray.flag(slot::USED));
        assert_eq!(
            tray.get(slot::ARRANGEMENT).as_entity().unwrap().pid,
            pattern.pid
        );
        // Reverse list order; the items leave the counter-top.
        let listed: Vec<_> = bound(&x, "?bowls")
            .value
            .items()
            .iter()
            .map(|i| i.pid)
            .collect();
        let moved: Vec<_> = tray.contents().iter().map(|i| i.pid).collect();
        assert_eq!(moved, listed.iter().rev().copied().collect::<Vec<_>>());
        let ks = KitchenState::from_entity(bound(&x, "?ks3").value.clone());
        let ct = ks.get(&ks.counter_top().unwrap()).unwrap().clone();
        let names: Vec<_> = ct.contents().iter().map(|e| e.class_name()).collect();
        assert_eq!(names, ["baking-tray"]);
    }

    #[test]
    fn the_bisquick_tail_takes_the_reference_times() {
        // As bisquick-shortcake-biscuits, with an empty tray for the dough
        // (baking a raw ingredient without a temperature slot crashes).
        let x = run("(get-kitchen ?k)\n\
             (fetch ?dough ?ks1 ?k baking-tray 1)\n\
             (fetch-and-proportion ?butter ?ks2 ?ks1 ?t2 butter 3 tablespoon)\n\
             (preheat-oven ?preheated ?ks3 ?ks2 ?oven 220 degrees-celsius)\n\
             (fetch ?sheet ?ks4 ?ks3 cookie-sheet 1)\n\
             (grease ?greased ?ks5 ?ks4 ?sheet ?butter)\n\
             (transfer-items ?on-sheet ?ks6 ?ks5 ?dough ?p1 ?greased)\n\
             (bake ?baked ?ks7 ?ks6 ?on-sheet ?oven 10 minute 220 degrees-celsius)\n\
             (fetch ?rack ?ks8 ?ks7 wire-rack 1)\n\
             (transfer-items ?on-rack ?ks9 ?ks8 ?baked ?p2 ?rack)\n\
             (leave-for-time ?cool ?ks10 ?ks9 ?on-rack 5 minute)");
        assert!(x.failures.is_empty(), "{:?}", x.failures);
        assert_eq!(at(&x, "?oven"), Some(60.0));
        assert_eq!(at(&x, "?preheated"), Some(675.0));
        assert_eq!(at(&x, "?greased"), Some(165.0));
        // A container's contents move at the kitchen time (+120).
        assert_eq!(at(&x, "?on-sheet"), Some(285.0));
        // Bake case 3 waits for ?oven (60), not for the preheated oven.
        assert_eq!(at(&x, "?baked"), Some(885.0));
        assert_eq!(at(&x, "?ks7"), Some(315.0));
        // Quirk: moved to the rack before it is baked.
        assert_eq!(at(&x, "?on-rack"), Some(465.0));
        assert_eq!(at(&x, "?cool"), Some(765.0));
        assert_eq!(at(&x, "?ks10"), Some(465.0));
        assert_eq!(x.execution_time(), Some(885.0));
        let rack = &bound(&x, "?on-rack").value;
        assert!(rack.flag(slot::USED));
        assert_eq!(bound(&x, "?p2").value.class_name(), "side-to-side");
    }

    #[test]
    fn a_missing_destination_gives_a_failed_object() {
        let x = run("(get-kitchen ?k)\n(fetch ?pans ?ks1 ?k pan 3)\n(fetch ?bowls ?ks2 ?ks1 small-bowl 2)\n\
             (transfer-items ?moved ?ks3 ?ks2 ?bowls side-to-side ?pans)");
        assert!(x.solved);
        assert!(bound(&x, "?pans").value.is_failed());
        assert!(bound(&x, "?moved").value.is_failed());
        assert_eq!(at(&x, "?moved"), Some(270.0));
    }

    #[test]
    fn items_that_are_neither_a_list_nor_a_container_give_no_solution() {
        let x = run("(get-kitchen ?k)\n(fetch ?tray ?ks1 ?k baking-tray 1)\n(transfer-items ?moved ?ks2 ?ks1 5 ?p ?tray)");
        assert!(!x.solved);
        assert_eq!(x.execution_time(), None);
    }
}
