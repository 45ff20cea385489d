//! `cut`: every content of the object (found anywhere in the kitchen) gets
//! `is-cut` := the pattern; 60 after the object is ready. The current form
//! uses a knife and a cutting board (each the closest unused one unless
//! given; a given one must be on the counter-top), both marked used. The
//! legacy six-argument form (January 2023) has no cutting board; it is a
//! primitive of its own (`CutLegacy`, its own roles), run by `run_legacy`.

use sous_kitchen::{slot, Pid, Value};
use sous_lang::call::{cut as role, cut_legacy, Cut, CutLegacy, Primitive, Role};

use crate::ops::cutting::{mark_used, set_on_contents};
use crate::{Call, SimError};

pub(crate) fn run(x: &mut Call<Cut>) -> Result<(), SimError> {
    let done = x.start_after(role::OBJECT)? + 60.0;
    let pattern = Value::Entity(x.arg(role::CUT_PATTERN)?.clone());
    // Cases (reference order): 0 neither given, 1 surface given, 2 tool given, 3 both.
    let tool_given = x.case >= 2;
    let surface_given = x.case % 2 == 1;
    let container = x.locate_pid(role::OBJECT)?;
    // The knife is fetched before the board, so the board ends up in front.
    let knife = if tool_given {
        None
    } else {
        Some(x.retrieve(x.known().knife, &[]))
    };
    let board = if surface_given {
        x.counter_top_pid(role::CUTTING_SURFACE)?
    } else {
        x.retrieve(x.known().cutting_board, &[])
    };
    x.ks.set_time(done);
    let no_knife = knife == Some(None);
    let (Some(container), Some(board), false) = (container, board, no_knife) else {
        x.fail(if container.is_none() {
            "the object to cut is not in the kitchen".to_string()
        } else if board.is_none() {
            if surface_given {
                "the cutting surface is not on the counter-top".to_string()
            } else {
                "no unused cutting board in the kitchen".to_string()
            }
        } else {
            "no unused knife in the kitchen".to_string()
        });
        x.bind_failed(role::CUT_OBJECT, Some(done));
        if !tool_given {
            x.bind_failed(role::CUTTING_TOOL, Some(done));
        }
        if !surface_given {
            x.bind_failed(role::CUTTING_SURFACE, Some(done));
        }
        x.bind_kitchen(done, done);
        return Ok(());
    };
    // Checked after the failures above, as in the reference.
    let tool = match knife.flatten() {
        Some(k) => k,
        None => given_tool(x, role::CUTTING_TOOL)?,
    };
    set_on_contents(x, container, slot::IS_CUT, &pattern, None)?;
    mark_used(x, tool)?;
    mark_used(x, board)?;
    x.bind_pid(role::CUT_OBJECT, container, Some(done));
    if !tool_given {
        x.bind_pid(role::CUTTING_TOOL, tool, Some(done));
    }
    if !surface_given {
        x.bind_pid(role::CUTTING_SURFACE, board, Some(done));
    }
    x.bind_kitchen(done, done);
    Ok(())
}

/// A given cutting tool (argument `tool`), which must be on the counter-top.
fn given_tool<P: Primitive>(x: &Call<P>, tool: Role<P>) -> Result<Pid, SimError> {
    // Quirk: a given tool that is not on the counter-top makes the reference crash (it marks nil used).
    x.counter_top_pid(tool)?
        .ok_or_else(|| SimError::Crash("the given cutting tool is not on the counter-top".into()))
}

/// The form without a cutting surface: case 0 fetches a knife, case 1 uses the given tool.
pub(crate) fn run_legacy(x: &mut Call<CutLegacy>) -> Result<(), SimError> {
    use cut_legacy as role;
    let done = x.start_after(role::OBJECT)? + 60.0;
    let pattern = Value::Entity(x.arg(role::CUT_PATTERN)?.clone());
    let container = x.locate_pid(role::OBJECT)?;
    let tool = if x.case == 0 {
        match x.retrieve(x.known().knife, &[]) {
            Some(k) => k,
            None => {
                x.ks.set_time(done);
                x.fail("no unused knife in the kitchen");
                x.bind_failed(role::CUT_OBJECT, Some(done));
                x.bind_failed(role::CUTTING_TOOL, Some(done));
                x.bind_kitchen(done, done);
                return Ok(());
            }
        }
    } else {
        given_tool(x, role::CUTTING_TOOL)?
    };
    // Quirk: the legacy form has no failure branch for a missing object: the reference crashes.
    let container = container
        .ok_or_else(|| SimError::Crash("the object to cut is not in the kitchen".into()))?;
    set_on_contents(x, container, slot::IS_CUT, &pattern, None)?;
    mark_used(x, tool)?;
    x.bind_pid(role::CUT_OBJECT, container, Some(done));
    if x.case == 0 {
        x.bind_pid(role::CUTTING_TOOL, tool, Some(done));
    }
    x.bind_kitchen(done, done);
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::primitives::test_util::*;
    use sous_kitchen::slot;

    #[test]
    fn cut_defaults_to_a_knife_and_a_cutting_board() {
        let x = run(
            "(get-kitchen ?k)\n(fetch-and-proportion ?p ?ks1 ?k ?t red-bell-pepper 150 g)\n\
             (cut ?c ?ks2 ?ks1 ?p diced ?knife ?board)",
        );
        assert!(x.solved && x.failures.is_empty(), "{:?}", x.failures);
        assert_eq!(at(&x, "?c"), Some(90.0));
        assert_eq!(at(&x, "?ks2"), Some(90.0));
        assert_eq!(at(&x, "?knife"), Some(90.0));
        assert_eq!(at(&x, "?board"), Some(90.0));
        let item = &bound(&x, "?c").value.contents()[0];
        assert_eq!(
            item.get(slot::IS_CUT).as_entity().unwrap().class_name(),
            "diced"
        );
        assert!(bound(&x, "?knife").value.flag(slot::USED));
        assert!(bound(&x, "?board").value.flag(slot::USED));
        // The board is fetched after the knife, so it lies in front.
        assert_eq!(
            counter_top_classes(&x, "?ks2"),
            ["cutting-board", "knife", "medium-bowl"]
        );
    }

    #[test]
    fn cut_with_given_tool_and_surface_reuses_them() {
        let x = run("(get-kitchen ?k)\n(fetch-and-proportion ?p ?ks1 ?k ?t mango 100 g)\n\
             (fetch ?knife ?ks2 ?ks1 knife 1)\n(fetch ?board ?ks3 ?ks2 cutting-board 1)\n\
             (cut ?c ?ks4 ?ks3 ?p slices ?knife ?board)\n(cut ?c2 ?ks5 ?ks4 ?c diced ?knife ?board)");
        assert!(x.solved && x.failures.is_empty(), "{:?}", x.failures);
        assert_eq!(at(&x, "?c"), Some(150.0));
        assert_eq!(at(&x, "?c2"), Some(210.0));
        assert_eq!(
            counter_top_classes(&x, "?ks5"),
            ["cutting-board", "knife", "medium-bowl"]
        );
    }

    #[test]
    fn a_given_tool_with_a_default_board_fetches_a_new_board_each_time() {
        // As in broccoli-salad: the used board is not reused by the default.
        let x = run(
            "(get-kitchen ?k)\n(fetch-and-proportion ?p ?ks1 ?k ?t mango 100 g)\n\
             (fetch ?knife ?ks2 ?ks1 knife 1)\n(cut ?c ?ks3 ?ks2 ?p slices ?knife ?b1)\n\
             (cut ?c2 ?ks4 ?ks3 ?c diced ?knife ?b2)",
        );
        assert!(x.failures.is_empty(), "{:?}", x.failures);
        assert_ne!(bound(&x, "?b1").value.pid, bound(&x, "?b2").value.pid);
        assert_eq!(at(&x, "?b2"), Some(180.0));
    }

    #[test]
    fn legacy_cut_fetches_no_cutting_board() {
        let x = run(
            "(get-kitchen ?k)\n(fetch-and-proportion ?p ?ks1 ?k ?t mango 100 g)\n\
             (cut ?c ?ks2 ?ks1 ?p diced ?knife)",
        );
        assert!(x.solved && x.failures.is_empty(), "{:?}", x.failures);
        assert_eq!(at(&x, "?c"), Some(90.0));
        assert_eq!(at(&x, "?knife"), Some(90.0));
        assert_eq!(counter_top_classes(&x, "?ks2"), ["knife", "medium-bowl"]);
        assert_eq!(
            bound(&x, "?c").value.contents()[0]
                .get(slot::IS_CUT)
                .as_entity()
                .unwrap()
                .class_name(),
            "diced"
        );
    }

    #[test]
    fn cutting_a_failed_object_gives_failed_objects_in_the_same_time() {
        let x = run(
            "(get-kitchen ?k)\n(fetch-and-proportion ?p ?ks1 ?k ?t linguine 100 g)\n\
             (cut ?c ?ks2 ?ks1 ?p diced ?knife ?board)",
        );
        assert!(x.solved);
        assert!(bound(&x, "?c").value.is_failed());
        assert!(bound(&x, "?knife").value.is_failed());
        assert_eq!(at(&x, "?c"), Some(90.0));
        assert_eq!(x.failures.len(), 2, "{:?}", x.failures);
    }

    #[test]
    fn legacy_cut_of_a_failed_object_crashes_like_the_reference() {
        let x = run(
            "(get-kitchen ?k)\n(fetch-and-proportion ?p ?ks1 ?k ?t linguine 100 g)\n\
             (cut ?c ?ks2 ?ks1 ?p diced ?knife)",
        );
        assert!(!x.solved);
        assert!(crashed(&x));
    }
}
