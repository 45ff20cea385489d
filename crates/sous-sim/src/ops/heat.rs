//! Helpers shared by bake, boil, fry, line, transfer-items, grease, flour,
//! refrigerate and friends.

use std::sync::Arc;

use sous_kitchen::{
    slot, Amount, ClassId, Entity, EntityList, EntityRef, IdGen, KitchenState, Num, Ontology, Value,
};

use crate::exec::Found;
use crate::ops::portions;
use crate::{Exec, SimError};

/// Seconds for `q` of time unit `unit`: hours ×3600, anything else ×60
/// (integer factors in the reference, so an exact `q` gives exact seconds).
pub fn seconds(q: Num, unit: ClassId) -> Num {
    if unit == Ontology::get().known().hour {
        q * Num::int(3600)
    } else {
        q * Num::int(60)
    }
}

/// A fresh `quantity` holding `v` (a default the reference makes itself).
pub fn quantity(v: impl Into<Num>, ids: &mut IdGen) -> EntityRef {
    Arc::new(Entity::quantity(v, ids))
}

/// A fresh instance of a unit/pattern/mode class (not a concept), as
/// `(make-instance 'minute)` gives.
pub fn instance(class: ClassId, ids: &mut IdGen) -> EntityRef {
    Arc::new(Entity::new(class, ids))
}

/// The quantity and unit objects of an amount, as `(quantity a)` / `(unit a)`:
/// the amounts the reference stores come from network constants, so the unit
/// is a concept instance.
pub fn amount_parts(a: Amount, ids: &mut IdGen) -> (EntityRef, EntityRef) {
    let q = quantity(a.value, ids);
    let u = Arc::new(Entity::concept(a.unit, ids));
    (q, u)
}

/// The items of `list` still on the counter-top (see
/// [`portions::find_kitchen_entities`]); `None` for a failed-object.
pub fn listed_items(ks: &KitchenState, list: &Entity) -> Result<Option<EntityList>, SimError> {
    Ok(portions::find_kitchen_entities(ks, list)?.map(|l| l.items().clone()))
}

/// A copy of `list` (same persistent id) holding `items`.
pub fn list_with(list: &Entity, items: impl Into<EntityList>) -> EntityRef {
    let mut l = list.clone();
    l.set(slot::ITEMS, Value::List(items.into()));
    Arc::new(l)
}

/// What grease and flour case 1 take from the stock: the stock container as
/// it was, holding only the 10 g portion, and that portion.
pub struct Portion {
    /// The stock container as it was, holding only the portion.
    pub container: Entity,
    /// The 10 g taken.
    pub portion: Entity,
}

/// Takes 10 g of the first `class` ingredient found outside the counter-top
/// (`find-ingredient` on the input state). The stock's number drops by 10
/// whatever its unit, and its container ends up at the front of the place it
/// came from (it passes over the counter-top and back). With `spread` the
/// portion is marked spread (grease). `None` if there is no such ingredient.
pub fn take_ten_grams(
    x: &mut Exec,
    class: ClassId,
    spread: bool,
) -> Result<Option<Portion>, SimError> {
    let onto = Ontology::get();
    let Some(place) = x.before.locate_ingredient(class) else {
        return Ok(None);
    };
    let stock_container = x.before.get(&place).cloned().found("the stock container")?;
    let origin_class = x
        .before
        .get(&place[..place.len() - 1])
        .map(|e| e.class)
        .ok_or_else(|| SimError::Crash("stock location vanished".into()))?;
    // The reference reaches the location through the kitchen accessor of that class.
    let origin = x.ks.appliance(origin_class).ok_or_else(|| {
        SimError::Crash(format!(
            "`{}` is not a place of the kitchen",
            onto.name(origin_class)
        ))
    })?;
    let here =
        x.ks.locate_in(&origin, stock_container.pid)
            .ok_or_else(|| SimError::Crash("the stock container is not where it was".into()))?;
    let mut container = (**x.ks.get(&here).found("the stock container")?).clone();
    let copy = container.clone();
    let stock = container
        .contents_mut()
        .and_then(|c| c.first_mut())
        .ok_or_else(|| SimError::Crash("the stock container is empty".into()))?;
    let mut portion = (**stock).clone();
    let stock = Arc::make_mut(stock);
    let have = stock
        .amount()
        .ok_or_else(|| SimError::Crash("the stock has no amount".into()))?;
    // `:value 10` in the reference: an integer.
    stock.set_amount(Amount {
        value: have.value - Num::int(10),
        unit: have.unit,
    });
    portion.set_amount(Amount::new(10, onto.known().g));
    if spread {
        portion.set_flag(slot::SPREAD, true);
    }
    x.ks.remove(&here);
    x.ks.push_front(&origin, Arc::new(container));
    let mut copy = copy;
    if let Some(c) = copy.contents_mut() {
        c[0] = Arc::new(portion.clone());
    }
    Ok(Some(Portion {
        container: copy,
        portion,
    }))
}

/// The temperature a stove mode sets (`convert-to-temperature`); nil for other modes.
pub fn stove_temperature(mode: &Entity) -> Value {
    let onto = Ontology::get();
    match onto.stove_mode_temperature(mode.class) {
        Some(t) => Value::Amount(Amount {
            value: t,
            unit: onto.known().degrees_celsius,
        }),
        None => Value::Nil,
    }
}

/// The reference's slot writers fail on an object without the slot.
pub fn settable(e: &Entity, slots: &[sous_kitchen::SlotId]) -> Result<(), SimError> {
    match slots.iter().find(|s| !e.has_slot(**s)) {
        Some(s) => Err(SimError::Crash(format!(
            "a `{}` has no `{}` to set",
            e.class_name(),
            Ontology::get().slot_name(*s)
        ))),
        None => Ok(()),
    }
}

/// Running one primitive on a hand-made kitchen state (unit tests of the heat group).
#[cfg(test)]
pub(crate) mod testing {
    use std::collections::HashMap;

    use sous_kitchen::{EntityRef, IdGen, KitchenState};

    use crate::exec::Source;
    use crate::{Binding, Exec, SimError};

    pub struct Outcome {
        pub out: HashMap<&'static str, Binding>,
        pub ks: KitchenState,
    }

    /// Runs `name` with `ks` as kitchen-state-in (available at its time) and
    /// `args` bound (name, value, available-at); the case follows from them.
    pub fn run_on(
        name: &str,
        ks: KitchenState,
        args: &[(&str, EntityRef, Option<f64>)],
    ) -> Result<Outcome, SimError> {
        let sig = sous_lang::signatures()
            .iter()
            .find(|s| s.name == name && !s.legacy)
            .expect("a primitive");
        let mut inputs: Vec<Option<Binding>> = vec![None; sig.arity()];
        let ksi = sig.kitchen_state_in().expect("has a kitchen state");
        inputs[ksi] = Some(Binding {
            value: ks.root().clone(),
            available_at: Some(ks.time()),
        });
        for (arg, value, at) in args {
            inputs[sig.index_of(arg).expect("an argument")] = Some(Binding {
                value: value.clone(),
                available_at: *at,
            });
        }
        let mask = inputs
            .iter()
            .enumerate()
            .filter(|(_, b)| b.is_some())
            .map(|(i, _)| 1u32 << i)
            .sum();
        let case = sig.case_for(mask).expect("a case for these arguments");
        let mut ids = IdGen::starting_at(1_000_000);
        let mut x = Exec::new(
            sig,
            inputs.iter().map(Option::as_ref).collect(),
            case,
            ks,
            &mut ids,
        );
        crate::primitives::run(&mut x)?;
        let mut out = HashMap::new();
        for (i, source, at) in x.outputs.clone() {
            let value = match source {
                Source::KitchenState => x.ks.root().clone(),
                Source::Value(v) => v,
                Source::InKitchen(pid) => x.ks.find(pid).expect("in the kitchen").clone(),
            };
            out.insert(
                sig.args[i].name,
                Binding {
                    value,
                    available_at: at,
                },
            );
        }
        Ok(Outcome { out, ks: x.ks })
    }
}

#[cfg(test)]
pub(crate) mod fixtures {
    use std::sync::Arc;

    use sous_kitchen::{full_kitchen, Entity, EntityRef, IdGen, KitchenState, Ontology};

    /// The full kitchen at `time` with a `container` on the counter-top
    /// holding `items` (fresh default instances); returns it too.
    pub fn kitchen_with(time: f64, container: &str, items: &[&str]) -> (KitchenState, EntityRef) {
        let onto = Ontology::get();
        let (mut ks, _) = full_kitchen();
        let mut ids = IdGen::starting_at(900_000);
        ks.set_time(time);
        let place = ks
            .retrieve(onto.id(container).unwrap(), &[])
            .expect("in the kitchen");
        let c = ks.at_mut(&place).expect("retrieved");
        for item in items {
            let e = Entity::new(onto.id(item).unwrap(), &mut ids);
            c.contents_mut().expect("a container").push(Arc::new(e));
        }
        let c = ks.get(&place).expect("retrieved").clone();
        (ks, c)
    }

    /// A concept constant, as the network makes of a symbol.
    pub fn concept(class: &str) -> EntityRef {
        Arc::new(Entity::concept(
            Ontology::get().id(class).unwrap(),
            &mut IdGen::starting_at(800_000),
        ))
    }

    pub fn number(v: f64) -> EntityRef {
        Arc::new(Entity::quantity(v, &mut IdGen::starting_at(700_000)))
    }
}
