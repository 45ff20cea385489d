//! `beat`: turns the contents of a counter-top container into one beaten
//! homogeneous mixture, with a given tool (on the counter-top) or the closest
//! unused whisk. 60 after the container is ready.

use sous_kitchen::slot;
use sous_lang::call::{beat as role, Beat};

use crate::ops::mixture;
use crate::{Call, SimError};

pub(crate) fn run(x: &mut Call<Beat>) -> Result<(), SimError> {
    let done = x.start_after(role::CONTAINER_WITH_INGREDIENTS)? + 60.0;
    let tool_pid = if x.case == 0 {
        x.retrieve(x.known().whisk, &[])
    } else {
        x.counter_top_pid(role::TOOL)?
    };
    let container = x.locate_on_counter_top(role::CONTAINER_WITH_INGREDIENTS)?;
    x.ks.set_time(done);
    let (Some(tool_pid), Some(place)) = (tool_pid, container) else {
        x.fail(if tool_pid.is_none() {
            "no tool to beat with"
        } else {
            "the container is not on the counter-top"
        });
        x.bind_failed(role::CONTAINER_WITH_INGREDIENTS_BEATEN, Some(done));
        if x.case == 0 {
            x.bind_failed(role::TOOL, None);
        }
        x.bind_kitchen(done, done);
        return Ok(());
    };
    mixture::mix_with_tool(
        x,
        &place,
        tool_pid,
        x.known().homogeneous_mixture,
        Some(slot::BEATEN),
        role::CONTAINER_WITH_INGREDIENTS_BEATEN,
        role::TOOL,
        done,
    )
}

#[cfg(test)]
mod tests {
    use crate::primitives::test_util::*;
    use sous_kitchen::slot;

    #[test]
    fn beats_with_the_closest_unused_whisk() {
        let x = run(&format!("{BOWL}(beat ?beaten ?ks3 ?ks2 ?b ?tool)"));
        assert!(x.failures.is_empty(), "{:?}", x.failures);
        assert_eq!(at(&x, "?beaten"), Some(120.0));
        assert_eq!(at(&x, "?ks3"), Some(120.0));
        assert_eq!(at(&x, "?tool"), None, "the default tool has no time");
        let tool = &bound(&x, "?tool").value;
        assert_eq!(tool.class_name(), "whisk");
        assert!(tool.flag(slot::USED));
        let bowl = &bound(&x, "?beaten").value;
        assert_eq!(bowl.contents().len(), 1);
        let m = &bowl.contents()[0];
        assert_eq!(m.class_name(), "homogeneous-mixture");
        assert!(m.flag(slot::BEATEN) && !m.flag(slot::MIXED));
        assert_eq!(m.amount().unwrap().value, 150.0);
        assert_eq!(m.get(slot::COMPONENTS).as_list().len(), 2);
    }

    #[test]
    fn a_given_tool_must_be_on_the_counter_top() {
        let x = run(&format!(
            "{BOWL}(fetch ?w ?ks3 ?ks2 whisk 1)\n(beat ?beaten ?ks4 ?ks3 ?b ?w)"
        ));
        assert!(x.failures.is_empty(), "{:?}", x.failures);
        assert_eq!(at(&x, "?beaten"), Some(150.0));
        let x = run(&format!(
            "{BOWL}(fetch ?w ?ks3 ?k whisk 1)\n(beat ?beaten ?ks4 ?ks2 ?b ?w)"
        ));
        // The whisk was fetched in another branch: not on this counter-top.
        assert!(bound(&x, "?beaten").value.is_failed());
        assert_eq!(at(&x, "?beaten"), Some(120.0));
    }
}
