//! `sift`: moves the contents of a container (found anywhere) into a target,
//! marking siftable items sifted. Defaults: the closest unused large bowl and
//! the closest unused sift; given ones are found anywhere. Target and sift
//! are marked used. 90 after the source is ready, but 60 when both target
//! and sift are given.

use sous_kitchen::{slot, Value};
use sous_lang::call::{sift as role, Sift};

use crate::ops::cutting::{as_before, entity_mut, mark_used, set_on_contents};
use crate::{Call, SimError};

pub(crate) fn run(x: &mut Call<Sift>) -> Result<(), SimError> {
    // Cases (reference order): 0 neither given, 1 target given, 2 sift given, 3 both.
    let target_given = x.case % 2 == 1;
    let sift_given = x.case >= 2;
    // Quirk: sifting into a given target with a given sift is faster.
    let duration = if x.case == 3 { 60.0 } else { 90.0 };
    let done = x.start_after(role::CONTAINER_WITH_INGREDIENTS_TO_BE_SIFTED)? + duration;
    let source = x.locate_pid(role::CONTAINER_WITH_INGREDIENTS_TO_BE_SIFTED)?;
    let target = if target_given {
        x.locate_pid(role::TARGET_CONTAINER)?
    } else {
        x.retrieve(x.known().large_bowl, &[])
    };
    let target_before = target.and_then(|t| as_before(x, t));
    let sift = if sift_given {
        x.locate_pid(role::SIFTING_TOOL)?
    } else {
        x.retrieve(x.known().sift, &[])
    };
    x.ks.set_time(done);
    if !target_given {
        match target_before {
            Some(b) => x.bind_value(role::TARGET_CONTAINER, b, None),
            None => x.bind_failed(role::TARGET_CONTAINER, None),
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
        x.bind_failed(role::CONTAINER_WITH_SIFTED_CONTENTS, Some(done));
        if !sift_given {
            x.bind_failed(role::SIFTING_TOOL, Some(done));
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
    let siftable = x.known().siftable;
    set_on_contents(x, target, slot::SIFTED, &Value::Bool(true), Some(siftable))?;
    x.bind_pid(role::CONTAINER_WITH_SIFTED_CONTENTS, target, Some(done));
    if !sift_given {
        x.bind_pid(role::SIFTING_TOOL, sift, Some(done));
    }
    x.bind_kitchen(done, done);
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::primitives::test_util::*;
    use sous_kitchen::slot;

    fn names(v: &sous_kitchen::Entity) -> Vec<&'static str> {
        v.contents().iter().map(|i| i.class_name()).collect()
    }

    #[test]
    fn sift_defaults_to_a_large_bowl_and_a_sift() {
        let x = run(
            "(get-kitchen ?k)\n(fetch-and-proportion ?p ?ks1 ?k ?t all-purpose-flour 100 g)\n\
             (sift ?s ?ks2 ?ks1 ?target ?p ?sift)",
        );
        assert!(x.solved && x.failures.is_empty(), "{:?}", x.failures);
        assert_eq!(at(&x, "?s"), Some(120.0));
        assert_eq!(at(&x, "?sift"), Some(120.0));
        assert_eq!(at(&x, "?target"), None);
        let s = &bound(&x, "?s").value;
        assert_eq!(s.class_name(), "large-bowl");
        assert!(s.flag(slot::USED));
        assert!(!bound(&x, "?target").value.flag(slot::USED));
        assert!(s.contents()[0].flag(slot::SIFTED));
        assert!(bound(&x, "?sift").value.flag(slot::USED));
        let ks = sous_kitchen::KitchenState::from_entity(bound(&x, "?ks2").value.clone());
        let source = ks.find(bound(&x, "?p").value.pid).unwrap();
        assert!(source.contents().is_empty());
    }

    #[test]
    fn sift_into_a_given_target_replaces_its_contents() {
        let x = run("(get-kitchen ?k)\n(fetch-and-proportion ?a ?ks1 ?k ?t1 white-sugar 50 g)\n\
             (fetch-and-proportion ?b ?ks2 ?ks1 ?t2 all-purpose-flour 100 g)\n(sift ?s ?ks3 ?ks2 ?a ?b ?sift)");
        assert!(x.failures.is_empty(), "{:?}", x.failures);
        assert_eq!(at(&x, "?s"), Some(150.0));
        assert_eq!(names(&bound(&x, "?s").value), ["all-purpose-flour"]);
    }

    #[test]
    fn sift_with_target_and_sift_given_appends_and_takes_60() {
        let x = run("(get-kitchen ?k)\n(fetch-and-proportion ?a ?ks1 ?k ?t1 white-sugar 50 g)\n\
             (fetch-and-proportion ?b ?ks2 ?ks1 ?t2 all-purpose-flour 100 g)\n(fetch ?sift ?ks3 ?ks2 sift 1)\n\
             (sift ?s ?ks4 ?ks3 ?a ?b ?sift)");
        assert!(x.failures.is_empty(), "{:?}", x.failures);
        assert_eq!(at(&x, "?s"), Some(150.0));
        let s = &bound(&x, "?s").value;
        assert_eq!(names(s), ["white-sugar", "all-purpose-flour"]);
        assert!(s.contents()[1].flag(slot::SIFTED));
    }

    #[test]
    fn sift_with_a_given_sift_takes_a_large_bowl() {
        let x = run(
            "(get-kitchen ?k)\n(fetch-and-proportion ?b ?ks1 ?k ?t all-purpose-flour 100 g)\n\
             (fetch ?sift ?ks2 ?ks1 sift 1)\n(sift ?s ?ks3 ?ks2 ?target ?b ?sift)",
        );
        assert!(x.failures.is_empty(), "{:?}", x.failures);
        assert_eq!(at(&x, "?s"), Some(150.0));
        assert_eq!(bound(&x, "?s").value.class_name(), "large-bowl");
        assert_eq!(at(&x, "?target"), None);
    }

    #[test]
    fn sifting_a_failed_object_fails() {
        let x = run(
            "(get-kitchen ?k)\n(fetch-and-proportion ?p ?ks1 ?k ?t linguine 1 g)\n\
             (sift ?s ?ks2 ?ks1 ?target ?p ?sift)",
        );
        assert!(bound(&x, "?s").value.is_failed());
        assert!(bound(&x, "?sift").value.is_failed());
        assert_eq!(at(&x, "?s"), Some(120.0));
        // The target is the bowl that was found, as it was before.
        assert_eq!(bound(&x, "?target").value.class_name(), "large-bowl");
    }
}
