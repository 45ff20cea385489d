//! `line`: lines a lineable thing (or each item of a list) with baking paper,
//! paper baking cups, or the contents of a container. ks + 150 whatever the
//! inputs' availability.

use std::sync::Arc;

use sous_kitchen::{slot, Entity, EntityRef, Num, Value};
use sous_lang::call::{line as role, Line};

use crate::exec::Found;
use crate::ops::heat::{list_with, listed_items, settable};
use crate::{Call, SimError};

pub(crate) fn run(x: &mut Call<Line>) -> Result<(), SimError> {
    let done = x.ks_time() + 150.0;
    let thing = x.arg(role::THING_TO_BE_LINED)?.clone();
    if x.case == 0 {
        if thing.is_a(x.known().lineable) {
            return line_one(x, &thing, None, done);
        }
        if is_list_of_lineables(&thing) {
            return papers_for_list(x, &thing, done);
        }
    } else {
        let lining = x.arg(role::LINING)?.clone();
        if thing.is_a(x.known().lineable) && lining.is_a(x.known().can_be_lined_with) {
            return line_one(x, &thing, Some(&lining), done);
        }
        if is_list_of_lineables(&thing)
            && lining.is_a(x.known().transferable_container)
            && lining
                .contents()
                .iter()
                .all(|c| c.is_a(x.known().can_be_lined_with))
        {
            return contents_for_list(x, &thing, &lining, done);
        }
    }
    x.fail(format!(
        "a `{}` cannot be lined{}",
        thing.class_name(),
        if x.case == 1 { " with that" } else { "" }
    ));
    x.bind_failed(role::LINED_THING, Some(done));
    if x.case == 0 {
        x.bind_failed(role::LINING, None);
    }
    // Quirk: this branch leaves the kitchen clock where it was, though ks-out is bound at +150.
    let t = x.ks_time();
    x.bind_kitchen(t, done);
    Ok(())
}

fn is_list_of_lineables(thing: &Entity) -> bool {
    let known = sous_kitchen::Ontology::get().known();
    thing.is_a(known.list_of_kitchen_entities)
        && thing.items().iter().all(|i| i.is_a(known.lineable))
}

/// Where the thing to line is: a concept gets the closest unused instance,
/// anything else is looked up on the counter-top.
fn target_of(x: &mut Call<Line>, thing: &Entity) -> Result<Option<sous_kitchen::Pid>, SimError> {
    if thing.flag(slot::IS_CONCEPT) {
        Ok(x.ks
            .retrieve(thing.class, &[])
            .and_then(|p| x.ks.pid_at(&p)))
    } else {
        Ok(x.counter_top_pid(role::THING_TO_BE_LINED)?)
    }
}

/// A lineable thing. Case 1 (`lining` None) and case 2 both take the closest
/// unused baking paper, except muffin tins given paper baking cups.
fn line_one(
    x: &mut Call<Line>,
    thing: &Entity,
    lining: Option<&EntityRef>,
    done: f64,
) -> Result<(), SimError> {
    let target = target_of(x, thing)?;
    let onto = sous_kitchen::Ontology::get();
    let cups_class = onto.known().paper_baking_cups;
    let mut lining_obj: Option<Entity> = None;
    if target.is_some() || lining.is_none() {
        let cups =
            lining.is_some_and(|l| l.class == cups_class) && thing.is_a(x.known().muffin_tins);
        if cups {
            lining_obj = Some(collect_cups(x, thing)?);
        } else {
            // Quirk: a given lining is ignored; the closest unused baking paper is taken.
            let paper = x.known().baking_paper;
            lining_obj =
                x.ks.retrieve(paper, &[])
                    .and_then(|p| x.ks.get(&p))
                    .map(|e| (**e).clone());
        }
    }
    let usable = lining_obj
        .as_ref()
        .is_some_and(|l| l.class != cups_class || !l.items().is_empty());
    match (target, lining_obj) {
        (Some(target), Some(mut l)) if usable => {
            l.set_flag(slot::IS_LINING, true);
            l.set_flag(slot::USED, true);
            if l.class == cups_class {
                if let Some(items) = l.list_mut(slot::ITEMS) {
                    for cup in items.iter_mut() {
                        Arc::make_mut(cup).set_flag(slot::USED, true);
                    }
                }
            }
            // The lining leaves the counter-top: it now lives in the thing's lined-with slot.
            if let Some(ct) = x.ks.counter_top() {
                if let Some(list) = x.ks.at_mut(&ct).and_then(|c| c.contents_mut()) {
                    list.retain(|e| e.pid != l.pid);
                }
            }
            let place =
                x.ks.locate(target)
                    .ok_or_else(|| SimError::Crash("the lined thing vanished".into()))?;
            let t = x.ks.at_mut(&place).found("the lined thing")?;
            settable(t, &[slot::LINED_WITH])?;
            t.set(slot::LINED_WITH, Value::Entity(Arc::new(l.clone())));
            t.set_flag(slot::USED, true);
            x.bind_pid(role::LINED_THING, target, Some(done));
            if lining.is_none() {
                x.bind_value(role::LINING, Arc::new(l), None);
            }
        }
        (target, _) => {
            x.fail(if target.is_none() {
                format!("no `{}` on the counter-top to line", thing.class_name())
            } else {
                "nothing to line it with".to_string()
            });
            x.bind_failed(role::LINED_THING, Some(done));
            if lining.is_none() {
                x.bind_failed(role::LINING, None);
            }
        }
    }
    x.bind_kitchen(done, done);
    Ok(())
}

/// Paper baking cups for muffin tins: cups are taken from the closest unused
/// cups packs until `number-of-tins` are collected (newest first); an emptied
/// pack leaves the kitchen.
fn collect_cups(x: &mut Call<Line>, tins: &Entity) -> Result<Entity, SimError> {
    let mut remaining = tins
        .get(slot::NUMBER_OF_TINS)
        .as_entity()
        .and_then(|q| q.quantity_value())
        .ok_or_else(|| SimError::Crash("the muffin tins have no number of tins".into()))?;
    let class = x.known().paper_baking_cups;
    let mut taken: Vec<EntityRef> = Vec::new();
    loop {
        let place =
            x.ks.retrieve(class, &[])
                .ok_or_else(|| SimError::Crash("ran out of paper baking cups".into()))?;
        let pack = x.ks.at_mut(&place).found("the pack of paper baking cups")?;
        let items = pack
            .list_mut(slot::ITEMS)
            .found("the list of paper baking cups")?;
        while remaining > Num::ZERO && !items.is_empty() {
            taken.insert(0, items.remove(0));
            remaining -= Num::ONE;
        }
        if items.is_empty() {
            x.ks.remove(&place);
        }
        if remaining <= Num::ZERO {
            break;
        }
    }
    let mut cups = x.new_entity(x.known().paper_baking_cups);
    cups.set(slot::ITEMS, Value::List(taken.into()));
    Ok(cups)
}

/// Case 1 with a list: one closest unused baking paper per item. The items
/// lined are those of the list (the counter-top copies are left alone).
fn papers_for_list(x: &mut Call<Line>, list: &EntityRef, done: f64) -> Result<(), SimError> {
    let found = listed_items(&x.ks, list)?;
    let mut papers = Vec::new();
    for _ in 0..list.items().len() {
        papers.push(x.retrieve(x.known().baking_paper, &[]));
    }
    let Some(found) = found.filter(|_| !papers.is_empty()) else {
        x.fail("the items to line are not on the counter-top");
        x.bind_failed(role::LINED_THING, Some(done));
        x.bind_failed(role::LINING, None);
        x.bind_kitchen(done, done);
        return Ok(());
    };
    let mut lined = Vec::new();
    let mut linings = Vec::new();
    for (item, paper) in found.iter().zip(&papers) {
        let pid = paper.ok_or_else(|| SimError::Crash("not enough baking paper".into()))?;
        let place = x.ks.locate(pid).found("the baking paper")?;
        let p = x.ks.at_mut(&place).found("the baking paper")?;
        p.set_flag(slot::IS_LINING, true);
        p.set_flag(slot::USED, true);
        let p = Arc::new(p.clone());
        let mut item = (**item).clone();
        item.set(slot::LINED_WITH, Value::Entity(p.clone()));
        item.set_flag(slot::USED, true);
        lined.push(Arc::new(item));
        linings.push(p);
    }
    x.bind_value(role::LINED_THING, list_with(list, lined), Some(done));
    let mut l = x.new_entity(x.known().list_of_kitchen_entities);
    l.set(slot::ITEMS, Value::List(linings.into()));
    x.bind_value(role::LINING, Arc::new(l), None);
    x.bind_kitchen(done, done);
    Ok(())
}

/// Case 2 with a list and a container: each item gets a copy of the
/// container's first content as lining (the container keeps it).
fn contents_for_list(
    x: &mut Call<Line>,
    list: &EntityRef,
    _lining: &EntityRef,
    done: f64,
) -> Result<(), SimError> {
    let found = listed_items(&x.ks, list)?
        .ok_or_else(|| SimError::Crash("the things to line are a failed-object".into()))?;
    let mut lined = Vec::new();
    if !found.is_empty() {
        let source = x
            .locate(role::LINING)?
            .and_then(|p| x.ks.get(&p).cloned())
            .ok_or_else(|| SimError::Crash("the lining container is not in the kitchen".into()))?;
        let first = source
            .contents()
            .first()
            .cloned()
            .ok_or_else(|| SimError::Crash("the lining container is empty".into()))?;
        for item in &found {
            let mut l = (*first).clone();
            l.set_flag(slot::IS_LINING, true);
            let mut item = (**item).clone();
            item.set(slot::LINED_WITH, Value::Entity(Arc::new(l)));
            item.set_flag(slot::USED, true);
            lined.push(Arc::new(item));
        }
    }
    x.bind_value(role::LINED_THING, list_with(list, lined), Some(done));
    x.bind_kitchen(done, done);
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::primitives::test_util::*;
    use sous_kitchen::{slot, KitchenState};

    #[test]
    fn lines_a_fetched_tray_with_the_closest_paper() {
        let x = run("(get-kitchen ?k)\n(fetch ?tray ?ks1 ?k baking-tray 1)\n(fetch ?paper ?ks2 ?ks1 baking-paper 1)\n\
             (line ?lined ?ks3 ?ks2 ?tray ?paper)");
        assert!(x.solved && x.failures.is_empty(), "{:?}", x.failures);
        // 150 from the kitchen time (60), whatever the inputs' times.
        assert_eq!(at(&x, "?lined"), Some(210.0));
        assert_eq!(at(&x, "?ks3"), Some(210.0));
        let tray = &bound(&x, "?lined").value;
        assert!(tray.flag(slot::USED));
        let paper = tray.get(slot::LINED_WITH).as_entity().unwrap();
        assert_eq!(paper.class_name(), "baking-paper");
        assert_eq!(paper.pid, bound(&x, "?paper").value.pid);
        assert!(paper.flag(slot::IS_LINING) && paper.flag(slot::USED));
        assert_eq!(counter_top_classes(&x, "?ks3"), ["baking-tray"]);
    }

    #[test]
    fn defaults_the_lining_and_binds_it_without_time() {
        let x = run("(get-kitchen ?k)\n(fetch ?tray ?ks1 ?k baking-tray 1)\n(line ?lined ?ks2 ?ks1 ?tray ?lining)");
        assert!(x.failures.is_empty(), "{:?}", x.failures);
        assert_eq!(at(&x, "?lined"), Some(180.0));
        assert_eq!(at(&x, "?lining"), None);
        assert_eq!(bound(&x, "?lining").value.class_name(), "baking-paper");
        // A concept is replaced by the closest unused instance.
        let x = run("(get-kitchen ?k)\n(line ?lined ?ks ?k cookie-sheet ?lining)");
        assert!(x.failures.is_empty(), "{:?}", x.failures);
        assert_eq!(bound(&x, "?lined").value.class_name(), "cookie-sheet");
        assert_eq!(counter_top_classes(&x, "?ks"), ["cookie-sheet"]);
    }

    #[test]
    fn muffin_tins_take_one_paper_cup_per_tin() {
        let x = run("(get-kitchen ?k)\n(fetch ?tins ?ks1 ?k muffin-tins 1)\n(line ?lined ?ks2 ?ks1 ?tins paper-baking-cups)");
        assert!(x.failures.is_empty(), "{:?}", x.failures);
        let cups = bound(&x, "?lined")
            .value
            .get(slot::LINED_WITH)
            .as_entity()
            .unwrap()
            .clone();
        assert_eq!(cups.class_name(), "paper-baking-cups");
        assert_eq!(cups.items().len(), 12);
        assert!(cups.flag(slot::IS_LINING) && cups.items().iter().all(|c| c.flag(slot::USED)));
        // The pack, with its 3 remaining cups, lies on the counter-top, unused.
        let ks = KitchenState::from_entity(bound(&x, "?ks2").value.clone());
        let ct = ks.get(&ks.counter_top().unwrap()).unwrap().clone();
        assert_eq!(ct.contents()[0].class_name(), "paper-baking-cups");
        assert_eq!(ct.contents()[0].items().len(), 3);
        assert!(!ct.contents()[0].flag(slot::USED));
    }

    #[test]
    fn lines_each_plate_with_a_copy_of_the_bowls_first_content() {
        let x = run("(get-kitchen ?k)\n(fetch-and-proportion ?lettuce ?ks1 ?k ?t romaine-lettuce 1 piece)\n\
             (fetch ?plates ?ks2 ?ks1 medium-plate 2)\n(line ?lined ?ks3 ?ks2 ?plates ?lettuce)");
        assert!(x.failures.is_empty(), "{:?}", x.failures);
        assert_eq!(at(&x, "?lined"), Some(240.0));
        let lined = &bound(&x, "?lined").value;
        assert_eq!(lined.items().len(), 2);
        for plate in lined.items() {
            let l = plate.get(slot::LINED_WITH).as_entity().unwrap();
            assert_eq!(l.class_name(), "romaine-lettuce");
            assert!(l.flag(slot::IS_LINING) && plate.flag(slot::USED));
        }
        // The bowl keeps its lettuce.
        assert_eq!(bound(&x, "?lettuce").value.contents().len(), 1);
    }

    #[test]
    fn a_thing_that_cannot_be_lined_gives_a_failed_object_and_keeps_the_clock() {
        let x = run("(get-kitchen ?k)\n(fetch ?bowl ?ks1 ?k medium-bowl 1)\n(line ?lined ?ks2 ?ks1 ?bowl ?lining)");
        assert!(x.solved);
        assert!(bound(&x, "?lined").value.is_failed());
        assert!(bound(&x, "?lining").value.is_failed());
        assert_eq!(x.failures.len(), 1);
        assert_eq!(at(&x, "?ks2"), Some(180.0));
        let ks = KitchenState::from_entity(bound(&x, "?ks2").value.clone());
        assert_eq!(ks.time(), 30.0, "quirk: the clock is not advanced");
    }
}
