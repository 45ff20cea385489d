//! `fetch`: brings the closest unused instance(s) of a concept to the
//! counter-top (30 per item). Fetching marks nothing used, so a fetched but
//! unused tool is found again by later defaults.

use std::sync::Arc;

use sous_kitchen::{slot, Num, Value};
use sous_lang::call::{fetch as role, Fetch};

use crate::{Call, SimError};

pub(crate) fn run(x: &mut Call<Fetch>) -> Result<(), SimError> {
    let concept = x.arg(role::CONCEPT_TO_FETCH)?.class;
    let n = x.number(role::QUANTITY)?;
    let done = x.ks_time() + (n * Num::int(30)).to_f64();
    if n == Num::ONE {
        match x.ks.retrieve(concept, &[]) {
            Some(place) => {
                let pid =
                    x.ks.pid_at(&place)
                        .ok_or_else(|| SimError::Crash("fetched object vanished".into()))?;
                x.bind_pid(role::THING_FETCHED, pid, Some(done));
            }
            None => {
                x.fail(format!(
                    "no unused `{}` in the kitchen",
                    x.arg(role::CONCEPT_TO_FETCH)?.class_name()
                ));
                x.bind_failed(role::THING_FETCHED, Some(done));
            }
        }
    } else {
        let mut found = Vec::new();
        let mut failed = false;
        // `loop for i from 1 to q`: floor(q) times; after the first miss every
        // later retrieval misses too, so stop there.
        for _ in 0..n.to_f64().max(0.0).floor() as usize {
            if failed {
                break;
            }
            let excluded: Vec<_> = found
                .iter()
                .map(|e: &sous_kitchen::EntityRef| e.pid)
                .collect();
            match x.ks.retrieve(concept, &excluded) {
                Some(place) => found.insert(
                    0,
                    x.ks.get(&place)
                        .cloned()
                        .ok_or_else(|| SimError::Crash("fetched object vanished".into()))?,
                ),
                None => failed = true,
            }
        }
        if failed {
            x.fail(format!(
                "fewer than {n} unused `{}` in the kitchen",
                x.arg(role::CONCEPT_TO_FETCH)?.class_name()
            ));
            x.bind_failed(role::THING_FETCHED, Some(done));
        } else {
            let mut list = x.new_entity(x.known().list_of_kitchen_entities);
            list.set(slot::ITEMS, Value::List(found.into()));
            x.bind_value(role::THING_FETCHED, Arc::new(list), Some(done));
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
    fn fetch_brings_a_tool_to_the_counter_top() {
        let x = run(
            "(get-kitchen ?k)\n(fetch ?tray ?ks ?k baking-tray 1)\n(fetch ?forks ?ks2 ?ks fork 2)",
        );
        assert_eq!(at(&x, "?tray"), Some(30.0));
        assert_eq!(at(&x, "?forks"), Some(90.0));
        assert_eq!(bound(&x, "?forks").value.items().len(), 2);
        assert!(!bound(&x, "?tray").value.flag(slot::USED));
    }
}

#[cfg(test)]
mod more_tests {
    use crate::primitives::test_util::*;

    #[test]
    fn fetching_more_than_the_kitchen_has_fails() {
        let x = run("(get-kitchen ?k)\n(fetch ?trays ?ks ?k baking-tray 2)");
        assert!(bound(&x, "?trays").value.is_failed());
        assert_eq!(at(&x, "?trays"), Some(60.0), "the time is spent anyway");
        assert_eq!(x.failures.len(), 1);
    }
}

#[cfg(test)]
mod fractional_tests {
    use crate::primitives::test_util::*;

    #[test]
    fn a_fractional_quantity_fetches_its_floor() {
        // `loop for i from 1 to 2.5` runs twice; the time still counts 2.5 × 30.
        let x = run("(get-kitchen ?k)\n(fetch ?forks ?ks ?k fork 2.5)");
        assert_eq!(bound(&x, "?forks").value.items().len(), 2);
        assert_eq!(at(&x, "?forks"), Some(75.0));
    }

    #[test]
    fn a_huge_quantity_fails_quickly() {
        let x = run("(get-kitchen ?k)\n(fetch ?forks ?ks ?k fork 1000000000000)");
        assert!(bound(&x, "?forks").value.is_failed());
    }
}
