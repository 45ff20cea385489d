//! `grind`: every grindable content of the container (found anywhere) gets
//! ground := true, with a food processor (the closest unused one) or the
//! given tool (found anywhere), marked used. 90 after the container is ready.

use sous_kitchen::{slot, Value};
use sous_lang::call::{grind as role, Grind};

use crate::ops::cutting::{mark_used, set_on_contents};
use crate::{Call, SimError};

pub(crate) fn run(x: &mut Call<Grind>) -> Result<(), SimError> {
    let done = x.start_after(role::CONTAINER_WITH_INGREDIENTS_TO_BE_GROUND)? + 90.0;
    let container = x.locate_pid(role::CONTAINER_WITH_INGREDIENTS_TO_BE_GROUND)?;
    let tool = if x.case == 0 {
        x.retrieve(x.known().food_processor, &[])
    } else {
        x.locate_pid(role::GRINDING_TOOL)?
    };
    x.ks.set_time(done);
    let (Some(container), Some(tool)) = (container, tool) else {
        x.fail(if container.is_none() {
            "the container to grind is not in the kitchen"
        } else {
            "no grinding tool"
        });
        x.bind_failed(role::CONTAINER_WITH_GROUND_CONTENTS, Some(done));
        if x.case == 0 {
            x.bind_failed(role::GRINDING_TOOL, Some(done));
        }
        x.bind_kitchen(done, done);
        return Ok(());
    };
    let grindable = x.known().grindable;
    set_on_contents(
        x,
        container,
        slot::GROUND,
        &Value::Bool(true),
        Some(grindable),
    )?;
    mark_used(x, tool)?;
    x.bind_pid(role::CONTAINER_WITH_GROUND_CONTENTS, container, Some(done));
    if x.case == 0 {
        x.bind_pid(role::GRINDING_TOOL, tool, Some(done));
    }
    x.bind_kitchen(done, done);
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::primitives::test_util::*;
    use sous_kitchen::slot;

    #[test]
    fn grind_uses_the_food_processor_and_takes_90() {
        let x = run(
            "(get-kitchen ?k)\n(fetch-and-proportion ?p ?ks1 ?k ?t walnut 100 g)\n\
             (grind ?g ?ks2 ?ks1 ?p ?tool)",
        );
        assert!(x.solved && x.failures.is_empty(), "{:?}", x.failures);
        assert_eq!(at(&x, "?g"), Some(120.0));
        assert_eq!(at(&x, "?tool"), Some(120.0));
        assert_eq!(bound(&x, "?tool").value.class_name(), "food-processor");
        assert!(bound(&x, "?tool").value.flag(slot::USED));
        assert!(bound(&x, "?g").value.contents()[0].flag(slot::GROUND));
    }

    #[test]
    fn grind_again_with_the_same_tool() {
        let x = run(
            "(get-kitchen ?k)\n(fetch-and-proportion ?p ?ks1 ?k ?t walnut 100 g)\n\
             (grind ?g ?ks2 ?ks1 ?p ?tool)\n(grind ?g2 ?ks3 ?ks2 ?g ?tool)",
        );
        assert!(x.failures.is_empty(), "{:?}", x.failures);
        assert_eq!(at(&x, "?g2"), Some(210.0));
    }

    #[test]
    fn the_only_food_processor_cannot_be_taken_twice() {
        let x = run(
            "(get-kitchen ?k)\n(fetch-and-proportion ?p ?ks1 ?k ?t walnut 100 g)\n\
             (grind ?g ?ks2 ?ks1 ?p ?tool)\n(grind ?g2 ?ks3 ?ks2 ?g ?tool2)",
        );
        assert!(bound(&x, "?g2").value.is_failed());
        assert!(bound(&x, "?tool2").value.is_failed());
        assert_eq!(at(&x, "?g2"), Some(210.0));
    }
}
