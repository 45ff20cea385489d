//! `portion-and-arrange`: cuts the dough of a counter-top container into
//! portions of a given size (the last one takes the rest) and puts them on the
//! counter-top (cases 1, 2: the output is a list of the portions) or into a
//! destination (cases 3, 4: the output is the destination). Case 5 fills the
//! tins of a muffin tin with equal portions. 80 after the dough is ready.

use std::sync::Arc;

use sous_kitchen::{convert_to_g, slot, Amount, Entity, EntityRef, Num, Pid, Value};
use sous_lang::call::{portion_and_arrange as role, PortionAndArrange};

use crate::exec::Found;
use crate::ops::portions::set_slot;
use crate::{Call, SimError};

pub(crate) fn run(x: &mut Call<PortionAndArrange>) -> Result<(), SimError> {
    let done = x.start_after(role::CONTAINER_WITH_DOUGH)? + 80.0;
    x.ks.set_time(done);
    x.bind_kitchen(done, done);
    let on_counter_top = x.case <= 1;
    let pattern: EntityRef = if matches!(x.case, 1 | 3) {
        x.arg(role::ARRANGEMENT_PATTERN)?.clone()
    } else {
        let p = Arc::new(x.new_entity(x.known().evenly_spread));
        x.bind_value(role::ARRANGEMENT_PATTERN, p.clone(), None);
        p
    };
    if x.case == 4 {
        return muffin_tins(x, done, pattern);
    }
    let dough_failed = x.arg(role::CONTAINER_WITH_DOUGH)?.is_failed();
    let dough_place = x.locate_on_counter_top(role::CONTAINER_WITH_DOUGH)?;
    // Quirk: case 2 checks that the container was found; the others only that
    // it is no failed-object (a container off the counter-top crashes).
    let fails = if x.case == 1 {
        dough_place.is_none()
    } else {
        dough_failed
    };
    if on_counter_top {
        if fails {
            x.bind_failed(role::DESTINATION, None);
        } else {
            // The counter-top as it was before the action, with no time.
            let ct = x
                .before
                .counter_top()
                .and_then(|p| x.before.get(&p).cloned())
                .ok_or_else(|| SimError::Crash("the kitchen has no counter-top".into()))?;
            x.bind_value(role::DESTINATION, ct, None);
        }
    }
    if fails {
        x.fail("the dough's container is not on the counter-top");
        x.bind_failed(role::PORTIONS, Some(done));
        return Ok(());
    }
    let dough_place = dough_place
        .ok_or_else(|| SimError::Crash("the dough's container is not on the counter-top".into()))?;
    let container_pid = x.ks.get(&dough_place).found("the dough")?.pid;
    let dough = first_content(x, &dough_place)?;
    // Quirk: what is left is the dough's number in its own unit, whatever that is.
    let left = dough
        .amount()
        .ok_or_else(|| SimError::Crash("the dough has no amount".into()))?
        .value;
    let mut size = x.amount(role::QUANTITY, role::UNIT)?;
    let g = x.known().g;
    if size.unit != g {
        let mut probe = (*dough).clone();
        probe.set_amount(size);
        size = convert_to_g(&probe)?
            .amount()
            .ok_or_else(|| SimError::Crash("no portion size".into()))?;
    }
    let portions = cut(&dough, left, size, g)?;
    // Where the portions go: pushed one by one to the front.
    let dest_pid: Pid = if on_counter_top {
        let ct = x.ks.counter_top().found("the counter-top")?;
        x.ks.get(&ct).found("the counter-top")?.pid
    } else {
        let dest = x.arg(role::DESTINATION)?;
        if dest.is_failed() || x.ks.locate(dest.pid).is_none() {
            return Err(SimError::Crash(
                "the destination is not in the kitchen".into(),
            ));
        }
        dest.pid
    };
    let dest_place =
        x.ks.locate(dest_pid)
            .ok_or_else(|| SimError::Crash("the destination vanished".into()))?;
    let dest = x.ks.at_mut(&dest_place).found("the destination")?;
    let list = dest
        .contents_mut()
        .ok_or_else(|| SimError::Crash("the destination holds nothing".into()))?;
    for p in &portions {
        list.insert(0, p.clone());
    }
    empty(x, container_pid);
    let dest_place =
        x.ks.locate(dest_pid)
            .ok_or_else(|| SimError::Crash("the destination vanished".into()))?;
    let dest = x.ks.at_mut(&dest_place).found("the destination")?;
    set_slot(dest, slot::ARRANGEMENT, Value::Entity(pattern))?;
    if on_counter_top {
        let mut list = x.new_entity(x.known().list_of_kitchen_entities);
        let newest_first: Vec<EntityRef> = portions.into_iter().rev().collect();
        list.set(slot::ITEMS, Value::List(newest_first.into()));
        x.bind_value(role::PORTIONS, Arc::new(list), Some(done));
    } else {
        x.bind_pid(role::PORTIONS, dest_pid, Some(done));
    }
    Ok(())
}

/// Copies of the dough (same persistent id): `size` each while more than
/// `size` is left, then the rest, in g.
fn cut(
    dough: &Entity,
    left: Num,
    size: Amount,
    g: sous_kitchen::ClassId,
) -> Result<Vec<EntityRef>, SimError> {
    if left > Num::ZERO && size.value <= Num::ZERO {
        return Err(SimError::Crash(
            "a portion size of zero: the reference never stops portioning".into(),
        ));
    }
    crate::ops::check_new_objects((left / size.value).to_f64().ceil(), "portions")?;
    Ok(crate::ops::portions::split(
        dough,
        left,
        size,
        g,
        usize::MAX,
    ))
}

fn first_content(x: &Call<PortionAndArrange>, place: &[usize]) -> Result<EntityRef, SimError> {
    x.ks.get(place)
        .and_then(|c| c.contents().first().cloned())
        .ok_or_else(|| SimError::Crash("the dough's container is empty".into()))
}

fn empty(x: &mut Call<PortionAndArrange>, pid: Pid) {
    crate::ops::portions::empty(x, pid);
}

/// Case 5: as many equal portions as the muffin tin has tins, in the dough's unit.
fn muffin_tins(
    x: &mut Call<PortionAndArrange>,
    done: f64,
    pattern: EntityRef,
) -> Result<(), SimError> {
    let dough_place = x.locate_on_counter_top(role::CONTAINER_WITH_DOUGH)?;
    let dest_place = x.locate(role::DESTINATION)?;
    let tins = x.known().muffin_tins;
    let dest_ok = dest_place
        .as_ref()
        .and_then(|p| x.ks.get(p))
        .is_some_and(|d| d.is_a(tins));
    let (Some(dough_place), Some(dest_place), true) = (dough_place, dest_place, dest_ok) else {
        x.fail("without a portion size, dough can only be portioned into muffin tins on the counter-top");
        x.bind_failed(role::PORTIONS, Some(done));
        x.bind_failed(role::QUANTITY, None);
        x.bind_failed(role::UNIT, None);
        return Ok(());
    };
    let container_pid = x.ks.get(&dough_place).found("the dough")?.pid;
    let dough = first_content(x, &dough_place)?;
    let amount = dough
        .amount()
        .ok_or_else(|| SimError::Crash("the dough has no amount".into()))?;
    let n =
        x.ks.get(&dest_place)
            .and_then(|d| d.get(slot::NUMBER_OF_TINS).as_entity().cloned())
            .and_then(|q| q.quantity_value())
            .ok_or_else(|| SimError::Crash("the muffin tin has no number of tins".into()))?;
    if n.is_zero() {
        return Err(SimError::Crash(
            "division by zero: a muffin tin with no tins".into(),
        ));
    }
    let each = Amount {
        value: amount.value / n,
        unit: amount.unit,
    };
    let mut portion = (*dough).clone();
    portion.set_amount(each);
    let portion = Arc::new(portion);
    let dest_pid = x.ks.get(&dest_place).found("the destination")?.pid;
    let dest = x.ks.at_mut(&dest_place).found("the destination")?;
    if let Some(c) = dest.contents_mut() {
        let mut left = n;
        while left > Num::ZERO {
            c.insert(0, portion.clone());
            left -= Num::ONE;
        }
    }
    empty(x, container_pid);
    let dest_place =
        x.ks.locate(dest_pid)
            .ok_or_else(|| SimError::Crash("the destination vanished".into()))?;
    let dest = x.ks.at_mut(&dest_place).found("the destination")?;
    set_slot(dest, slot::ARRANGEMENT, Value::Entity(pattern))?;
    x.bind_pid(role::PORTIONS, dest_pid, Some(done));
    let q = Arc::new(Entity::quantity(each.value, x.ids));
    let unit = Arc::new(Entity::new(each.unit, x.ids));
    x.bind_value(role::QUANTITY, q, None);
    x.bind_value(role::UNIT, unit, None);
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::ops::portions::TEST_PORTIONS as PORTIONS;
    use crate::primitives::test_util::*;
    use sous_kitchen::{slot, KitchenState};

    const DOUGH: &str = "(get-kitchen ?k)\n\
        (fetch-and-proportion ?a ?ks1 ?k ?t1 butter 230 g)\n\
        (fetch-and-proportion ?b ?ks2 ?ks1 ?a white-sugar 120 g)\n\
        (mix ?dough ?ks3 ?ks2 ?b ?tool)\n";

    fn amounts<'a>(
        items: impl IntoIterator<Item = &'a sous_kitchen::EntityRef>,
    ) -> Vec<sous_kitchen::Num> {
        items
            .into_iter()
            .map(|i| i.amount().unwrap().value)
            .collect()
    }

    #[test]
    fn portions_onto_the_counter_top_by_default() {
        let x = run(PORTIONS);
        assert!(x.failures.is_empty(), "{:?}", x.failures);
        assert_eq!(at(&x, "?portions"), Some(170.0));
        assert_eq!(at(&x, "?ks4"), Some(170.0));
        assert_eq!(at(&x, "?pattern"), None);
        assert_eq!(at(&x, "?ct"), None);
        assert_eq!(bound(&x, "?pattern").value.class_name(), "evenly-spread");
        let ct = &bound(&x, "?ct").value;
        assert_eq!(ct.class_name(), "counter-top");
        let list = &bound(&x, "?portions").value;
        assert_eq!(list.class_name(), "list-of-kitchen-entities");
        assert_eq!(amounts(list.items()), [50.0, 100.0, 100.0, 100.0]);
        let dough = &bound(&x, "?dough").value.contents()[0];
        assert!(list.items().iter().all(|p| p.pid == dough.pid));
        let ks = KitchenState::from_entity(bound(&x, "?ks4").value.clone());
        let top = ks.get(&ks.counter_top().unwrap()).unwrap();
        assert_eq!(
            amounts(top.contents().iter().take(4)),
            [50.0, 100.0, 100.0, 100.0]
        );
        let pattern = top.get(slot::ARRANGEMENT).as_entity().unwrap();
        assert_eq!(pattern.class_name(), "evenly-spread");
        assert!(ks
            .find(bound(&x, "?dough").value.pid)
            .unwrap()
            .contents()
            .is_empty());
    }

    #[test]
    fn portions_into_a_destination_with_a_unit_to_convert() {
        let x = run(&format!(
            "{DOUGH}(fetch ?tray ?ks4 ?ks3 baking-tray 1)\n\
             (portion-and-arrange ?on-tray ?ks5 ?ks4 ?dough 10 tablespoon ?pattern ?tray)"
        ));
        assert!(x.failures.is_empty(), "{:?}", x.failures);
        assert_eq!(at(&x, "?on-tray"), Some(200.0));
        let tray = &bound(&x, "?on-tray").value;
        assert_eq!(tray.class_name(), "baking-tray");
        // 10 tablespoons of the butter-and-sugar dough, by its components.
        let size: f64 = 10.0 * 3.0 * (230.0 / 350.0 * 5.0 + 120.0 / 350.0 * 4.2);
        let got: Vec<f64> = amounts(tray.contents())
            .iter()
            .map(|a| a.to_f64())
            .collect();
        assert_eq!(got.len(), (350.0 / size).ceil() as usize);
        // (In single-floats, as the reference computes it.)
        assert!((got[1] - size).abs() < 1e-4, "{got:?}");
        assert!(got[0] < size);
        assert!((got.iter().sum::<f64>() - 350.0).abs() < 1e-4);
        // The white sugar's teaspoon rate (4.2) is a float: so is the size.
        assert!(amounts(tray.contents())[1].is_float());
    }

    #[test]
    fn fills_a_muffin_tin_without_a_size() {
        let x = run(&format!(
            "{DOUGH}(fetch ?tin ?ks4 ?ks3 muffin-tins-12 1)\n\
             (portion-and-arrange ?muffins ?ks5 ?ks4 ?dough ?q ?u ?pattern ?tin)"
        ));
        assert!(x.failures.is_empty(), "{:?}", x.failures);
        let tin = &bound(&x, "?muffins").value;
        assert_eq!(tin.contents().len(), 12);
        let each = sous_kitchen::Num::ratio(350, 12);
        assert_eq!(amounts(tin.contents())[0], each);
        assert_eq!(format!("{each:?}"), "175/6");
        assert_eq!(bound(&x, "?q").value.quantity_value(), Some(each));
        assert_eq!(bound(&x, "?u").value.class_name(), "g");
        assert_eq!(at(&x, "?q"), None);
    }

    #[test]
    fn without_a_size_only_muffin_tins_work() {
        let x = run(&format!(
            "{DOUGH}(fetch ?tray ?ks4 ?ks3 baking-tray 1)\n\
             (portion-and-arrange ?p ?ks5 ?ks4 ?dough ?q ?u ?pattern ?tray)"
        ));
        assert!(bound(&x, "?p").value.is_failed());
        assert!(bound(&x, "?q").value.is_failed());
        assert_eq!(at(&x, "?p"), Some(200.0));
        assert_eq!(x.failures.len(), 1);
    }

    #[test]
    fn a_failed_dough_gives_failed_portions() {
        let x = run(
            "(get-kitchen ?k)\n(fetch-and-proportion ?x ?ks ?k ?bowl linguine 100 g)\n\
             (portion-and-arrange ?p ?ks2 ?ks ?x 25 g ?pattern ?ct)",
        );
        assert!(bound(&x, "?p").value.is_failed());
        assert!(bound(&x, "?ct").value.is_failed());
        assert_eq!(bound(&x, "?pattern").value.class_name(), "evenly-spread");
        assert_eq!(at(&x, "?p"), Some(110.0));
    }
}
