//! `fetch-and-proportion`: weighs an amount of an ingredient from its stock
//! into a container (default: the closest unused medium bowl). 30 from the
//! kitchen time; the target container's own availability is not waited for.

use sous_kitchen::{slot, Amount, Num, Ontology, Place};
use sous_lang::call::{fetch_and_proportion as role, FetchAndProportion};

use crate::exec::Found;
use crate::ops::weigh;
use crate::{Call, SimError};

pub(crate) fn run(x: &mut Call<FetchAndProportion>) -> Result<(), SimError> {
    let done = x.ks_time() + 30.0;
    let concept = x.arg(role::INGREDIENT_CONCEPT)?.class;
    let amount = x.amount(role::QUANTITY, role::UNIT)?;
    x.ks.set_time(done);
    // 1. The target container.
    let target_pid = if x.case == 0 {
        let bowl = x.known().medium_bowl;
        match x.ks.retrieve(bowl, &[]) {
            Some(place) => {
                let pid = x.ks.pid_at(&place);
                // The output `target-container` is the bowl as it was before.
                if let Some(before) = pid.and_then(|p| x.before.find(p).cloned()) {
                    x.bind_value(role::TARGET_CONTAINER, before, None);
                }
                pid
            }
            None => None,
        }
    } else {
        let t = x.arg(role::TARGET_CONTAINER)?;
        (!t.is_failed()).then_some(t.pid)
    };
    // 2. The ingredient's stock container, brought to the counter-top.
    let stock = x.ks.locate_ingredient(concept);
    let (Some(target_pid), Some(stock_place)) = (target_pid, stock.clone()) else {
        let what = x.arg(role::INGREDIENT_CONCEPT)?.class_name();
        x.fail(if stock.is_none() {
            format!("no `{what}` in the kitchen")
        } else {
            "no container to put it in".to_string()
        });
        if x.case == 0 {
            x.bind_failed(role::TARGET_CONTAINER, None);
        }
        x.bind_failed(role::CONTAINER_WITH_INGREDIENT, Some(done));
        x.bind_kitchen(done, done);
        return Ok(());
    };
    if x.profile.is_corrected() {
        if let Some(left) = shortfall(x, &stock_place, target_pid, amount)? {
            let what = x.arg(role::INGREDIENT_CONCEPT)?.class_name();
            x.fail(format!(
                "not enough `{what}` in the kitchen: taking {} would leave {}",
                amount_text(amount),
                amount_text(left)
            ));
            x.bind_failed(role::CONTAINER_WITH_INGREDIENT, Some(done));
            x.bind_kitchen(done, done);
            return Ok(());
        }
    }
    let origin = Place::from_slice(&stock_place[..stock_place.len() - 1]);
    let from_counter_top = x.ks.is_counter_top(&origin);
    let stock_pid =
        x.ks.pid_at(&stock_place)
            .ok_or_else(|| SimError::Crash("stock vanished".into()))?;
    let origin_pid =
        x.ks.pid_at(&origin)
            .ok_or_else(|| SimError::Crash("stock place vanished".into()))?;
    x.ks.bring_to_counter_top(&stock_place);
    // 3. Weigh into the target.
    let stock_place =
        x.ks.locate(stock_pid)
            .ok_or_else(|| SimError::Crash("stock vanished".into()))?;
    let target_place =
        x.ks.locate(target_pid)
            .ok_or_else(|| SimError::Crash("target container not in the kitchen".into()))?;
    let mut source = (**x.ks.get(&stock_place).found("the stock")?).clone();
    let mut target = (**x.ks.get(&target_place).found("the target")?).clone();
    let corrected = x.profile.is_corrected();
    weigh::take(&mut source, &mut target, amount, x.ids, corrected)?;
    target.set_flag(slot::USED, true);
    x.ks.replace(&stock_place, source).found("the stock")?;
    x.ks.replace(&target_place, target).found("the target")?;
    // 4. Put the rest of the stock back where it came from (at the front).
    let stock_place = x.ks.locate(stock_pid).found("the stock")?;
    let has_rest =
        x.ks.get(&stock_place)
            .is_some_and(|s| !s.contents().is_empty());
    if has_rest && !from_counter_top {
        let e = x.ks.remove(&stock_place).found("the stock")?;
        let origin = x.ks.locate(origin_pid).unwrap_or(origin);
        x.ks.push_front(&origin, e);
    }
    x.bind_pid(role::CONTAINER_WITH_INGREDIENT, target_pid, Some(done));
    x.bind_kitchen(done, done);
    Ok(())
}

/// Corrected profile: what would be left of the stock when it cannot give
/// `amount` (the reference lets stocks go negative). Worked out on copies,
/// so the kitchen and its ids are untouched.
fn shortfall(
    x: &Call<FetchAndProportion>,
    stock_place: &[usize],
    target_pid: sous_kitchen::Pid,
    amount: Amount,
) -> Result<Option<Amount>, SimError> {
    let (Some(stock), Some(target)) = (
        x.ks.get(stock_place),
        x.ks.locate(target_pid).and_then(|p| x.ks.get(&p)),
    ) else {
        return Ok(None);
    };
    let (mut source, mut target) = ((**stock).clone(), (**target).clone());
    let mut ids = x.ids.clone();
    weigh::take(&mut source, &mut target, amount, &mut ids, true)?;
    let left = source.contents().first().and_then(|c| c.amount());
    Ok(left.filter(|a| a.value < Num::ZERO))
}

fn amount_text(a: Amount) -> String {
    format!("{} {}", a.value, Ontology::get().name(a.unit))
}

#[cfg(test)]
mod tests {
    use crate::primitives::test_util::*;
    use sous_kitchen::slot;

    #[test]
    fn fetch_and_proportion_weighs_into_a_medium_bowl() {
        let x = run("(get-kitchen ?k)\n(fetch-and-proportion ?butter ?ks ?k ?bowl butter 230 g)");
        assert!(x.solved && x.failures.is_empty(), "{:?}", x.failures);
        assert_eq!(at(&x, "?butter"), Some(30.0));
        assert_eq!(at(&x, "?bowl"), None, "the default target has no time");
        let bowl = &bound(&x, "?butter").value;
        assert_eq!(bowl.class_name(), "medium-bowl");
        assert!(bowl.flag(slot::USED));
        assert!(
            !bound(&x, "?bowl").value.flag(slot::USED),
            "the target output is the bowl before the action"
        );
        let butter = &bowl.contents()[0];
        assert_eq!(butter.class_name(), "butter");
        assert_eq!(butter.amount().unwrap().value, 230.0);
        assert_eq!(x.execution_time(), Some(30.0));
    }

    #[test]
    fn fetch_and_proportion_fails_on_an_ingredient_the_kitchen_lacks() {
        let x = run("(get-kitchen ?k)\n(fetch-and-proportion ?x ?ks ?k ?bowl linguine 100 g)");
        assert!(
            x.solved,
            "a missing ingredient gives a failed-object, not a dead end"
        );
        assert!(bound(&x, "?x").value.is_failed());
        assert_eq!(x.failures.len(), 1);
    }
}
