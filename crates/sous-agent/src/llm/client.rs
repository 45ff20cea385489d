//! A blocking client for any OpenAI-compatible chat-completions endpoint
//! (OpenAI, llama.cpp's server, Ollama, vLLM…): one request per call, with a
//! time limit, and retries with exponential backoff where waiting can help
//! (429, 5xx, a refused connection), never where it cannot (4xx, a timeout).

use std::io;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use serde_json::json;

use super::LlmError;

/// One chat message.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Message {
    /// `system`, `user` or `assistant`.
    pub role: String,
    pub content: String,
}

impl Message {
    pub fn system(content: impl Into<String>) -> Self {
        Self::new("system", content)
    }
    pub fn user(content: impl Into<String>) -> Self {
        Self::new("user", content)
    }
    pub fn assistant(content: impl Into<String>) -> Self {
        Self::new("assistant", content)
    }
    fn new(role: &str, content: impl Into<String>) -> Self {
        Message {
            role: role.into(),
            content: content.into(),
        }
    }
}

/// Where and how to ask.
#[derive(Debug, Clone)]
pub struct Client {
    /// The full URL of the chat-completions route.
    pub endpoint: String,
    pub model: String,
    /// Sent as `Authorization: Bearer …` when given.
    pub api_key: Option<String>,
    /// For the whole of one request, answer included.
    pub timeout: Duration,
    /// Tries per request (at least one).
    pub attempts: u32,
    /// The wait before the second try; doubled before each further one.
    pub backoff: Duration,
    agent: ureq::Agent,
}

/// How much of an error body goes into a message.
const EXCERPT: usize = 300;

/// `url` as the chat-completions route: kept when it already ends in
/// `/chat/completions`, else that path is appended (`http://host:8080/v1`
/// → `http://host:8080/v1/chat/completions`).
pub fn endpoint(url: &str) -> String {
    let url = url.trim_end_matches('/');
    if url.ends_with("/chat/completions") {
        url.to_string()
    } else {
        format!("{url}/chat/completions")
    }
}

/// The first `EXCERPT` characters of `body`, on one line.
fn excerpt(body: &str) -> String {
    let one_line: String = body.split_whitespace().collect::<Vec<_>>().join(" ");
    match one_line.char_indices().nth(EXCERPT) {
        Some((i, _)) => format!("{}…", &one_line[..i]),
        None => one_line,
    }
}

/// Whether an I/O error is a time limit running out.
fn is_timeout(e: &(dyn std::error::Error + 'static)) -> bool {
    let mut source = Some(e);
    while let Some(s) = source {
        if let Some(io) = s.downcast_ref::<io::Error>() {
            if matches!(
                io.kind(),
                io::ErrorKind::TimedOut | io::ErrorKind::WouldBlock
            ) {
                return true;
            }
        }
        source = s.source();
    }
    false
}

/// What one try came to: an answer, or an error and whether another try may help.
enum Try {
    Answer(String),
    Retry(LlmError),
    Fail(LlmError),
}

impl Client {
    /// A client for `url` (see [`endpoint`]): 3 tries, 1 s backoff.
    pub fn new(url: &str, model: &str, api_key: Option<String>, timeout: Duration) -> Self {
        Client {
            endpoint: endpoint(url),
            model: model.to_string(),
            api_key,
            timeout,
            attempts: 3,
            backoff: Duration::from_secs(1),
            agent: ureq::AgentBuilder::new().timeout(timeout).build(),
        }
    }

    /// The same client with `attempts` tries and `backoff` as the first wait.
    pub fn with_retries(mut self, attempts: u32, backoff: Duration) -> Self {
        self.attempts = attempts.max(1);
        self.backoff = backoff;
        self
    }

    /// The model's answer to `messages` (the first choice's content).
    pub fn chat(&self, messages: &[Message]) -> Result<String, LlmError> {
        let body = json!({ "model": self.model, "messages": messages, "temperature": 0 });
        let mut wait = self.backoff;
        let mut tries = 0;
        loop {
            tries += 1;
            match self.try_once(&body) {
                Try::Answer(a) => return Ok(a),
                Try::Retry(_) if tries < self.attempts => {
                    std::thread::sleep(wait);
                    wait *= 2;
                }
                Try::Retry(e) | Try::Fail(e) => return Err(e),
            }
        }
    }

    fn try_once(&self, body: &serde_json::Value) -> Try {
        let mut request = self.agent.post(&self.endpoint);
        if let Some(key) = &self.api_key {
            request = request.set("Authorization", &format!("Bearer {key}"));
        }
        let response = match request.send_json(body) {
            Ok(r) => r,
            Err(ureq::Error::Status(status, r)) => {
                let e = LlmError::Http {
                    url: self.endpoint.clone(),
                    status,
                    body: excerpt(&r.into_string().unwrap_or_default()),
                };
                return if status == 429 || status >= 500 {
                    Try::Retry(e)
                } else {
                    Try::Fail(e)
                };
            }
            Err(ureq::Error::Transport(t)) => return self.transport(t),
        };
        let text = match response.into_string() {
            Ok(t) => t,
            Err(e) if is_timeout(&e) => return Try::Fail(self.timed_out()),
            Err(e) => {
                return Try::Retry(LlmError::Connect {
                    url: self.endpoint.clone(),
                    message: e.to_string(),
                })
            }
        };
        match answer_of(&text) {
            Some(a) => Try::Answer(a),
            None => Try::Fail(LlmError::BadResponse {
                url: self.endpoint.clone(),
                body: excerpt(&text),
            }),
        }
    }

    fn transport(&self, t: ureq::Transport) -> Try {
        if is_timeout(&t) {
            return Try::Fail(self.timed_out());
        }
        // Transport's own Display repeats the URL: kind, message and cause only.
        let mut message = t.kind().to_string();
        if let Some(m) = t.message() {
            message = format!("{message}: {m}");
        }
        if let Some(cause) = std::error::Error::source(&t) {
            message = format!("{message}: {cause}");
        }
        let e = LlmError::Connect {
            url: self.endpoint.clone(),
            message,
        };
        match t.kind() {
            ureq::ErrorKind::ConnectionFailed | ureq::ErrorKind::Dns | ureq::ErrorKind::Io => {
                Try::Retry(e)
            }
            _ => Try::Fail(e),
        }
    }

    fn timed_out(&self) -> LlmError {
        LlmError::Timeout {
            url: self.endpoint.clone(),
            seconds: self.timeout.as_secs_f64(),
        }
    }
}

/// `choices[0].message.content` of a chat-completions answer.
fn answer_of(text: &str) -> Option<String> {
    let v: serde_json::Value = serde_json::from_str(text).ok()?;
    v.pointer("/choices/0/message/content")?
        .as_str()
        .map(str::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_route_is_appended_once() {
        assert_eq!(
            endpoint("http://h:8080/v1"),
            "http://h:8080/v1/chat/completions"
        );
        assert_eq!(
            endpoint("http://h:8080/v1/"),
            "http://h:8080/v1/chat/completions"
        );
        assert_eq!(
            endpoint("http://h/v1/chat/completions"),
            "http://h/v1/chat/completions"
        );
    }

    #[test]
    fn answers_are_read_from_the_first_choice() {
        let ok = r#"{"choices":[{"message":{"role":"assistant","content":"(get-kitchen ?k)"}}]}"#;
        assert_eq!(answer_of(ok).as_deref(), Some("(get-kitchen ?k)"));
        assert_eq!(answer_of("<html>oops</html>"), None);
        assert_eq!(answer_of(r#"{"choices":[]}"#), None);
    }

    #[test]
    fn excerpts_are_short_and_on_one_line() {
        let long = "x\n".repeat(1000);
        let e = excerpt(&long);
        assert!(!e.contains('\n'));
        assert_eq!(e.chars().count(), EXCERPT + 1);
    }
}
