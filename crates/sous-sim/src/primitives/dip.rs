//! `dip`: shares the first content of a counter-top dip container (by
//! weight, in g) equally over the portions (items of a list on the
//! counter-top, or contents of a counter-top container), in their
//! `dipped-in`; the dip container is emptied. 50 after the object is ready.

use sous_kitchen::slot;
use sous_lang::call::{dip as role, Dip};

use crate::ops::portions::{empty, first_content_on_counter_top, share_out, Portions, TestFirst};
use crate::{Call, SimError};

pub(crate) fn run(x: &mut Call<Dip>) -> Result<(), SimError> {
    let found = Portions::of(x, role::OBJECT, TestFirst::List, "dipped")?;
    let done = x.start_after(role::OBJECT)? + 50.0;
    x.bind_kitchen(done, done);
    if x.arg(role::OBJECT)?.is_failed() || x.arg(role::DIP_CONTAINER)?.is_failed() {
        x.fail("nothing to dip or nothing to dip in");
        x.bind_failed(role::DIPPED_OBJECT, Some(done));
        return Ok(());
    }
    // Quirk: only failed-objects are checked; anything else missing crashes.
    let crash = |what: &str| SimError::Crash(format!("{what} is not on the counter-top"));
    let mut found = found.ok_or_else(|| crash("the object"))?;
    let (dip_pid, first) =
        first_content_on_counter_top(x, role::DIP_CONTAINER)?.ok_or_else(|| crash("the dip"))?;
    let first = first.ok_or_else(|| SimError::Crash("the dip container is empty".into()))?;
    share_out(x, &mut found, &first, &|_| slot::DIPPED_IN)?;
    empty(x, dip_pid);
    found.bind(x, role::DIPPED_OBJECT, done);
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::ops::portions::TEST_PORTIONS as PORTIONS;
    use crate::primitives::test_util::*;
    use sous_kitchen::{slot, KitchenState};

    #[test]
    fn dips_every_list_item() {
        let x = run(&format!(
            "{PORTIONS}(fetch-and-proportion ?sugar ?ks5 ?ks4 ?t2 powdered-white-sugar 20 g)\n\
             (dip ?dipped ?ks6 ?ks5 ?portions ?sugar)"
        ));
        assert!(x.failures.is_empty(), "{:?}", x.failures);
        assert_eq!(at(&x, "?dipped"), Some(250.0));
        let dipped = &bound(&x, "?dipped").value;
        assert_eq!(dipped.items().len(), 4);
        assert_eq!(dipped.items()[0].amount().unwrap().value, 100.0, "reversed");
        for item in dipped.items() {
            let d = item.get(slot::DIPPED_IN).as_entity().unwrap();
            assert_eq!(d.class_name(), "powdered-white-sugar");
            assert_eq!(d.amount().unwrap().value, 5.0);
        }
        let ks = KitchenState::from_entity(bound(&x, "?ks6").value.clone());
        assert!(ks
            .find(bound(&x, "?sugar").value.pid)
            .unwrap()
            .contents()
            .is_empty());
    }

    #[test]
    fn a_failed_object_fails_and_a_missing_dip_crashes() {
        let x = run(
            "(get-kitchen ?k)\n(fetch-and-proportion ?x ?ks ?k ?bowl linguine 100 g)\n\
             (fetch-and-proportion ?s ?ks2 ?ks ?t2 powdered-white-sugar 30 g)\n\
             (dip ?dipped ?ks3 ?ks2 ?x ?s)",
        );
        assert!(bound(&x, "?dipped").value.is_failed());
        assert_eq!(at(&x, "?dipped"), Some(110.0));
        // Weighed in another branch: in this state that bowl is the dough's, now empty.
        let x = run(&format!(
            "{PORTIONS}(fetch-and-proportion ?sugar ?ks5 ?k ?t2 powdered-white-sugar 20 g)\n\
             (dip ?dipped ?ks6 ?ks4 ?portions ?sugar)"
        ));
        assert!(crashed(&x));
    }
}
