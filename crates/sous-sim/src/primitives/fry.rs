//! `fry`: fries the fryable contents of a pan on the kitchen's stove. The cook
//! is busy 30; the food is ready after 30 minutes (the only frying time: the
//! reference has no case with a given stove or time). Case 1 defaults the
//! heating mode to medium heat; case 2 uses the given one.

use std::sync::Arc;

use sous_kitchen::{slot, EntityRef};

use crate::ops::heat::{instance, quantity, seconds, settable, stove_temperature};
use crate::{Exec, SimError};

pub fn run(x: &mut Exec) -> Result<(), SimError> {
    let start = x.start_after("thing-to-fry")?;
    let fried_at = start + seconds(30.0, "minute");
    let done = start + 30.0;
    let mode: EntityRef = if x.case == 0 {
        instance("medium-heat", x.ids)
    } else {
        x.arg("heating-mode")?.clone()
    };
    let stove = x.ks.appliance_named("stove");
    let thing = x.locate("thing-to-fry")?;
    let heatable = thing
        .as_ref()
        .and_then(|p| x.ks.get(p))
        .is_some_and(|t| t.is_a_name("heatable-container"));
    match (thing, stove) {
        (Some(thing), Some(stove)) if heatable => {
            let temperature = stove_temperature(&mode);
            let s = x.ks.at_mut(&stove).expect("located");
            s.set(slot::TEMPERATURE, temperature.clone());
            let stove_pid = s.pid;
            let pan = x.ks.at_mut(&thing).expect("located");
            if let Some(contents) = pan.contents_mut() {
                for item in contents.iter_mut().filter(|i| i.is_a_name("fryable")) {
                    settable(item, &[slot::TEMPERATURE])?;
                    let item = Arc::make_mut(item);
                    item.set(slot::TEMPERATURE, temperature.clone());
                    item.set_flag(slot::FRIED, true);
                }
            }
            let pid = pan.pid;
            x.bind_pid("thing-fried", pid, Some(fried_at));
            x.bind_pid("stove-to-fry-on", stove_pid, Some(fried_at));
        }
        (thing, _) => {
            x.fail(if thing.is_none() {
                "the thing to fry is not in the kitchen"
            } else {
                "only a pan or a pot can go on the stove"
            });
            x.bind_failed("thing-fried", Some(fried_at));
            x.bind_failed("stove-to-fry-on", Some(fried_at));
        }
    }
    let q = quantity(30.0, x.ids);
    let u = instance("minute", x.ids);
    x.bind_value("time-to-fry-quantity", q, None);
    x.bind_value("time-to-fry-unit", u, None);
    if x.case == 0 {
        x.bind_value("heating-mode", mode, None);
    }
    x.bind_kitchen(done, done);
    Ok(())
}
