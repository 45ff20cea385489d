//! Temperature changes of a container's contents.

use std::sync::Arc;

use sous_kitchen::{slot, Amount, Entity, Num, Ontology, Value};
use sous_lang::call::{Primitive, Role};

use crate::Call;

/// `change-temperature`: with a time amount, cools every content that has a
/// temperature by T − (T/45)·q, not below 18 °C (q: the number as given, in
/// minutes or hours alike); otherwise sets every such content's temperature.
/// `45` and `18` are integers in the reference: exact in, exact out.
pub fn change(container: &mut Entity, amount: Amount) {
    let onto = Ontology::get();
    let cooling = onto.is_a(amount.unit, onto.known().time_unit);
    let celsius = onto.known().degrees_celsius;
    let Some(contents) = container.contents_mut() else {
        return;
    };
    for item in contents.iter_mut() {
        if !item.has_slot(slot::TEMPERATURE) {
            continue;
        }
        let new = if cooling {
            match item.get(slot::TEMPERATURE).as_amount() {
                Some(t) => Value::Amount(Amount {
                    value: (t.value - t.value / Num::int(45) * amount.value).max(Num::int(18)),
                    unit: celsius,
                }),
                None => Value::Nil,
            }
        } else {
            Value::Amount(amount)
        };
        Arc::make_mut(item).set(slot::TEMPERATURE, new);
    }
}

/// The body shared by bring-to-temperature and leave-for-time: a background
/// change of the container on the counter-top (see [`change`]). The kitchen
/// clock stays where it was; the container is ready at `ready`.
/// `input` is the container argument, `out` the container at temperature.
pub fn change_in_background<P: Primitive>(
    x: &mut Call<P>,
    [input, out]: [Role<P>; 2],
    amount: Amount,
    ready: f64,
) -> Result<(), crate::SimError> {
    let now = x.ks_time();
    x.set_start(now);
    match x.locate_on_counter_top(input)? {
        Some(place) => {
            if let Some(container) = x.ks.at_mut(&place) {
                change(container, amount);
                let pid = container.pid;
                x.bind_pid(out, pid, Some(ready));
            }
        }
        None => {
            x.fail("the container is not on the counter-top");
            x.bind_failed(out, Some(ready));
        }
    }
    x.bind_kitchen(now, now);
    Ok(())
}
