//! A blocking client for any OpenAI-compatible chat-completions endpoint
//! (OpenAI, llama.cpp's server, Ollama, vLLM…): one request per call, with a
//! time limit, and retries with exponential backoff where waiting can help
//! (429, 5xx, a refused connection), never where it cannot (4xx, a timeout).

use std::io;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use serde_json::json;

use super::usage::Usage;
use super::LlmError;

/// One chat message.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Message {
    /// `system`, `user`, `assistant` or `tool`.
    pub role: String,
    /// `None` (sent as `null`) only for an assistant message that calls tools.
    pub content: Option<String>,
    /// The tools an assistant message calls.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tool_calls: Vec<ToolCall>,
    /// Which call a `tool` message answers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tool_call_id: Option<String>,
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
    /// The answer to tool call `id`.
    pub fn tool(id: &str, content: impl Into<String>) -> Self {
        Message {
            tool_call_id: Some(id.to_string()),
            ..Self::new("tool", content)
        }
    }
    /// An answer as it goes back into the conversation.
    pub fn answered(answer: &Answer) -> Self {
        Message {
            role: "assistant".into(),
            content: answer.content.clone(),
            tool_calls: answer.tool_calls.clone(),
            tool_call_id: None,
        }
    }
    fn new(role: &str, content: impl Into<String>) -> Self {
        Message {
            role: role.into(),
            content: Some(content.into()),
            tool_calls: Vec::new(),
            tool_call_id: None,
        }
    }
}

/// A call of a tool (OpenAI's `tool_calls` entry).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ToolCall {
    pub id: String,
    /// Always `function`.
    #[serde(rename = "type")]
    pub kind: String,
    pub function: FunctionCall,
}

impl ToolCall {
    /// A call of function `name` with `arguments` (a JSON object as text).
    pub fn function(id: &str, name: &str, arguments: &str) -> ToolCall {
        ToolCall {
            id: id.into(),
            kind: "function".into(),
            function: FunctionCall {
                name: name.into(),
                arguments: arguments.into(),
            },
        }
    }
}

/// The function a tool call names, and its arguments.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FunctionCall {
    pub name: String,
    /// A JSON object, as text.
    pub arguments: String,
}

/// What the model answered: text, tool calls or both, and what the
/// endpoint said it cost.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Answer {
    pub content: Option<String>,
    pub tool_calls: Vec<ToolCall>,
    /// `None` when the endpoint did not say.
    pub usage: Option<Usage>,
}

impl Answer {
    /// The text of the answer (empty when it only calls tools).
    pub fn text(&self) -> &str {
        self.content.as_deref().unwrap_or("")
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
    /// Sent with every request (0 unless told otherwise).
    pub temperature: f64,
    /// Sent with every request when given (endpoints that honour it answer
    /// the same request the same way).
    pub seed: Option<u64>,
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
    Answer(Answer),
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
            temperature: 0.0,
            seed: None,
            agent: ureq::AgentBuilder::new().timeout(timeout).build(),
        }
    }

    /// The same client with `attempts` tries and `backoff` as the first wait.
    pub fn with_retries(mut self, attempts: u32, backoff: Duration) -> Self {
        self.attempts = attempts.max(1);
        self.backoff = backoff;
        self
    }

    /// The same client sending `temperature` and, when given, `seed`.
    pub fn with_sampling(mut self, temperature: f64, seed: Option<u64>) -> Self {
        self.temperature = temperature;
        self.seed = seed;
        self
    }

    /// The model's answer to `messages` (the first choice), offered
    /// `tools` (OpenAI function tools; none: the key is not sent).
    pub fn chat(
        &self,
        messages: &[Message],
        tools: &[serde_json::Value],
    ) -> Result<Answer, LlmError> {
        let mut body = json!({
            "model": self.model,
            "messages": messages,
            "temperature": self.temperature,
        });
        if let Some(seed) = self.seed {
            body["seed"] = json!(seed);
        }
        if !tools.is_empty() {
            body["tools"] = json!(tools);
        }
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

/// The first choice of a chat-completions answer: its content, its tool
/// calls (arguments given as an object are taken as their text; a call
/// without id gets one), and the usage; `None` when it has neither
/// content nor tool calls.
fn answer_of(text: &str) -> Option<Answer> {
    let v: serde_json::Value = serde_json::from_str(text).ok()?;
    let message = v.pointer("/choices/0/message")?;
    let content = message
        .get("content")
        .and_then(|c| c.as_str())
        .map(str::to_string);
    let calls = message.get("tool_calls").and_then(|c| c.as_array());
    let tool_calls: Vec<ToolCall> = calls
        .into_iter()
        .flatten()
        .enumerate()
        .filter_map(|(i, c)| tool_call_of(c, i))
        .collect();
    if content.is_none() && tool_calls.is_empty() {
        return None;
    }
    Some(Answer {
        content,
        tool_calls,
        usage: Usage::of(&v),
    })
}

/// One entry of `tool_calls`, the `i`-th.
fn tool_call_of(c: &serde_json::Value, i: usize) -> Option<ToolCall> {
    let function = c.get("function")?;
    let name = function.get("name")?.as_str()?.to_string();
    let arguments = match function.get("arguments") {
        Some(serde_json::Value::String(s)) => s.clone(),
        Some(other) => other.to_string(),
        None => "{}".to_string(),
    };
    let id = c
        .get("id")
        .and_then(|i| i.as_str())
        .map_or_else(|| format!("call-{i}"), str::to_string);
    Some(ToolCall::function(&id, &name, &arguments))
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
        let a = answer_of(ok).unwrap();
        assert_eq!(a.content.as_deref(), Some("(get-kitchen ?k)"));
        assert_eq!(a.usage, None);
        assert_eq!(answer_of("<html>oops</html>"), None);
        assert_eq!(answer_of(r#"{"choices":[]}"#), None);
        let nothing = r#"{"choices":[{"message":{"role":"assistant","content":null}}]}"#;
        assert_eq!(answer_of(nothing), None);
    }

    #[test]
    fn tool_calls_and_usage_are_read() {
        let text = r#"{"choices":[{"message":{"role":"assistant","content":null,"tool_calls":[
            {"id":"c1","type":"function","function":{"name":"beat","arguments":"{\"container-with-ingredients\":\"x\"}"}},
            {"type":"function","function":{"name":"mix","arguments":{"a":1}}}]}}],
            "usage":{"prompt_tokens":10,"completion_tokens":4}}"#;
        let a = answer_of(text).unwrap();
        assert_eq!(a.content, None);
        assert_eq!(a.tool_calls.len(), 2);
        assert_eq!(a.tool_calls[0].id, "c1");
        assert_eq!(
            a.tool_calls[0].function.arguments,
            r#"{"container-with-ingredients":"x"}"#
        );
        assert_eq!(a.tool_calls[1].id, "call-1");
        assert_eq!(a.tool_calls[1].function.arguments, r#"{"a":1}"#);
        assert_eq!(
            a.usage,
            Some(Usage {
                prompt_tokens: 10,
                completion_tokens: 4
            })
        );
        // Back into the conversation: content null, the calls as they came.
        let m = serde_json::to_value(Message::answered(&a)).unwrap();
        assert_eq!(m["content"], serde_json::Value::Null);
        assert_eq!(m["tool_calls"][0]["type"], "function");
        let t = serde_json::to_value(Message::tool("c1", "ok")).unwrap();
        assert_eq!(t["tool_call_id"], "c1");
        assert!(serde_json::to_value(Message::user("u"))
            .unwrap()
            .get("tool_calls")
            .is_none());
    }

    #[test]
    fn excerpts_are_short_and_on_one_line() {
        let long = "x\n".repeat(1000);
        let e = excerpt(&long);
        assert!(!e.contains('\n'));
        assert_eq!(e.chars().count(), EXCERPT + 1);
    }
}
