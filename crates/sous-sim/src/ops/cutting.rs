//! Helpers of the preparation primitives (cut, peel, seed, wash, mash, drain,
//! grind, sift, crack, separate-eggs): changing objects found by persistent
//! id and every content of a container. (Finding them is `Call`'s:
//! `retrieve`, `locate_pid`, `counter_top_pid`.)

use std::sync::Arc;

use sous_kitchen::{ClassId, Entity, EntityList, EntityRef, Ontology, Pid, SlotId, Value};

use sous_lang::call::{Primitive, Role};

use crate::exec::Found;
use crate::{Call, Exec, SimError};

/// The object with this persistent id in the kitchen being changed.
pub fn entity_mut<'a>(x: &'a mut Exec, pid: Pid) -> Result<&'a mut Entity, SimError> {
    let place =
        x.ks.locate(pid)
            .ok_or_else(|| SimError::Crash("an object vanished from the kitchen".into()))?;
    x.ks.at_mut(&place)
        .found("an object changed by persistent id")
}

/// Sets `used` on the object with this persistent id.
pub fn mark_used(x: &mut Exec, pid: Pid) -> Result<(), SimError> {
    entity_mut(x, pid)?.set_flag(sous_kitchen::slot::USED, true);
    Ok(())
}

/// The object with this persistent id as it was in the input kitchen state.
pub fn as_before(x: &Exec, pid: Pid) -> Option<EntityRef> {
    x.before.find(pid).cloned()
}

/// Sets `slot` := `value` on every item of `items`. With `only`, items not of
/// that class are skipped; without it, an item lacking the slot is a Lisp
/// error (no applicable accessor), as in the reference.
pub fn set_on_all(
    items: &mut EntityList,
    slot: SlotId,
    value: &Value,
    only: Option<ClassId>,
) -> Result<(), SimError> {
    let onto = Ontology::get();
    for item in items.iter_mut() {
        if let Some(class) = only {
            if !onto.is_a(item.class, class) {
                continue;
            }
        }
        if !item.has_slot(slot) {
            return Err(SimError::Crash(format!(
                "`{}` has no slot `{}`",
                item.class_name(),
                onto.slot_name(slot)
            )));
        }
        Arc::make_mut(item).set(slot, value.clone());
    }
    Ok(())
}

/// Sets `slot` on every content of the container with this persistent id.
pub fn set_on_contents(
    x: &mut Exec,
    container: Pid,
    slot: SlotId,
    value: &Value,
    only: Option<ClassId>,
) -> Result<(), SimError> {
    let c = entity_mut(x, container)?;
    if let Some(items) = c.contents_mut() {
        set_on_all(items, slot, value, only)?;
    }
    Ok(())
}

/// The number of an item's amount (the reference crashes without one).
pub fn amount_value(item: &Entity) -> Result<sous_kitchen::Num, SimError> {
    item.amount()
        .map(|a| a.value)
        .ok_or_else(|| SimError::Crash(format!("`{}` has no amount", item.class_name())))
}

/// The end shared by peel and seed: the leftovers (peels, seeds) go to the
/// front of the bowl, tool and bowl are marked used, and the outputs are
/// bound: the changed copy of the input (`output`), the bowl, and in case 1
/// the defaulted tool, all at `done`.
#[allow(clippy::too_many_arguments)]
pub fn finish_with_leftovers<P: Primitive>(
    x: &mut Call<P>,
    output: Entity,
    leftovers: Vec<EntityRef>,
    bowl: Pid,
    tool: Pid,
    args: [Role<P>; 3],
    done: f64,
) -> Result<(), SimError> {
    let [output_arg, bowl_arg, tool_arg] = args;
    if let Some(c) = entity_mut(x, bowl)?.contents_mut() {
        c.prepend(leftovers);
    }
    mark_used(x, tool)?;
    mark_used(x, bowl)?;
    x.bind_value(output_arg, std::sync::Arc::new(output), Some(done));
    x.bind_pid(bowl_arg, bowl, Some(done));
    if x.case == 0 {
        x.bind_pid(tool_arg, tool, Some(done));
    }
    x.bind_kitchen(done, done);
    Ok(())
}
