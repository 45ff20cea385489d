//! An entity keeps values of its own only for the slots that were set (or
//! start as fresh objects) and reads the others from its class: these tests
//! hold that to what a plain slot vector would give, for every class.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use sous_kitchen::{slot, Entity, EntityList, IdGen, Num, Ontology, Value};

/// A value for a slot, different from most defaults.
fn some_value(rng: &mut impl Rng, ids: &mut IdGen) -> Value {
    let onto = Ontology::get();
    match rng.gen_range(0..5) {
        0 => Value::Nil,
        1 => Value::Bool(rng.gen()),
        2 => Value::Number(Num::from(rng.gen_range(0..1000) as i64)),
        3 => Value::Entity(std::sync::Arc::new(Entity::new(
            onto.known().medium_bowl,
            ids,
        ))),
        _ => Value::List(
            std::iter::repeat_with(|| {
                std::sync::Arc::new(Entity::new(onto.known().medium_bowl, ids))
            })
            .take(rng.gen_range(0..3))
            .collect(),
        ),
    }
}

/// What the kitchen walks read (`contents`, `is_used`) agrees with the slots.
fn assert_searched_slots_agree(e: &Entity) {
    assert_eq!(e.contents(), e.get(slot::CONTENTS).as_list(), "{e:?}");
    assert_eq!(e.is_used(), e.get(slot::USED).as_bool(), "{e:?}");
}

#[test]
fn every_class_reads_back_what_was_set_in_any_order() {
    let onto = Ontology::get();
    let mut rng = rand::rngs::StdRng::seed_from_u64(24);
    let mut ids = IdGen::starting_at(1);
    for (class, def) in onto.classes() {
        let slots: Vec<_> = def.slots.iter().map(|(s, _)| *s).collect();
        for _ in 0..4 {
            let mut e = Entity::new(class, &mut ids);
            let fresh = e.clone();
            assert_searched_slots_agree(&e);
            // What a plain vector of the slots would hold.
            let mut expected: Vec<Value> = e.values().cloned().collect();
            let mut order = slots.clone();
            order.shuffle(&mut rng);
            for s in order.iter().take(rng.gen_range(0..=order.len())) {
                let v = some_value(&mut rng, &mut ids);
                let p = slots.iter().position(|x| x == s).unwrap();
                expected[p] = v.clone();
                assert!(e.set(*s, v));
                assert_searched_slots_agree(&e);
                assert_eq!(e.values().cloned().collect::<Vec<_>>(), expected);
            }
            // A list slot taken for changing reads as a list after.
            if def.slots.iter().any(|(s, _)| *s == slot::CONTENTS) {
                let mut c = fresh.clone();
                c.contents_mut()
                    .unwrap()
                    .push(std::sync::Arc::new(Entity::new(
                        onto.known().medium_bowl,
                        &mut ids,
                    )));
                assert_eq!(c.contents().len(), fresh.contents().len() + 1);
                assert_searched_slots_agree(&c);
            }
            assert!(!e.set(sous_kitchen::SlotId(u16::MAX), Value::Nil));
        }
    }
}

#[test]
fn a_slot_set_to_its_default_is_equal_to_one_left_at_it() {
    let onto = Ontology::get();
    let mut ids = IdGen::starting_at(1);
    let bowl = Entity::new(onto.known().medium_bowl, &mut ids);
    let mut set = bowl.clone();
    set.set(slot::USED, bowl.get(slot::USED).clone());
    set.set(slot::CONTENTS, Value::List(EntityList::new()));
    assert_eq!(bowl, set);
    set.set_flag(slot::USED, true);
    assert_ne!(bowl, set);
}
