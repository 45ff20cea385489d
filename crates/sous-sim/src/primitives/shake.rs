//! `shake`: a covered container on the counter-top (a jar with its lid) is
//! shaken; its contents become one shaken homogeneous mixture. 30 after the
//! container is ready.

use sous_kitchen::slot;
use sous_lang::call::{shake as role, Shake};

use crate::exec::Found;
use crate::ops::mixture;
use crate::{Call, Exec, SimError};

pub(crate) fn run(x: &mut Call<Shake>) -> Result<(), SimError> {
    let done = x.start_after(role::CONTAINER_WITH_INPUT_INGREDIENTS)? + 30.0;
    x.ks.set_time(done);
    let coverable = x.known().coverable_container;
    let mixture_class = x.known().homogeneous_mixture;
    let place = x
        .locate_on_counter_top(role::CONTAINER_WITH_INPUT_INGREDIENTS)?
        .filter(|p| {
            x.ks.get(p)
                .is_some_and(|c| c.is_a(coverable) && c.flag(slot::COVERED_WITH))
        });
    match place {
        Some(place) => {
            let e: &mut Exec = x;
            let c = e.ks.at_mut(&place).found("the container to shake")?;
            let pid = c.pid;
            mixture::mix_in(c, mixture_class, Some(slot::SHAKEN), e.ids)?;
            x.bind_pid(role::CONTAINER_WITH_MIXTURE, pid, Some(done));
        }
        None => {
            x.fail("only a covered container on the counter-top can be shaken");
            x.bind_failed(role::CONTAINER_WITH_MIXTURE, Some(done));
        }
    }
    x.bind_kitchen(done, done);
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::primitives::test_util::*;
    use crate::{Binding, Exec};
    use sous_kitchen::{full_kitchen, slot, Amount, Entity, IdGen, Ontology, Value};
    use std::sync::Arc;

    const JAR: &str = "(get-kitchen ?k)\n(fetch ?jar ?ks1 ?k jar 1)\n\
        (fetch-and-proportion ?a ?ks2 ?ks1 ?jar olive-oil 50 ml)\n\
        (fetch-and-proportion ?b ?ks3 ?ks2 ?a red-wine-vinegar 20 ml)\n";

    #[test]
    fn an_uncovered_jar_cannot_be_shaken() {
        let x = run(&format!("{JAR}(shake ?s ?ks4 ?ks3 ?b)"));
        assert!(bound(&x, "?s").value.is_failed());
        assert_eq!(at(&x, "?s"), Some(120.0));
        assert_eq!(at(&x, "?ks4"), Some(120.0));
        assert_eq!(x.failures.len(), 1);
    }

    #[test]
    fn shakes_a_covered_jar() {
        // Covering is another primitive's job: build the covered jar by hand.
        let onto = Ontology::get();
        let (mut ks, first) = full_kitchen();
        let mut ids = IdGen::starting_at(first);
        let mut jar = Entity::new(onto.id("jar").unwrap(), &mut ids);
        let lid = Entity::new(onto.id("jar-lid").unwrap(), &mut ids);
        jar.set(slot::COVERED_WITH, Value::Entity(Arc::new(lid)));
        for (class, g) in [("olive-oil", 30), ("red-wine-vinegar", 10)] {
            let mut e = Entity::new(onto.id(class).unwrap(), &mut ids);
            let unit = onto.known().g;
            e.set_amount(Amount::new(g, unit));
            jar.contents_mut().unwrap().push(Arc::new(e));
        }
        let jar = Arc::new(jar);
        ks.push_front(&ks.counter_top().unwrap(), jar.clone());
        ks.set_time(100.0);
        let sig = sous_lang::signature("shake", 4).unwrap();
        let input = |v, t| {
            Some(Binding {
                value: v,
                available_at: t,
            })
        };
        let inputs = [
            None,
            None,
            input(ks.root().clone(), Some(100.0)),
            input(jar.clone(), Some(90.0)),
        ];
        let mut x = Exec::new(
            sig,
            inputs.iter().map(Option::as_ref).collect(),
            0,
            ks,
            &mut ids,
        );
        super::run(&mut x.call()).unwrap();
        assert_eq!(x.ks.time(), 130.0);
        assert!(x.failure.is_none());
        let shaken = x.ks.find(jar.pid).unwrap();
        let m = &shaken.contents()[0];
        assert!(m.flag(slot::SHAKEN) && !m.flag(slot::MIXED));
        assert_eq!(m.amount().unwrap().value, 40.0);
        assert!(shaken.flag(slot::COVERED_WITH), "it stays covered");
    }
}
