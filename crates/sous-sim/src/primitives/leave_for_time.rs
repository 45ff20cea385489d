//! `leave-for-time`: lets a container on the counter-top cool for a while.
//! A background wait: the kitchen clock does not move; the container is ready
//! after the time (hours ×3600, otherwise ×60), counted from the kitchen time.

use sous_lang::call::{leave_for_time as role, LeaveForTime};

use crate::ops::heat::seconds;
use crate::ops::temperature;
use crate::{Call, SimError};

pub(crate) fn run(x: &mut Call<LeaveForTime>) -> Result<(), SimError> {
    let ks = x.ks_time();
    let time = x.amount(role::COOLING_QUANTITY, role::COOLING_UNIT)?;
    // Quirk: the container's own availability is not waited for.
    let ready = ks + seconds(time.value, x.arg(role::COOLING_UNIT)?.class).to_f64();
    temperature::change_in_background(
        x,
        [
            role::CONTAINER_WITH_INGREDIENTS,
            role::CONTAINER_WITH_INGREDIENTS_AT_TEMPERATURE,
        ],
        time,
        ready,
    )
}

#[cfg(test)]
mod tests {
    use crate::ops::heat::fixtures::{concept, kitchen_with, number};
    use crate::ops::heat::testing::run_on;
    use crate::primitives::test_util::*;
    use sous_kitchen::{slot, KitchenState};

    #[test]
    fn waits_in_the_background_from_the_kitchen_time() {
        let x = run("(get-kitchen ?k)\n(fetch-and-proportion ?b ?ks1 ?k ?t butter 100 g)\n(leave-for-time ?cool ?ks2 ?ks1 ?b 2 hour)\n\
             (leave-for-time ?cool2 ?ks3 ?ks2 ?cool 10 minute)");
        assert!(x.failures.is_empty(), "{:?}", x.failures);
        assert_eq!(at(&x, "?cool"), Some(30.0 + 7200.0));
        assert_eq!(at(&x, "?ks2"), Some(30.0));
        // Quirk: the container's own time (7230) is not waited for.
        assert_eq!(at(&x, "?cool2"), Some(30.0 + 600.0));
        let ks = KitchenState::from_entity(bound(&x, "?ks3").value.clone());
        assert_eq!(ks.time(), 30.0);
        // Cooling: T - T/45 * q, not below 18 (the butter is at 5 °C).
        let butter = &bound(&x, "?cool").value.contents()[0];
        assert_eq!(
            butter.get(slot::TEMPERATURE).as_amount().unwrap().value,
            18.0
        );
    }

    #[test]
    fn cools_with_the_number_as_given() {
        let (mut ks, bowl) = kitchen_with(50.0, "medium-bowl", &["homogeneous-mixture"]);
        let place = ks.locate(bowl.pid).unwrap();
        let m = ks.at_mut(&place).unwrap().contents_mut().unwrap();
        let onto = sous_kitchen::Ontology::get();
        std::sync::Arc::make_mut(&mut m[0]).set(
            slot::TEMPERATURE,
            sous_kitchen::Value::Amount(sous_kitchen::Amount::new(
                180,
                onto.known().degrees_celsius,
            )),
        );
        let bowl = ks.get(&place).unwrap().clone();
        let o = run_on(
            "leave-for-time",
            ks,
            &[
                ("container-with-ingredients", bowl, Some(10.0)),
                ("cooling-quantity", number(9.0), None),
                ("cooling-unit", concept("minute"), None),
            ],
        )
        .unwrap();
        let out = &o.out["container-with-ingredients-at-temperature"];
        assert_eq!(out.available_at, Some(50.0 + 540.0));
        let t = out.value.contents()[0]
            .get(slot::TEMPERATURE)
            .as_amount()
            .unwrap();
        assert_eq!(t.value, 180.0 - 180.0 / 45.0 * 9.0);
    }

    #[test]
    fn a_container_not_on_the_counter_top_gives_a_failed_object() {
        let x = run("(get-kitchen ?k)\n(fetch ?pans ?ks1 ?k pan 3)\n(leave-for-time ?cool ?ks2 ?ks1 ?pans 5 minute)");
        assert!(x.solved);
        assert!(bound(&x, "?cool").value.is_failed());
        assert_eq!(at(&x, "?cool"), Some(90.0 + 300.0));
        assert_eq!(at(&x, "?ks2"), Some(90.0));
    }
}
