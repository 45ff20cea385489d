//! `mingle`: turns the contents of a counter-top container into one
//! heterogeneous mixture, with a given tool (anywhere in the kitchen) or the
//! closest unused wooden spoon. 30 after the container is ready.

use sous_lang::call::{mingle as role, Mingle};

use crate::ops::mixture;
use crate::{Call, SimError};

pub(crate) fn run(x: &mut Call<Mingle>) -> Result<(), SimError> {
    let done = x.start_after(role::CONTAINER_WITH_INPUT_INGREDIENTS)? + 30.0;
    x.ks.set_time(done);
    let tool_pid = if x.case == 0 {
        x.retrieve(x.known().wooden_spoon, &[])
    } else {
        x.locate_pid(role::MINGLING_TOOL)?
    };
    let Some(tool_pid) = tool_pid else {
        x.fail("no tool to mingle with");
        x.bind_failed(role::CONTAINER_WITH_MIXTURE, Some(done));
        if x.case == 0 {
            x.bind_failed(role::MINGLING_TOOL, None);
        }
        x.bind_kitchen(done, done);
        return Ok(());
    };
    // Quirk: only the tool is checked; a container that is not on the
    // counter-top makes the reference crash.
    let place = x
        .locate_on_counter_top(role::CONTAINER_WITH_INPUT_INGREDIENTS)?
        .ok_or_else(|| {
            SimError::Crash("the container to mingle is not on the counter-top".into())
        })?;
    mixture::mix_with_tool(
        x,
        &place,
        tool_pid,
        x.known().heterogeneous_mixture,
        None,
        role::CONTAINER_WITH_MIXTURE,
        role::MINGLING_TOOL,
        done,
    )
}

#[cfg(test)]
mod tests {
    use crate::primitives::test_util::*;
    use sous_kitchen::slot;

    #[test]
    fn mingles_with_a_wooden_spoon() {
        let x = run(&format!("{BOWL}(mingle ?m ?ks3 ?ks2 ?b ?tool)"));
        assert!(x.failures.is_empty(), "{:?}", x.failures);
        assert_eq!(at(&x, "?m"), Some(90.0));
        assert_eq!(at(&x, "?tool"), None);
        let tool = &bound(&x, "?tool").value;
        assert_eq!(tool.class_name(), "wooden-spoon");
        assert!(tool.flag(slot::USED));
        let m = &bound(&x, "?m").value.contents()[0];
        assert_eq!(m.class_name(), "heterogeneous-mixture");
        assert_eq!(m.amount().unwrap().value, 150.0);
    }

    #[test]
    fn a_given_tool_is_found_anywhere() {
        let x = run(&format!(
            "{BOWL}(fetch ?f ?ks3 ?ks2 fork 1)\n(mingle ?m ?ks4 ?ks3 ?b ?f)"
        ));
        assert!(x.failures.is_empty(), "{:?}", x.failures);
        assert_eq!(at(&x, "?m"), Some(120.0));
    }

    #[test]
    fn a_failed_container_crashes_like_the_reference() {
        let x = run(
            "(get-kitchen ?k)\n(fetch-and-proportion ?x ?ks ?k ?bowl linguine 100 g)\n\
             (mingle ?m ?ks2 ?ks ?x ?tool)",
        );
        assert!(!x.solved);
        assert!(crashed(&x));
    }
}
