//! A fake OpenAI-compatible chat-completions endpoint for tests: a thread
//! on a loopback port that answers each request with the next reply of a
//! script, or with what a function makes of the request, and keeps every
//! request body, so a test can check what was asked.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{json, Value};

/// What the endpoint does with one request.
#[derive(Debug, Clone)]
pub enum Reply {
    /// A chat completion whose first choice says this.
    Chat(String),
    /// This HTTP status with this body.
    Status(u16, String),
    /// `200 OK` with this body as it is (not a chat completion).
    Raw(String),
    /// No answer at all (the connection stays open for a minute).
    Hang,
    /// This reply after a wait.
    After(Duration, Box<Reply>),
}

/// What makes the reply to a request.
type Answerer = dyn Fn(usize, &Request) -> Reply + Send + Sync;

/// A running fake endpoint.
pub struct FakeLlm {
    /// `http://127.0.0.1:PORT/v1`.
    pub url: String,
    requests: Arc<Mutex<Vec<Request>>>,
    in_flight: Arc<(AtomicUsize, AtomicUsize)>,
}

/// What the endpoint was sent.
#[derive(Debug, Clone)]
pub struct Request {
    /// The `Authorization` header, if any.
    pub authorization: Option<String>,
    /// The body (`Null` when it was not JSON).
    pub body: serde_json::Value,
}

impl FakeLlm {
    /// Starts answering with `script` in order; once it is used up, the last
    /// reply again.
    pub fn start(script: Vec<Reply>) -> FakeLlm {
        Self::answering(move |n, _| {
            script
                .get(n.min(script.len().saturating_sub(1)))
                .cloned()
                .unwrap_or(Reply::Status(500, "empty script".into()))
        })
    }

    /// Starts answering each request with what `answer` makes of it (and of
    /// its number, counted from 0 in the order the connections came).
    pub fn answering(answer: impl Fn(usize, &Request) -> Reply + Send + Sync + 'static) -> FakeLlm {
        let listener = TcpListener::bind("127.0.0.1:0").expect("a loopback port");
        let url = format!("http://{}/v1", listener.local_addr().expect("an address"));
        let requests = Arc::new(Mutex::new(Vec::new()));
        let in_flight = Arc::new((AtomicUsize::new(0), AtomicUsize::new(0)));
        let answer: Arc<Answerer> = Arc::new(answer);
        let (seen, flight) = (Arc::clone(&requests), Arc::clone(&in_flight));
        std::thread::spawn(move || {
            for (next, stream) in listener.incoming().flatten().enumerate() {
                let (seen, flight, answer) =
                    (Arc::clone(&seen), Arc::clone(&flight), Arc::clone(&answer));
                std::thread::spawn(move || {
                    let now = flight.0.fetch_add(1, Ordering::SeqCst) + 1;
                    flight.1.fetch_max(now, Ordering::SeqCst);
                    serve(stream, next, &*answer, &seen);
                    flight.0.fetch_sub(1, Ordering::SeqCst);
                });
            }
        });
        FakeLlm {
            url,
            requests,
            in_flight,
        }
    }

    /// Every request so far, in order.
    pub fn requests(&self) -> Vec<Request> {
        self.requests.lock().map(|r| r.clone()).unwrap_or_default()
    }

    /// The most requests that were being answered at the same time.
    pub fn max_in_flight(&self) -> usize {
        self.in_flight.1.load(Ordering::SeqCst)
    }
}

impl Request {
    /// The messages of the request.
    pub fn messages(&self) -> &[Value] {
        self.body["messages"].as_array().map_or(&[], Vec::as_slice)
    }

    /// The text of message `i` (empty when it has none).
    pub fn text(&self, i: usize) -> &str {
        self.messages()
            .get(i)
            .and_then(|m| m["content"].as_str())
            .unwrap_or("")
    }
}

/// The body of a chat completion whose first choice says `content`.
pub fn chat_completion(content: &str) -> String {
    completion(json!({ "role": "assistant", "content": content }), None)
}

/// The body of a chat completion whose first choice is `message`, with
/// `usage` (prompt and completion tokens) when given.
pub fn completion(message: Value, usage: Option<(u64, u64)>) -> String {
    finished(message, usage, "stop")
}

/// The body of a chat completion whose first choice says `content` and was
/// cut at the token limit (`finish_reason: "length"`).
pub fn cut(content: &str, usage: Option<(u64, u64)>) -> String {
    finished(
        json!({ "role": "assistant", "content": content }),
        usage,
        "length",
    )
}

/// A chat completion whose first choice is `message` and ended for `reason`.
fn finished(message: Value, usage: Option<(u64, u64)>, reason: &str) -> String {
    let mut body = json!({
        "id": "fake",
        "object": "chat.completion",
        "choices": [{ "index": 0, "message": message, "finish_reason": reason }],
    });
    if let Some((prompt, completion)) = usage {
        body["usage"] = json!({
            "prompt_tokens": prompt,
            "completion_tokens": completion,
            "total_tokens": prompt + completion,
        });
    }
    body.to_string()
}

/// An assistant message calling `calls` (name, arguments), the arguments
/// as the JSON text OpenAI sends; ids `call-0`, `call-1`….
pub fn tool_calls(calls: &[(&str, Value)]) -> Value {
    let calls: Vec<Value> = calls
        .iter()
        .enumerate()
        .map(|(i, (name, arguments))| {
            let arguments = match arguments {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            };
            json!({ "id": format!("call-{i}"), "type": "function",
                    "function": { "name": name, "arguments": arguments } })
        })
        .collect();
    json!({ "role": "assistant", "content": null, "tool_calls": calls })
}

fn serve(stream: TcpStream, n: usize, answer: &Answerer, seen: &Mutex<Vec<Request>>) {
    let mut reader = BufReader::new(&stream);
    let mut length = 0;
    let mut authorization = None;
    let mut line = String::new();
    // The request line: only POSTs to the chat route are chat requests;
    // anything else (a harness asking `/props` or `/version` what server
    // this is, or for a tokenizer) is a 404, as from a plain
    // OpenAI-compatible endpoint, and is not recorded.
    if reader.read_line(&mut line).is_err() {
        return;
    }
    let post = line.starts_with("POST ")
        && line
            .split_whitespace()
            .nth(1)
            .is_some_and(|path| path.ends_with("/chat/completions"));
    line.clear();
    while reader.read_line(&mut line).is_ok_and(|n| n > 0) {
        if line.trim().is_empty() {
            break;
        }
        if let Some((name, value)) = line.split_once(':') {
            if name.eq_ignore_ascii_case("content-length") {
                length = value.trim().parse().unwrap_or(0);
            } else if name.eq_ignore_ascii_case("authorization") {
                authorization = Some(value.trim().to_string());
            }
        }
        line.clear();
    }
    let mut body = vec![0; length];
    if reader.read_exact(&mut body).is_err() {
        return;
    }
    if !post {
        let _ = (&stream).write_all(
            b"HTTP/1.1 404 Not Found\r\ncontent-type: application/json\r\ncontent-length: 22\r\nconnection: close\r\n\r\n{\"detail\":\"Not Found\"}",
        );
        return;
    }
    let request = Request {
        authorization,
        body: serde_json::from_slice(&body).unwrap_or(Value::Null),
    };
    // The chat requests are numbered in the order they came, other
    // connections not counted.
    let n = match seen.lock() {
        Ok(mut s) => {
            s.push(request.clone());
            s.len() - 1
        }
        Err(_) => n,
    };
    let mut reply = answer(n, &request);
    while let Reply::After(wait, then) = reply {
        std::thread::sleep(wait);
        reply = *then;
    }
    let (status, body) = match reply {
        Reply::Chat(content) => (200, chat_completion(&content)),
        Reply::Status(status, body) => (status, body),
        Reply::Raw(body) => (200, body),
        Reply::Hang | Reply::After(..) => {
            std::thread::sleep(Duration::from_secs(60));
            return;
        }
    };
    let mut stream = &stream;
    let _ = write!(
        stream,
        "HTTP/1.1 {status} Fake\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = stream.flush();
}
