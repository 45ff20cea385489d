//! Mixtures: what mix, beat, mingle, shake and boil make of a container's contents.

use std::sync::Arc;

use sous_kitchen::{
    convert_to_g, slot, Amount, ClassId, Entity, EntityRef, IdGen, Num, Ontology, SlotId, Value,
};

use sous_lang::call::{Primitive, Role};

use crate::{Call, Exec, SimError};

/// A mixture of `ingredients` (class `homogeneous-mixture` or
/// `heterogeneous-mixture`): its amount is the sum in grams, each component
/// keeps its identity with its amount replaced by its fraction (unit percent),
/// and `flag` (e.g. `mixed`) is set when given. Grams are summed from the
/// integer 0 and each fraction is grams / total, exactly when the grams are
/// exact (230 g of 350 g is 23/35), as in the reference.
pub fn make(
    class: ClassId,
    ingredients: &[EntityRef],
    flag: Option<SlotId>,
    ids: &mut IdGen,
) -> Result<Entity, SimError> {
    let onto = Ontology::get();
    let mut grams = Vec::with_capacity(ingredients.len());
    for i in ingredients {
        grams.push(convert_to_g(i)?.amount().map_or(Num::ZERO, |a| a.value));
    }
    let total: Num = grams.iter().sum();
    let percent = onto.known().percent;
    let components = ingredients
        .iter()
        .zip(&grams)
        .map(|(i, g)| {
            let mut c = (**i).clone();
            c.set_amount(Amount {
                value: *g / total,
                unit: percent,
            });
            Arc::new(c)
        })
        .collect();
    let mut m = Entity::new(class, ids);
    m.set_amount(Amount {
        value: total,
        unit: onto.known().g,
    });
    m.set(slot::COMPONENTS, Value::List(components));
    if let Some(flag) = flag {
        m.set_flag(flag, true);
    }
    Ok(m)
}

/// Replaces the contents of `container` by one mixture of them; returns a copy of the mixture.
pub fn mix_in(
    container: &mut Entity,
    class: ClassId,
    flag: Option<SlotId>,
    ids: &mut IdGen,
) -> Result<EntityRef, SimError> {
    let contents = container.contents().to_vec();
    let m = Arc::new(make(class, &contents, flag, ids)?);
    if let Some(c) = container.contents_mut() {
        *c = vec![m.clone()].into();
    }
    Ok(m)
}

/// The success path shared by beat, mix and mingle: the container at `place`
/// gets one mixture of its contents, the tool is marked used, the container
/// (and, in case 1, the defaulted tool, without a time) are bound, and the
/// kitchen clock moves to `done`.
#[allow(clippy::too_many_arguments)]
pub fn mix_with_tool<P: Primitive>(
    x: &mut Call<P>,
    place: &[usize],
    tool: sous_kitchen::Pid,
    class: ClassId,
    flag: Option<SlotId>,
    output: Role<P>,
    tool_arg: Role<P>,
    done: f64,
) -> Result<(), SimError> {
    let e: &mut Exec = x;
    let c =
        e.ks.at_mut(place)
            .ok_or_else(|| SimError::Crash("the container vanished".into()))?;
    let pid = c.pid;
    mix_in(c, class, flag, e.ids)?;
    let tool_place =
        x.ks.locate(tool)
            .ok_or_else(|| SimError::Crash("the tool vanished".into()))?;
    if let Some(t) = x.ks.at_mut(&tool_place) {
        t.set_flag(slot::USED, true);
    }
    x.bind_pid(output, pid, Some(done));
    if x.case == 0 {
        x.bind_pid(tool_arg, tool, None);
    }
    x.bind_kitchen(done, done);
    Ok(())
}
