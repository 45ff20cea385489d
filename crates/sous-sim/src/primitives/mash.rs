//! `mash`: mashes every content of the input container with a fork (the
//! closest unused one) or the given tool (found anywhere). 60 after the input
//! is ready. Quirk: the output is a modified copy of the input value; the
//! container in the kitchen keeps its unmashed contents.

use std::sync::Arc;

use sous_kitchen::{slot, Value};
use sous_lang::call::{mash as role, Mash};

use crate::ops::cutting::{mark_used, set_on_all};
use crate::{Call, SimError};

pub(crate) fn run(x: &mut Call<Mash>) -> Result<(), SimError> {
    let done = x.start_after(role::INPUT_INGREDIENT)? + 60.0;
    let input = x.arg(role::INPUT_INGREDIENT)?.clone();
    let tool = if x.case == 0 {
        x.retrieve(x.known().fork, &[])
    } else {
        x.locate_pid(role::MASHING_TOOL)?
    };
    x.ks.set_time(done);
    // Case 1 checks only that the given tool is not a failed-object.
    let failure = if input.is_failed() {
        Some("there is nothing to mash (the input is a failed-object)")
    } else if x.case == 0 && tool.is_none() {
        Some("no unused fork in the kitchen")
    } else if x.case == 1 && x.arg(role::MASHING_TOOL)?.is_failed() {
        Some("the mashing tool is a failed-object")
    } else {
        None
    };
    if let Some(why) = failure {
        x.fail(why);
        x.bind_failed(role::MASHED_INGREDIENT, Some(done));
        if x.case == 0 {
            x.bind_failed(role::MASHING_TOOL, Some(done));
        }
        x.bind_kitchen(done, done);
        return Ok(());
    }
    let mut output = (*input).clone();
    if let Some(items) = output.contents_mut() {
        set_on_all(items, slot::MASHED, &Value::Bool(true), None)?;
    }
    // Quirk: a given tool missing from the kitchen makes the reference crash (it marks nil used).
    let tool =
        tool.ok_or_else(|| SimError::Crash("the given mashing tool is not in the kitchen".into()))?;
    mark_used(x, tool)?;
    x.bind_value(role::MASHED_INGREDIENT, Arc::new(output), Some(done));
    if x.case == 0 {
        x.bind_pid(role::MASHING_TOOL, tool, Some(done));
    }
    x.bind_kitchen(done, done);
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::primitives::test_util::*;
    use sous_kitchen::slot;

    #[test]
    fn mash_defaults_to_a_fork() {
        let x = run(
            "(get-kitchen ?k)\n(fetch-and-proportion ?p ?ks1 ?k ?t banana 3 piece)\n\
             (mash ?m ?ks2 ?ks1 ?p ?fork)",
        );
        assert!(x.solved && x.failures.is_empty(), "{:?}", x.failures);
        assert_eq!(at(&x, "?m"), Some(90.0));
        assert_eq!(at(&x, "?fork"), Some(90.0));
        assert_eq!(bound(&x, "?fork").value.class_name(), "fork");
        assert!(bound(&x, "?fork").value.flag(slot::USED));
        let m = &bound(&x, "?m").value;
        assert_eq!(m.contents().len(), 3);
        assert!(m.contents().iter().all(|i| i.flag(slot::MASHED)));
        // Quirk: the bananas in the kitchen stay unmashed.
        let ks = sous_kitchen::KitchenState::from_entity(bound(&x, "?ks2").value.clone());
        assert!(!ks.find(m.pid).unwrap().contents()[0].flag(slot::MASHED));
    }

    #[test]
    fn mash_with_a_given_tool() {
        let x = run(
            "(get-kitchen ?k)\n(fetch-and-proportion ?p ?ks1 ?k ?t avocado 2 piece)\n\
             (fetch ?fork ?ks2 ?ks1 fork 1)\n(mash ?m ?ks3 ?ks2 ?p ?fork)",
        );
        assert!(x.failures.is_empty(), "{:?}", x.failures);
        assert_eq!(at(&x, "?m"), Some(120.0));
        let ks = sous_kitchen::KitchenState::from_entity(bound(&x, "?ks3").value.clone());
        assert!(ks
            .find(bound(&x, "?fork").value.pid)
            .unwrap()
            .flag(slot::USED));
    }

    #[test]
    fn mashing_a_failed_object_fails() {
        let x = run(
            "(get-kitchen ?k)\n(fetch-and-proportion ?p ?ks1 ?k ?t linguine 1 g)\n\
             (mash ?m ?ks2 ?ks1 ?p ?fork)",
        );
        assert!(bound(&x, "?m").value.is_failed());
        assert!(bound(&x, "?fork").value.is_failed());
        assert_eq!(at(&x, "?m"), Some(90.0));
    }
}
