//! `fry`: fries the fryable contents of a pan on the kitchen's stove. The cook
//! is busy 30; the food is ready after 30 minutes (the only frying time: the
//! reference has no case with a given stove or time). Case 1 defaults the
//! heating mode to medium heat; case 2 uses the given one.

use std::sync::Arc;

use sous_kitchen::{slot, EntityRef, Num};
use sous_lang::call::{fry as role, Fry};

use crate::exec::Found;
use crate::ops::heat::{instance, quantity, seconds, settable, stove_temperature};
use crate::{Call, SimError};

pub(crate) fn run(x: &mut Call<Fry>) -> Result<(), SimError> {
    let start = x.start_after(role::THING_TO_FRY)?;
    let fried_at = start + seconds(Num::int(30), x.known().minute).to_f64();
    let done = start + 30.0;
    let mode: EntityRef = if x.case == 0 {
        instance(x.known().medium_heat, x.ids)
    } else {
        x.arg(role::HEATING_MODE)?.clone()
    };
    let stove = x.ks.appliance(x.known().stove);
    let thing = x.locate(role::THING_TO_FRY)?;
    let (heatable_container, fryable) = (x.known().heatable_container, x.known().fryable);
    let heatable = thing
        .as_ref()
        .and_then(|p| x.ks.get(p))
        .is_some_and(|t| t.is_a(heatable_container));
    match (thing, stove) {
        (Some(thing), Some(stove)) if heatable => {
            let temperature = stove_temperature(&mode);
            let s = x.ks.at_mut(&stove).found("the stove")?;
            s.set(slot::TEMPERATURE, temperature.clone());
            let stove_pid = s.pid;
            let pan = x.ks.at_mut(&thing).found("the thing")?;
            if let Some(contents) = pan.contents_mut() {
                for item in contents.iter_mut().filter(|i| i.is_a(fryable)) {
                    settable(item, &[slot::TEMPERATURE])?;
                    let item = Arc::make_mut(item);
                    item.set(slot::TEMPERATURE, temperature.clone());
                    item.set_flag(slot::FRIED, true);
                }
            }
            let pid = pan.pid;
            x.bind_pid(role::THING_FRIED, pid, Some(fried_at));
            x.bind_pid(role::STOVE_TO_FRY_ON, stove_pid, Some(fried_at));
        }
        (thing, _) => {
            x.fail(if thing.is_none() {
                "the thing to fry is not in the kitchen"
            } else {
                "only a pan or a pot can go on the stove"
            });
            x.bind_failed(role::THING_FRIED, Some(fried_at));
            x.bind_failed(role::STOVE_TO_FRY_ON, Some(fried_at));
        }
    }
    let q = quantity(30, x.ids);
    let u = instance(x.known().minute, x.ids);
    x.bind_value(role::TIME_TO_FRY_QUANTITY, q, None);
    x.bind_value(role::TIME_TO_FRY_UNIT, u, None);
    if x.case == 0 {
        x.bind_value(role::HEATING_MODE, mode, None);
    }
    x.bind_kitchen(done, done);
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::primitives::test_util::*;
    use sous_kitchen::slot;

    const ALMONDS_IN_PAN: &str = "(get-kitchen ?k)\n(fetch ?pan ?ks1 ?k frying-pan 1)\n\
         (fetch-and-proportion ?a ?ks2 ?ks1 ?t almond 50 g)\n\
         (transfer-contents ?in-pan ?rest ?ks3 ?ks2 ?pan ?a ?q ?u)\n";

    #[test]
    fn case_1_fries_for_30_minutes_on_medium_heat() {
        let x = run(&format!(
            "{ALMONDS_IN_PAN}(fry ?fried ?ks4 ?ks3 ?in-pan ?stove ?mode ?tq ?tu)"
        ));
        assert!(x.failures.is_empty(), "{:?}", x.failures);
        assert_eq!(at(&x, "?fried"), Some(80.0 + 1800.0));
        assert_eq!(at(&x, "?stove"), Some(1880.0));
        assert_eq!(at(&x, "?ks4"), Some(110.0));
        assert_eq!(bound(&x, "?mode").value.class_name(), "medium-heat");
        assert_eq!(
            bound(&x, "?tq").value.quantity_value(),
            Some(sous_kitchen::Num::int(30))
        );
        assert_eq!(bound(&x, "?tu").value.class_name(), "minute");
        let almond = &bound(&x, "?fried").value.contents()[0];
        assert!(almond.flag(slot::FRIED));
        assert_eq!(
            almond.get(slot::TEMPERATURE).as_amount().unwrap().value,
            150.0
        );
        let stove = &bound(&x, "?stove").value;
        assert_eq!(
            stove.get(slot::TEMPERATURE).as_amount().unwrap().value,
            150.0
        );
    }

    #[test]
    fn case_2_uses_the_given_heating_mode() {
        let x = run(&format!(
            "{ALMONDS_IN_PAN}(fry ?fried ?ks4 ?ks3 ?in-pan ?stove high-heat ?tq ?tu)"
        ));
        assert!(x.failures.is_empty(), "{:?}", x.failures);
        let almond = &bound(&x, "?fried").value.contents()[0];
        assert_eq!(
            almond.get(slot::TEMPERATURE).as_amount().unwrap().value,
            200.0
        );
    }

    #[test]
    fn a_bowl_cannot_go_on_the_stove() {
        let x = run("(get-kitchen ?k)\n(fetch-and-proportion ?a ?ks1 ?k ?t almond 50 g)\n(fry ?fried ?ks2 ?ks1 ?a ?stove ?mode ?tq ?tu)");
        assert!(x.solved);
        assert!(bound(&x, "?fried").value.is_failed());
        assert!(bound(&x, "?stove").value.is_failed());
        assert_eq!(at(&x, "?fried"), Some(1830.0));
    }

    #[test]
    fn a_given_stove_or_time_has_no_case() {
        let x = run(&format!(
            "{ALMONDS_IN_PAN}(fry ?fried ?ks4 ?ks3 ?in-pan ?stove ?mode 10 minute)"
        ));
        assert!(!x.solved);
    }
}
