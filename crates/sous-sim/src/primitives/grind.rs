//! `grind`: every grindable content of the container (found anywhere) gets
//! ground := true, with a food processor (the closest unused one) or the
//! given tool (found anywhere), marked used. 90 after the container is ready.

use sous_kitchen::{slot, Value};

use crate::ops::cutting::{anywhere, mark_used, retrieve, set_on_contents};
use crate::{Exec, SimError};

pub fn run(x: &mut Exec) -> Result<(), SimError> {
    let done = x.start_after("container-with-ingredients-to-be-ground")? + 90.0;
    let container = anywhere(x, "container-with-ingredients-to-be-ground")?;
    let tool = if x.case == 0 {
        retrieve(x, "food-processor", &[])
    } else {
        anywhere(x, "grinding-tool")?
    };
    x.ks.set_time(done);
    let (Some(container), Some(tool)) = (container, tool) else {
        x.fail(if container.is_none() {
            "the container to grind is not in the kitchen"
        } else {
            "no grinding tool"
        });
        x.bind_failed("container-with-ground-contents", Some(done));
        if x.case == 0 {
            x.bind_failed("grinding-tool", Some(done));
        }
        x.bind_kitchen(done, done);
        return Ok(());
    };
    set_on_contents(
        x,
        container,
        slot::GROUND,
        &Value::Bool(true),
        Some("grindable"),
    )?;
    mark_used(x, tool)?;
    x.bind_pid("container-with-ground-contents", container, Some(done));
    if x.case == 0 {
        x.bind_pid("grinding-tool", tool, Some(done));
    }
    x.bind_kitchen(done, done);
    Ok(())
}
