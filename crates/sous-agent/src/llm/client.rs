//! A blocking client for any OpenAI-compatible chat-completions endpoint
//! (OpenAI, llama.cpp's server, Ollama, vLLM…): one request per call, with a
//! time limit, and retries with exponential backoff where waiting can help
//! (429 and 5xx, or a connection lost to a server that has answered before),
//! never where it cannot (4xx, a timeout, a server never reached: a refused
//! connection on the first request of a run fails at once).

use std::io;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use serde_json::json;

use super::fit::Budget;
use super::usage::Usage;
use super::LlmError;

/// One chat message.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Message {
    /// `system`, `user`, `assistant` or `tool`.
    pub role: String,
    /// `None` (sent as `null`) only for an assistant message read from an
    /// answer that only calls tools; one sent back is `""` then
    /// ([`Message::answered`]).
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
    /// An answer as it goes back into the conversation; one that only
    /// called tools with `""` as its content, not `null`: OpenAI takes
    /// either, but llama-cpp-python's server refuses `null` (HTTP 422).
    pub fn answered(answer: &Answer) -> Self {
        Message {
            role: "assistant".into(),
            content: Some(answer.content.clone().unwrap_or_default()),
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

/// What the model answered: text, tool calls or both, why it stopped, and
/// what the endpoint said it cost.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Answer {
    /// `None` (`null` or missing) when it only calls tools.
    pub content: Option<String>,
    pub tool_calls: Vec<ToolCall>,
    /// The choice's `finish_reason` (`stop`, `length`, `tool_calls`…);
    /// `None` when the endpoint did not say.
    pub finish_reason: Option<String>,
    /// `None` when the endpoint did not say.
    pub usage: Option<Usage>,
}

/// The `finish_reason` of an answer cut at the token limit.
pub const CUT: &str = "length";

impl Answer {
    /// The text of the answer (empty when it only calls tools).
    pub fn text(&self) -> &str {
        self.content.as_deref().unwrap_or("")
    }

    /// Whether the endpoint cut the answer at its token limit
    /// (`finish_reason: "length"`).
    pub fn is_cut(&self) -> bool {
        self.finish_reason.as_deref() == Some(CUT)
    }
}

/// Which kind of server answers, for the request fields only some take
/// (a grammar to decode under).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ServerKind {
    /// llama.cpp's server or llama-cpp-python's: `grammar` (GBNF).
    LlamaCpp,
    /// vLLM 0.12 or later: `structured_outputs: {"grammar": …}`.
    Vllm,
    /// vLLM before 0.12: `guided_grammar`.
    VllmLegacy,
    /// Any other OpenAI-compatible API: no grammar field.
    OpenAi,
}

impl ServerKind {
    /// Every kind with its name, as `--server-kind` takes it.
    pub const ALL: [(&'static str, ServerKind); 4] = [
        ("llama-cpp", ServerKind::LlamaCpp),
        ("vllm", ServerKind::Vllm),
        ("vllm-legacy", ServerKind::VllmLegacy),
        ("openai", ServerKind::OpenAi),
    ];

    /// Its name (`llama-cpp`, `vllm`, `vllm-legacy`, `openai`).
    pub fn name(self) -> &'static str {
        ServerKind::ALL
            .iter()
            .find(|(_, k)| *k == self)
            .map_or("openai", |(n, _)| n)
    }

    /// Whether it decodes under a grammar.
    pub fn takes_grammar(self) -> bool {
        self != ServerKind::OpenAi
    }

    /// Puts `grammar` into the request `body`, in this server's field.
    pub fn constrain(self, body: &mut serde_json::Value, grammar: &str) {
        match self {
            ServerKind::LlamaCpp => body["grammar"] = json!(grammar),
            ServerKind::Vllm => body["structured_outputs"] = json!({ "grammar": grammar }),
            ServerKind::VllmLegacy => body["guided_grammar"] = json!(grammar),
            ServerKind::OpenAi => {}
        }
    }

    /// The kind of server at `url` (the `/v1` base or the chat route), from
    /// what it answers: llama.cpp's `/props`, vLLM's `/version`, and
    /// llama-cpp-python's model list (`owned_by: "me"`). Anything else, or
    /// nothing, is [`ServerKind::OpenAi`].
    pub fn detect(url: &str, timeout: Duration) -> ServerKind {
        let agent = ureq::AgentBuilder::new().timeout(timeout).build();
        let (root, base) = super::fit::roots(url);
        let get =
            |u: &str| -> Option<serde_json::Value> { agent.get(u).call().ok()?.into_json().ok() };
        if get(&format!("{root}/props")).is_some_and(|v| {
            v.get("n_ctx").is_some() || v.get("default_generation_settings").is_some()
        }) {
            return ServerKind::LlamaCpp;
        }
        if let Some(v) = get(&format!("{root}/version")) {
            if let Some(version) = v.get("version").and_then(|v| v.as_str()) {
                let mut parts = version.split('.').map(|p| p.parse::<u32>().unwrap_or(0));
                let (major, minor) = (parts.next().unwrap_or(0), parts.next().unwrap_or(0));
                return if (major, minor) >= (0, 12) {
                    ServerKind::Vllm
                } else {
                    ServerKind::VllmLegacy
                };
            }
        }
        if let Some(v) = get(&format!("{base}/models")) {
            let owned = v["data"][0]["owned_by"].as_str();
            if owned == Some("me") {
                return ServerKind::LlamaCpp;
            }
        }
        ServerKind::OpenAi
    }
}

/// The `tool_choice` that makes the model at `url` call a tool:
/// `"required"` (OpenAI, vLLM, llama.cpp's server), except on
/// llama-cpp-python, whose function-calling chat format takes only
/// `"auto"` or a named tool (it fails on `"required"`); its model list
/// says `owned_by: "me"` and it has no `/props`.
pub fn tool_choice_at(url: &str, timeout: Duration) -> &'static str {
    let agent = ureq::AgentBuilder::new().timeout(timeout).build();
    let (root, base) = super::fit::roots(url);
    let get = |u: &str| -> Option<serde_json::Value> { agent.get(u).call().ok()?.into_json().ok() };
    let python = get(&format!("{root}/props")).is_none()
        && get(&format!("{base}/models"))
            .is_some_and(|v| v["data"][0]["owned_by"].as_str() == Some("me"));
    if python {
        "auto"
    } else {
        "required"
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
    /// Tries per request (at least one); a request is tried again only
    /// where waiting can help (see the module's documentation).
    pub attempts: u32,
    /// The wait before the second try; doubled before each further one.
    pub backoff: Duration,
    /// Sent with every request (0 unless told otherwise).
    pub temperature: f64,
    /// Sent with every request when given (endpoints that honour it answer
    /// the same request the same way).
    pub seed: Option<u64>,
    agent: ureq::Agent,
    /// Whether the endpoint has answered (any HTTP status) a request of
    /// this client or of a clone of it: only then is a failed connection
    /// worth another try. Shared by the clones, so one run learns it once.
    answered: Arc<AtomicBool>,
    /// The grammar sent with requests, and the server that reads it.
    grammar: Option<(ServerKind, Arc<str>)>,
    /// The context every request must fit, answer included (its share is
    /// sent as `max_tokens`); `None`: requests are sent as they are.
    budget: Option<Arc<Budget>>,
    /// Sent as `tool_choice` with every request that offers tools.
    tool_choice: &'static str,
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
            answered: Arc::new(AtomicBool::new(false)),
            grammar: None,
            budget: None,
            tool_choice: "required",
        }
    }

    /// The same client fitting every request into `budget`: the answer's
    /// share is sent as `max_tokens`, and a request over the context is
    /// never sent ([`LlmError::TooLong`]).
    pub fn with_budget(mut self, budget: Arc<Budget>) -> Self {
        self.budget = Some(budget);
        self
    }

    /// The budget requests are fitted into, when there is one.
    pub fn budget(&self) -> Option<&Budget> {
        self.budget.as_deref()
    }

    /// By how many tokens a request of `messages` (and `tools`), its
    /// answer included, is over the budget's context (`None`: it fits, or
    /// there is no budget).
    pub fn over(&self, messages: &[Message], tools: &[serde_json::Value]) -> Option<usize> {
        self.budget.as_ref()?.over(messages, tools)
    }

    /// [`Client::over`] with a part of the context kept free: `1/share`
    /// of it (none when `share` is 0).
    pub fn over_keeping(
        &self,
        messages: &[Message],
        tools: &[serde_json::Value],
        share: usize,
    ) -> Option<usize> {
        let b = self.budget.as_ref()?;
        b.over_with(messages, tools, b.context.checked_div(share).unwrap_or(0))
    }

    /// The error of a request `over` tokens too long, after `dropped` was
    /// left out of it.
    pub fn too_long(
        &self,
        messages: &[Message],
        tools: &[serde_json::Value],
        dropped: &[String],
    ) -> LlmError {
        let (needed, context, answer) = match &self.budget {
            Some(b) => (
                b.prompt_tokens(messages, tools) + b.answer,
                b.context,
                b.answer,
            ),
            None => (0, 0, 0),
        };
        LlmError::TooLong {
            over: needed.saturating_sub(context),
            needed,
            context,
            answer,
            dropped: if dropped.is_empty() {
                "nothing".into()
            } else {
                dropped.join(", ")
            },
        }
    }

    /// The same client sending `choice` as `tool_choice` (see [`tool_choice_at`]).
    pub fn with_tool_choice(mut self, choice: &'static str) -> Self {
        self.tool_choice = choice;
        self
    }

    /// The server kind the grammar is sent for, when one is sent.
    pub fn grammar_server(&self) -> Option<ServerKind> {
        self.grammar.as_ref().map(|(k, _)| *k)
    }

    /// The same client sending `grammar` (GBNF, [`super::grammar`]) with
    /// every request that offers no tools, in the field `server` takes, so
    /// that the server decodes only text the grammar accepts.
    pub fn with_grammar(mut self, server: ServerKind, grammar: Arc<str>) -> Self {
        self.grammar = Some((server, grammar));
        self
    }

    /// Whether the endpoint has answered a request of this client (or of a
    /// clone of it) yet, with any HTTP status.
    pub fn has_answered(&self) -> bool {
        self.answered.load(Ordering::Relaxed)
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
    /// `tools` (OpenAI function tools; none: the key is not sent). A 429,
    /// a 5xx, or a connection that fails after the endpoint has answered
    /// once is tried again, up to `attempts` tries, the wait doubling from
    /// `backoff`; a connection that fails before the endpoint ever
    /// answered (nothing listens there, no such host) is an error at once.
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
        if let Some(b) = &self.budget {
            if b.over(messages, tools).is_some() {
                return Err(self.too_long(messages, tools, &[]));
            }
            body["max_tokens"] = json!(b.answer);
        }
        if !tools.is_empty() {
            body["tools"] = json!(tools);
            body["tool_choice"] = json!(self.tool_choice);
        } else if let Some((server, grammar)) = &self.grammar {
            server.constrain(&mut body, grammar);
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
            Ok(r) => {
                self.answered.store(true, Ordering::Relaxed);
                r
            }
            Err(ureq::Error::Status(status, r)) => {
                self.answered.store(true, Ordering::Relaxed);
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
        let e = LlmError::Connect {
            url: self.endpoint.clone(),
            message: transport_message(&t),
        };
        match t.kind() {
            ureq::ErrorKind::ConnectionFailed | ureq::ErrorKind::Dns | ureq::ErrorKind::Io
                if self.has_answered() =>
            {
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

/// What went wrong with a connection, without the URL (the error names
/// it): `connection refused` and the like as the system says them, else
/// ureq's kind, message and cause.
fn transport_message(t: &ureq::Transport) -> String {
    let mut source = std::error::Error::source(t);
    while let Some(s) = source {
        if let Some(io) = s.downcast_ref::<io::Error>() {
            use io::ErrorKind as K;
            if matches!(
                io.kind(),
                K::ConnectionRefused
                    | K::ConnectionReset
                    | K::ConnectionAborted
                    | K::NotConnected
                    | K::AddrNotAvailable
                    | K::BrokenPipe
                    | K::UnexpectedEof
            ) {
                return io.kind().to_string();
            }
        }
        source = s.source();
    }
    let mut message = t.kind().to_string();
    if let Some(m) = t.message() {
        message = format!("{message}: {m}");
    }
    if let Some(cause) = std::error::Error::source(t) {
        message = format!("{message}: {cause}");
    }
    message
}

/// The first choice of a chat-completions answer: its content (`null` or
/// missing when it only calls tools), its tool calls (arguments given as
/// an object are taken as their text; a call without id gets one), its
/// `finish_reason`, and the usage; `None` when it has neither content
/// nor tool calls and was not cut at the token limit.
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
    let finish_reason = v
        .pointer("/choices/0/finish_reason")
        .and_then(|r| r.as_str())
        .map(str::to_string);
    // Cut while it thought apart (`reasoning_content`), a model may have
    // said nothing yet: an empty answer, cut, not a broken endpoint.
    if content.is_none() && tool_calls.is_empty() && finish_reason.as_deref() != Some(CUT) {
        return None;
    }
    Some(Answer {
        content,
        tool_calls,
        finish_reason,
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
        assert_eq!((a.usage, a.finish_reason.as_deref()), (None, None));
        assert!(!a.is_cut());
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
        // Back into the conversation: content "" (llama-cpp-python refuses
        // null), the calls as they came.
        let m = serde_json::to_value(Message::answered(&a)).unwrap();
        assert_eq!(m["content"], "");
        assert_eq!(m["tool_calls"][0]["type"], "function");
        let t = serde_json::to_value(Message::tool("c1", "ok")).unwrap();
        assert_eq!(t["tool_call_id"], "c1");
        assert!(serde_json::to_value(Message::user("u"))
            .unwrap()
            .get("tool_calls")
            .is_none());
    }

    #[test]
    fn an_answer_cut_at_the_token_limit_is_told_apart() {
        // As llama-cpp-python 0.3 answers with max_tokens 8.
        let text = r#"{"id":"chatcmpl-f28b4150","object":"chat.completion","created":1795857961,
            "model":"SmolLM2-135M-Instruct-Q4_1","choices":[{"index":0,"message":{
            "content":"```lisp\n(defpred predicate","role":"assistant"},"logprobs":null,
            "finish_reason":"length"}],"usage":{"prompt_tokens":36,"completion_tokens":8,"total_tokens":44}}"#;
        let a = answer_of(text).unwrap();
        assert_eq!(a.finish_reason.as_deref(), Some("length"));
        assert!(a.is_cut());
        assert_eq!(a.text(), "```lisp\n(defpred predicate");
        // Cut before it said anything (its thinking given apart): an empty
        // answer, not a broken endpoint.
        let silent = r#"{"choices":[{"message":{"role":"assistant","content":null,
            "reasoning_content":"Let me"},"finish_reason":"length"}]}"#;
        let a = answer_of(silent).unwrap();
        assert_eq!((a.text(), a.is_cut()), ("", true));
    }

    #[test]
    fn content_null_with_tool_calls_is_an_answer() {
        // As llama-cpp-python 0.3 answers when a tool is chosen: content
        // null, the calls, and a legacy `function_call` beside them.
        let text = r#"{"id":"chatcmpl-fa9899bc","object":"chat.completion","created":1795857968,
            "model":"SmolLM2-135M-Instruct-Q4_1","choices":[{"index":0,"message":{"content":null,
            "tool_calls":[{"id":"call__0_beat_cmpl-fa9899bc","type":"function","function":{"name":"beat",
            "arguments":"{ \"what\" : \"Beat the eggs.\" }"}}],"role":"assistant",
            "function_call":{"name":"beat","arguments":"{ \"what\" : \"Beat the eggs.\" }"}},
            "logprobs":null,"finish_reason":"tool_calls"}],
            "usage":{"prompt_tokens":35,"completion_tokens":15,"total_tokens":50}}"#;
        let a = answer_of(text).unwrap();
        assert_eq!((a.content.as_deref(), a.text()), (None, ""));
        assert_eq!(a.tool_calls.len(), 1);
        assert_eq!(a.tool_calls[0].function.name, "beat");
        assert_eq!(a.tool_calls[0].id, "call__0_beat_cmpl-fa9899bc");
        assert_eq!(a.finish_reason.as_deref(), Some("tool_calls"));
        // Without the key at all.
        let missing = r#"{"choices":[{"message":{"role":"assistant",
            "tool_calls":[{"type":"function","function":{"name":"mix","arguments":"{}"}}]}}]}"#;
        let a = answer_of(missing).unwrap();
        assert_eq!((a.content, a.tool_calls.len()), (None, 1));
    }

    /// A loopback port nothing listens on.
    fn closed_port() -> u16 {
        std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port()
    }

    #[test]
    fn a_server_never_reached_fails_at_once() {
        let port = closed_port();
        let client = Client::new(
            &format!("http://127.0.0.1:{port}/v1"),
            "m",
            None,
            Duration::from_secs(5),
        )
        .with_retries(3, Duration::from_secs(10));
        let started = std::time::Instant::now();
        let err = client.chat(&[Message::user("hi")], &[]).unwrap_err();
        assert!(
            started.elapsed() < Duration::from_secs(1),
            "{:?}",
            started.elapsed()
        );
        assert_eq!(
            err.to_string(),
            format!("cannot reach http://127.0.0.1:{port}/v1/chat/completions: connection refused")
        );
        assert!(!client.has_answered());
    }

    #[test]
    fn a_server_that_answered_once_is_tried_again_when_it_goes_away() {
        use std::io::{BufRead, BufReader, Read, Write};
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        // One answer, then nothing listens there any more.
        let server = std::thread::spawn(move || {
            let (stream, _) = listener.accept().unwrap();
            let mut reader = BufReader::new(&stream);
            let mut length = 0;
            let mut line = String::new();
            while reader.read_line(&mut line).unwrap() > 0 && !line.trim().is_empty() {
                if let Some(v) = line.to_lowercase().strip_prefix("content-length:") {
                    length = v.trim().parse().unwrap();
                }
                line.clear();
            }
            reader.read_exact(&mut vec![0; length]).unwrap();
            let body = r#"{"choices":[{"message":{"role":"assistant","content":"ok"},"finish_reason":"stop"}]}"#;
            write!(
                &stream,
                "HTTP/1.1 200 OK\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                body.len()
            )
            .unwrap();
        });
        let client = Client::new(
            &format!("http://127.0.0.1:{port}/v1"),
            "m",
            None,
            Duration::from_secs(5),
        )
        .with_retries(3, Duration::from_millis(100));
        let clone = client.clone();
        let a = client.chat(&[Message::user("hi")], &[]).unwrap();
        assert_eq!(a.finish_reason.as_deref(), Some("stop"));
        server.join().unwrap();
        // The clones of a run share what they learnt.
        assert!(clone.has_answered());
        let started = std::time::Instant::now();
        let err = clone.chat(&[Message::user("again")], &[]).unwrap_err();
        assert!(matches!(err, LlmError::Connect { .. }), "{err:?}");
        assert!(
            started.elapsed() >= Duration::from_millis(300),
            "3 tries, waiting 100 ms then 200 ms: {:?}",
            started.elapsed()
        );
    }

    #[test]
    fn excerpts_are_short_and_on_one_line() {
        let long = "x\n".repeat(1000);
        let e = excerpt(&long);
        assert!(!e.contains('\n'));
        assert_eq!(e.chars().count(), EXCERPT + 1);
    }
}
