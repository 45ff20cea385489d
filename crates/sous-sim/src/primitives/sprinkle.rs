//! `sprinkle`: shares the first content of a counter-top topping container
//! (by weight, in g) equally over the portions (contents of a counter-top
//! container, or items of a list on the counter-top); the topping container is
//! emptied. 50 after the object is ready.

use sous_kitchen::slot;
use sous_lang::call::{sprinkle as role, Sprinkle};

use crate::ops::portions::{empty, first_content_on_counter_top, share_out, Portions, TestFirst};
use crate::{Call, SimError};

pub(crate) fn run(x: &mut Call<Sprinkle>) -> Result<(), SimError> {
    let found = Portions::of(x, role::OBJECT, TestFirst::Container, "sprinkled")?;
    let done = x.start_after(role::OBJECT)? + 50.0;
    x.bind_kitchen(done, done);
    let topping = first_content_on_counter_top(x, role::TOPPING_CONTAINER)?;
    let (Some(mut found), Some((topping_pid, first))) = (found, topping) else {
        x.fail("the object or the topping container is not on the counter-top");
        x.bind_failed(role::SPRINKLED_OBJECT, Some(done));
        return Ok(());
    };
    let first = first.ok_or_else(|| SimError::Crash("the topping container is empty".into()))?;
    share_out(x, &mut found, &first, &|_| slot::SPRINKLED_WITH)?;
    empty(x, topping_pid);
    found.bind(x, role::SPRINKLED_OBJECT, done);
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::ops::portions::TEST_PORTIONS as PORTIONS;
    use crate::primitives::test_util::*;
    use sous_kitchen::{slot, KitchenState};

    const SUGAR: &str = "(fetch-and-proportion ?sugar ?ks5 ?ks4 ?t2 powdered-white-sugar 30 g)\n";

    #[test]
    fn shares_the_topping_over_list_items() {
        let x = run(&format!(
            "{PORTIONS}{SUGAR}(sprinkle ?done ?ks6 ?ks5 ?portions ?sugar)"
        ));
        assert!(x.failures.is_empty(), "{:?}", x.failures);
        // Waits for the kitchen (200), not for the portions (170).
        assert_eq!(at(&x, "?done"), Some(250.0));
        assert_eq!(at(&x, "?ks6"), Some(250.0));
        let done = &bound(&x, "?done").value;
        assert_eq!(done.items().len(), 4);
        for item in done.items() {
            let s = item.get(slot::SPRINKLED_WITH).as_entity().unwrap();
            assert_eq!(s.class_name(), "powdered-white-sugar");
            assert_eq!(s.amount().unwrap().value, 7.5);
        }
        let ks = KitchenState::from_entity(bound(&x, "?ks6").value.clone());
        let bowl = ks.find(bound(&x, "?sugar").value.pid).unwrap();
        assert!(
            bowl.contents().is_empty(),
            "the topping container is emptied"
        );
    }

    #[test]
    fn shares_the_topping_over_a_containers_contents_in_grams() {
        let x = run(
            "(get-kitchen ?k)\n(fetch-and-proportion ?a ?ks1 ?k ?t1 butter 100 g)\n\
             (fetch-and-proportion ?b ?ks2 ?ks1 ?a white-sugar 50 g)\n\
             (fetch-and-proportion ?s ?ks3 ?ks2 ?t2 white-sugar 2 teaspoon)\n\
             (sprinkle ?done ?ks4 ?ks3 ?b ?s)",
        );
        assert!(x.failures.is_empty(), "{:?}", x.failures);
        assert_eq!(at(&x, "?done"), Some(140.0));
        let bowl = &bound(&x, "?done").value;
        assert_eq!(bowl.class_name(), "medium-bowl");
        assert_eq!(bowl.contents().len(), 2);
        for item in bowl.contents() {
            let s = item.get(slot::SPRINKLED_WITH).as_entity().unwrap();
            let a = s.amount().unwrap();
            assert!(
                (a.value.to_f64() - 4.2).abs() < 1e-6,
                "2 teaspoons = 8.4 g, halved (in single-floats)"
            );
            assert_eq!(a.unit, sous_kitchen::Ontology::get().known().g);
        }
    }

    #[test]
    fn a_missing_object_fails_and_an_empty_topping_crashes() {
        let x = run(
            "(get-kitchen ?k)\n(fetch-and-proportion ?x ?ks ?k ?bowl linguine 100 g)\n\
             (fetch-and-proportion ?s ?ks2 ?ks ?t2 powdered-white-sugar 30 g)\n\
             (sprinkle ?done ?ks3 ?ks2 ?x ?s)",
        );
        assert!(bound(&x, "?done").value.is_failed());
        assert_eq!(at(&x, "?done"), Some(110.0));
        let x = run(&format!(
            "{PORTIONS}(fetch ?bowl ?ks5 ?ks4 medium-bowl 1)\n(sprinkle ?done ?ks6 ?ks5 ?portions ?bowl)"
        ));
        assert!(crashed(&x));
    }
}
