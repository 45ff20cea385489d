//! The bounded pool that quantitative (physics) work runs on.
//!
//! A physics execution takes 0.3–3.5 s of one core, a qualitative one a few
//! milliseconds. Unbounded, a burst of quantitative requests would queue up
//! on the cores, every one of them slower the more there are, until they
//! time out (408 after two minutes) having used the CPU for nothing, and the
//! qualitative requests behind them would wait as long. So physics takes a
//! permit from a semaphore of `workers` permits; a request that cannot get
//! one within `wait` (a short, bounded wait: the semaphore queues waiters
//! fairly, first come first served) is answered 503 with `Retry-After` at
//! once, which costs the server nothing and tells the client when to come
//! back. Qualitative requests never take a permit.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::ApiError;

/// The seconds a refused client is told to wait (`Retry-After`): one
/// execution takes 0.3–3.5 s (a release build, whole gold networks), so
/// with one worker per core one of them is usually free within a second.
pub const RETRY_AFTER_SECONDS: u64 = 1;

/// Permits for physics work: `workers` at once, waited for at most `wait`.
///
/// Cloning shares the permits (the server's state holds one clone; a test
/// may hold another to take permits itself and so fill the pool without
/// having to time a slow request).
#[derive(Debug, Clone)]
pub struct PhysicsPool {
    permits: Arc<Semaphore>,
    workers: usize,
    wait: Duration,
    budget: Duration,
}

/// The right to run physics, given back when dropped.
#[derive(Debug)]
pub struct PhysicsPermit(#[allow(dead_code)] OwnedSemaphorePermit);

impl PhysicsPool {
    /// The default wait for a permit: long enough to absorb two requests
    /// arriving together, short enough that a refused client hears so at
    /// once rather than after a queue's worth of executions.
    pub const DEFAULT_WAIT: Duration = Duration::from_millis(100);

    /// The default time budget of one request's physics: a whole gold
    /// network takes at most a few seconds of one core.
    pub const DEFAULT_BUDGET: Duration = Duration::from_secs(30);

    /// A pool of `workers` permits (0: every physics request is refused),
    /// each request's physics limited to [`PhysicsPool::DEFAULT_BUDGET`].
    pub fn new(workers: usize, wait: Duration) -> PhysicsPool {
        PhysicsPool {
            permits: Arc::new(Semaphore::new(workers)),
            workers,
            wait,
            budget: Self::DEFAULT_BUDGET,
        }
    }

    /// The same pool with each request's physics limited to `budget`: when
    /// it runs out, the request is answered 503 saying so, and the worker
    /// is free again at once.
    pub fn with_budget(mut self, budget: Duration) -> PhysicsPool {
        self.budget = budget;
        self
    }

    /// The time budget of one request's physics.
    pub fn budget(&self) -> Duration {
        self.budget
    }

    /// How many physics executions may run at once.
    pub fn workers(&self) -> usize {
        self.workers
    }

    /// How long a request waits for a permit before it is refused.
    pub fn wait(&self) -> Duration {
        self.wait
    }

    /// A permit if one is free now.
    pub fn try_acquire(&self) -> Option<PhysicsPermit> {
        self.permits
            .clone()
            .try_acquire_owned()
            .ok()
            .map(PhysicsPermit)
    }

    /// A permit, waiting at most [`PhysicsPool::wait`] for one; else the
    /// 503 answer with `Retry-After`.
    pub async fn acquire(&self) -> Result<PhysicsPermit, ApiError> {
        if let Some(p) = self.try_acquire() {
            return Ok(p);
        }
        let waited = tokio::time::timeout(self.wait, self.permits.clone().acquire_owned()).await;
        match waited {
            Ok(Ok(permit)) => Ok(PhysicsPermit(permit)),
            // Timed out (or the semaphore was closed, which nothing does).
            _ => Err(ApiError::busy(
                format!(
                    "all {} physics workers are busy: retry quantitative requests later \
                     (qualitative ones are not limited)",
                    self.workers
                ),
                RETRY_AFTER_SECONDS,
            )),
        }
    }

    /// Runs `f` (physics work) with a permit, on a thread of its own.
    ///
    /// The permit moves into that thread, not the request's future: a
    /// request that times out or whose client goes away drops its future,
    /// but the simulation goes on to its end, and the pool must count it
    /// until then. The thread is not one of tokio's blocking pool, which is
    /// sized to the cores for qualitative work ([`crate::runtime`]): physics
    /// filling it would make qualitative requests wait seconds behind it,
    /// which is what the pool is there to prevent. One thread per execution
    /// costs some microseconds next to the execution's 0.3–3.5 s, and there
    /// are never more than `workers` of them.
    pub async fn run<T: Send + 'static>(
        &self,
        f: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
    ) -> Result<T, ApiError> {
        let permit = self.acquire().await?;
        let budget = self.budget;
        let (tx, rx) = tokio::sync::oneshot::channel();
        let spawned = std::thread::Builder::new()
            .name("sous-physics".into())
            .spawn(move || {
                let answer = sous_physics::budget::within(budget, f).unwrap_or_else(|out| {
                    Err(ApiError::new(
                        axum::http::StatusCode::SERVICE_UNAVAILABLE,
                        format!(
                            "{out} per quantitative request on this server (`sous serve \
                             --physics-budget SECONDS` sets it); the qualitative mode, or `sous \
                             run --mode quantitative` on your own machine, has no such limit"
                        ),
                    ))
                });
                drop(permit);
                let _ = tx.send(answer);
            });
        let internal = |e: String| ApiError::new(axum::http::StatusCode::INTERNAL_SERVER_ERROR, e);
        spawned.map_err(|e| internal(format!("cannot start a physics worker: {e}")))?;
        // The sender is dropped without sending only if `f` panicked.
        rx.await
            .map_err(|_| internal("the physics worker failed".into()))?
    }
}

impl Default for PhysicsPool {
    /// One worker per core, [`PhysicsPool::DEFAULT_WAIT`].
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        PhysicsPool::new(cores, PhysicsPool::DEFAULT_WAIT)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_full_pool_refuses_after_the_wait_and_a_freed_permit_is_reused() {
        let pool = PhysicsPool::new(1, Duration::from_millis(30));
        let held = pool.try_acquire().expect("a free permit");
        assert!(pool.try_acquire().is_none());
        let started = std::time::Instant::now();
        let e = pool.acquire().await.unwrap_err();
        assert!(started.elapsed() >= Duration::from_millis(30));
        assert_eq!(e.status, axum::http::StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(e.retry_after, Some(RETRY_AFTER_SECONDS));
        // A permit given back within the wait goes to the waiter.
        let waiter = tokio::spawn({
            let pool = pool.clone();
            async move { pool.acquire().await.is_ok() }
        });
        tokio::time::sleep(Duration::from_millis(5)).await;
        drop(held);
        assert!(waiter.await.unwrap());
    }

    #[tokio::test]
    async fn physics_past_its_budget_is_answered_503_saying_so() {
        let pool = PhysicsPool::new(1, Duration::ZERO).with_budget(Duration::ZERO);
        let gold = include_str!("../../sous-cli/demo/demo.solution");
        let file = sous_eval::source::load_text("demo.solution".into(), gold.into());
        let recipe = file.recipes[0].0.clone();
        let e = pool
            .run(move || Ok(sous_physics::execute(&recipe).solved))
            .await
            .unwrap_err();
        assert_eq!(e.status, axum::http::StatusCode::SERVICE_UNAVAILABLE);
        assert!(e.error.contains("time budget of 0.0 s"), "{}", e.error);
        assert_eq!(e.retry_after, None);
        assert!(pool.try_acquire().is_some(), "the worker is free again");
    }

    #[tokio::test]
    async fn run_holds_the_permit_until_the_work_ends_and_reports_a_panic() {
        let pool = PhysicsPool::new(1, Duration::ZERO);
        let (go, wait) = std::sync::mpsc::channel::<()>();
        let running = tokio::spawn({
            let pool = pool.clone();
            async move {
                pool.run(move || {
                    wait.recv().unwrap();
                    Ok(7)
                })
                .await
            }
        });
        // The permit is taken before the work starts, so once the task has
        // been polled the pool is full.
        while pool.permits.available_permits() > 0 {
            tokio::task::yield_now().await;
        }
        assert_eq!(
            pool.run(|| Ok(0)).await.unwrap_err().status,
            axum::http::StatusCode::SERVICE_UNAVAILABLE
        );
        go.send(()).unwrap();
        assert_eq!(running.await.unwrap().unwrap(), 7);
        let e = pool
            .run(|| -> Result<(), ApiError> { panic!("a bug in the physics") })
            .await
            .unwrap_err();
        assert_eq!(e.status, axum::http::StatusCode::INTERNAL_SERVER_ERROR);
        assert!(
            pool.try_acquire().is_some(),
            "a panic gives the permit back"
        );
    }
}
