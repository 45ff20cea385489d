//! `seed`: seeds every content of the input container, the seeds going to a
//! medium bowl (closest unused); the tool is the closest unused knife unless
//! given (then it must be on the counter-top). 60 after the input is ready.
//! Quirk: the output is a modified copy of the input value; the container in
//! the kitchen keeps its unseeded contents.

use std::sync::Arc;

use sous_kitchen::{slot, Entity, Ontology, Value};
use sous_lang::call::{seed as role, Seed};

use crate::ops::cutting::{finish_with_leftovers, set_on_all};
use crate::{Call, SimError};

pub(crate) fn run(x: &mut Call<Seed>) -> Result<(), SimError> {
    let done = x.start_after(role::INPUT_INGREDIENT)? + 60.0;
    let input = x.arg(role::INPUT_INGREDIENT)?.clone();
    let tool = if x.case == 0 {
        x.retrieve(x.known().knife, &[])
    } else {
        x.counter_top_pid(role::SEEDING_TOOL)?
    };
    let bowl = x.retrieve(x.known().medium_bowl, &[]);
    x.ks.set_time(done);
    let (Some(tool), Some(bowl), false) = (tool, bowl, input.is_failed()) else {
        x.fail(if input.is_failed() {
            "there is nothing to seed (the input is a failed-object)"
        } else if tool.is_none() {
            "no seeding tool"
        } else {
            "no unused medium bowl for the seeds"
        });
        x.bind_failed(role::SEEDED_INGREDIENT, Some(done));
        x.bind_failed(role::SEED_OF_INGREDIENT, Some(done));
        if x.case == 0 {
            x.bind_failed(role::SEEDING_TOOL, Some(done));
        }
        x.bind_kitchen(done, done);
        return Ok(());
    };
    let mut output = (*input).clone();
    let mut seeds = Vec::new();
    if let Some(items) = output.contents_mut() {
        set_on_all(items, slot::SEEDED, &Value::Bool(true), None)?;
        let seed = Ontology::get().known().seed;
        for item in items.iter() {
            let mut s = Entity::new(seed, x.ids);
            s.set(slot::SEED_OF, Value::Entity(item.clone()));
            seeds.insert(0, Arc::new(s));
        }
    }
    finish_with_leftovers(
        x,
        output,
        seeds,
        bowl,
        tool,
        [
            role::SEEDED_INGREDIENT,
            role::SEED_OF_INGREDIENT,
            role::SEEDING_TOOL,
        ],
        done,
    )
}

#[cfg(test)]
mod tests {
    use crate::primitives::test_util::*;
    use sous_kitchen::slot;

    #[test]
    fn seed_defaults_to_a_knife_and_a_bowl_for_the_seeds() {
        let x = run(
            "(get-kitchen ?k)\n(fetch-and-proportion ?p ?ks1 ?k ?t jalapeno 1 piece)\n\
             (seed ?seeded ?seeds ?ks2 ?ks1 ?p ?knife)",
        );
        assert!(x.solved && x.failures.is_empty(), "{:?}", x.failures);
        for v in ["?seeded", "?seeds", "?ks2", "?knife"] {
            assert_eq!(at(&x, v), Some(90.0), "{v}");
        }
        let seeded = &bound(&x, "?seeded").value;
        assert!(seeded.contents()[0].flag(slot::SEEDED));
        let seeds = &bound(&x, "?seeds").value;
        assert_eq!(seeds.contents()[0].class_name(), "seed");
        let of = seeds.contents()[0].get(slot::SEED_OF).as_entity().unwrap();
        assert_eq!(of.class_name(), "jalapeno");
        assert!(of.flag(slot::SEEDED));
        assert!(seeds.flag(slot::USED) && bound(&x, "?knife").value.flag(slot::USED));
        // Quirk: the jalapeno in the kitchen is not seeded.
        let ks = sous_kitchen::KitchenState::from_entity(bound(&x, "?ks2").value.clone());
        let bowl = ks.find(seeded.pid).unwrap();
        assert!(!bowl.contents()[0].flag(slot::SEEDED));
    }

    #[test]
    fn seed_with_the_knife_of_an_earlier_step() {
        let x = run("(get-kitchen ?k)\n(fetch-and-proportion ?p ?ks1 ?k ?t jalapeno 1 piece)\n\
             (seed ?seeded ?seeds ?ks2 ?ks1 ?p ?knife)\n\
             (fetch-and-proportion ?q ?ks3 ?ks2 ?t2 tomato 2 piece)\n(seed ?s2 ?seeds2 ?ks4 ?ks3 ?q ?knife)");
        assert!(x.failures.is_empty(), "{:?}", x.failures);
        assert_eq!(at(&x, "?s2"), Some(180.0));
        assert_eq!(bound(&x, "?seeds2").value.contents().len(), 2);
    }

    #[test]
    fn seeding_a_failed_object_fails() {
        let x = run(
            "(get-kitchen ?k)\n(fetch-and-proportion ?p ?ks1 ?k ?t linguine 1 g)\n\
             (seed ?seeded ?seeds ?ks2 ?ks1 ?p ?knife)",
        );
        assert!(x.solved);
        for v in ["?seeded", "?seeds", "?knife"] {
            assert!(bound(&x, v).value.is_failed(), "{v}");
            assert_eq!(at(&x, v), Some(90.0));
        }
    }
}
