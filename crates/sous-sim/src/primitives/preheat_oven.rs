//! `preheat-oven`: sets the oven's temperature. The cook is busy 15; the oven
//! is ready after 615. Case 1 defaults to the kitchen's oven and binds it as
//! it was in the input state, at the input kitchen time.

use sous_kitchen::{slot, Value};
use sous_lang::call::{preheat_oven as role, PreheatOven};

use crate::exec::Found;
use crate::{Call, SimError};

pub(crate) fn run(x: &mut Call<PreheatOven>) -> Result<(), SimError> {
    let ks = x.ks_time();
    x.set_start(ks);
    let done = ks + 15.0;
    let ready = ks + 615.0;
    let target = Value::Amount(x.amount(role::QUANTITY, role::UNIT)?);
    let place = if x.case == 0 {
        let place =
            x.ks.appliance(x.known().oven)
                .ok_or_else(|| SimError::Crash("the kitchen has no oven".into()))?;
        let before = x.before.get(&place).cloned().found("the oven")?;
        x.bind_value(role::OVEN, before, Some(ks));
        Some(place)
    } else {
        x.locate(role::OVEN)?
    };
    match place {
        Some(place) => {
            let oven = x.ks.at_mut(&place).found("the oven")?;
            oven.set(slot::TEMPERATURE, target);
            let pid = oven.pid;
            x.bind_pid(role::PREHEATED_OVEN, pid, Some(ready));
        }
        None => {
            x.fail("the oven is not in the kitchen");
            x.bind_failed(role::PREHEATED_OVEN, Some(ready));
        }
    }
    x.bind_kitchen(done, done);
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::primitives::test_util::*;
    use sous_kitchen::{slot, KitchenState};

    #[test]
    fn heats_the_kitchens_oven_in_the_background() {
        let x = run("(get-kitchen ?k)\n(fetch ?tray ?ks1 ?k baking-tray 1)\n(preheat-oven ?hot ?ks2 ?ks1 ?oven 180 degrees-celsius)");
        assert!(x.failures.is_empty(), "{:?}", x.failures);
        assert_eq!(at(&x, "?hot"), Some(30.0 + 615.0));
        assert_eq!(at(&x, "?ks2"), Some(45.0));
        // The default oven is bound as it was, at the input kitchen time.
        assert_eq!(at(&x, "?oven"), Some(30.0));
        assert!(bound(&x, "?oven").value.get(slot::TEMPERATURE).is_nil());
        let t = bound(&x, "?hot")
            .value
            .get(slot::TEMPERATURE)
            .as_amount()
            .unwrap();
        assert_eq!(t.value, 180.0);
        let ks = KitchenState::from_entity(bound(&x, "?ks2").value.clone());
        let oven = ks.get(&ks.appliance_named("oven").unwrap()).unwrap();
        assert_eq!(
            oven.get(slot::TEMPERATURE).as_amount().unwrap().value,
            180.0
        );
        assert_eq!(x.execution_time(), Some(645.0));
    }

    #[test]
    fn a_given_oven_is_looked_up_by_identity() {
        let x = run(
            "(get-kitchen ?k)\n(preheat-oven ?hot ?ks1 ?k ?oven 180 degrees-celsius)\n\
             (preheat-oven ?hotter ?ks2 ?ks1 ?hot 220 degrees-celsius)",
        );
        assert!(x.failures.is_empty(), "{:?}", x.failures);
        assert_eq!(at(&x, "?hotter"), Some(15.0 + 615.0));
        let t = bound(&x, "?hotter")
            .value
            .get(slot::TEMPERATURE)
            .as_amount()
            .unwrap();
        assert_eq!(t.value, 220.0);
    }

    #[test]
    fn a_failed_oven_gives_a_failed_object() {
        let x = run("(get-kitchen ?k)\n(fetch ?ovens ?ks1 ?k pan 3)\n(preheat-oven ?hot ?ks2 ?ks1 ?ovens 180 degrees-celsius)");
        assert!(x.solved);
        assert!(bound(&x, "?ovens").value.is_failed());
        assert!(bound(&x, "?hot").value.is_failed());
        assert_eq!(at(&x, "?hot"), Some(90.0 + 615.0));
    }
}
