//! `refrigerate`: brings a container's contents (on the counter-top; it
//! stays there) to the fridge's temperature. A background wait: the kitchen
//! clock does not move. Case 1 defaults to 1 hour and the kitchen's fridge,
//! case 2 to the kitchen's fridge (both bound as in the input state, at the
//! kitchen time); case 3 uses the given fridge.

use sous_kitchen::{Amount, ClassId, EntityRef, Num};
use sous_lang::call::{refrigerate as role, Refrigerate};

use crate::exec::Found;
use crate::ops::heat::{instance, quantity, seconds};
use crate::ops::temperature;
use crate::{Call, SimError};

pub(crate) fn run(x: &mut Call<Refrigerate>) -> Result<(), SimError> {
    let ks = x.ks_time();
    x.set_start(ks);
    let (q, unit): (Num, ClassId) = if x.case == 0 {
        (Num::ONE, x.known().hour)
    } else {
        (
            x.number(role::COOLING_QUANTITY)?,
            x.arg(role::COOLING_UNIT)?.class,
        )
    };
    // Quirk: the quantity counts twice (2 hours -> 14 400, 24 hours -> 2 073 600);
    // once in the corrected profile.
    let ready = if x.profile.is_corrected() {
        ks + seconds(q, unit).to_f64()
    } else {
        ks + (q * seconds(q, unit)).to_f64()
    };
    let container = x.locate_on_counter_top(role::CONTAINER_WITH_INGREDIENTS)?;
    let fridge: Option<EntityRef> = if x.case == 2 {
        x.locate(role::REFRIGERATOR)?
            .and_then(|p| x.ks.get(&p).cloned())
    } else {
        let fridge = x
            .before
            .appliance(x.known().fridge)
            .and_then(|p| x.before.get(&p).cloned())
            .ok_or_else(|| SimError::Crash("the kitchen has no fridge".into()))?;
        x.bind_value(role::REFRIGERATOR, fridge.clone(), Some(ks));
        Some(fridge)
    };
    match (container, fridge) {
        (Some(place), Some(fridge)) => {
            let cold: Amount = fridge
                .get(sous_kitchen::slot::TEMPERATURE)
                .as_amount()
                .ok_or_else(|| SimError::Crash("the fridge has no temperature".into()))?;
            let c = x.ks.at_mut(&place).found("the container to refrigerate")?;
            temperature::change(c, cold);
            let pid = c.pid;
            x.bind_pid(
                role::CONTAINER_WITH_INGREDIENTS_AT_TEMPERATURE,
                pid,
                Some(ready),
            );
        }
        (Some(place), None) => {
            // Quirk: case 3 with a fridge not in the kitchen binds the container unchanged.
            let pid = x.ks.get(&place).found("the container to refrigerate")?.pid;
            x.bind_pid(
                role::CONTAINER_WITH_INGREDIENTS_AT_TEMPERATURE,
                pid,
                Some(ready),
            );
        }
        (None, _) if x.case == 2 => {
            // The reference binds nil here: the output stays unbound.
            return Err(SimError::NoResult(
                "the container to refrigerate is not on the counter-top".into(),
            ));
        }
        (None, _) => {
            x.fail("the container is not on the counter-top");
            x.bind_failed(role::CONTAINER_WITH_INGREDIENTS_AT_TEMPERATURE, Some(ready));
        }
    }
    if x.case == 0 {
        let q = quantity(1, x.ids);
        let u = instance(x.known().hour, x.ids);
        x.bind_value(role::COOLING_QUANTITY, q, None);
        x.bind_value(role::COOLING_UNIT, u, None);
    }
    x.bind_kitchen(ks, ks);
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::primitives::test_util::*;
    use sous_kitchen::slot;

    #[test]
    fn the_quantity_counts_twice() {
        let x = run(
            "(get-kitchen ?k)\n(fetch-and-proportion ?b ?ks1 ?k ?t milk 100 ml)\n\
             (refrigerate ?cold ?ks2 ?ks1 ?b ?fridge 24 hour)",
        );
        assert!(x.failures.is_empty(), "{:?}", x.failures);
        assert_eq!(at(&x, "?cold"), Some(30.0 + 24.0 * 24.0 * 3600.0));
        assert_eq!(at(&x, "?ks2"), Some(30.0));
        assert_eq!(at(&x, "?fridge"), Some(30.0));
        assert_eq!(bound(&x, "?fridge").value.class_name(), "fridge");
        let milk = &bound(&x, "?cold").value.contents()[0];
        assert_eq!(milk.get(slot::TEMPERATURE).as_amount().unwrap().value, 5.0);
        let x = run(
            "(get-kitchen ?k)\n(fetch-and-proportion ?b ?ks1 ?k ?t milk 100 ml)\n\
             (refrigerate ?cold ?ks2 ?ks1 ?b ?fridge 30 minute)",
        );
        assert_eq!(at(&x, "?cold"), Some(30.0 + 30.0 * 30.0 * 60.0));
    }

    #[test]
    fn defaults_to_one_hour_in_the_kitchens_fridge() {
        let x = run(
            "(get-kitchen ?k)\n(fetch-and-proportion ?b ?ks1 ?k ?t milk 100 ml)\n\
             (refrigerate ?cold ?ks2 ?ks1 ?b ?fridge ?q ?u)",
        );
        assert!(x.failures.is_empty(), "{:?}", x.failures);
        assert_eq!(at(&x, "?cold"), Some(30.0 + 3600.0));
        assert_eq!(
            bound(&x, "?q").value.quantity_value(),
            Some(sous_kitchen::Num::int(1))
        );
        assert_eq!(bound(&x, "?u").value.class_name(), "hour");
        assert_eq!(at(&x, "?q"), None);
        assert_eq!(at(&x, "?u"), None);
    }

    #[test]
    fn a_given_fridge_is_used() {
        let x = run("(get-kitchen ?k)\n(fetch-and-proportion ?b ?ks1 ?k ?t milk 100 ml)\n\
             (refrigerate ?c1 ?ks2 ?ks1 ?b ?fridge 1 minute)\n(refrigerate ?c2 ?ks3 ?ks2 ?c1 ?fridge 2 minute)");
        assert!(x.failures.is_empty(), "{:?}", x.failures);
        assert_eq!(at(&x, "?c2"), Some(30.0 + 240.0));
    }

    #[test]
    fn a_container_not_on_the_counter_top_gives_a_failed_object() {
        let x = run("(get-kitchen ?k)\n(fetch ?pans ?ks1 ?k pan 3)\n(refrigerate ?cold ?ks2 ?ks1 ?pans ?f ?q ?u)");
        assert!(x.solved);
        assert!(bound(&x, "?cold").value.is_failed());
        assert_eq!(at(&x, "?cold"), Some(90.0 + 3600.0));
    }
}
