//! `cover`: covers a container. Case 1 takes the closest unused cover that
//! fits the object's class (medium bowl: medium-bowl lid, large bowl:
//! large-bowl lid, jar: jar lid, anything else: plastic wrap); case 2 uses
//! the given cover. The cover leaves the counter-top and lives in the
//! object's covered-with slot. 20.

use std::sync::Arc;

use sous_kitchen::{slot, Entity, Pid, Value};
use sous_lang::call::{cover as role, Cover};

use crate::exec::Found;
use crate::ops::heat::settable;
use crate::{Call, SimError};

pub(crate) fn run(x: &mut Call<Cover>) -> Result<(), SimError> {
    let done = x.start_after(role::OBJECT)? + 20.0;
    let object = x.arg(role::OBJECT)?.clone();
    let cover_pid: Option<Pid> = if x.case == 0 {
        let k = x.known();
        let kind = if object.is_a(k.medium_bowl) {
            k.medium_bowl_lid
        } else if object.is_a(k.large_bowl) {
            k.large_bowl_lid
        } else if object.is_a(k.jar) {
            k.jar_lid
        } else {
            k.plastic_wrap
        };
        x.retrieve(kind, &[])
    } else {
        x.locate_pid(role::COVER)?
    };
    let cover_failed = x.case == 1 && x.arg(role::COVER)?.is_failed();
    if object.is_failed() || cover_failed || (x.case == 0 && cover_pid.is_none()) {
        x.fail(if x.case == 0 && !object.is_failed() {
            "no unused cover that fits".to_string()
        } else {
            "a failed-object was given to cover".to_string()
        });
        x.bind_failed(role::COVERED_OBJECT, Some(done));
        if x.case == 0 {
            x.bind_failed(role::COVER, Some(done));
        }
        x.bind_kitchen(done, done);
        return Ok(());
    }
    let target = x
        .locate(role::OBJECT)?
        .ok_or_else(|| SimError::Crash("the object to cover is not in the kitchen".into()))?;
    let target_pid = x.ks.get(&target).found("the target")?.pid;
    let cover_pid =
        cover_pid.ok_or_else(|| SimError::Crash("the cover is not in the kitchen".into()))?;
    let place = x.ks.locate(cover_pid).found("the cover")?;
    let cover = x.ks.at_mut(&place).found("the cover")?;
    settable(cover, &[slot::IS_COVERING])?;
    cover.set_flag(slot::IS_COVERING, true);
    cover.set_flag(slot::USED, true);
    let cover: Entity = cover.clone();
    if let Some(ct) = x.ks.counter_top() {
        if let Some(list) = x.ks.at_mut(&ct).and_then(|c| c.contents_mut()) {
            list.retain(|e| e.pid != cover_pid);
        }
    }
    let cover = Arc::new(cover);
    let place = x.ks.locate(target_pid).found("the target")?;
    let o = x.ks.at_mut(&place).found("the object to cover")?;
    settable(o, &[slot::COVERED_WITH])?;
    o.set(slot::COVERED_WITH, Value::Entity(cover.clone()));
    x.bind_pid(role::COVERED_OBJECT, target_pid, Some(done));
    if x.case == 0 {
        x.bind_value(role::COVER, cover, Some(done));
    }
    x.bind_kitchen(done, done);
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::primitives::test_util::*;
    use sous_kitchen::slot;

    #[test]
    fn case_1_picks_the_lid_that_fits_and_uncover_puts_it_back() {
        let x = run("(get-kitchen ?k)\n(fetch-and-proportion ?b ?ks1 ?k ?t butter 100 g)\n(cover ?covered ?ks2 ?ks1 ?b ?lid)\n\
             (uncover ?open ?lid2 ?ks3 ?ks2 ?covered)");
        assert!(x.failures.is_empty(), "{:?}", x.failures);
        assert_eq!(at(&x, "?covered"), Some(50.0));
        assert_eq!(at(&x, "?lid"), Some(50.0));
        let lid = &bound(&x, "?lid").value;
        assert_eq!(lid.class_name(), "medium-bowl-lid");
        assert!(lid.flag(slot::IS_COVERING) && lid.flag(slot::USED));
        let covered = &bound(&x, "?covered").value;
        assert_eq!(
            covered.get(slot::COVERED_WITH).as_entity().unwrap().pid,
            lid.pid
        );
        assert_eq!(counter_top_classes(&x, "?ks2"), ["medium-bowl"]);
        // uncover
        assert_eq!(at(&x, "?open"), Some(70.0));
        assert_eq!(at(&x, "?lid2"), Some(70.0));
        assert!(bound(&x, "?open").value.get(slot::COVERED_WITH).is_nil());
        let lid2 = &bound(&x, "?lid2").value;
        assert_eq!(lid2.pid, lid.pid);
        assert!(!lid2.flag(slot::IS_COVERING) && lid2.flag(slot::USED));
        assert_eq!(
            counter_top_classes(&x, "?ks3"),
            ["medium-bowl-lid", "medium-bowl"]
        );
    }

    #[test]
    fn case_2_uses_the_given_cover() {
        let x = run("(get-kitchen ?k)\n(fetch ?jar ?ks1 ?k jar 1)\n(fetch ?wrap ?ks2 ?ks1 plastic-wrap 1)\n(cover ?covered ?ks3 ?ks2 ?jar ?wrap)");
        assert!(x.failures.is_empty(), "{:?}", x.failures);
        assert_eq!(at(&x, "?covered"), Some(80.0));
        let w = bound(&x, "?covered")
            .value
            .get(slot::COVERED_WITH)
            .as_entity()
            .unwrap()
            .clone();
        assert_eq!(w.class_name(), "plastic-wrap");
        assert_eq!(counter_top_classes(&x, "?ks3"), ["jar"]);
    }

    #[test]
    fn a_failed_object_cannot_be_covered() {
        let x = run(
            "(get-kitchen ?k)\n(fetch ?pans ?ks1 ?k pan 3)\n(cover ?covered ?ks2 ?ks1 ?pans ?wrap)",
        );
        assert!(x.solved);
        assert!(bound(&x, "?covered").value.is_failed());
        assert!(bound(&x, "?wrap").value.is_failed());
        // The plastic wrap was still brought to the counter-top.
        assert_eq!(counter_top_classes(&x, "?ks2")[0], "plastic-wrap");
    }
}
