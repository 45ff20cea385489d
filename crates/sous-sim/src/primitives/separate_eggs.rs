//! `separate-eggs`: every item of the eggs container gives an egg yolk of
//! 0.36 and an egg white of 0.64 of its amount (same unit), appended to the
//! yolk and white containers; whole eggs are removed. Either all of yolk
//! bowl, white bowl and separator are given (bowls found anywhere, the
//! separator on the counter-top) or none: then two closest unused medium
//! bowls (whites first) and the closest unused egg separator. All three are
//! marked used. Quirk: 5 per item of the eggs container, from the kitchen
//! time, ignoring when the eggs are ready.

use std::sync::Arc;

use sous_kitchen::{Amount, Entity, Num, Pid};
use sous_lang::call::{separate_eggs as role, SeparateEggs};

use crate::exec::Found;
use crate::ops::cutting::{amount_value, as_before, entity_mut, mark_used};
use crate::{Call, SimError};

pub(crate) fn run(x: &mut Call<SeparateEggs>) -> Result<(), SimError> {
    // Quirk: a failed input counts the kitchen's places (see `crack`).
    let eggs = x.arg(role::EGGS)?;
    let items = if eggs.is_failed() {
        sous_kitchen::kitchen_place_count()
    } else {
        eggs.contents().len()
    };
    let done = x.ks_time() + 5.0 * items as f64;
    let eggs = x.locate_pid(role::EGGS)?;
    let (whites, yolks, separator) = if x.case == 0 {
        (
            x.locate_pid(role::TARGET_CONTAINER_FOR_WHITES)?,
            x.locate_pid(role::TARGET_CONTAINER_FOR_YOLKS)?,
            x.counter_top_pid(role::EGG_SEPARATOR)?,
        )
    } else {
        let whites = x.retrieve(x.known().medium_bowl, &[]);
        let excluded: Vec<Pid> = whites.into_iter().collect();
        let yolks = x.retrieve(x.known().medium_bowl, &excluded);
        (whites, yolks, x.retrieve(x.known().egg_separator, &[]))
    };
    x.ks.set_time(done);
    let (Some(eggs), Some(whites), Some(yolks), Some(separator)) = (eggs, whites, yolks, separator)
    else {
        x.fail(if eggs.is_none() {
            "the eggs are not in the kitchen"
        } else if separator.is_none() {
            "no egg separator"
        } else {
            "no containers for the yolks and whites"
        });
        x.bind_failed(role::CONTAINER_WITH_EGG_YOLKS, Some(done));
        x.bind_failed(role::CONTAINER_WITH_EGG_WHITES, Some(done));
        if x.case == 1 {
            x.bind_failed(role::TARGET_CONTAINER_FOR_YOLKS, Some(done));
            x.bind_failed(role::TARGET_CONTAINER_FOR_WHITES, Some(done));
            x.bind_failed(role::EGG_SEPARATOR, Some(done));
        }
        x.bind_kitchen(done, done);
        return Ok(());
    };
    separate(x, eggs, yolks, whites)?;
    for pid in [yolks, whites, separator] {
        mark_used(x, pid)?;
    }
    x.bind_pid(role::CONTAINER_WITH_EGG_YOLKS, yolks, Some(done));
    x.bind_pid(role::CONTAINER_WITH_EGG_WHITES, whites, Some(done));
    if x.case == 1 {
        // The default bowls are bound as they were before, but with a time.
        for (arg, pid) in [
            (role::TARGET_CONTAINER_FOR_YOLKS, yolks),
            (role::TARGET_CONTAINER_FOR_WHITES, whites),
        ] {
            match as_before(x, pid) {
                Some(b) => x.bind_value(arg, b, Some(done)),
                None => x.bind_failed(arg, Some(done)),
            }
        }
        x.bind_pid(role::EGG_SEPARATOR, separator, Some(done));
    }
    x.bind_kitchen(done, done);
    Ok(())
}

fn separate(
    x: &mut Call<SeparateEggs>,
    eggs: Pid,
    yolks: Pid,
    whites: Pid,
) -> Result<(), SimError> {
    let (yolk, white, whole_egg) = (x.known().egg_yolk, x.known().egg_white, x.known().whole_egg);
    let items = entity_mut(x, eggs)?.contents().to_vec();
    let (mut new_yolks, mut new_whites) = (Vec::new(), Vec::new());
    for item in &items {
        let value = amount_value(item)?;
        let unit = item.amount().found("the amount of the eggs")?.unit;
        let part = |class, share: Num, ids: &mut sous_kitchen::IdGen| {
            let mut e = Entity::new(class, ids);
            e.set_amount(Amount {
                value: share * value,
                unit,
            });
            Arc::new(e)
        };
        // Float literals in the reference: yolks and whites are floats.
        new_yolks.push(part(yolk, Num::float(0.36), x.ids));
        new_whites.push(part(white, Num::float(0.64), x.ids));
    }
    if let Some(c) = entity_mut(x, yolks)?.contents_mut() {
        c.extend(new_yolks);
    }
    if let Some(c) = entity_mut(x, whites)?.contents_mut() {
        c.extend(new_whites);
    }
    if let Some(c) = entity_mut(x, eggs)?.contents_mut() {
        c.retain(|i| !i.is_a(whole_egg));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::primitives::test_util::*;
    use sous_kitchen::slot;

    #[test]
    fn separate_eggs_defaults_to_two_bowls_and_a_separator() {
        let x = run(
            "(get-kitchen ?k)\n(fetch-and-proportion ?e ?ks1 ?k ?t egg 2 piece)\n\
             (crack ?c ?ks2 ?ks1 ?e ?bowl)\n(separate-eggs ?y ?w ?ks3 ?ks2 ?c ?yb ?wb ?sep)",
        );
        assert!(x.solved && x.failures.is_empty(), "{:?}", x.failures);
        for v in ["?y", "?w", "?ks3", "?yb", "?wb", "?sep"] {
            assert_eq!(at(&x, v), Some(50.0), "{v}");
        }
        let y = &bound(&x, "?y").value;
        let w = &bound(&x, "?w").value;
        assert_ne!(y.pid, w.pid);
        assert_eq!(y.contents().len(), 2);
        assert_eq!(y.contents()[0].class_name(), "egg-yolk");
        // 0.36 and 0.64 are float literals in the reference.
        let (yolk, white) = (
            y.contents()[0].amount().unwrap().value,
            w.contents()[0].amount().unwrap().value,
        );
        assert!(yolk.is_float() && white.is_float());
        assert!((yolk.to_f64() - 18.0).abs() < 1e-9);
        assert!((white.to_f64() - 32.0).abs() < 1e-9);
        assert!(y.flag(slot::USED) && w.flag(slot::USED));
        assert!(!bound(&x, "?yb").value.flag(slot::USED));
        assert!(bound(&x, "?sep").value.flag(slot::USED));
        let ks = sous_kitchen::KitchenState::from_entity(bound(&x, "?ks3").value.clone());
        assert!(ks
            .find(bound(&x, "?c").value.pid)
            .unwrap()
            .contents()
            .is_empty());
    }

    #[test]
    fn separate_eggs_with_everything_given() {
        let x = run("(get-kitchen ?k)\n(fetch-and-proportion ?e ?ks1 ?k ?t egg 1 piece)\n\
             (crack ?c ?ks2 ?ks1 ?e ?bowl)\n(fetch ?yb ?ks3 ?ks2 medium-bowl 1)\n(fetch ?wb ?ks4 ?ks3 small-bowl 1)\n\
             (fetch ?sep ?ks5 ?ks4 egg-separator 1)\n(separate-eggs ?y ?w ?ks6 ?ks5 ?c ?yb ?wb ?sep)");
        assert!(x.failures.is_empty(), "{:?}", x.failures);
        assert_eq!(at(&x, "?y"), Some(130.0));
        assert_eq!(bound(&x, "?w").value.class_name(), "small-bowl");
    }

    #[test]
    fn separating_a_failed_object_fails() {
        let x = run(
            "(get-kitchen ?k)\n(fetch-and-proportion ?e ?ks1 ?k ?t linguine 1 g)\n\
             (separate-eggs ?y ?w ?ks2 ?ks1 ?e ?yb ?wb ?sep)",
        );
        for v in ["?y", "?w", "?yb", "?wb", "?sep"] {
            assert!(bound(&x, v).value.is_failed(), "{v}");
            // 5 for each of the 9 places a failed object holds (as crack).
            assert_eq!(at(&x, v), Some(30.0 + 45.0));
        }
    }
}
