//! `boil`: boils a container's contents on a stove. The cook is busy 30; the
//! food is ready after the boiling time (default 30 minutes). Stove default:
//! the kitchen's stove; heating mode default: medium heat.
//! Cases: 1 thing+time; 2 thing+stove+time; 3 thing+stove; 4 thing; 5 all.

use std::sync::Arc;

use sous_kitchen::{slot, Entity, EntityRef, Num, Ontology, Value};
use sous_lang::call::{boil as role, Boil};

use crate::exec::Found;
use crate::ops::heat::{instance, quantity, settable, stove_temperature};
use crate::ops::mixture;
use crate::{Call, SimError};

pub(crate) fn run(x: &mut Call<Boil>) -> Result<(), SimError> {
    let case = x.case;
    let start = x.start_after(role::THING_TO_BOIL)?;
    let given_time = matches!(case, 0 | 1 | 4);
    let minutes = if given_time {
        x.number(role::TIME_TO_BOIL_QUANTITY)?
    } else {
        Num::int(30)
    };
    // Quirk: the reference compares the unit object with the symbol `hour`,
    // which never matches, so every boiling time counts as minutes (the
    // corrected profile reads the unit).
    let hours = given_time
        && x.profile.is_corrected()
        && x.arg(role::TIME_TO_BOIL_UNIT)?.class == x.known().hour;
    let boiled_at = start + (minutes * Num::int(if hours { 3600 } else { 60 })).to_f64();
    let done = start + 30.0;
    let mode: EntityRef = if case == 4 {
        x.arg(role::HEATING_MODE)?.clone()
    } else {
        instance(x.known().medium_heat, x.ids)
    };
    let stove = if matches!(case, 0 | 3) {
        x.ks.appliance(x.known().stove)
    } else {
        x.locate(role::STOVE_TO_BOIL_ON)?
    };
    let thing = x.locate(role::THING_TO_BOIL)?;
    // Only case 1 checks that the container can go on a stove.
    let fits = case != 0
        || thing
            .as_ref()
            .and_then(|p| x.ks.get(p))
            .is_some_and(|t| t.is_a(x.known().heatable_container));
    let stove_pid = stove.as_ref().and_then(|p| x.ks.get(p)).map(|s| s.pid);
    match (thing, stove) {
        (Some(thing), Some(stove)) if fits => {
            let temperature = stove_temperature(&mode);
            x.ks.at_mut(&stove)
                .found("the stove")?
                .set(slot::TEMPERATURE, temperature.clone());
            let mut pot = (**x.ks.get(&thing).found("the thing")?).clone();
            boil_contents(&mut pot, &temperature, x.ids)?;
            let pid = pot.pid;
            x.ks.replace(&thing, pot).found("the thing")?;
            x.bind_pid(role::THING_BOILED, pid, Some(boiled_at));
            if matches!(case, 0 | 3) {
                x.bind_pid(
                    role::STOVE_TO_BOIL_ON,
                    stove_pid.found("the stove")?,
                    Some(boiled_at),
                );
            }
        }
        (thing, stove) => {
            x.fail(if thing.is_none() {
                "the thing to boil is not in the kitchen"
            } else if stove.is_none() {
                "the stove is not in the kitchen"
            } else {
                "only a pan or a pot can go on the stove"
            });
            x.bind_failed(role::THING_BOILED, Some(boiled_at));
            match (case, stove_pid) {
                // Case 1 still binds the kitchen's stove; case 4 a failed-object.
                (0, Some(pid)) => x.bind_pid(role::STOVE_TO_BOIL_ON, pid, Some(boiled_at)),
                (0, None) => return Err(SimError::Crash("the kitchen has no stove".into())),
                (3, _) => x.bind_failed(role::STOVE_TO_BOIL_ON, Some(boiled_at)),
                _ => {}
            }
        }
    }
    if case != 4 {
        x.bind_value(role::HEATING_MODE, mode, None);
    }
    if !given_time {
        let q = quantity(30, x.ids);
        let u = instance(x.known().minute, x.ids);
        x.bind_value(role::TIME_TO_BOIL_QUANTITY, q, None);
        x.bind_value(role::TIME_TO_BOIL_UNIT, u, None);
    }
    x.bind_kitchen(done, done);
    Ok(())
}

/// Spices and liquids become the boiling liquid (a single liquid stays
/// itself, otherwise a boiled homogeneous mixture); every other item is
/// boiled with it. Contents: the other items, then the liquid.
fn boil_contents(
    pot: &mut Entity,
    temperature: &Value,
    ids: &mut sous_kitchen::IdGen,
) -> Result<(), SimError> {
    let known = sous_kitchen::Ontology::get().known();
    let all = pot.contents().to_vec();
    let spices: Vec<EntityRef> = all
        .iter()
        .filter(|i| i.is_a(known.spice))
        .cloned()
        .collect();
    let liquids: Vec<EntityRef> = all
        .iter()
        .filter(|i| i.is_a(known.liquid))
        .cloned()
        .collect();
    if spices.is_empty() && liquids.is_empty() {
        return Err(SimError::Crash(
            "nothing to boil in: the container holds no liquid or spice".into(),
        ));
    }
    let mut liquid: Entity = if spices.is_empty() && liquids.len() == 1 {
        settable(&liquids[0], &[slot::BOILED, slot::TEMPERATURE])?;
        let mut l = (*liquids[0]).clone();
        l.set_flag(slot::BOILED, true);
        l
    } else {
        let both: Vec<EntityRef> = spices.iter().chain(&liquids).cloned().collect();
        let mut m = mixture::make(
            Ontology::get().known().homogeneous_mixture,
            &both,
            Some(slot::BOILED),
            ids,
        )?;
        m.set_flag(slot::IS_LIQUID, true);
        m
    };
    liquid.set(slot::TEMPERATURE, temperature.clone());
    let liquid = Arc::new(liquid);
    // Quirk: SBCL's set-difference returns the remaining items in reverse order.
    let mut main: Vec<EntityRef> = all
        .iter()
        .filter(|i| {
            !spices.iter().any(|s| Arc::ptr_eq(s, i)) && !liquids.iter().any(|l| Arc::ptr_eq(l, i))
        })
        .cloned()
        .collect();
    main.reverse();
    for item in main.iter_mut() {
        settable(item, &[slot::BOILED, slot::TEMPERATURE, slot::BOILED_WITH])?;
        let item = Arc::make_mut(item);
        item.set_flag(slot::BOILED, true);
        item.set(slot::TEMPERATURE, temperature.clone());
        item.set(slot::BOILED_WITH, Value::Entity(liquid.clone()));
    }
    main.push(liquid);
    if let Some(c) = pot.contents_mut() {
        *c = main.into();
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::primitives::test_util::*;
    use sous_kitchen::slot;

    fn pot_with(items: &[(&str, &str)]) -> String {
        let mut s = String::from("(get-kitchen ?k)\n(fetch ?pot ?ks0 ?k cooking-pot 1)\n");
        let mut ks = "?ks0".to_string();
        let mut into = "?pot".to_string();
        for (i, (class, amount)) in items.iter().enumerate() {
            s += &format!("(fetch-and-proportion ?p{i} ?kf{i} {ks} ?t{i} {class} {amount})\n");
            s += &format!(
                "(transfer-contents ?in{i} ?r{i} ?kt{i} ?kf{i} {into} ?p{i} ?q{i} ?u{i})\n"
            );
            ks = format!("?kt{i}");
            into = format!("?in{i}");
        }
        s + &format!("(boil ?boiled ?kb {ks} {into} ?stove ?mode ?tq ?tu)")
    }

    #[test]
    fn potatoes_are_boiled_with_the_salted_water() {
        let x = run(&pot_with(&[
            ("water", "500 ml"),
            ("salt", "3 g"),
            ("potato", "2 piece"),
        ]));
        assert!(x.failures.is_empty(), "{:?}", x.failures);
        // 30 + 3 × (30 + 20) = 180; then 30 minutes.
        assert_eq!(at(&x, "?boiled"), Some(180.0 + 1800.0));
        assert_eq!(at(&x, "?stove"), Some(1980.0));
        assert_eq!(at(&x, "?kb"), Some(210.0));
        assert_eq!(at(&x, "?tq"), None);
        let names: Vec<_> = bound(&x, "?boiled")
            .value
            .contents()
            .iter()
            .map(|c| c.class_name())
            .collect();
        assert_eq!(names, ["potato", "potato", "homogeneous-mixture"]);
        let pot = &bound(&x, "?boiled").value;
        let liquid = pot.contents()[2].clone();
        assert!(liquid.flag(slot::BOILED) && liquid.flag(slot::IS_LIQUID));
        assert_eq!(
            liquid.get(slot::TEMPERATURE).as_amount().unwrap().value,
            150.0
        );
        assert_eq!(liquid.amount().unwrap().value, 503.0);
        for potato in pot.contents().iter().take(2) {
            assert!(potato.flag(slot::BOILED));
            assert_eq!(
                potato.get(slot::BOILED_WITH).as_entity().unwrap().pid,
                liquid.pid
            );
        }
    }

    #[test]
    fn a_single_liquid_stays_itself() {
        let x = run(&pot_with(&[("water", "500 ml"), ("potato", "1 piece")]));
        assert!(x.failures.is_empty(), "{:?}", x.failures);
        let pot = &bound(&x, "?boiled").value;
        let water = &pot.contents()[1];
        assert_eq!(water.class_name(), "water");
        assert!(water.flag(slot::BOILED));
    }

    #[test]
    fn the_hour_unit_counts_as_minutes() {
        let text = pot_with(&[("water", "500 ml")]).replace("?tq ?tu)", "1 hour)");
        let x = run(&text);
        assert!(x.failures.is_empty(), "{:?}", x.failures);
        assert_eq!(at(&x, "?boiled"), Some(80.0 + 60.0));
    }

    #[test]
    fn nothing_to_boil_in_crashes() {
        let x = run(&pot_with(&[("potato", "1 piece")]));
        assert!(!x.solved);
        assert!(crashed(&x));
    }

    #[test]
    fn case_1_needs_a_pot_or_a_pan() {
        let x = run(
            "(get-kitchen ?k)\n(fetch-and-proportion ?w ?ks1 ?k ?t water 500 ml)\n\
             (boil ?boiled ?ks2 ?ks1 ?w ?stove ?mode 10 minute)",
        );
        assert!(x.solved);
        assert!(bound(&x, "?boiled").value.is_failed());
        assert_eq!(bound(&x, "?stove").value.class_name(), "stove");
        assert_eq!(at(&x, "?boiled"), Some(630.0));
    }
}
