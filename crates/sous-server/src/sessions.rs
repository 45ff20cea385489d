//! Incremental sessions: a network built up call by call, for agents that
//! read a recipe sentence by sentence and look at the kitchen in between.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// One live session: the shared session ([`sous_eval::session::Session`])
/// and what the server adds to it.
#[derive(Debug, Clone)]
pub struct Session {
    pub core: sous_eval::session::Session,
    /// Which simulator runs the session's network (for its answers).
    pub mode: sous_sim::Mode,
    last_used: Instant,
}

/// Limits on sessions.
#[derive(Debug, Clone, Copy)]
pub struct SessionLimits {
    pub max_live: usize,
    pub idle_timeout: Duration,
}

impl Default for SessionLimits {
    fn default() -> Self {
        SessionLimits {
            max_live: 1_000,
            idle_timeout: Duration::from_secs(30 * 60),
        }
    }
}

/// The live sessions; idle ones are dropped whenever the store is used.
#[derive(Debug, Default)]
pub struct Sessions {
    inner: Mutex<Inner>,
}

#[derive(Debug, Default)]
struct Inner {
    live: HashMap<String, Session>,
}

#[derive(Debug, PartialEq, Eq)]
pub enum SessionError {
    TooMany(usize),
    Unknown,
}

impl Sessions {
    fn lock(&self, limits: &SessionLimits) -> std::sync::MutexGuard<'_, Inner> {
        let mut inner = self.inner.lock().unwrap_or_else(|p| p.into_inner());
        let now = Instant::now();
        inner
            .live
            .retain(|_, s| now.duration_since(s.last_used) < limits.idle_timeout);
        inner
    }

    /// A new session; its id is unguessable enough for a loopback service.
    pub fn create(
        &self,
        recipe: Option<String>,
        mode: sous_sim::Mode,
        profile: sous_sim::Profile,
        limits: &SessionLimits,
    ) -> Result<String, SessionError> {
        let mut inner = self.lock(limits);
        if inner.live.len() >= limits.max_live {
            return Err(SessionError::TooMany(limits.max_live));
        }
        let id = new_id();
        inner.live.insert(
            id.clone(),
            Session {
                core: sous_eval::session::Session::new(
                    recipe,
                    profile,
                    crate::api::simulator(mode),
                ),
                mode,
                last_used: Instant::now(),
            },
        );
        Ok(id)
    }

    /// Runs `f` on a live session (and marks it used).
    pub fn with<T>(
        &self,
        id: &str,
        limits: &SessionLimits,
        f: impl FnOnce(&mut Session) -> T,
    ) -> Result<T, SessionError> {
        let mut inner = self.lock(limits);
        let s = inner.live.get_mut(id).ok_or(SessionError::Unknown)?;
        s.last_used = Instant::now();
        Ok(f(s))
    }

    pub fn remove(&self, id: &str, limits: &SessionLimits) -> Result<(), SessionError> {
        self.lock(limits)
            .live
            .remove(id)
            .map(|_| ())
            .ok_or(SessionError::Unknown)
    }
}

/// A session id: 128 bits from the operating system's cryptographic
/// random source, as 32 hex digits after `s-`, so that nobody on the host
/// can guess another client's session.
fn new_id() -> String {
    use rand::RngCore;
    let mut bytes = [0u8; 16];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    format!("s-{hex}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn session_ids_carry_128_random_bits() {
        let ids: Vec<String> = (0..1000).map(|_| new_id()).collect();
        for id in &ids {
            let hex = id.strip_prefix("s-").unwrap();
            assert_eq!(hex.len(), 32);
            assert!(hex.bytes().all(|b| b.is_ascii_hexdigit()));
        }
        let mut unique = ids.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), ids.len());
    }

    #[test]
    fn idle_sessions_expire_and_the_number_is_limited() {
        let limits = SessionLimits {
            max_live: 2,
            idle_timeout: Duration::from_millis(50),
        };
        let s = Sessions::default();
        let a = s
            .create(
                None,
                sous_sim::Mode::Qualitative,
                Default::default(),
                &limits,
            )
            .unwrap();
        s.create(
            None,
            sous_sim::Mode::Qualitative,
            Default::default(),
            &limits,
        )
        .unwrap();
        assert_eq!(
            s.create(
                None,
                sous_sim::Mode::Qualitative,
                Default::default(),
                &limits
            ),
            Err(SessionError::TooMany(2))
        );
        std::thread::sleep(Duration::from_millis(80));
        assert_eq!(s.with(&a, &limits, |_| ()), Err(SessionError::Unknown));
        assert!(s
            .create(
                None,
                sous_sim::Mode::Qualitative,
                Default::default(),
                &limits
            )
            .is_ok());
    }
}
