//! `flour`: sprinkles the inside of a container with flour. Case 1 takes 10 g
//! of the first all-purpose flour in the kitchen (not on the counter-top);
//! case 2 uses the whole first content of the given container, which is
//! emptied. 60.

use std::sync::Arc;

use sous_kitchen::{slot, Value};
use sous_lang::call::{flour as role, Flour};

use crate::exec::Found;
use crate::ops::heat::{settable, take_ten_grams};
use crate::{Call, SimError};

pub(crate) fn run(x: &mut Call<Flour>) -> Result<(), SimError> {
    let done = x.start_after(role::CONTAINER_TO_FLOUR)? + 60.0;
    let target = x.locate_pid(role::CONTAINER_TO_FLOUR)?;
    if x.case == 0 {
        let portion = match target {
            Some(_) => {
                let flour = x.known().all_purpose_flour;
                take_ten_grams(x, flour, false)?
            }
            None => None,
        };
        match (target, portion) {
            (Some(pid), Some(portion)) => {
                let place = x.ks.locate(pid).found("the container to flour")?;
                let c = x.ks.at_mut(&place).found("the container to flour")?;
                settable(c, &[slot::SPRINKLED_WITH])?;
                c.set(
                    slot::SPRINKLED_WITH,
                    Value::Entity(Arc::new(portion.portion)),
                );
                c.set_flag(slot::USED, true);
                x.bind_pid(role::FLOURED_CONTAINER, pid, Some(done));
                x.bind_value(
                    role::INGREDIENT_TO_FLOUR_WITH,
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
                x.bind_failed(role::FLOURED_CONTAINER, Some(done));
                x.bind_failed(role::INGREDIENT_TO_FLOUR_WITH, None);
            }
        }
        x.bind_kitchen(done, done);
        return Ok(());
    }
    let flour_place = x.locate(role::INGREDIENT_TO_FLOUR_WITH)?;
    let flour = flour_place
        .as_ref()
        .and_then(|p| x.ks.get(p))
        .and_then(|f| f.contents().first().cloned());
    match (target, flour) {
        (Some(pid), Some(flour)) => {
            settable(
                x.ks.find(pid).found("the container to flour")?,
                &[slot::SPRINKLED_WITH],
            )?;
            let fp = flour_place.found("the flour")?;
            if let Some(c) = x.ks.at_mut(&fp).and_then(|f| f.contents_mut()) {
                c.clear();
            }
            let place = x.ks.locate(pid).found("the container to flour")?;
            let c = x.ks.at_mut(&place).found("the container to flour")?;
            c.set(slot::SPRINKLED_WITH, Value::Entity(flour));
            c.set_flag(slot::USED, true);
            x.bind_pid(role::FLOURED_CONTAINER, pid, Some(done));
        }
        (target, _) => {
            x.fail(if target.is_none() {
                "the container to flour is not in the kitchen"
            } else {
                "there is no flour to flour it with"
            });
            x.bind_failed(role::FLOURED_CONTAINER, Some(done));
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
