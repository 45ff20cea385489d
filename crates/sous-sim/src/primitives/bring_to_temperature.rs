//! `bring-to-temperature`: sets the temperature of a counter-top container's
//! contents (default: the kitchen's own temperature). A background wait: the
//! container is ready 800 after the kitchen time, the cook is not kept busy.

use std::sync::Arc;

use sous_kitchen::{slot, Entity};
use sous_lang::call::{bring_to_temperature as role, BringToTemperature};

use crate::ops::temperature;
use crate::{Call, SimError};

pub(crate) fn run(x: &mut Call<BringToTemperature>) -> Result<(), SimError> {
    // Quirk: the container's own availability is not waited for.
    let now = x.ks_time();
    let ready = now + 800.0;
    let target = if x.case == 0 {
        x.amount(role::TEMPERATURE_QUANTITY, role::TEMPERATURE_UNIT)?
    } else {
        let room = x.before.root().get(slot::TEMPERATURE).as_amount();
        let room = room.ok_or_else(|| SimError::Crash("the kitchen has no temperature".into()))?;
        let q = Arc::new(Entity::quantity(room.value, x.ids));
        let unit = Arc::new(Entity::new(room.unit, x.ids));
        x.bind_value(role::TEMPERATURE_QUANTITY, q, None);
        x.bind_value(role::TEMPERATURE_UNIT, unit, None);
        room
    };
    temperature::change_in_background(
        x,
        [
            role::CONTAINER_WITH_INGREDIENTS,
            role::CONTAINER_WITH_INGREDIENTS_AT_TEMPERATURE,
        ],
        target,
        ready,
    )
}

#[cfg(test)]
mod tests {
    use crate::primitives::test_util::*;
    use sous_kitchen::slot;

    const BUTTER: &str =
        "(get-kitchen ?k)\n(fetch-and-proportion ?butter ?ks ?k ?bowl butter 230 g)\n";

    #[test]
    fn defaults_to_room_temperature_in_the_background() {
        let x = run(&format!(
            "{BUTTER}(bring-to-temperature ?warm ?ks2 ?ks ?butter ?q ?u)"
        ));
        assert!(x.failures.is_empty(), "{:?}", x.failures);
        assert_eq!(at(&x, "?warm"), Some(830.0));
        assert_eq!(at(&x, "?ks2"), Some(30.0), "the cook is not kept busy");
        assert_eq!(at(&x, "?q"), None);
        assert_eq!(
            bound(&x, "?q").value.quantity_value(),
            Some(sous_kitchen::Num::int(18))
        );
        assert_eq!(bound(&x, "?u").value.class_name(), "degrees-celsius");
        let butter = &bound(&x, "?warm").value.contents()[0];
        let t = butter.get(slot::TEMPERATURE).as_amount().unwrap();
        assert_eq!(t.value, 18.0);
        assert_eq!(x.execution_time(), Some(830.0));
    }

    #[test]
    fn sets_a_given_temperature() {
        let x = run(&format!(
            "{BUTTER}(bring-to-temperature ?warm ?ks2 ?ks ?butter 40 degrees-celsius)"
        ));
        let butter = &bound(&x, "?warm").value.contents()[0];
        assert_eq!(
            butter.get(slot::TEMPERATURE).as_amount().unwrap().value,
            40.0
        );
    }

    #[test]
    fn a_container_off_the_counter_top_fails() {
        // A failed-object (no linguine in the kitchen) is never found.
        let x = run(
            "(get-kitchen ?k)\n(fetch-and-proportion ?x ?ks ?k ?bowl linguine 100 g)\n\
             (bring-to-temperature ?warm ?ks2 ?ks ?x ?q ?u)",
        );
        assert!(bound(&x, "?warm").value.is_failed());
        assert_eq!(at(&x, "?warm"), Some(830.0));
        assert_eq!(x.failures.len(), 2);
    }
}
