//! What the endpoint says a request cost (`usage.prompt_tokens`,
//! `usage.completion_tokens` of a chat completion), summed per recipe and
//! per run, and priced in currency per million tokens (`--price-in`,
//! `--price-out`); with them, how many answers came without `usage` and
//! how many were cut at the token limit.

use std::ops::AddAssign;

use serde::{Deserialize, Serialize};

/// The tokens of one request, as the endpoint reported them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Usage {
    pub prompt_tokens: u64,
    pub completion_tokens: u64,
}

impl Usage {
    /// The `usage` of a chat-completions answer, when it has one.
    pub fn of(answer: &serde_json::Value) -> Option<Usage> {
        let u = answer.get("usage")?;
        let n = |key: &str| u.get(key).and_then(serde_json::Value::as_u64);
        Some(Usage {
            prompt_tokens: n("prompt_tokens")?,
            completion_tokens: n("completion_tokens").unwrap_or(0),
        })
    }
}

/// Requests and their tokens summed (per recipe, per run).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    pub requests: u64,
    /// Requests whose answer had no `usage` (their tokens are unknown and
    /// not in the sums).
    #[serde(default)]
    pub without_usage: u64,
    /// Answers the endpoint cut at the token limit (`finish_reason:
    /// "length"`).
    #[serde(default)]
    pub truncated: u64,
    pub prompt_tokens: u64,
    pub completion_tokens: u64,
    /// Answers in text (not only tool calls)...
    #[serde(default)]
    pub answers: u64,
    /// ...and those of them that are predicates of the language
    /// ([`super::check::parses`]).
    #[serde(default)]
    pub parsed: u64,
    /// The most prompt tokens one request had (its answer's budget on top
    /// must fit the context: the check that every request fit).
    #[serde(default)]
    pub largest_prompt: u64,
}

impl Tally {
    /// One request with the usage its answer reported (`None`: none, or
    /// no answer at all) and the answer's `finish_reason` (`None`: the
    /// endpoint did not say, or no answer).
    pub fn request(usage: Option<Usage>, finish_reason: Option<&str>) -> Tally {
        let u = usage.unwrap_or_default();
        Tally {
            requests: 1,
            without_usage: u64::from(usage.is_none()),
            truncated: u64::from(finish_reason == Some(super::client::CUT)),
            prompt_tokens: u.prompt_tokens,
            completion_tokens: u.completion_tokens,
            answers: 0,
            parsed: 0,
            largest_prompt: u.prompt_tokens,
        }
    }

    /// One answer in text, and whether it parsed.
    pub fn answer(parsed: bool) -> Tally {
        Tally {
            answers: 1,
            parsed: u64::from(parsed),
            ..Tally::default()
        }
    }

    pub fn tokens(&self) -> u64 {
        self.prompt_tokens + self.completion_tokens
    }
}

impl AddAssign for Tally {
    fn add_assign(&mut self, o: Tally) {
        self.requests += o.requests;
        self.without_usage += o.without_usage;
        self.truncated += o.truncated;
        self.prompt_tokens += o.prompt_tokens;
        self.completion_tokens += o.completion_tokens;
        self.answers += o.answers;
        self.parsed += o.parsed;
        self.largest_prompt = self.largest_prompt.max(o.largest_prompt);
    }
}

impl std::iter::Sum for Tally {
    fn sum<I: Iterator<Item = Tally>>(iter: I) -> Tally {
        let mut t = Tally::default();
        for x in iter {
            t += x;
        }
        t
    }
}

/// Prices in currency per million tokens.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct Prices {
    /// Per million prompt tokens.
    pub input: f64,
    /// Per million completion tokens.
    pub output: f64,
}

impl Prices {
    /// What `t`'s tokens cost.
    pub fn cost(&self, t: &Tally) -> f64 {
        (t.prompt_tokens as f64 * self.input + t.completion_tokens as f64 * self.output) / 1e6
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usage_is_read_summed_and_priced() {
        let answer = serde_json::json!({"usage": {"prompt_tokens": 1200, "completion_tokens": 300, "total_tokens": 1500}});
        let u = Usage::of(&answer).unwrap();
        assert_eq!((u.prompt_tokens, u.completion_tokens), (1200, 300));
        assert_eq!(Usage::of(&serde_json::json!({"choices": []})), None);
        let t: Tally = [
            Tally::request(Some(u), Some("length")),
            Tally::request(None, Some("stop")),
            Tally::request(None, None),
        ]
        .into_iter()
        .sum();
        assert_eq!(
            (t.requests, t.without_usage, t.truncated, t.tokens()),
            (3, 2, 1, 1500)
        );
        assert_eq!(t.largest_prompt, 1200);
        // Tallies written before `truncated` read as none.
        let old: Tally = serde_json::from_str(
            r#"{"requests":2,"without_usage":0,"prompt_tokens":5,"completion_tokens":1}"#,
        )
        .unwrap();
        assert_eq!(old.truncated, 0);
        let prices = Prices {
            input: 2.5,
            output: 10.0,
        };
        assert_eq!(prices.cost(&t), (1200.0 * 2.5 + 300.0 * 10.0) / 1e6);
    }
}
