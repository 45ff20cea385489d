//! `bake`: bakes a container's contents (they never enter the oven). The cook
//! is busy 30; the thing is ready after the baking time.
//! Case 1: oven defaulted to the kitchen's oven, heated to the temperature;
//! case 2: the given oven's temperature is used (and bound);
//! case 3: the given oven is set to the given temperature.

use std::sync::Arc;

use sous_kitchen::{slot, Num, Value};
use sous_lang::call::{bake as role, Bake};

use crate::exec::Found;
use crate::ops::heat::{amount_parts, settable};
use crate::{Call, SimError};

pub(crate) fn run(x: &mut Call<Bake>) -> Result<(), SimError> {
    let start = x.start_after(role::THING_TO_BAKE)?;
    // Cases 2 and 3 also wait for the oven variable (not for a preheated oven).
    let ready_from = if x.case == 0 {
        start
    } else {
        start.max(x.available(role::OVEN_TO_BAKE_IN)?)
    };
    // Quirk: the time unit is ignored; the number always counts as minutes
    // (the corrected profile reads the unit).
    let per_unit =
        if x.profile.is_corrected() && x.arg(role::TIME_TO_BAKE_UNIT)?.class == x.known().hour {
            3600
        } else {
            60
        };
    let baked_at =
        ready_from + (x.number(role::TIME_TO_BAKE_QUANTITY)? * Num::int(per_unit)).to_f64();
    let done = start + 30.0;
    let thing = x.arg(role::THING_TO_BAKE)?.clone();
    let thing_pid = (!thing.is_failed()).then_some(thing.pid);
    let thing_place = thing_pid.and_then(|p| x.ks.locate(p));
    let temperature = match x.case {
        0 | 2 => {
            let t = x.amount(
                role::TARGET_TEMPERATURE_QUANTITY,
                role::TARGET_TEMPERATURE_UNIT,
            )?;
            Value::Amount(t)
        }
        _ => {
            let oven = x
                .locate(role::OVEN_TO_BAKE_IN)?
                .and_then(|p| x.ks.get(&p).cloned())
                .ok_or_else(|| SimError::Crash("the oven is not in the kitchen".into()))?;
            oven.get(slot::TEMPERATURE).clone()
        }
    };
    let oven_place = if x.case == 0 {
        x.ks.appliance(x.known().oven)
    } else {
        x.locate(role::OVEN_TO_BAKE_IN)?
    };
    // Case 1 fails when the thing is not found; cases 2 and 3 only when it is
    // a failed-object (a thing not in the kitchen crashes there).
    let ok = if x.case == 0 {
        thing_place.is_some()
    } else if thing.is_failed() {
        false
    } else if thing_place.is_none() {
        return Err(SimError::Crash(
            "the thing to bake is not in the kitchen".into(),
        ));
    } else {
        true
    };
    if ok {
        if x.case != 1 {
            let place = oven_place
                .clone()
                .ok_or_else(|| SimError::Crash("the oven is not in the kitchen".into()))?;
            x.ks.at_mut(&place)
                .found("the oven")?
                .set(slot::TEMPERATURE, temperature.clone());
        }
        let place = thing_place.found("the thing to bake")?;
        let t = x.ks.at_mut(&place).found("the thing to bake")?;
        if let Some(contents) = t.contents_mut() {
            for item in contents.iter_mut() {
                settable(item, &[slot::TEMPERATURE, slot::BAKED])?;
                let item = Arc::make_mut(item);
                item.set(slot::TEMPERATURE, temperature.clone());
                item.set_flag(slot::BAKED, true);
            }
        }
        let thing_pid = thing_pid.found("the thing to bake")?;
        x.bind_pid(role::THING_BAKED, thing_pid, Some(baked_at));
    } else {
        x.fail("the thing to bake is not in the kitchen");
        x.bind_failed(role::THING_BAKED, Some(baked_at));
    }
    match x.case {
        0 => {
            let oven = oven_place
                .and_then(|p| x.ks.pid_at(&p))
                .ok_or_else(|| SimError::Crash("the kitchen has no oven".into()))?;
            x.bind_pid(role::OVEN_TO_BAKE_IN, oven, Some(baked_at));
        }
        1 => {
            let t = temperature.as_amount().ok_or_else(|| {
                SimError::Crash("the oven has no temperature (it was never heated)".into())
            })?;
            let (q, u) = amount_parts(t, x.ids);
            x.bind_value(role::TARGET_TEMPERATURE_QUANTITY, q, None);
            x.bind_value(role::TARGET_TEMPERATURE_UNIT, u, None);
        }
        _ => {}
    }
    x.bind_kitchen(done, done);
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::ops::heat::fixtures::{concept, kitchen_with, number};
    use crate::ops::heat::testing::run_on;
    use crate::primitives::test_util::*;
    use sous_kitchen::{slot, KitchenState};

    #[test]
    fn case_1_heats_the_kitchens_oven_and_bakes_every_item() {
        let (ks, tray) = kitchen_with(
            100.0,
            "baking-tray",
            &["homogeneous-mixture", "homogeneous-mixture"],
        );
        let o = run_on(
            "bake",
            ks,
            &[
                ("thing-to-bake", tray, Some(250.0)),
                ("time-to-bake-quantity", number(15.0), None),
                ("time-to-bake-unit", concept("minute"), None),
                ("target-temperature-quantity", number(180.0), None),
                ("target-temperature-unit", concept("degrees-celsius"), None),
            ],
        )
        .unwrap();
        let baked = &o.out["thing-baked"];
        assert_eq!(baked.available_at, Some(250.0 + 900.0));
        assert_eq!(o.out["kitchen-state-out"].available_at, Some(280.0));
        assert_eq!(o.ks.time(), 280.0);
        for item in baked.value.contents() {
            assert!(item.flag(slot::BAKED));
            assert_eq!(
                item.get(slot::TEMPERATURE).as_amount().unwrap().value,
                180.0
            );
        }
        let oven = &o.out["oven-to-bake-in"];
        assert_eq!(oven.value.class_name(), "oven");
        assert_eq!(oven.available_at, Some(1150.0));
        assert_eq!(
            oven.value.get(slot::TEMPERATURE).as_amount().unwrap().value,
            180.0
        );
    }

    #[test]
    fn the_time_unit_is_ignored() {
        let (ks, tray) = kitchen_with(0.0, "baking-tray", &[]);
        let o = run_on(
            "bake",
            ks,
            &[
                ("thing-to-bake", tray, Some(0.0)),
                ("time-to-bake-quantity", number(1.0), None),
                ("time-to-bake-unit", concept("hour"), None),
                ("target-temperature-quantity", number(180.0), None),
                ("target-temperature-unit", concept("degrees-celsius"), None),
            ],
        )
        .unwrap();
        assert_eq!(
            o.out["thing-baked"].available_at,
            Some(60.0),
            "1 hour counts as 1 minute"
        );
    }

    #[test]
    fn case_2_uses_and_binds_the_ovens_temperature() {
        let x = run("(get-kitchen ?k)\n(preheat-oven ?hot ?ks1 ?k ?oven 200 degrees-celsius)\n\
             (fetch ?tray ?ks2 ?ks1 baking-tray 1)\n(bake ?baked ?ks3 ?ks2 ?tray ?hot 20 minute ?q ?u)");
        assert!(x.failures.is_empty(), "{:?}", x.failures);
        // Waits for the preheated oven (615), then 20 minutes.
        assert_eq!(at(&x, "?baked"), Some(615.0 + 1200.0));
        assert_eq!(at(&x, "?ks3"), Some(45.0 + 30.0));
        assert_eq!(
            bound(&x, "?q").value.quantity_value(),
            Some(sous_kitchen::Num::int(200))
        );
        assert_eq!(bound(&x, "?u").value.class_name(), "degrees-celsius");
        assert_eq!(at(&x, "?q"), None);
    }

    #[test]
    fn case_2_finds_the_oven_again_in_its_own_kitchen_state() {
        let x = run("(get-kitchen ?k)\n(fetch ?tray ?ks1 ?k baking-tray 1)\n\
             (preheat-oven ?hot ?ks2 ?ks1 ?oven 200 degrees-celsius)\n(bake ?baked ?ks3 ?ks2 ?tray ?oven 20 minute ?q ?u)");
        // ?oven is the oven as it was before preheating (at 30), but it is
        // looked up in the baking kitchen state, where it is hot.
        assert!(x.failures.is_empty(), "{:?}", x.failures);
        assert_eq!(at(&x, "?baked"), Some(45.0 + 1200.0));
        assert_eq!(
            bound(&x, "?q").value.quantity_value(),
            Some(sous_kitchen::Num::int(200))
        );
        // In a kitchen state where the oven was never heated, the reference crashes.
        let x = run("(get-kitchen ?k)\n(fetch ?tray ?ks1 ?k baking-tray 1)\n\
             (preheat-oven ?hot ?ks2 ?ks1 ?oven 200 degrees-celsius)\n(bake ?baked ?ks3 ?ks1 ?tray ?oven 20 minute ?q ?u)");
        assert!(!x.solved);
        assert!(crashed(&x));
    }

    #[test]
    fn a_thing_not_in_the_kitchen_gives_a_failed_object_in_case_1() {
        let x = run("(get-kitchen ?k)\n(fetch ?pans ?ks1 ?k pan 3)\n(bake ?baked ?ks2 ?ks1 ?pans ?oven 10 minute 180 degrees-celsius)");
        assert!(x.solved);
        assert!(bound(&x, "?baked").value.is_failed());
        assert_eq!(at(&x, "?baked"), Some(90.0 + 600.0));
        assert_eq!(bound(&x, "?oven").value.class_name(), "oven");
        let ks = KitchenState::from_entity(bound(&x, "?ks2").value.clone());
        assert_eq!(ks.time(), 120.0);
    }
}
