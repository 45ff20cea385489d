//! `transfer-contents`: moves everything from a container on the counter-top
//! into another (default: the closest unused large bowl). The reference has
//! no case with an amount: everything is always moved. 20 after the source is ready.

use std::sync::Arc;

use sous_kitchen::{slot, Entity, EntityList, Num, Value};
use sous_lang::call::{transfer_contents as role, TransferContents};

use crate::exec::Found;
use crate::{Call, SimError};

pub(crate) fn run(x: &mut Call<TransferContents>) -> Result<(), SimError> {
    let done = x.start_after(role::CONTAINER_WITH_INPUT_INGREDIENTS)? + 20.0;
    x.ks.set_time(done);
    let target_pid = if x.case == 0 {
        x.retrieve(x.known().large_bowl, &[])
    } else {
        let t = x.arg(role::TARGET_CONTAINER)?;
        (!t.is_failed() && x.ks.locate(t.pid).is_some()).then_some(t.pid)
    };
    let source_place = x.locate_on_counter_top(role::CONTAINER_WITH_INPUT_INGREDIENTS)?;
    let source_has_contents = source_place
        .as_ref()
        .and_then(|p| x.ks.get(p))
        .is_some_and(|s| !s.contents().is_empty());
    let (Some(target_pid), Some(source_place), true) =
        (target_pid, source_place.clone(), source_has_contents)
    else {
        x.fail(if target_pid.is_none() {
            "no container to transfer into".to_string()
        } else if source_place.is_none() {
            "the source container is not on the counter-top".to_string()
        } else {
            "the source container is empty".to_string()
        });
        for out in [
            role::CONTAINER_WITH_ALL_INGREDIENTS,
            role::CONTAINER_WITH_REST,
        ] {
            x.bind_failed(out, Some(done));
        }
        if x.case == 0 {
            x.bind_failed(role::TARGET_CONTAINER, None);
        }
        x.bind_failed(role::QUANTITY, None);
        x.bind_failed(role::UNIT, None);
        x.bind_kitchen(done, done);
        return Ok(());
    };
    if x.case == 0 {
        if let Some(before) = x.before.find(target_pid).cloned() {
            x.bind_value(role::TARGET_CONTAINER, before, None);
        }
    }
    let source_pid = x.ks.get(&source_place).found("the source")?.pid;
    let moved: EntityList =
        x.ks.at_mut(&source_place)
            .and_then(|s| s.contents_mut())
            .map(std::mem::take)
            .unwrap_or_default();
    // Summed from the integer 0, as the reference does.
    let total: Num = moved
        .iter()
        .filter_map(|i| i.amount())
        .map(|a| a.value)
        .sum();
    let last_unit = moved.last().and_then(|i| i.amount()).map(|a| a.unit);
    let target_place =
        x.ks.locate(target_pid)
            .ok_or_else(|| SimError::Crash("target vanished".into()))?;
    let target = x.ks.at_mut(&target_place).found("the target")?;
    if let Some(c) = target.contents_mut() {
        for item in moved {
            c.insert(0, item);
        }
    }
    target.set_flag(slot::USED, true);
    x.bind_pid(role::CONTAINER_WITH_ALL_INGREDIENTS, target_pid, Some(done));
    x.bind_pid(role::CONTAINER_WITH_REST, source_pid, Some(done));
    let q = Arc::new(Entity::quantity(total, x.ids));
    x.bind_value(role::QUANTITY, q, None);
    match last_unit {
        Some(u) => {
            let mut unit = Entity::new(u, x.ids);
            unit.set(slot::IS_CONCEPT, Value::Bool(true));
            x.bind_value(role::UNIT, Arc::new(unit), None);
        }
        None => x.bind_failed(role::UNIT, None),
    }
    x.bind_kitchen(done, done);
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::primitives::test_util::*;

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
        assert_eq!(
            bound(&x, "?q").value.quantity_value(),
            Some(sous_kitchen::Num::int(100))
        );
    }
}

#[cfg(test)]
mod more_tests {
    use crate::primitives::test_util::*;

    #[test]
    fn waits_for_the_source_and_fails_on_a_missing_one() {
        // The warm butter is ready at 830: the transfer starts then, not at 30.
        let x = run(
            "(get-kitchen ?k)\n(fetch-and-proportion ?a ?ks1 ?k ?t1 butter 100 g)\n(bring-to-temperature ?warm ?ks2 ?ks1 ?a ?q0 ?u0)\n\
             (transfer-contents ?all ?rest ?ks3 ?ks2 ?target ?warm ?q ?u)\n(fetch-and-proportion ?b ?ks4 ?ks3 ?t2 linguine 1 g)\n\
             (transfer-contents ?all2 ?rest2 ?ks5 ?ks4 ?all ?b ?q2 ?u2)",
        );
        assert_eq!(at(&x, "?all"), Some(850.0));
        assert!(
            bound(&x, "?all2").value.is_failed(),
            "the source is a failed-object"
        );
        assert_eq!(at(&x, "?all2"), Some(900.0));
    }
}
