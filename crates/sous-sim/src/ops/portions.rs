//! Things made of several portions (a list of entities on the counter-top, or
//! a container's contents) and the primitives that treat each portion:
//! shape, flatten, sprinkle, dip, top-with.

use std::sync::Arc;

use sous_kitchen::{slot, Entity, EntityRef, KitchenState, Num, Ontology, Pid, SlotId, Value};

use sous_lang::call::{Primitive, Role};

use crate::{Call, Exec, SimError};

/// The portions a primitive works on.
pub enum Portions {
    /// A copy of the input list (same persistent id) holding the items found
    /// on the counter-top. Its items are the list's own objects, not the
    /// counter-top's: changes to them do not reach the kitchen state.
    List(Entity),
    /// A container on the counter-top (by persistent id); its contents are the portions.
    Container(Pid),
}

/// `find-kitchen-entities`: a copy of `list` whose items are those of its
/// items still on the counter-top of `ks` (none for a failed-object).
/// When all items share one persistent id (copies of one dough) the items are
/// matched against the run of counter-top objects starting at the first one
/// with that id; when all ids differ, each is looked up on its own; any other
/// mix finds nothing.
pub fn find_kitchen_entities(ks: &KitchenState, list: &Entity) -> Result<Option<Entity>, SimError> {
    if list.is_failed() {
        return Ok(None);
    }
    let contents: Vec<EntityRef> = ks
        .counter_top()
        .and_then(|p| ks.get(&p))
        .map(|ct| ct.contents().to_vec())
        .unwrap_or_default();
    let items = list.items();
    let mut unique: Vec<Pid> = items.iter().map(|i| i.pid).collect();
    unique.sort();
    unique.dedup();
    let mut found = Vec::new();
    if unique.len() == 1 {
        let Some(start) = contents.iter().position(|c| c.pid == unique[0]) else {
            // Quirk: the reference walks off the end of the counter-top and errors.
            return Err(SimError::Crash(
                "the portions are no longer on the counter-top".into(),
            ));
        };
        for (item, c) in items.iter().zip(&contents[start..]) {
            if item.pid == c.pid {
                found.push(item.clone());
            }
        }
    } else if unique.len() == items.len() {
        for item in items {
            if contents.iter().any(|c| c.pid == item.pid) {
                found.push(item.clone());
            }
        }
    }
    // Quirk: the reference pushes each found item, so the new list is reversed.
    found.reverse();
    let mut copy = list.clone();
    copy.set(slot::ITEMS, Value::List(found.into()));
    Ok(Some(copy))
}

/// Which kind of portions a primitive tests for first: a failed-object is
/// both a list and a container, and the reference's primitives differ on
/// which they ask about first.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum TestFirst {
    /// Ask whether it is a list of portions first.
    List,
    /// Ask whether it is a container of portions first.
    Container,
}

impl Portions {
    /// The portions `arg` stands for: a list's items, or the contents of a
    /// container on the counter-top (`None` inside when they cannot be
    /// found). Anything else does not run: "a `bowl` cannot be {verb}".
    ///
    /// Quirk: of a list, the list's own items are changed (and come out in
    /// reverse order); the portions lying on the counter-top are left as
    /// they were.
    pub fn of<P: Primitive>(
        x: &Call<P>,
        arg: Role<P>,
        first: TestFirst,
        verb: &str,
    ) -> Result<Option<Portions>, SimError> {
        let object = x.arg(arg)?;
        let is_list = object.is_a(x.known().list_of_kitchen_entities);
        let is_container = object.is_a(x.known().transferable_container);
        match (first, is_list, is_container) {
            (TestFirst::List, true, _) | (TestFirst::Container, true, false) => {
                Portions::list(x, arg)
            }
            (_, _, true) => Portions::container(x, arg),
            _ => Err(SimError::NoResult(format!(
                "a `{}` cannot be {verb}",
                object.class_name()
            ))),
        }
    }

    /// The list form of `arg` (None when it is a failed-object).
    pub fn list<P: Primitive>(x: &Call<P>, arg: Role<P>) -> Result<Option<Portions>, SimError> {
        Ok(find_kitchen_entities(&x.ks, x.arg(arg)?)?.map(Portions::List))
    }

    /// The container form of `arg`, found on the counter-top.
    pub fn container<P: Primitive>(
        x: &Call<P>,
        arg: Role<P>,
    ) -> Result<Option<Portions>, SimError> {
        Ok(x.locate_on_counter_top(arg)?
            .and_then(|p| x.ks.get(&p).map(|e| Portions::Container(e.pid))))
    }

    /// How many portions there are.
    pub fn len(&self, x: &Exec) -> usize {
        match self {
            Portions::List(l) => l.items().len(),
            Portions::Container(pid) => x.ks.find(*pid).map_or(0, |c| c.contents().len()),
        }
    }

    /// Changes every portion, in order; `f` gets the portion's index.
    pub fn update(
        &mut self,
        x: &mut Exec,
        mut f: impl FnMut(usize, &mut Entity) -> Result<(), SimError>,
    ) -> Result<(), SimError> {
        let items = match self {
            Portions::List(l) => l.list_mut(slot::ITEMS),
            Portions::Container(pid) => {
                let place =
                    x.ks.locate(*pid)
                        .ok_or_else(|| SimError::Crash("the portions vanished".into()))?;
                x.ks.at_mut(&place).and_then(|c| c.contents_mut())
            }
        };
        for (i, item) in items.into_iter().flatten().enumerate() {
            f(i, Arc::make_mut(item))?;
        }
        Ok(())
    }

    /// Binds `arg` to the portions as they are now, available at `at`.
    pub fn bind<P: Primitive>(self, x: &mut Call<P>, arg: Role<P>, at: f64) {
        match self {
            Portions::List(l) => x.bind_value(arg, Arc::new(l), Some(at)),
            Portions::Container(pid) => x.bind_pid(arg, pid, Some(at)),
        }
    }
}

/// Sets `slot` of a portion; the reference errors when the portion has no such slot.
pub fn set_slot(item: &mut Entity, slot: SlotId, value: Value) -> Result<(), SimError> {
    if item.set(slot, value) {
        Ok(())
    } else {
        Err(SimError::Crash(format!(
            "a `{}` has no `{}` slot",
            item.class_name(),
            Ontology::get().slot_name(slot)
        )))
    }
}

/// The first content of the container bound to `arg`, found on the
/// counter-top of the state being changed, with the container's persistent id.
pub fn first_content_on_counter_top<P: Primitive>(
    x: &Call<P>,
    arg: Role<P>,
) -> Result<Option<(Pid, Option<EntityRef>)>, SimError> {
    Ok(x.locate_on_counter_top(arg)?
        .and_then(|p| x.ks.get(&p).map(|c| (c.pid, c.contents().first().cloned()))))
}

/// Empties the container with persistent id `pid`.
pub fn empty(x: &mut Exec, pid: Pid) {
    if let Some(place) = x.ks.locate(pid) {
        if let Some(c) = x.ks.at_mut(&place).and_then(|c| c.contents_mut()) {
            c.clear();
        }
    }
}

/// `value / n` as the reference's division (exact for an exact value),
/// which errors on a zero divisor.
pub fn divide(value: Num, n: usize) -> Result<Num, SimError> {
    value
        .checked_div(Num::from(n))
        .ok_or_else(|| SimError::Crash("division by zero: there are no portions".into()))
}

/// A network for tests: 230 g of butter and 120 g of sugar, mixed and cut
/// into 100 g portions on the counter-top (`?portions` ready at 170, `?ks4`).
#[cfg(test)]
pub(crate) const TEST_PORTIONS: &str = "(get-kitchen ?k)\n\
    (fetch-and-proportion ?a ?ks1 ?k ?t1 butter 230 g)\n\
    (fetch-and-proportion ?b ?ks2 ?ks1 ?a white-sugar 120 g)\n\
    (mix ?dough ?ks3 ?ks2 ?b ?tool)\n\
    (portion-and-arrange ?portions ?ks4 ?ks3 ?dough 100 g ?pattern ?ct)\n";

/// Gives every portion a copy of `topping` (same persistent id) with an equal
/// share of its weight in g, in `target` (sprinkled-with, dipped-in, has-on-top);
/// returns the share.
pub fn share_out(
    x: &mut Exec,
    portions: &mut Portions,
    topping: &Entity,
    target: &dyn Fn(&Entity) -> SlotId,
) -> Result<Num, SimError> {
    let grams = sous_kitchen::grams_of(topping)?;
    let each = divide(grams, portions.len(x))?;
    let g = x.known().g;
    portions.update(x, |_, item| {
        let mut t = topping.clone();
        t.set_amount(sous_kitchen::Amount {
            value: each,
            unit: g,
        });
        let slot = target(item);
        set_slot(item, slot, Value::Entity(Arc::new(t)))
    })?;
    Ok(each)
}

/// Copies of `item` (same persistent id) of `size` each while more than
/// `size` is left, then one with the rest in grams; at most `limit` of them.
/// Used to portion a dough and to hand out a topping.
pub fn split(
    item: &Entity,
    mut left: Num,
    size: sous_kitchen::Amount,
    g: sous_kitchen::ClassId,
    limit: usize,
) -> Vec<EntityRef> {
    let mut out = Vec::new();
    while left > Num::ZERO && out.len() < limit {
        let mut piece = item.clone();
        if left > size.value {
            piece.set_amount(size);
            left -= size.value;
        } else {
            piece.set_amount(sous_kitchen::Amount {
                value: left,
                unit: g,
            });
            left = Num::ZERO;
        }
        out.push(Arc::new(piece));
    }
    out
}
