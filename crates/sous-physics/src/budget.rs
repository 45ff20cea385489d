//! A time budget for the physics of one request: a deadline on the current
//! thread that every action checks before it runs its physics.
//!
//! The engine runs one execution on one thread, so a thread-local deadline
//! reaches every action of it without threading a clock through
//! `sous-sim`'s options and the evaluator's. A server runs each request's
//! physics on a thread of its own inside [`within`]; when the budget runs
//! out, the next action stops with [`BackendError::Failed`] naming it, the
//! run ends there like any physical failure, and [`within`] says the
//! budget ran out, so that the server can answer with a clear error
//! instead of a partial result.

use std::cell::Cell;
use std::time::{Duration, Instant};

use sous_sim::BackendError;

thread_local! {
    static DEADLINE: Cell<Option<(Instant, Duration)>> = const { Cell::new(None) };
    static RAN_OUT: Cell<bool> = const { Cell::new(false) };
}

/// The physics of `f` ran past its budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the physics kitchen ran out of its time budget of {:.1} s", .budget.as_secs_f64())]
pub struct OutOfTime {
    /// The budget it had.
    pub budget: Duration,
}

/// Runs `f` with at most `budget` of physics on this thread: `Err` when an
/// action found the budget spent (what `f` returned is dropped: it stopped
/// part way).
pub fn within<T>(budget: Duration, f: impl FnOnce() -> T) -> Result<T, OutOfTime> {
    let outer = DEADLINE.with(|d| d.replace(Some((Instant::now() + budget, budget))));
    let outer_ran_out = RAN_OUT.with(|r| r.replace(false));
    let answer = f();
    let ran_out = RAN_OUT.with(|r| r.replace(outer_ran_out));
    DEADLINE.with(|d| d.set(outer));
    if ran_out {
        Err(OutOfTime { budget })
    } else {
        Ok(answer)
    }
}

/// Whether the budget of this thread (if any) still has time: checked by
/// the backend before each action.
pub(crate) fn check() -> Result<(), BackendError> {
    match DEADLINE.with(Cell::get) {
        Some((deadline, budget)) if Instant::now() >= deadline => {
            RAN_OUT.with(|r| r.set(true));
            Err(BackendError::Failed(OutOfTime { budget }.to_string()))
        }
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_spent_budget_stops_the_physics_and_is_reported() {
        assert!(check().is_ok(), "no budget: no limit");
        let r = within(Duration::ZERO, || check().is_err());
        assert_eq!(
            r,
            Err(OutOfTime {
                budget: Duration::ZERO
            })
        );
        let r = within(Duration::from_secs(60), || check().is_ok());
        assert_eq!(r, Ok(true));
        assert!(check().is_ok(), "the budget ends with `within`");
    }
}
