//! `melt`: melts the meltable contents of a container on the counter-top
//! (no temperature change). Case 1 binds the kitchen's microwave as the tool.
//! 60.

use std::sync::Arc;

use sous_kitchen::slot;

use crate::{Exec, SimError};

pub fn run(x: &mut Exec) -> Result<(), SimError> {
    let done = x.start_after("container-with-input-ingredients")? + 60.0;
    let failed = x.arg("container-with-input-ingredients")?.is_failed()
        || (x.case == 1 && x.arg("melting-tool")?.is_failed());
    if failed {
        x.fail("a failed-object was given to melt");
        x.bind_failed("container-with-melted-ingredients", Some(done));
    } else {
        let place = x
            .locate_on_counter_top("container-with-input-ingredients")?
            .ok_or_else(|| SimError::Crash("the container is not on the counter-top".into()))?;
        let c = x.ks.at_mut(&place).expect("located");
        if let Some(contents) = c.contents_mut() {
            for item in contents.iter_mut().filter(|i| i.is_a_name("meltable")) {
                Arc::make_mut(item).set_flag(slot::MELTED, true);
            }
        }
        let pid = c.pid;
        x.bind_pid("container-with-melted-ingredients", pid, Some(done));
    }
    if x.case == 0 {
        let microwave =
            x.ks.appliance_named("microwave")
                .and_then(|p| x.ks.get(&p).cloned())
                .ok_or_else(|| SimError::Crash("the kitchen has no microwave".into()))?;
        x.bind_value("melting-tool", microwave, Some(done));
    }
    x.bind_kitchen(done, done);
    Ok(())
}
