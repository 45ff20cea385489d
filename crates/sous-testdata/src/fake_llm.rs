//! A fake OpenAI-compatible chat-completions endpoint for tests: a thread
//! on a loopback port that answers each request with the next reply of a
//! script and keeps every request body, so a test can check what was asked.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex};
use std::time::Duration;

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
}

/// A running fake endpoint.
pub struct FakeLlm {
    /// `http://127.0.0.1:PORT/v1`.
    pub url: String,
    requests: Arc<Mutex<Vec<Request>>>,
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
        let listener = TcpListener::bind("127.0.0.1:0").expect("a loopback port");
        let url = format!("http://{}/v1", listener.local_addr().expect("an address"));
        let requests = Arc::new(Mutex::new(Vec::new()));
        let seen = Arc::clone(&requests);
        std::thread::spawn(move || {
            for (next, stream) in listener.incoming().flatten().enumerate() {
                let reply = script
                    .get(next.min(script.len().saturating_sub(1)))
                    .cloned()
                    .unwrap_or(Reply::Status(500, "empty script".into()));
                let seen = Arc::clone(&seen);
                std::thread::spawn(move || serve(stream, reply, &seen));
            }
        });
        FakeLlm { url, requests }
    }

    /// Every request so far, in order.
    pub fn requests(&self) -> Vec<Request> {
        self.requests.lock().map(|r| r.clone()).unwrap_or_default()
    }
}

/// The body of a chat completion whose first choice says `content`.
pub fn chat_completion(content: &str) -> String {
    serde_json::json!({
        "id": "fake",
        "object": "chat.completion",
        "choices": [{ "index": 0, "message": { "role": "assistant", "content": content }, "finish_reason": "stop" }],
    })
    .to_string()
}

fn serve(stream: TcpStream, reply: Reply, seen: &Mutex<Vec<Request>>) {
    let mut reader = BufReader::new(&stream);
    let mut length = 0;
    let mut authorization = None;
    let mut line = String::new();
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
    if let Ok(mut s) = seen.lock() {
        s.push(Request {
            authorization,
            body: serde_json::from_slice(&body).unwrap_or(serde_json::Value::Null),
        });
    }
    let (status, body) = match reply {
        Reply::Chat(content) => (200, chat_completion(&content)),
        Reply::Status(status, body) => (status, body),
        Reply::Raw(body) => (200, body),
        Reply::Hang => {
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
