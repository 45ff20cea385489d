//! Requests that fit the served context, answer included. A model served
//! with 8,192 tokens of context cannot read the whole language reference,
//! two example networks and a recipe, and a server answers an over-long
//! request with an error (or cuts it silently). So the harness counts
//! every request before sending it: with the server's own tokenizer where
//! it has one (llama.cpp's `/tokenize`, llama-cpp-python's
//! `/extras/tokenize`, vLLM's `/tokenize`), else with a stated
//! conservative estimate ([`ESTIMATE_BYTES_PER_TOKEN`]). Each message adds
//! [`MESSAGE_OVERHEAD`] tokens for the chat template's markers. A request
//! that cannot be made to fit is never sent: [`super::LlmError::TooLong`]
//! says by how much it is over and what was already left out.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Duration;

use serde_json::{json, Value};

use super::client::Message;

/// Tokens a chat template adds per message (role markers, separators):
/// ChatML's `<|im_start|>role\n…<|im_end|>\n` is 5, Llama 3's 5; counted high.
pub const MESSAGE_OVERHEAD: usize = 8;

/// Without a tokenizer on the server, a token is counted for every this
/// many bytes: tokenizers of English and code average 3 to 4 characters a
/// token, variable names and numbers fewer; 2 overcounts all of them.
pub const ESTIMATE_BYTES_PER_TOKEN: usize = 2;

/// How the tokens of a text are counted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Counter {
    /// `POST url` with `{"content": text}` (llama.cpp's server).
    LlamaCpp(String),
    /// `POST url` with `{"input": text}` (llama-cpp-python's server).
    LlamaCppPython(String),
    /// `POST url` with `{"model": …, "prompt": text}` (vLLM).
    Vllm(String, String),
    /// One token per [`ESTIMATE_BYTES_PER_TOKEN`] bytes.
    Estimate,
}

impl Counter {
    /// Its name, for the run's settings.
    pub fn name(&self) -> &'static str {
        match self {
            Counter::LlamaCpp(_) => "llama.cpp /tokenize",
            Counter::LlamaCppPython(_) => "llama-cpp-python /extras/tokenize",
            Counter::Vllm(..) => "vLLM /tokenize",
            Counter::Estimate => "estimate (2 bytes a token)",
        }
    }
}

/// The context of one request: how many tokens it may hold, how many of
/// them the answer is given, and how to count.
#[derive(Debug)]
pub struct Budget {
    /// The served context, in tokens.
    pub context: usize,
    /// The answer's share (sent as `max_tokens`).
    pub answer: usize,
    pub counter: Counter,
    agent: ureq::Agent,
    /// Counts already made, by text.
    known: Mutex<HashMap<String, usize>>,
}

/// The server's root (`http://host:8080`) and its `/v1` base, from any of
/// the URLs `--llm-url` takes.
pub fn roots(url: &str) -> (String, String) {
    let base = url
        .trim_end_matches('/')
        .trim_end_matches("/chat/completions")
        .to_string();
    let root = base.trim_end_matches("/v1").to_string();
    (root, base)
}

/// The context the server at `url` says it serves: llama.cpp's `/props`
/// (`n_ctx`), vLLM's model list (`max_model_len`); `None` when it does not
/// say (llama-cpp-python, OpenAI).
pub fn served_context(url: &str, timeout: Duration) -> Option<usize> {
    let agent = ureq::AgentBuilder::new().timeout(timeout).build();
    let (root, base) = roots(url);
    let get = |u: &str| -> Option<Value> { agent.get(u).call().ok()?.into_json().ok() };
    if let Some(p) = get(&format!("{root}/props")) {
        let n = p
            .get("n_ctx")
            .or_else(|| p.pointer("/default_generation_settings/n_ctx"));
        if let Some(n) = n.and_then(Value::as_u64) {
            return Some(n as usize);
        }
    }
    let models = get(&format!("{base}/models"))?;
    models["data"][0]["max_model_len"]
        .as_u64()
        .map(|n| n as usize)
}

/// The tokenizer the server at `url` offers, tried in turn; the estimate
/// when it offers none.
pub fn counter(url: &str, model: &str, timeout: Duration) -> Counter {
    let agent = ureq::AgentBuilder::new().timeout(timeout).build();
    let (root, _) = roots(url);
    let candidates = [
        Counter::LlamaCppPython(format!("{root}/extras/tokenize")),
        Counter::LlamaCpp(format!("{root}/tokenize")),
        Counter::Vllm(format!("{root}/tokenize"), model.to_string()),
    ];
    for c in candidates {
        if count_with(&agent, &c, "a test").is_some_and(|n| n > 0) {
            return c;
        }
    }
    Counter::Estimate
}

/// The tokens of `text` by `counter` (`None`: the server did not answer so).
fn count_with(agent: &ureq::Agent, counter: &Counter, text: &str) -> Option<usize> {
    let (url, body) = match counter {
        Counter::LlamaCpp(u) => (u, json!({ "content": text })),
        Counter::LlamaCppPython(u) => (u, json!({ "input": text })),
        Counter::Vllm(u, model) => (u, json!({ "model": model, "prompt": text })),
        Counter::Estimate => return Some(text.len().div_ceil(ESTIMATE_BYTES_PER_TOKEN)),
    };
    let v: Value = agent.post(url).send_json(body).ok()?.into_json().ok()?;
    if let Some(n) = v.get("count").and_then(Value::as_u64) {
        return Some(n as usize);
    }
    v.get("tokens").and_then(Value::as_array).map(Vec::len)
}

impl Budget {
    /// A budget of `context` tokens, `answer` of them the answer's.
    pub fn new(context: usize, answer: usize, counter: Counter, timeout: Duration) -> Budget {
        Budget {
            context,
            answer,
            counter,
            agent: ureq::AgentBuilder::new().timeout(timeout).build(),
            known: Mutex::new(HashMap::new()),
        }
    }

    /// The tokens of `text`; the estimate when the server stops answering.
    pub fn tokens(&self, text: &str) -> usize {
        if text.is_empty() {
            return 0;
        }
        if let Some(&n) = self
            .known
            .lock()
            .ok()
            .and_then(|k| k.get(text).copied())
            .as_ref()
        {
            return n;
        }
        let n = count_with(&self.agent, &self.counter, text)
            .unwrap_or_else(|| text.len().div_ceil(ESTIMATE_BYTES_PER_TOKEN));
        if let Ok(mut k) = self.known.lock() {
            k.insert(text.to_string(), n);
        }
        n
    }

    /// The tokens of a request of `messages` offering `tools`, its
    /// template's markers counted, its answer not.
    pub fn prompt_tokens(&self, messages: &[Message], tools: &[Value]) -> usize {
        let mut n = MESSAGE_OVERHEAD;
        for m in messages {
            n += MESSAGE_OVERHEAD + self.tokens(m.content.as_deref().unwrap_or(""));
            for call in &m.tool_calls {
                n += self.tokens(&call.function.name) + self.tokens(&call.function.arguments);
            }
        }
        if !tools.is_empty() {
            n += self.tokens(&Value::Array(tools.to_vec()).to_string());
        }
        n
    }

    /// By how many tokens a request of `messages` and `tools`, its answer
    /// included, is over the context (`None`: it fits).
    pub fn over(&self, messages: &[Message], tools: &[Value]) -> Option<usize> {
        self.over_with(messages, tools, 0)
    }

    /// [`Budget::over`] with `reserve` more tokens kept free (for a
    /// conversation to grow in).
    pub fn over_with(
        &self,
        messages: &[Message],
        tools: &[Value],
        reserve: usize,
    ) -> Option<usize> {
        let needed = self.prompt_tokens(messages, tools) + self.answer + reserve;
        (needed > self.context).then(|| needed - self.context)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_estimate_counts_every_two_bytes() {
        let b = Budget::new(100, 10, Counter::Estimate, Duration::from_secs(1));
        assert_eq!(b.tokens("abcd"), 2);
        assert_eq!(b.tokens("abcde"), 3);
        let m = [Message::user("abcd")];
        assert_eq!(b.prompt_tokens(&m, &[]), 2 * MESSAGE_OVERHEAD + 2);
        assert_eq!(b.over(&m, &[]), None);
        let long = [Message::user("x".repeat(200))];
        assert_eq!(
            b.over(&long, &[]),
            Some(2 * MESSAGE_OVERHEAD + 100 + 10 - 100)
        );
    }

    #[test]
    fn roots_of_every_url_form() {
        for url in [
            "http://h:8080/v1",
            "http://h:8080/v1/",
            "http://h:8080/v1/chat/completions",
        ] {
            assert_eq!(
                roots(url),
                ("http://h:8080".to_string(), "http://h:8080/v1".to_string())
            );
        }
    }
}
