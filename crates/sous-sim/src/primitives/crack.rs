//! `crack`: for every item of the eggs container, one 50 g whole egg per
//! whole unit of its amount goes to the target (the closest unused medium
//! bowl unless given; found anywhere) and a cracked egg shell stays behind;
//! the eggs themselves are removed. Quirk: it takes 5 per item of the eggs
//! container (not per egg), from the kitchen time, ignoring when the eggs
//! are ready.

use std::sync::Arc;

use sous_kitchen::{slot, Amount, Entity, Num, Pid};
use sous_lang::call::{crack as role, Crack};

use crate::ops::cutting::{amount_value, as_before, entity_mut, mark_used};
use crate::{Call, SimError};

pub(crate) fn run(x: &mut Call<Crack>) -> Result<(), SimError> {
    let eggs_arg = x.arg(role::EGGS)?.clone();
    // Quirk: a failed input is a kitchen state in the reference, whose
    // contents are the kitchen's places: 5 each, before the failure shows.
    let items = if eggs_arg.is_failed() {
        sous_kitchen::kitchen_place_count()
    } else {
        eggs_arg.contents().len()
    };
    let done = x.ks_time() + 5.0 * items as f64;
    let eggs = x.locate_pid(role::EGGS)?;
    let target = if x.case == 0 {
        x.locate_pid(role::TARGET_CONTAINER)?
    } else {
        x.retrieve(x.known().medium_bowl, &[])
    };
    x.ks.set_time(done);
    let failed = if x.case == 0 {
        eggs_arg.is_failed() || x.arg(role::TARGET_CONTAINER)?.is_failed()
    } else {
        eggs_arg.is_failed() || target.is_none()
    };
    if failed {
        x.fail(if eggs_arg.is_failed() {
            "there are no eggs to crack (a failed-object)"
        } else {
            "no container to crack the eggs into"
        });
        x.bind_failed(role::CONTAINER_WITH_CRACKED_EGGS, Some(done));
        if x.case == 1 {
            x.bind_failed(role::TARGET_CONTAINER, None);
        }
        x.bind_kitchen(done, done);
        return Ok(());
    }
    // Quirk: eggs or target missing from the kitchen (but not failed) make the reference crash.
    let (Some(eggs), Some(target)) = (eggs, target) else {
        return Err(SimError::Crash(
            "the eggs or the target container are not in the kitchen".into(),
        ));
    };
    crack(x, eggs, target)?;
    if x.case == 1 {
        mark_used(x, target)?;
        match as_before(x, target) {
            Some(b) => x.bind_value(role::TARGET_CONTAINER, b, None),
            None => x.bind_failed(role::TARGET_CONTAINER, None),
        }
    }
    x.bind_pid(role::CONTAINER_WITH_CRACKED_EGGS, target, Some(done));
    x.bind_kitchen(done, done);
    Ok(())
}

fn crack(x: &mut Call<Crack>, eggs: Pid, target: Pid) -> Result<(), SimError> {
    let (whole_egg, shell, egg, g) = (
        x.known().whole_egg,
        x.known().egg_shell,
        x.known().egg,
        x.known().g,
    );
    let items = entity_mut(x, eggs)?.contents().to_vec();
    let (mut wholes, mut shells) = (Vec::new(), Vec::new());
    for item in &items {
        // `for i from 1 to n`: one egg per whole unit (none below 1).
        let n = amount_value(item)?;
        crate::ops::check_new_objects(n.to_f64() + wholes.len() as f64, "eggs")?;
        let mut i = Num::ONE;
        while i <= n {
            let mut w = Entity::new(whole_egg, x.ids);
            w.set_amount(Amount::new(50, g));
            wholes.push(Arc::new(w));
            let mut s = Entity::new(shell, x.ids);
            s.set_flag(slot::CRACKED, true);
            shells.push(Arc::new(s));
            i += Num::ONE;
        }
    }
    if let Some(c) = entity_mut(x, target)?.contents_mut() {
        c.extend(wholes);
    }
    if let Some(c) = entity_mut(x, eggs)?.contents_mut() {
        c.extend(shells);
        c.retain(|i| !i.is_a(egg));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::primitives::test_util::*;
    use sous_kitchen::slot;

    #[test]
    fn crack_puts_whole_eggs_in_a_medium_bowl() {
        let x = run(
            "(get-kitchen ?k)\n(fetch-and-proportion ?e ?ks1 ?k ?t egg 2 piece)\n\
             (crack ?c ?ks2 ?ks1 ?e ?bowl)",
        );
        assert!(x.solved && x.failures.is_empty(), "{:?}", x.failures);
        // 5 per item of the eggs container: two pieces, two items.
        assert_eq!(at(&x, "?c"), Some(40.0));
        assert_eq!(at(&x, "?ks2"), Some(40.0));
        assert_eq!(at(&x, "?bowl"), None);
        let c = &bound(&x, "?c").value;
        assert!(c.flag(slot::USED));
        assert!(!bound(&x, "?bowl").value.flag(slot::USED));
        assert_eq!(c.contents().len(), 2);
        assert!(c
            .contents()
            .iter()
            .all(|e| e.class_name() == "whole-egg" && e.amount().unwrap().value == 50.0));
        let ks = sous_kitchen::KitchenState::from_entity(bound(&x, "?ks2").value.clone());
        let shells = ks.find(bound(&x, "?e").value.pid).unwrap();
        assert_eq!(shells.contents().len(), 2);
        assert!(shells
            .contents()
            .iter()
            .all(|s| s.class_name() == "egg-shell" && s.flag(slot::CRACKED)));
    }

    #[test]
    fn crack_into_a_given_container_appends_and_ignores_its_readiness() {
        let x = run(
            "(get-kitchen ?k)\n(fetch-and-proportion ?a ?ks1 ?k ?t1 white-sugar 50 g)\n\
             (fetch-and-proportion ?e ?ks2 ?ks1 ?t2 egg 3 piece)\n(crack ?c ?ks3 ?ks2 ?e ?a)",
        );
        assert!(x.failures.is_empty(), "{:?}", x.failures);
        assert_eq!(at(&x, "?c"), Some(75.0));
        let names: Vec<_> = bound(&x, "?c")
            .value
            .contents()
            .iter()
            .map(|i| i.class_name())
            .collect();
        assert_eq!(
            names,
            ["white-sugar", "whole-egg", "whole-egg", "whole-egg"]
        );
    }

    #[test]
    fn cracking_a_failed_object_fails_at_once() {
        let x = run(
            "(get-kitchen ?k)\n(fetch-and-proportion ?e ?ks1 ?k ?t linguine 1 g)\n\
             (crack ?c ?ks2 ?ks1 ?e ?bowl)",
        );
        assert!(bound(&x, "?c").value.is_failed());
        assert!(bound(&x, "?bowl").value.is_failed());
        // 5 for each of the 9 places a failed object holds, as the reference
        // computes it (seen running it on a fudge-cookies network without eggs).
        assert_eq!(at(&x, "?c"), Some(30.0 + 45.0));
    }
}
