//! Mixtures: what mix, beat, mingle, shake and boil make of a container's contents.

use std::sync::Arc;

use sous_kitchen::{convert_to_g, slot, Amount, Entity, EntityRef, IdGen, Ontology, SlotId, Value};

use crate::SimError;

/// A mixture of `ingredients` (class `homogeneous-mixture` or
/// `heterogeneous-mixture`): its amount is the sum in grams, each component
/// keeps its identity with its amount replaced by its fraction (unit percent),
/// and `flag` (e.g. `mixed`) is set when given.
pub fn make(
    class: &str,
    ingredients: &[EntityRef],
    flag: Option<SlotId>,
    ids: &mut IdGen,
) -> Result<Entity, SimError> {
    let onto = Ontology::get();
    let mut grams = Vec::with_capacity(ingredients.len());
    for i in ingredients {
        grams.push(convert_to_g(i)?.amount().map_or(0.0, |a| a.value));
    }
    let total: f64 = grams.iter().sum();
    let percent = onto.must("percent");
    let components = ingredients
        .iter()
        .zip(&grams)
        .map(|(i, g)| {
            let mut c = (**i).clone();
            c.set(
                slot::AMOUNT,
                Value::Amount(Amount {
                    value: g / total,
                    unit: percent,
                }),
            );
            Arc::new(c)
        })
        .collect();
    let mut m = Entity::new(onto.must(class), ids);
    m.set(
        slot::AMOUNT,
        Value::Amount(Amount {
            value: total,
            unit: onto.must("g"),
        }),
    );
    m.set(slot::COMPONENTS, Value::List(components));
    if let Some(flag) = flag {
        m.set_flag(flag, true);
    }
    Ok(m)
}

/// Replaces the contents of `container` by one mixture of them; returns a copy of the mixture.
pub fn mix_in(
    container: &mut Entity,
    class: &str,
    flag: Option<SlotId>,
    ids: &mut IdGen,
) -> Result<EntityRef, SimError> {
    let contents = container.contents().to_vec();
    let m = Arc::new(make(class, &contents, flag, ids)?);
    if let Some(c) = container.contents_mut() {
        *c = vec![m.clone()];
    }
    Ok(m)
}
