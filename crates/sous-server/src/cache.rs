//! What `POST /api/execute` keeps between requests: networks parsed and
//! validated, and whole answers, each under the BLAKE3 hash of what they
//! depend on (the network text and the request's options).
//!
//! - **Networks** (keyed by the text alone): a repeated network skips
//!   parsing and validation, in every mode.
//! - **Answers** (keyed by the text, mode, profile, `compact`, `lean` and
//!   `kitchen_states`): the serialised answer, shared as [`Bytes`]. Only
//!   qualitative answers without `kitchen_states` are kept: the symbolic
//!   kitchen is deterministic (the same network gives the same bytes, ids
//!   included; `tests/api.rs` checks that a cached answer equals a fresh
//!   one), physics is not promised to be, and kitchen states are streamed
//!   and large.
//!
//! Both are bounded LRU-like caches (`quick_cache`, S3-FIFO eviction): the
//! answers by their total size in bytes, the networks by their number.
//! `sous serve --answer-cache-mb 0 --network-cache-entries 0` turns them off.
//! The hash is cryptographic, so no client can make two different requests
//! share an entry and be given another's answer.

use std::sync::Arc;

use bytes::Bytes;
use quick_cache::sync::Cache;
use quick_cache::Weighter;
use sous_lang::Recipe;

/// How much the caches of `POST /api/execute` may hold (0 turns one off).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CacheLimits {
    /// Total size of the cached answers, in bytes.
    pub answer_bytes: u64,
    /// Most parsed networks kept.
    pub networks: usize,
}

impl Default for CacheLimits {
    /// 64 MB of answers (about 2,000 lean answers of the gold networks, or
    /// 400 whole compact ones), 1,024 networks.
    fn default() -> Self {
        CacheLimits {
            answer_bytes: 64 << 20,
            networks: 1024,
        }
    }
}

impl CacheLimits {
    /// No caching at all.
    pub const OFF: CacheLimits = CacheLimits {
        answer_bytes: 0,
        networks: 0,
    };
}

/// A BLAKE3 hash of a request's network and options.
pub type Key = [u8; 32];

#[derive(Clone)]
struct AnswerBytes;

impl Weighter<Key, Bytes> for AnswerBytes {
    fn weight(&self, _key: &Key, answer: &Bytes) -> u64 {
        // The key and the entry's bookkeeping count too (and a weight is never 0).
        answer.len() as u64 + 64
    }
}

/// The caches of one server.
pub struct Caches {
    answers: Option<Cache<Key, Bytes, AnswerBytes>>,
    networks: Option<Cache<Key, Arc<Recipe>>>,
}

impl Caches {
    pub fn new(limits: CacheLimits) -> Caches {
        let answers = (limits.answer_bytes > 0).then(|| {
            // quick_cache wants an estimate of the number of entries: lean
            // answers of the gold networks are 20 to 60 KB.
            let estimate = (limits.answer_bytes / (32 << 10)).clamp(16, 1 << 16) as usize;
            Cache::with_weighter(estimate, limits.answer_bytes, AnswerBytes)
        });
        let networks = (limits.networks > 0).then(|| Cache::new(limits.networks));
        Caches { answers, networks }
    }

    /// The key of an answer, if answers are cached at all.
    pub fn answer_key(&self, parts: &[&[u8]], network: &str) -> Option<Key> {
        self.answers.as_ref()?;
        Some(key(b"answer", parts, network))
    }

    pub fn answer(&self, key: &Key) -> Option<Bytes> {
        self.answers.as_ref()?.get(key)
    }

    pub fn keep_answer(&self, key: Key, answer: Bytes) {
        if let Some(answers) = &self.answers {
            answers.insert(key, answer);
        }
    }

    /// The parsed network of `text`, from the cache or from `read` (whose
    /// errors are not kept: a bad network is read again each time).
    pub fn network<E>(
        &self,
        text: &str,
        read: impl FnOnce() -> Result<Recipe, E>,
    ) -> Result<Arc<Recipe>, E> {
        let Some(networks) = &self.networks else {
            return read().map(Arc::new);
        };
        let key = key(b"network", &[], text);
        networks.get_or_insert_with(&key, || read().map(Arc::new))
    }
}

/// BLAKE3 of a domain tag, the options (each length-prefixed, so no two
/// lists of parts hash alike) and the network text.
fn key(domain: &[u8], parts: &[&[u8]], network: &str) -> Key {
    let mut h = blake3::Hasher::new();
    h.update(domain);
    for part in parts {
        h.update(&(part.len() as u64).to_le_bytes());
        h.update(part);
    }
    h.update(&(network.len() as u64).to_le_bytes());
    h.update(network.as_bytes());
    *h.finalize().as_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_differ_with_options_and_text() {
        let a = key(b"answer", &[b"qualitative", b"ab"], "x");
        assert_ne!(a, key(b"answer", &[b"qualitative", b"a"], "bx"));
        assert_ne!(a, key(b"answer", &[b"qualitative", b"ab"], "y"));
        assert_ne!(a, key(b"network", &[b"qualitative", b"ab"], "x"));
        assert_eq!(a, key(b"answer", &[b"qualitative", b"ab"], "x"));
    }

    #[test]
    fn off_keeps_nothing() {
        let c = Caches::new(CacheLimits::OFF);
        assert!(c.answer_key(&[], "x").is_none());
        let mut reads = 0;
        for _ in 0..2 {
            c.network("x", || {
                reads += 1;
                Err::<Recipe, ()>(())
            })
            .unwrap_err();
        }
        assert_eq!(reads, 2);
    }
}
