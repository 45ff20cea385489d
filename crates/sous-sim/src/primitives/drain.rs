//! `drain`: splits the contents of a container on the counter-top: liquids
//! go to a medium bowl (closest unused), the rest stays. The tool is the
//! closest unused colander unless given (then it must be on the
//! counter-top). Tool and bowl are marked used. 60 after the container is ready.

use std::sync::Arc;

use sous_kitchen::{slot, Amount, Entity, EntityRef, Ontology, Value};

use crate::ops::cutting::{amount_value, entity_mut, mark_used, on_counter_top, retrieve};
use crate::{Exec, SimError};

pub fn run(x: &mut Exec) -> Result<(), SimError> {
    let done = x.start_after("container-with-ingredients")? + 60.0;
    let container = on_counter_top(x, "container-with-ingredients")?;
    let tool = if x.case == 0 {
        retrieve(x, "colander", &[])
    } else {
        on_counter_top(x, "draining-tool")?
    };
    let bowl = retrieve(x, "medium-bowl", &[]);
    x.ks.set_time(done);
    let (Some(container), Some(tool), Some(bowl)) = (container, tool, bowl) else {
        x.fail(if container.is_none() {
            "the container to drain is not on the counter-top"
        } else if tool.is_none() {
            "no draining tool"
        } else {
            "no unused medium bowl for the liquid"
        });
        x.bind_failed("drained-ingredient", Some(done));
        x.bind_failed("liquid-rests", Some(done));
        if x.case == 0 {
            x.bind_failed("draining-tool", Some(done));
        }
        x.bind_kitchen(done, done);
        return Ok(());
    };
    let items = entity_mut(x, container)?.contents().to_vec();
    let (liquids, solids) = partition(&items)?;
    if let Some(c) = entity_mut(x, bowl)?.contents_mut() {
        *c = liquids;
    }
    if let Some(c) = entity_mut(x, container)?.contents_mut() {
        *c = solids;
    }
    mark_used(x, tool)?;
    mark_used(x, bowl)?;
    x.bind_pid("drained-ingredient", container, Some(done));
    x.bind_pid("liquid-rests", bowl, Some(done));
    if x.case == 0 {
        x.bind_pid("draining-tool", tool, Some(done));
    }
    x.bind_kitchen(done, done);
    Ok(())
}

fn is_liquid(e: &Entity) -> bool {
    let onto = Ontology::get();
    e.is_a(onto.must("liquid")) || (e.is_a(onto.must("liquefiable")) && e.flag(slot::IS_LIQUID))
}

/// (liquids, solids), each in reverse order (the reference pushes onto lists).
/// A heterogeneous mixture with a liquid component is split into its
/// components (fraction × the mixture's amount, in its unit).
type Split = (Vec<EntityRef>, Vec<EntityRef>);

fn partition(items: &[EntityRef]) -> Result<Split, SimError> {
    let mixture = Ontology::get().must("heterogeneous-mixture");
    let (mut liquids, mut solids) = (Vec::new(), Vec::new());
    for item in items {
        if is_liquid(item) {
            liquids.insert(0, item.clone());
        } else if item.is_a(mixture) {
            let components = item.get(slot::COMPONENTS).as_list();
            // Quirk: a heterogeneous mixture without a liquid component is dropped altogether.
            if !components.iter().any(|c| is_liquid(c)) {
                continue;
            }
            let total = item
                .amount()
                .ok_or_else(|| SimError::Crash("the mixture has no amount".into()))?;
            for c in components {
                let mut c = (**c).clone();
                let fraction = amount_value(&c)?;
                c.set(
                    slot::AMOUNT,
                    Value::Amount(Amount {
                        value: fraction * total.value,
                        unit: total.unit,
                    }),
                );
                let c = Arc::new(c);
                if is_liquid(&c) {
                    liquids.insert(0, c);
                } else {
                    solids.insert(0, c);
                }
            }
        } else {
            solids.insert(0, item.clone());
        }
    }
    Ok((liquids, solids))
}
