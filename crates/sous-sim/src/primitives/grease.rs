//! `grease`: brushes a container with butter. Case 1 takes 10 g of the first
//! butter in the kitchen (not on the counter-top); case 2 uses the whole
//! first content of the given container, which is emptied. 60.

use std::sync::Arc;

use sous_kitchen::{slot, Value};
use sous_lang::call::{grease as role, Grease};

use crate::exec::Found;
use crate::ops::heat::{settable, take_ten_grams};
use crate::{Call, SimError};

pub(crate) fn run(x: &mut Call<Grease>) -> Result<(), SimError> {
    let done = x.start_after(role::CONTAINER_TO_GREASE)? + 60.0;
    if x.case == 0 {
        x.ks.set_time(done);
        if x.arg(role::CONTAINER_TO_GREASE)?.is_failed() {
            x.fail("the container to grease is a failed-object");
            x.bind_failed(role::GREASED_CONTAINER, Some(done));
            x.bind_failed(role::INGREDIENT_TO_GREASE_WITH, None);
            x.bind_kitchen(done, done);
            return Ok(());
        }
        let butter = x.known().butter;
        let portion = take_ten_grams(x, butter, true)?
            .ok_or_else(|| SimError::Crash("there is no butter in the kitchen".into()))?;
        let place = x.locate(role::CONTAINER_TO_GREASE)?.ok_or_else(|| {
            SimError::Crash("the container to grease is not in the kitchen".into())
        })?;
        let c = x.ks.at_mut(&place).found("the container to grease")?;
        settable(c, &[slot::BRUSHED_WITH])?;
        c.set(slot::BRUSHED_WITH, Value::Entity(Arc::new(portion.portion)));
        c.set_flag(slot::USED, true);
        let pid = c.pid;
        x.bind_pid(role::GREASED_CONTAINER, pid, Some(done));
        x.bind_value(
            role::INGREDIENT_TO_GREASE_WITH,
            Arc::new(portion.container),
            None,
        );
        x.bind_kitchen(done, done);
        return Ok(());
    }
    // Case 2: a missing grease container or an empty one crashes the reference.
    let grease_place = x
        .locate(role::INGREDIENT_TO_GREASE_WITH)?
        .ok_or_else(|| SimError::Crash("the grease container is not in the kitchen".into()))?;
    let grease =
        x.ks.get(&grease_place)
            .and_then(|g| g.contents().first().cloned())
            .ok_or_else(|| SimError::Crash("the grease container is empty".into()))?;
    let target = x.locate(role::CONTAINER_TO_GREASE)?;
    let failed = x.arg(role::CONTAINER_TO_GREASE)?.is_failed()
        || x.arg(role::INGREDIENT_TO_GREASE_WITH)?.is_failed();
    if failed {
        x.fail("a failed-object was given to grease");
        x.bind_failed(role::GREASED_CONTAINER, Some(done));
        // Quirk: the kitchen clock is only advanced when greasing succeeds.
        let t = x.ks_time();
        x.bind_kitchen(t, done);
        return Ok(());
    }
    let place = target
        .ok_or_else(|| SimError::Crash("the container to grease is not in the kitchen".into()))?;
    settable(
        x.ks.get(&place).found("the container to grease")?,
        &[slot::BRUSHED_WITH],
    )?;
    settable(&grease, &[slot::SPREAD])?;
    if let Some(c) = x.ks.at_mut(&grease_place).and_then(|g| g.contents_mut()) {
        c.clear();
    }
    let mut grease = (*grease).clone();
    grease.set_flag(slot::SPREAD, true);
    let c = x.ks.at_mut(&place).found("the container to grease")?;
    c.set(slot::BRUSHED_WITH, Value::Entity(Arc::new(grease)));
    c.set_flag(slot::USED, true);
    let pid = c.pid;
    x.bind_pid(role::GREASED_CONTAINER, pid, Some(done));
    x.bind_kitchen(done, done);
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::primitives::test_util::*;
    use sous_kitchen::{slot, KitchenState};

    fn fridge_butter(ks: &KitchenState) -> (usize, sous_kitchen::Num) {
        let fridge = ks
            .get(&ks.appliance_named("fridge").unwrap())
            .unwrap()
            .clone();
        let i = fridge
            .contents()
            .iter()
            .position(|b| {
                b.contents()
                    .first()
                    .is_some_and(|c| c.class_name() == "butter")
            })
            .unwrap();
        (
            i,
            fridge.contents()[i].contents()[0].amount().unwrap().value,
        )
    }

    #[test]
    fn case_1_takes_ten_grams_of_butter_from_the_fridge() {
        let x = run("(get-kitchen ?k)\n(fetch ?sheet ?ks1 ?k cookie-sheet 1)\n(grease ?greased ?ks2 ?ks1 ?sheet ?butter)");
        assert!(x.failures.is_empty(), "{:?}", x.failures);
        assert_eq!(at(&x, "?greased"), Some(90.0));
        assert_eq!(at(&x, "?butter"), None);
        let sheet = &bound(&x, "?greased").value;
        assert!(sheet.flag(slot::USED));
        let b = sheet.get(slot::BRUSHED_WITH).as_entity().unwrap();
        assert_eq!(b.class_name(), "butter");
        assert!(b.flag(slot::SPREAD));
        assert_eq!(b.amount().unwrap().value, 10.0);
        // The output is the butter's container holding the 10 g.
        let bowl = &bound(&x, "?butter").value;
        assert_eq!(bowl.contents()[0].amount().unwrap().value, 10.0);
        // The stock loses 10 and its bowl moves to the front of the fridge.
        let before = KitchenState::from_entity(bound(&x, "?ks1").value.clone());
        let after = KitchenState::from_entity(bound(&x, "?ks2").value.clone());
        assert_eq!(fridge_butter(&before), (5, sous_kitchen::Num::int(500)));
        assert_eq!(fridge_butter(&after), (0, sous_kitchen::Num::int(490)));
    }

    #[test]
    fn case_2_uses_up_the_given_container() {
        let x = run(
            "(get-kitchen ?k)\n(fetch-and-proportion ?b ?ks1 ?k ?t butter 3 tablespoon)\n\
             (fetch ?sheet ?ks2 ?ks1 cookie-sheet 1)\n(grease ?greased ?ks3 ?ks2 ?sheet ?b)",
        );
        assert!(x.failures.is_empty(), "{:?}", x.failures);
        assert_eq!(at(&x, "?greased"), Some(120.0));
        let b = bound(&x, "?greased")
            .value
            .get(slot::BRUSHED_WITH)
            .as_entity()
            .unwrap()
            .clone();
        assert_eq!(b.amount().unwrap().value, 3.0);
        assert!(b.flag(slot::SPREAD));
        let ks = KitchenState::from_entity(bound(&x, "?ks3").value.clone());
        assert!(ks
            .find(bound(&x, "?b").value.pid)
            .unwrap()
            .contents()
            .is_empty());
    }

    #[test]
    fn case_2_with_a_failed_container_keeps_the_clock() {
        let x = run(
            "(get-kitchen ?k)\n(fetch-and-proportion ?b ?ks1 ?k ?t butter 3 tablespoon)\n\
             (fetch ?pans ?ks2 ?ks1 pan 3)\n(grease ?greased ?ks3 ?ks2 ?pans ?b)",
        );
        assert!(x.solved);
        assert!(bound(&x, "?greased").value.is_failed());
        assert_eq!(at(&x, "?ks3"), Some(120.0 + 60.0));
        let ks = KitchenState::from_entity(bound(&x, "?ks3").value.clone());
        assert_eq!(ks.time(), 120.0, "quirk: the clock only moves on success");
    }
}
