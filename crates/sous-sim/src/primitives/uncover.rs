//! `uncover`: takes the cover off a container and puts it on the front of
//! the counter-top. 20.

use std::sync::Arc;

use sous_kitchen::{slot, Value};
use sous_lang::call::{uncover as role, Uncover};

use crate::exec::Found;
use crate::{Call, SimError};

pub(crate) fn run(x: &mut Call<Uncover>) -> Result<(), SimError> {
    let done = x.start_after(role::OBJECT)? + 20.0;
    let place = x
        .locate(role::OBJECT)?
        .ok_or_else(|| SimError::Crash("the object to uncover is not in the kitchen".into()))?;
    let o = x.ks.at_mut(&place).found("the object to uncover")?;
    let pid = o.pid;
    match o.get(slot::COVERED_WITH).as_entity().cloned() {
        Some(cover) => {
            o.set(slot::COVERED_WITH, Value::Nil);
            let mut cover = (*cover).clone();
            cover.set_flag(slot::IS_COVERING, false);
            let cover = Arc::new(cover);
            let ct =
                x.ks.counter_top()
                    .ok_or_else(|| SimError::Crash("the kitchen has no counter-top".into()))?;
            x.ks.push_front(&ct, cover.clone());
            x.bind_pid(role::UNCOVERED_OBJECT, pid, Some(done));
            x.bind_value(role::COVER, cover, Some(done));
        }
        None => {
            x.fail("it is not covered");
            x.bind_failed(role::UNCOVERED_OBJECT, Some(done));
            x.bind_failed(role::COVER, Some(done));
        }
    }
    x.bind_kitchen(done, done);
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::primitives::test_util::*;

    #[test]
    fn an_uncovered_object_gives_failed_objects() {
        let x = run(
            "(get-kitchen ?k)\n(fetch ?jar ?ks1 ?k jar 1)\n(uncover ?open ?lid ?ks2 ?ks1 ?jar)",
        );
        assert!(x.solved);
        assert!(bound(&x, "?open").value.is_failed());
        assert!(bound(&x, "?lid").value.is_failed());
        assert_eq!(at(&x, "?open"), Some(50.0));
        assert_eq!(at(&x, "?ks2"), Some(50.0));
    }

    #[test]
    fn waits_for_the_object() {
        let x = run(
            "(get-kitchen ?k)\n(fetch ?jar ?ks1 ?k jar 1)\n(cover ?c ?ks2 ?ks1 ?jar ?lid)\n\
             (refrigerate ?cold ?ks3 ?ks2 ?c ?f 1 hour)\n(uncover ?open ?lid2 ?ks4 ?ks3 ?cold)",
        );
        assert!(x.failures.is_empty(), "{:?}", x.failures);
        assert_eq!(bound(&x, "?lid").value.class_name(), "jar-lid");
        assert_eq!(at(&x, "?open"), Some(50.0 + 3600.0 + 20.0));
    }
}
