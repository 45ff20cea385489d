//! `wash`: every washable content of the container (which must be on the
//! counter-top) gets washed := true. 60 after the container is ready.

use sous_kitchen::{slot, Value};
use sous_lang::call::{wash as role, Wash};

use crate::ops::cutting::set_on_contents;
use crate::{Call, SimError};

pub(crate) fn run(x: &mut Call<Wash>) -> Result<(), SimError> {
    let done = x.start_after(role::CONTAINER_WITH_INPUT_INGREDIENTS)? + 60.0;
    x.ks.set_time(done);
    match x.counter_top_pid(role::CONTAINER_WITH_INPUT_INGREDIENTS)? {
        Some(container) => {
            let washable = x.known().washable;
            set_on_contents(
                x,
                container,
                slot::WASHED,
                &Value::Bool(true),
                Some(washable),
            )?;
            x.bind_pid(
                role::CONTAINER_WITH_WASHED_INGREDIENTS,
                container,
                Some(done),
            );
        }
        None => {
            x.fail("the container to wash is not on the counter-top");
            x.bind_failed(role::CONTAINER_WITH_WASHED_INGREDIENTS, Some(done));
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
    fn wash_marks_washable_contents_washed() {
        let x = run(
            "(get-kitchen ?k)\n(fetch-and-proportion ?p ?ks1 ?k ?t mixed-greens 100 g)\n\
             (wash ?w ?ks2 ?ks1 ?p)",
        );
        assert!(x.solved && x.failures.is_empty(), "{:?}", x.failures);
        assert_eq!(at(&x, "?w"), Some(90.0));
        assert_eq!(at(&x, "?ks2"), Some(90.0));
        assert!(bound(&x, "?w").value.contents()[0].flag(slot::WASHED));
    }

    #[test]
    fn wash_leaves_other_contents_alone() {
        let x = run(
            "(get-kitchen ?k)\n(fetch-and-proportion ?p ?ks1 ?k ?t black-bean 400 g)\n\
             (wash ?w ?ks2 ?ks1 ?p)",
        );
        assert!(x.failures.is_empty(), "{:?}", x.failures);
        let bean = &bound(&x, "?w").value.contents()[0];
        assert!(!bean.has_slot(slot::WASHED));
    }

    #[test]
    fn washing_a_failed_object_fails() {
        let x = run(
            "(get-kitchen ?k)\n(fetch-and-proportion ?p ?ks1 ?k ?t linguine 1 g)\n\
             (wash ?w ?ks2 ?ks1 ?p)",
        );
        assert!(bound(&x, "?w").value.is_failed());
        assert_eq!(at(&x, "?w"), Some(90.0));
    }
}
