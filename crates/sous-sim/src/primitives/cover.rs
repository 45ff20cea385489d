//! `cover`: covers a container. Case 1 takes the closest unused cover that
//! fits the object's class (medium bowl: medium-bowl lid, large bowl:
//! large-bowl lid, jar: jar lid, anything else: plastic wrap); case 2 uses
//! the given cover. The cover leaves the counter-top and lives in the
//! object's covered-with slot. 20.

use std::sync::Arc;

use sous_kitchen::{slot, Entity, Pid, Value};

use crate::ops::heat::settable;
use crate::{Exec, SimError};

pub fn run(x: &mut Exec) -> Result<(), SimError> {
    let done = x.start_after("object")? + 20.0;
    let object = x.arg("object")?.clone();
    let cover_pid: Option<Pid> = if x.case == 0 {
        let kind = if object.is_a_name("medium-bowl") {
            "medium-bowl-lid"
        } else if object.is_a_name("large-bowl") {
            "large-bowl-lid"
        } else if object.is_a_name("jar") {
            "jar-lid"
        } else {
            "plastic-wrap"
        };
        let class = x.class(kind);
        x.ks.retrieve(class, &[])
            .and_then(|p| x.ks.get(&p).map(|e| e.pid))
    } else {
        x.locate("cover")?.and_then(|p| x.ks.get(&p).map(|e| e.pid))
    };
    let cover_failed = x.case == 1 && x.arg("cover")?.is_failed();
    if object.is_failed() || cover_failed || (x.case == 0 && cover_pid.is_none()) {
        x.fail(if x.case == 0 && !object.is_failed() {
            "no unused cover that fits".to_string()
        } else {
            "a failed-object was given to cover".to_string()
        });
        x.bind_failed("covered-object", Some(done));
        if x.case == 0 {
            x.bind_failed("cover", Some(done));
        }
        x.bind_kitchen(done, done);
        return Ok(());
    }
    let target = x
        .locate("object")?
        .ok_or_else(|| SimError::Crash("the object to cover is not in the kitchen".into()))?;
    let target_pid = x.ks.get(&target).expect("located").pid;
    let cover_pid =
        cover_pid.ok_or_else(|| SimError::Crash("the cover is not in the kitchen".into()))?;
    let place = x.ks.locate(cover_pid).expect("located");
    let cover = x.ks.at_mut(&place).expect("located");
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
    let place = x.ks.locate(target_pid).expect("still there");
    let o = x.ks.at_mut(&place).expect("located");
    settable(o, &[slot::COVERED_WITH])?;
    o.set(slot::COVERED_WITH, Value::Entity(cover.clone()));
    x.bind_pid("covered-object", target_pid, Some(done));
    if x.case == 0 {
        x.bind_value("cover", cover, Some(done));
    }
    x.bind_kitchen(done, done);
    Ok(())
}
