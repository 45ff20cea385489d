//! `sift`: moves the contents of a container (found anywhere) into a target,
//! marking siftable items sifted. Defaults: the closest unused large bowl and
//! the closest unused sift; given ones are found anywhere. Target and sift
//! are marked used. 90 after the source is ready, but 60 when both target
//! and sift are given.

use sous_kitchen::{slot, Value};

use crate::ops::cutting::{anywhere, as_before, entity_mut, mark_used, retrieve, set_on_contents};
use crate::{Exec, SimError};

pub fn run(x: &mut Exec) -> Result<(), SimError> {
    // Cases (reference order): 0 neither given, 1 target given, 2 sift given, 3 both.
    let target_given = x.case % 2 == 1;
    let sift_given = x.case >= 2;
    // Quirk: sifting into a given target with a given sift is faster.
    let duration = if x.case == 3 { 60.0 } else { 90.0 };
    let done = x.start_after("container-with-ingredients-to-be-sifted")? + duration;
    let source = anywhere(x, "container-with-ingredients-to-be-sifted")?;
    let target = if target_given {
        anywhere(x, "target-container")?
    } else {
        retrieve(x, "large-bowl", &[])
    };
    let target_before = target.and_then(|t| as_before(x, t));
    let sift = if sift_given {
        anywhere(x, "sifting-tool")?
    } else {
        retrieve(x, "sift", &[])
    };
    x.ks.set_time(done);
    if !target_given {
        match target_before {
            Some(b) => x.bind_value("target-container", b, None),
            None => x.bind_failed("target-container", None),
        }
    }
    let (Some(source), Some(target), Some(sift)) = (source, target, sift) else {
        x.fail(if source.is_none() {
            "the container to sift is not in the kitchen"
        } else if target.is_none() {
            "no container to sift into"
        } else {
            "no sift"
        });
        x.bind_failed("container-with-sifted-contents", Some(done));
        if !sift_given {
            x.bind_failed("sifting-tool", Some(done));
        }
        x.bind_kitchen(done, done);
        return Ok(());
    };
    let moved = entity_mut(x, source)?
        .contents_mut()
        .map(std::mem::take)
        .unwrap_or_default();
    let append = x.case == 3;
    if let Some(c) = entity_mut(x, target)?.contents_mut() {
        // Quirk: only with both given are the contents appended; otherwise they replace the target's.
        if !append {
            c.clear();
        }
        c.extend(moved);
    }
    if source == target {
        // Sifting a container into itself leaves it empty, as in the reference.
        if let Some(c) = entity_mut(x, source)?.contents_mut() {
            c.clear();
        }
    }
    mark_used(x, target)?;
    mark_used(x, sift)?;
    set_on_contents(
        x,
        target,
        slot::SIFTED,
        &Value::Bool(true),
        Some("siftable"),
    )?;
    x.bind_pid("container-with-sifted-contents", target, Some(done));
    if !sift_given {
        x.bind_pid("sifting-tool", sift, Some(done));
    }
    x.bind_kitchen(done, done);
    Ok(())
}
