//! `drain`: splits the contents of a container on the counter-top: liquids
//! go to a medium bowl (closest unused), the rest stays. The tool is the
//! closest unused colander unless given (then it must be on the
//! counter-top). Tool and bowl are marked used. 60 after the container is ready.

use std::sync::Arc;

use sous_kitchen::{slot, Amount, Entity, EntityRef, Ontology};
use sous_lang::call::{drain as role, Drain};

use crate::ops::cutting::{amount_value, entity_mut, mark_used};
use crate::{Call, SimError};

pub(crate) fn run(x: &mut Call<Drain>) -> Result<(), SimError> {
    let done = x.start_after(role::CONTAINER_WITH_INGREDIENTS)? + 60.0;
    let container = x.counter_top_pid(role::CONTAINER_WITH_INGREDIENTS)?;
    let tool = if x.case == 0 {
        x.retrieve(x.known().colander, &[])
    } else {
        x.counter_top_pid(role::DRAINING_TOOL)?
    };
    let bowl = x.retrieve(x.known().medium_bowl, &[]);
    x.ks.set_time(done);
    let (Some(container), Some(tool), Some(bowl)) = (container, tool, bowl) else {
        x.fail(if container.is_none() {
            "the container to drain is not on the counter-top"
        } else if tool.is_none() {
            "no draining tool"
        } else {
            "no unused medium bowl for the liquid"
        });
        x.bind_failed(role::DRAINED_INGREDIENT, Some(done));
        x.bind_failed(role::LIQUID_RESTS, Some(done));
        if x.case == 0 {
            x.bind_failed(role::DRAINING_TOOL, Some(done));
        }
        x.bind_kitchen(done, done);
        return Ok(());
    };
    let items = entity_mut(x, container)?.contents().to_vec();
    let (liquids, solids) = partition(&items)?;
    if let Some(c) = entity_mut(x, bowl)?.contents_mut() {
        *c = liquids.into();
    }
    if let Some(c) = entity_mut(x, container)?.contents_mut() {
        *c = solids.into();
    }
    mark_used(x, tool)?;
    mark_used(x, bowl)?;
    x.bind_pid(role::DRAINED_INGREDIENT, container, Some(done));
    x.bind_pid(role::LIQUID_RESTS, bowl, Some(done));
    if x.case == 0 {
        x.bind_pid(role::DRAINING_TOOL, tool, Some(done));
    }
    x.bind_kitchen(done, done);
    Ok(())
}

fn is_liquid(e: &Entity) -> bool {
    let onto = Ontology::get();
    e.is_a(onto.known().liquid) || (e.is_a(onto.known().liquefiable) && e.flag(slot::IS_LIQUID))
}

/// (liquids, solids), each in reverse order (the reference pushes onto lists).
/// A heterogeneous mixture with a liquid component is split into its
/// components (fraction × the mixture's amount, in its unit).
type Split = (Vec<EntityRef>, Vec<EntityRef>);

fn partition(items: &[EntityRef]) -> Result<Split, SimError> {
    let mixture = Ontology::get().known().heterogeneous_mixture;
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
                c.set_amount(Amount {
                    value: fraction * total.value,
                    unit: total.unit,
                });
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

#[cfg(test)]
mod tests {
    use super::partition;
    use crate::primitives::test_util::*;
    use sous_kitchen::{slot, Amount, Entity, IdGen, Ontology, Value};
    use std::sync::Arc;

    #[test]
    fn drain_pours_the_liquid_into_a_medium_bowl() {
        let x = run("(get-kitchen ?k)\n(fetch-and-proportion ?p ?ks1 ?k ?t corn 200 g)\n\
             (fetch-and-proportion ?pw ?ks2 ?ks1 ?p water 0.2 l)\n(drain ?d ?liquid ?ks3 ?ks2 ?pw ?colander)");
        assert!(x.solved && x.failures.is_empty(), "{:?}", x.failures);
        for v in ["?d", "?liquid", "?ks3", "?colander"] {
            assert_eq!(at(&x, v), Some(120.0), "{v}");
        }
        let d = &bound(&x, "?d").value;
        let names: Vec<_> = d.contents().iter().map(|i| i.class_name()).collect();
        assert_eq!(names, ["corn"]);
        let liquid = &bound(&x, "?liquid").value;
        assert_eq!(liquid.class_name(), "medium-bowl");
        assert_eq!(liquid.contents()[0].class_name(), "water");
        assert!(liquid.flag(slot::USED));
        assert_eq!(bound(&x, "?colander").value.class_name(), "colander");
        assert!(bound(&x, "?colander").value.flag(slot::USED));
    }

    fn item(class: &str, value: f64, unit: &str, ids: &mut IdGen) -> Entity {
        let onto = Ontology::get();
        let mut e = Entity::new(onto.id(class).unwrap(), ids);
        e.set_amount(Amount::new(value, onto.id(unit).unwrap()));
        e
    }

    #[test]
    fn drain_splits_a_mixture_with_a_liquid_and_drops_one_without() {
        let mut ids = IdGen::starting_at(1);
        let comps = |a: &str, b: &str, ids: &mut IdGen| {
            Value::List(
                vec![
                    Arc::new(item(a, 0.25, "percent", ids)),
                    Arc::new(item(b, 0.75, "percent", ids)),
                ]
                .into(),
            )
        };
        let mut wet = item("heterogeneous-mixture", 200.0, "g", &mut ids);
        wet.set(slot::COMPONENTS, comps("corn", "water", &mut ids));
        let mut dry = item("heterogeneous-mixture", 100.0, "g", &mut ids);
        dry.set(slot::COMPONENTS, comps("corn", "walnut", &mut ids));
        let beans = item("black-bean", 50.0, "g", &mut ids);
        let (liquids, solids) =
            partition(&[Arc::new(beans), Arc::new(wet), Arc::new(dry)]).unwrap();
        assert_eq!(liquids.len(), 1);
        assert_eq!(liquids[0].amount().unwrap().value, 150.0);
        // Pushed onto a list: the last solid comes first; the dry mixture is gone.
        let names: Vec<_> = solids.iter().map(|i| i.class_name()).collect();
        assert_eq!(names, ["corn", "black-bean"]);
        assert_eq!(solids[0].amount().unwrap().value, 50.0);
    }

    #[test]
    fn draining_a_failed_object_fails() {
        let x = run(
            "(get-kitchen ?k)\n(fetch-and-proportion ?p ?ks1 ?k ?t linguine 1 g)\n\
             (drain ?d ?liquid ?ks2 ?ks1 ?p ?colander)",
        );
        for v in ["?d", "?liquid", "?colander"] {
            assert!(bound(&x, v).value.is_failed(), "{v}");
            assert_eq!(at(&x, v), Some(90.0));
        }
    }
}
