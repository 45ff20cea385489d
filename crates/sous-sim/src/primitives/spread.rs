//! `spread`: spreads the contents of one container over (or into) another,
//! with a given tool (120) or the closest unused spatula (20). Over a
//! container with contents, every content gets an equal share of the spread;
//! into an empty one, the spread becomes its contents. The spread container
//! is emptied. All three objects are found anywhere in the kitchen.

use std::sync::Arc;

use sous_kitchen::{slot, Amount, EntityRef, Value};
use sous_lang::call::{spread as role, Spread};

use crate::exec::Found;
use crate::ops::portions::{divide, empty, set_slot};
use crate::{Call, SimError};

pub(crate) fn run(x: &mut Call<Spread>) -> Result<(), SimError> {
    // Quirk: the default spatula is six times faster than a given tool.
    let duration = if x.case == 0 { 120.0 } else { 20.0 };
    let done = x.start_after(role::OBJECT_TO_BE_SPREAD)? + duration;
    x.bind_kitchen(done, done);
    let target = x.locate_pid(role::OBJECT_TO_BE_SPREAD)?;
    let source = x.locate_pid(role::CONTAINER_WITH_SPREAD)?;
    let tool = if x.case == 0 {
        x.locate_pid(role::CAN_SPREAD_KITCHEN_TOOL)?
    } else {
        x.retrieve(x.known().spatula, &[])
    };
    let (Some(target), Some(source), Some(tool)) = (target, source, tool) else {
        x.fail("the object, the spread or the tool is not in the kitchen");
        x.bind_failed(
            role::CONTAINER_WITH_OBJECTS_THAT_HAVE_BEEN_SPREAD,
            Some(done),
        );
        if x.case == 1 {
            x.bind_failed(role::CAN_SPREAD_KITCHEN_TOOL, Some(done));
        }
        return Ok(());
    };
    // Quirk: the spread is read from the input value, not from this state.
    let spread: Vec<EntityRef> = x.arg(role::CONTAINER_WITH_SPREAD)?.contents().to_vec();
    let target_place = x.ks.locate(target).found("the target")?;
    let has_contents = !x
        .ks
        .get(&target_place)
        .found("the target")?
        .contents()
        .is_empty();
    if has_contents {
        let first = spread
            .first()
            .ok_or_else(|| SimError::Crash("there is nothing to spread".into()))?;
        let amount = first
            .amount()
            .ok_or_else(|| SimError::Crash("the spread has no amount".into()))?;
        let upon = x.known().can_be_spread_upon;
        let c = x.ks.at_mut(&target_place).found("the target")?;
        let count = c.contents().iter().filter(|i| i.is_a(upon)).count();
        // `(float (/ amount count))` in the reference: always a float.
        let each = divide(amount.value, count)?.to_float();
        let mut share = (**first).clone();
        share.set_amount(Amount {
            value: each,
            unit: amount.unit,
        });
        set_slot(&mut share, slot::SPREAD, Value::Bool(true))?;
        let share = Arc::new(share);
        // Every content gets a share, also those that cannot be spread upon.
        for item in c.contents_mut().into_iter().flatten() {
            set_slot(
                Arc::make_mut(item),
                slot::SPREAD_WITH,
                Value::Entity(share.clone()),
            )?;
        }
    } else if let Some(c) = x.ks.at_mut(&target_place).and_then(|c| c.contents_mut()) {
        *c = spread.into();
    }
    empty(x, source);
    let tool_place = x.ks.locate(tool).found("the tool")?;
    x.ks.at_mut(&tool_place)
        .found("the tool")?
        .set_flag(slot::USED, true);
    x.bind_pid(
        role::CONTAINER_WITH_OBJECTS_THAT_HAVE_BEEN_SPREAD,
        target,
        Some(done),
    );
    if x.case == 1 {
        x.bind_pid(role::CAN_SPREAD_KITCHEN_TOOL, tool, Some(done));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::primitives::test_util::*;
    use sous_kitchen::{slot, KitchenState};

    const BATTER: &str = "(get-kitchen ?k)\n(fetch ?pan ?ks1 ?k baking-tray 1)\n\
        (fetch-and-proportion ?batter ?ks2 ?ks1 ?t butter 100 g)\n";

    #[test]
    fn into_an_empty_container_with_the_default_spatula() {
        let x = run(&format!(
            "{BATTER}(spread ?spread ?ks3 ?ks2 ?pan ?batter ?tool)"
        ));
        assert!(x.failures.is_empty(), "{:?}", x.failures);
        // The pan was ready at 30, the kitchen at 60.
        assert_eq!(at(&x, "?spread"), Some(80.0));
        assert_eq!(at(&x, "?tool"), Some(80.0));
        let tool = &bound(&x, "?tool").value;
        assert_eq!(tool.class_name(), "spatula");
        assert!(tool.flag(slot::USED));
        let pan = &bound(&x, "?spread").value;
        assert_eq!(pan.contents()[0].class_name(), "butter");
        let ks = KitchenState::from_entity(bound(&x, "?ks3").value.clone());
        assert!(ks
            .find(bound(&x, "?batter").value.pid)
            .unwrap()
            .contents()
            .is_empty());
    }

    #[test]
    fn over_the_contents_of_a_container_with_a_given_tool() {
        let x = run(
            "(get-kitchen ?k)\n(fetch-and-proportion ?a ?ks1 ?k ?t1 white-sugar 100 g)\n\
             (fetch-and-proportion ?b ?ks2 ?ks1 ?a all-purpose-flour 50 g)\n\
             (mix ?cake ?ks3 ?ks2 ?b ?whisk)\n\
             (fetch-and-proportion ?butter ?ks4 ?ks3 ?t2 butter 30 g)\n\
             (fetch ?spoon ?ks5 ?ks4 table-spoon 1)\n\
             (spread ?spread ?ks6 ?ks5 ?cake ?butter ?spoon)",
        );
        assert!(x.failures.is_empty(), "{:?}", x.failures);
        assert_eq!(at(&x, "?spread"), Some(270.0));
        let cake = &bound(&x, "?spread").value.contents()[0];
        let with = cake.get(slot::SPREAD_WITH).as_entity().unwrap();
        assert_eq!(with.class_name(), "butter");
        assert_eq!(with.amount().unwrap().value, 30.0);
        assert!(with.flag(slot::SPREAD));
        let ks = KitchenState::from_entity(bound(&x, "?ks6").value.clone());
        assert!(ks
            .find(bound(&x, "?spoon").value.pid)
            .unwrap()
            .flag(slot::USED));
    }

    #[test]
    fn nothing_to_spread_upon_crashes_and_a_failed_object_fails() {
        let x = run(&format!(
            "{BATTER}(fetch-and-proportion ?more ?ks3 ?ks2 ?t2 butter 10 g)\n\
             (spread ?spread ?ks4 ?ks3 ?batter ?more ?tool)"
        ));
        assert!(crashed(&x));
        let x = run(&format!(
            "{BATTER}(fetch-and-proportion ?x ?ks3 ?ks2 ?t2 linguine 10 g)\n\
             (spread ?spread ?ks4 ?ks3 ?pan ?x ?tool)"
        ));
        assert!(bound(&x, "?spread").value.is_failed());
        assert!(bound(&x, "?tool").value.is_failed());
        assert_eq!(at(&x, "?tool"), Some(110.0));
    }
}
