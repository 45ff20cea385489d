//! `flatten`: flattens every portion of a list on the counter-top with a
//! given tool (anywhere in the kitchen) or the closest unused rolling pin.
//! 90 after the portions are ready.

use sous_kitchen::{slot, Value};
use sous_lang::call::{flatten as role, Flatten};

use crate::exec::Found;
use crate::ops::portions::{set_slot, Portions};
use crate::{Call, SimError};

pub(crate) fn run(x: &mut Call<Flatten>) -> Result<(), SimError> {
    // Quirk: the list's own items are flattened (in reverse order); the
    // portions lying on the counter-top are left as they were.
    let found = Portions::list(x, role::PORTIONS)?;
    let done = x.start_after(role::PORTIONS)? + 90.0;
    x.bind_kitchen(done, done);
    let portions_failed = x.arg(role::PORTIONS)?.is_failed();
    let tool_pid =
        if x.case == 0 {
            x.retrieve(x.known().rolling_pin, &[])
        } else {
            let tool = x.arg(role::CAN_FLATTEN_TOOL)?;
            if portions_failed || tool.is_failed() {
                x.fail("nothing to flatten or nothing to flatten with");
                x.bind_failed(role::CONTAINER_WITH_FLATTENED_ITEMS, Some(done));
                return Ok(());
            }
            Some(x.locate_pid(role::CAN_FLATTEN_TOOL)?.ok_or_else(|| {
                SimError::Crash("the flattening tool is not in the kitchen".into())
            })?)
        };
    let (Some(tool_pid), false, Some(mut found)) = (tool_pid, portions_failed, found) else {
        // Quirk: the reference binds a failed-object as the tool, which is no
        // `can-flatten`: its own type check stops the run.
        return Err(SimError::Crash(
            "flatten found no rolling pin or no portions, and its failure output is ill-typed"
                .into(),
        ));
    };
    found.update(x, |_, item| {
        set_slot(item, slot::FLATTENED, Value::Bool(true))
    })?;
    let tool_place = x.ks.locate(tool_pid).found("the tool")?;
    x.ks.at_mut(&tool_place)
        .found("the tool")?
        .set_flag(slot::USED, true);
    found.bind(x, role::CONTAINER_WITH_FLATTENED_ITEMS, done);
    if x.case == 0 {
        x.bind_pid(role::CAN_FLATTEN_TOOL, tool_pid, None);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::ops::portions::TEST_PORTIONS as PORTIONS;
    use crate::primitives::test_util::*;
    use sous_kitchen::slot;

    #[test]
    fn flattens_with_the_closest_unused_rolling_pin() {
        let x = run(&format!(
            "{PORTIONS}(flatten ?flat ?ks5 ?ks4 ?portions ?pin)"
        ));
        assert!(x.failures.is_empty(), "{:?}", x.failures);
        assert_eq!(at(&x, "?flat"), Some(260.0));
        assert_eq!(at(&x, "?pin"), None);
        let pin = &bound(&x, "?pin").value;
        assert_eq!(pin.class_name(), "rolling-pin");
        assert!(pin.flag(slot::USED));
        let flat = &bound(&x, "?flat").value;
        assert_eq!(flat.items().len(), 4);
        assert!(flat.items().iter().all(|i| i.flag(slot::FLATTENED)));
        assert_eq!(flat.items()[3].amount().unwrap().value, 50.0, "reversed");
    }

    #[test]
    fn flattens_with_a_given_tool() {
        let x = run(&format!(
            "{PORTIONS}(fetch ?pin ?ks5 ?ks4 rolling-pin 1)\n(flatten ?flat ?ks6 ?ks5 ?portions ?pin)"
        ));
        assert!(x.failures.is_empty(), "{:?}", x.failures);
        assert_eq!(at(&x, "?flat"), Some(290.0));
    }

    #[test]
    fn failing_crashes_like_the_reference() {
        let x = run(
            "(get-kitchen ?k)\n(fetch-and-proportion ?x ?ks ?k ?bowl linguine 100 g)\n\
             (flatten ?flat ?ks2 ?ks ?x ?pin)",
        );
        assert!(crashed(&x));
    }
}
