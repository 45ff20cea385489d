//! `shape`: gives every portion (items of a list on the counter-top, or the
//! contents of a counter-top container) a shape. 85 after the portions are ready.

use sous_kitchen::{slot, Value};
use sous_lang::call::{shape as role, Shape};

use crate::ops::portions::{set_slot, Portions, TestFirst};
use crate::{Call, SimError};

pub(crate) fn run(x: &mut Call<Shape>) -> Result<(), SimError> {
    let found = Portions::of(x, role::PORTIONS, TestFirst::List, "shaped")?;
    let done = x.start_after(role::PORTIONS)? + 85.0;
    x.bind_kitchen(done, done);
    let Some(mut found) = found else {
        x.fail("the portions are not on the counter-top");
        x.bind_failed(role::SHAPED_PORTIONS, Some(done));
        return Ok(());
    };
    let shape = x.arg(role::SHAPE)?.clone();
    found.update(x, |_, item| {
        set_slot(item, slot::CURRENT_SHAPE, Value::Entity(shape.clone()))
    })?;
    found.bind(x, role::SHAPED_PORTIONS, done);
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::ops::portions::TEST_PORTIONS as PORTIONS;
    use crate::primitives::test_util::*;
    use sous_kitchen::{slot, KitchenState};

    fn shape_of(e: &sous_kitchen::Entity) -> Option<&'static str> {
        e.get(slot::CURRENT_SHAPE)
            .as_entity()
            .map(|s| s.class_name())
    }

    #[test]
    fn shapes_the_list_items_in_reverse_order() {
        let x = run(&format!(
            "{PORTIONS}(shape ?balls ?ks5 ?ks4 ?portions ball-shape)\n\
             (shape ?crescents ?ks6 ?ks5 ?balls crescent-shape)"
        ));
        assert!(x.failures.is_empty(), "{:?}", x.failures);
        assert_eq!(at(&x, "?portions"), Some(170.0));
        assert_eq!(at(&x, "?balls"), Some(255.0));
        assert_eq!(at(&x, "?crescents"), Some(340.0));
        let amounts = |var: &str| -> Vec<sous_kitchen::Num> {
            bound(&x, var)
                .value
                .items()
                .iter()
                .map(|i| i.amount().unwrap().value)
                .collect()
        };
        assert_eq!(amounts("?portions"), [50.0, 100.0, 100.0, 100.0]);
        assert_eq!(amounts("?balls"), [100.0, 100.0, 100.0, 50.0]);
        assert_eq!(amounts("?crescents"), [50.0, 100.0, 100.0, 100.0]);
        let balls = &bound(&x, "?balls").value;
        assert!(balls
            .items()
            .iter()
            .all(|i| shape_of(i) == Some("ball-shape")));
        let crescents = &bound(&x, "?crescents").value;
        assert!(crescents
            .items()
            .iter()
            .all(|i| shape_of(i) == Some("crescent-shape")));
        assert_eq!(crescents.pid, bound(&x, "?portions").value.pid);
        // The counter-top's portions are left as they were.
        let ks = KitchenState::from_entity(bound(&x, "?ks6").value.clone());
        let ct = ks.get(&ks.counter_top().unwrap()).unwrap();
        assert_eq!(ct.contents()[0].pid, crescents.items()[0].pid);
        assert_eq!(shape_of(&ct.contents()[0]), None);
    }

    #[test]
    fn shapes_the_contents_of_a_container() {
        let x = run(
            "(get-kitchen ?k)\n(fetch-and-proportion ?a ?ks1 ?k ?t1 butter 230 g)\n\
             (mix ?dough ?ks2 ?ks1 ?a ?tool)\n(shape ?ball ?ks3 ?ks2 ?dough ball-shape)",
        );
        assert!(x.failures.is_empty(), "{:?}", x.failures);
        assert_eq!(at(&x, "?ball"), Some(145.0));
        let bowl = &bound(&x, "?ball").value;
        assert_eq!(bowl.class_name(), "medium-bowl");
        assert_eq!(shape_of(&bowl.contents()[0]), Some("ball-shape"));
        // Here the kitchen state itself changes.
        let ks = KitchenState::from_entity(bound(&x, "?ks3").value.clone());
        let in_ks = ks.find(bowl.pid).unwrap();
        assert_eq!(shape_of(&in_ks.contents()[0]), Some("ball-shape"));
    }

    #[test]
    fn a_failed_object_gives_a_failed_object() {
        let x = run(
            "(get-kitchen ?k)\n(fetch-and-proportion ?x ?ks ?k ?bowl linguine 100 g)\n\
             (shape ?s ?ks2 ?ks ?x ball-shape)",
        );
        assert!(bound(&x, "?s").value.is_failed());
        assert_eq!(at(&x, "?s"), Some(115.0));
        assert_eq!(x.failures.len(), 2);
    }
}
