//! `melt`: melts the meltable contents of a container on the counter-top
//! (no temperature change). Case 1 binds the kitchen's microwave as the tool.
//! 60.

use std::sync::Arc;

use sous_kitchen::slot;
use sous_lang::call::{melt as role, Melt};

use crate::exec::Found;
use crate::{Call, SimError};

pub(crate) fn run(x: &mut Call<Melt>) -> Result<(), SimError> {
    let done = x.start_after(role::CONTAINER_WITH_INPUT_INGREDIENTS)? + 60.0;
    let failed = x.arg(role::CONTAINER_WITH_INPUT_INGREDIENTS)?.is_failed()
        || (x.case == 1 && x.arg(role::MELTING_TOOL)?.is_failed());
    if failed {
        x.fail("a failed-object was given to melt");
        x.bind_failed(role::CONTAINER_WITH_MELTED_INGREDIENTS, Some(done));
    } else {
        let place = x
            .locate_on_counter_top(role::CONTAINER_WITH_INPUT_INGREDIENTS)?
            .ok_or_else(|| SimError::Crash("the container is not on the counter-top".into()))?;
        let meltable = x.known().meltable;
        let c = x.ks.at_mut(&place).found("the container to melt")?;
        if let Some(contents) = c.contents_mut() {
            for item in contents.iter_mut().filter(|i| i.is_a(meltable)) {
                Arc::make_mut(item).set_flag(slot::MELTED, true);
            }
        }
        let pid = c.pid;
        x.bind_pid(role::CONTAINER_WITH_MELTED_INGREDIENTS, pid, Some(done));
    }
    if x.case == 0 {
        let microwave =
            x.ks.appliance(x.known().microwave)
                .and_then(|p| x.ks.get(&p).cloned())
                .ok_or_else(|| SimError::Crash("the kitchen has no microwave".into()))?;
        x.bind_value(role::MELTING_TOOL, microwave, Some(done));
    }
    x.bind_kitchen(done, done);
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::primitives::test_util::*;
    use sous_kitchen::slot;

    #[test]
    fn case_1_melts_in_the_microwave() {
        let x = run("(get-kitchen ?k)\n(fetch-and-proportion ?b ?ks1 ?k ?t butter 100 g)\n(melt ?melted ?ks2 ?ks1 ?b ?tool)");
        assert!(x.failures.is_empty(), "{:?}", x.failures);
        assert_eq!(at(&x, "?melted"), Some(90.0));
        assert_eq!(at(&x, "?tool"), Some(90.0));
        assert_eq!(bound(&x, "?tool").value.class_name(), "microwave");
        let butter = &bound(&x, "?melted").value.contents()[0];
        assert!(butter.flag(slot::MELTED));
        assert_eq!(
            butter.get(slot::TEMPERATURE).as_amount().unwrap().value,
            5.0
        );
    }

    #[test]
    fn case_2_with_a_given_tool() {
        let x = run("(get-kitchen ?k)\n(fetch-and-proportion ?b ?ks1 ?k ?t butter 100 g)\n(fetch ?pan ?ks2 ?ks1 frying-pan 1)\n\
             (melt ?m1 ?ks3 ?ks2 ?b ?microwave)\n(melt ?m2 ?ks4 ?ks3 ?m1 ?microwave)");
        assert!(x.failures.is_empty(), "{:?}", x.failures);
        assert_eq!(at(&x, "?m2"), Some(180.0));
    }

    #[test]
    fn a_failed_container_gives_a_failed_object() {
        let x = run(
            "(get-kitchen ?k)\n(fetch ?pans ?ks1 ?k pan 3)\n(melt ?melted ?ks2 ?ks1 ?pans ?tool)",
        );
        assert!(x.solved);
        assert!(bound(&x, "?melted").value.is_failed());
        assert_eq!(bound(&x, "?tool").value.class_name(), "microwave");
        assert_eq!(at(&x, "?melted"), Some(150.0));
    }
}
