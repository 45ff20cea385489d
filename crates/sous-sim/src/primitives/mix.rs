//! `mix`: turns the contents of a counter-top container into one mixed
//! homogeneous mixture, with a given tool (anywhere in the kitchen) or the
//! closest unused whisk. 30 after the container is ready.

use sous_kitchen::slot;
use sous_lang::call::{mix as role, Mix};

use crate::ops::mixture;
use crate::{Call, SimError};

pub(crate) fn run(x: &mut Call<Mix>) -> Result<(), SimError> {
    let done = x.start_after(role::CONTAINER_WITH_INPUT_INGREDIENTS)? + 30.0;
    let tool_pid = if x.case == 0 {
        x.ks.set_time(done);
        x.retrieve(x.known().whisk, &[])
    } else {
        x.locate_pid(role::MIXING_TOOL)?
    };
    let container = x.locate_on_counter_top(role::CONTAINER_WITH_INPUT_INGREDIENTS)?;
    let (Some(tool_pid), Some(place)) = (tool_pid, container) else {
        x.fail(if tool_pid.is_none() {
            "no tool to mix with"
        } else {
            "the container is not on the counter-top"
        });
        x.bind_failed(role::CONTAINER_WITH_MIXTURE, Some(done));
        if x.case == 0 {
            x.bind_failed(role::MIXING_TOOL, None);
            x.bind_kitchen(done, done);
        } else {
            // Quirk: with a given tool the clock only advances on success.
            let t = x.ks_time();
            x.bind_kitchen(t, done);
        }
        return Ok(());
    };
    mixture::mix_with_tool(
        x,
        &place,
        tool_pid,
        x.known().homogeneous_mixture,
        Some(slot::MIXED),
        role::CONTAINER_WITH_MIXTURE,
        role::MIXING_TOOL,
        done,
    )
}

#[cfg(test)]
mod tests {
    use crate::primitives::test_util::*;
    use sous_kitchen::slot;

    #[test]
    fn mixes_with_the_closest_unused_whisk_then_reuses_it() {
        let x = run(&format!(
            "{BOWL}(mix ?m ?ks3 ?ks2 ?b ?tool)\n(mix ?m2 ?ks4 ?ks3 ?m ?tool)"
        ));
        assert!(x.failures.is_empty(), "{:?}", x.failures);
        assert_eq!(at(&x, "?m"), Some(90.0));
        assert_eq!(at(&x, "?m2"), Some(120.0));
        assert_eq!(at(&x, "?tool"), None);
        assert_eq!(bound(&x, "?tool").value.class_name(), "whisk");
        assert!(bound(&x, "?tool").value.flag(slot::USED));
        let m = &bound(&x, "?m").value.contents()[0];
        assert!(m.flag(slot::MIXED) && !m.flag(slot::BEATEN));
        assert_eq!(m.amount().unwrap().value, 150.0);
        let butter = &m.get(slot::COMPONENTS).as_list()[1];
        assert_eq!(butter.class_name(), "butter");
        // The fraction is exact, as in the reference: 100/150 = 2/3.
        assert_eq!(
            butter.amount().unwrap().value,
            sous_kitchen::Num::ratio(2, 3)
        );
        assert_ne!(butter.amount().unwrap().value, 2.0 / 3.0);
        // Mixing a mixture again nests it.
        let m2 = &bound(&x, "?m2").value.contents()[0];
        assert_eq!(m2.get(slot::COMPONENTS).as_list().len(), 1);
    }

    #[test]
    fn a_missing_container_fails_and_a_given_tool_keeps_the_clock() {
        let x = run(&format!(
            "{BOWL}(fetch ?w ?ks3 ?ks2 whisk 1)\n\
             (fetch-and-proportion ?x ?ks4 ?ks3 ?t2 linguine 1 g)\n(mix ?m ?ks5 ?ks4 ?x ?w)"
        ));
        assert!(bound(&x, "?m").value.is_failed());
        assert_eq!(at(&x, "?m"), Some(150.0));
        assert_eq!(at(&x, "?ks5"), Some(150.0));
        assert_eq!(
            sous_kitchen::KitchenState::from_entity(bound(&x, "?ks5").value.clone()).time(),
            120.0,
            "the kitchen-time slot is not advanced"
        );
    }
}
