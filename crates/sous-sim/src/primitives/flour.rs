//! `flour`: sprinkles the inside of a container with flour. Case 1 takes 10 g
//! of the first all-purpose flour in the kitchen (not on the counter-top);
//! case 2 uses the whole first content of the given container, which is
//! emptied. 60.

use std::sync::Arc;

use sous_kitchen::{slot, Value};

use crate::ops::heat::{settable, take_ten_grams};
use crate::{Exec, SimError};

pub fn run(x: &mut Exec) -> Result<(), SimError> {
    let done = x.start_after("container-to-flour")? + 60.0;
    let target = x.locate_pid("container-to-flour")?;
    if x.case == 0 {
        let portion = match target {
            Some(_) => take_ten_grams(x, x.known().all_purpose_flour, false)?,
            None => None,
        };
        match (target, portion) {
            (Some(pid), Some(portion)) => {
                let place = x.ks.locate(pid).expect("still there");
                let c = x.ks.at_mut(&place).expect("located");
                settable(c, &[slot::SPRINKLED_WITH])?;
                c.set(
                    slot::SPRINKLED_WITH,
                    Value::Entity(Arc::new(portion.portion)),
                );
                c.set_flag(slot::USED, true);
                x.bind_pid("floured-container", pid, Some(done));
                x.bind_value(
                    "ingredient-to-flour-with",
                    Arc::new(portion.container),
                    None,
                );
            }
            (target, _) => {
                x.fail(if target.is_none() {
                    "the container to flour is not in the kitchen"
                } else {
                    "there is no all-purpose flour in the kitchen"
                });
                x.bind_failed("floured-container", Some(done));
                x.bind_failed("ingredient-to-flour-with", None);
            }
        }
        x.bind_kitchen(done, done);
        return Ok(());
    }
    let flour_place = x.locate("ingredient-to-flour-with")?;
    let flour = flour_place
        .as_ref()
        .and_then(|p| x.ks.get(p))
        .and_then(|f| f.contents().first().cloned());
    match (target, flour) {
        (Some(pid), Some(flour)) => {
            settable(x.ks.find(pid).expect("located"), &[slot::SPRINKLED_WITH])?;
            let fp = flour_place.expect("found");
            if let Some(c) = x.ks.at_mut(&fp).and_then(|f| f.contents_mut()) {
                c.clear();
            }
            let place = x.ks.locate(pid).expect("still there");
            let c = x.ks.at_mut(&place).expect("located");
            c.set(slot::SPRINKLED_WITH, Value::Entity(flour));
            c.set_flag(slot::USED, true);
            x.bind_pid("floured-container", pid, Some(done));
        }
        (target, _) => {
            x.fail(if target.is_none() {
                "the container to flour is not in the kitchen"
            } else {
                "there is no flour to flour it with"
            });
            x.bind_failed("floured-container", Some(done));
        }
    }
    x.bind_kitchen(done, done);
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::primitives::test_util::*;
    use sous_kitchen::slot;

    #[test]
    fn case_1_takes_ten_grams_of_all_purpose_flour() {
        let x = run(
            "(get-kitchen ?k)\n(fetch ?pan ?ks1 ?k pan 1)\n(flour ?floured ?ks2 ?ks1 ?pan ?flour)",
        );
        assert!(x.failures.is_empty(), "{:?}", x.failures);
        assert_eq!(at(&x, "?floured"), Some(90.0));
        assert_eq!(at(&x, "?flour"), None);
        let pan = &bound(&x, "?floured").value;
        assert!(pan.flag(slot::USED));
        let f = pan.get(slot::SPRINKLED_WITH).as_entity().unwrap();
        assert_eq!(f.class_name(), "all-purpose-flour");
        assert_eq!(f.amount().unwrap().value, 10.0);
        assert_eq!(
            bound(&x, "?flour").value.contents()[0]
                .amount()
                .unwrap()
                .value,
            10.0
        );
    }

    #[test]
    fn case_2_uses_up_the_given_container() {
        let x = run(
            "(get-kitchen ?k)\n(fetch-and-proportion ?f ?ks1 ?k ?t all-purpose-flour 20 g)\n\
             (fetch ?pan ?ks2 ?ks1 pan 1)\n(flour ?floured ?ks3 ?ks2 ?pan ?f)",
        );
        assert!(x.failures.is_empty(), "{:?}", x.failures);
        assert_eq!(at(&x, "?floured"), Some(120.0));
        let f = bound(&x, "?floured")
            .value
            .get(slot::SPRINKLED_WITH)
            .as_entity()
            .unwrap()
            .clone();
        assert_eq!(f.amount().unwrap().value, 20.0);
    }

    #[test]
    fn a_failed_container_gives_a_failed_object() {
        let x = run("(get-kitchen ?k)\n(fetch ?pans ?ks1 ?k pan 3)\n(flour ?floured ?ks2 ?ks1 ?pans ?flour)");
        assert!(x.solved);
        assert!(bound(&x, "?floured").value.is_failed());
        assert!(bound(&x, "?flour").value.is_failed());
        assert_eq!(at(&x, "?floured"), Some(150.0));
    }
}
