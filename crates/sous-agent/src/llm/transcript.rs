//! The record of a run, one JSON object a line (JSONL), written as it
//! happens so that a run can be read, replayed, scored or resumed
//! afterwards. Three kinds of line, told apart by `kind`:
//!
//! - `run`: the settings of one invocation (each resume adds one);
//! - `exchange`: one request and its answer (or error), with why the
//!   answer ended (`finish_reason`), the tokens the endpoint reported and
//!   how long it took;
//! - `result`: a recipe is finished: its network, problems, trace, tokens
//!   and seconds. A recipe is *finished* exactly when the transcript has a
//!   `result` line for it; `--resume` takes those and asks the rest again.
//!
//! One writer behind a lock: recipes in flight at once never interleave
//! their lines, and every line is flushed as it is written (a run that is
//! killed keeps what it did; a line it tore in half is passed over when
//! read back, and cut off when the transcript is appended to again).

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Instant;

use serde::{Deserialize, Serialize};

use super::client::{Answer, Client, Message, ToolCall};
use super::usage::{Tally, Usage};
use super::LlmError;

/// One request and its answer (or its error).
#[derive(Debug, Clone, Serialize)]
pub struct Exchange<'a> {
    /// Always `exchange`.
    pub kind: &'static str,
    pub recipe: &'a str,
    /// 0 for the first answer, n for the n-th repair (with `--protocol
    /// tools`: the n-th request of the conversation).
    pub round: usize,
    /// With `--incremental`: which step (0: the ingredients, n: instruction n).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub step: Option<usize>,
    pub model: &'a str,
    pub request: &'a [Message],
    #[serde(skip_serializing_if = "Option::is_none")]
    pub response: Option<&'a str>,
    /// The tools the answer called.
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    pub tool_calls: &'a [ToolCall],
    /// What the harness answered each call (with `--protocol tools`).
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    pub tool_results: &'a [String],
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// What the check of the answer found (empty: it ran).
    pub problems: &'a [String],
    /// Why the answer ended, as the endpoint said (`stop`, `length`: cut
    /// at the token limit, `tool_calls`…; `null`: it did not say, or there
    /// was no answer).
    pub finish_reason: Option<String>,
    /// The tokens the endpoint reported (`null`: it did not say).
    pub usage: Option<Usage>,
    pub milliseconds: u128,
    /// Whether the request offered tools: an answer in text then ends the
    /// conversation and is no network, so it is not counted among the
    /// answers that parse or not.
    #[serde(skip)]
    pub offered_tools: bool,
}

impl<'a> Exchange<'a> {
    /// An exchange of `recipe` in `round` that asked `request`, not yet answered.
    pub fn new(recipe: &'a str, round: usize, model: &'a str, request: &'a [Message]) -> Self {
        Exchange {
            kind: "exchange",
            recipe,
            round,
            step: None,
            model,
            request,
            response: None,
            tool_calls: &[],
            tool_results: &[],
            error: None,
            problems: &[],
            finish_reason: None,
            usage: None,
            milliseconds: 0,
            offered_tools: false,
        }
    }
}

/// A finished recipe: the `result` line.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Finished {
    pub recipe: String,
    pub model: String,
    /// `text` or `tools`.
    pub protocol: String,
    /// Its network, one predicate a line.
    pub network: Vec<String>,
    /// What still fails (empty: every action ran).
    pub problems: Vec<String>,
    pub trace: Vec<String>,
    /// The requests and tokens of the conversation that made it.
    pub tally: Tally,
    pub seconds: f64,
}

/// What a transcript already holds.
#[derive(Debug, Clone, Default)]
pub struct Previous {
    /// The finished recipes by id (the last `result` line of each).
    pub finished: BTreeMap<String, Finished>,
    /// Every exchange's tokens, those of unfinished attempts included.
    pub spent: Tally,
    /// Lines that were not JSON (a line torn by a killed run).
    pub unreadable: usize,
}

/// Where the lines go: a file, or nowhere.
pub struct Transcript {
    out: Option<(PathBuf, Mutex<BufWriter<File>>)>,
}

impl Transcript {
    /// A transcript that keeps nothing.
    pub fn none() -> Self {
        Transcript { out: None }
    }

    /// A transcript appended to `path` (created when missing). A last line
    /// torn by a killed run (no newline at its end) is cut off first, so
    /// the file stays JSON lines.
    pub fn open(path: &Path) -> Result<Self, LlmError> {
        let failed = |source| LlmError::Transcript {
            path: path.to_path_buf(),
            source,
        };
        let mut file = std::fs::OpenOptions::new()
            .create(true)
            .read(true)
            .append(true)
            .open(path)
            .map_err(failed)?;
        let whole = whole_lines(&mut file).map_err(failed)?;
        if whole < file.metadata().map_err(failed)?.len() {
            file.set_len(whole).map_err(failed)?;
        }
        Ok(Transcript {
            out: Some((path.to_path_buf(), Mutex::new(BufWriter::new(file)))),
        })
    }

    /// Appends `record` as one line, flushed at once.
    pub fn write(&self, record: &impl Serialize) -> Result<(), LlmError> {
        let Some((path, out)) = &self.out else {
            return Ok(());
        };
        let failed = |source| LlmError::Transcript {
            path: path.clone(),
            source,
        };
        let mut line = serde_json::to_string(record).map_err(|e| failed(e.into()))?;
        line.push('\n');
        // A writer that panicked mid-line left nothing worse than a torn line.
        let mut out = out.lock().unwrap_or_else(|p| p.into_inner());
        out.write_all(line.as_bytes())
            .and_then(|()| out.flush())
            .map_err(failed)
    }

    /// Appends one exchange.
    pub fn record(&self, exchange: &Exchange) -> Result<(), LlmError> {
        self.write(exchange)
    }

    /// Appends a recipe's `result` line.
    pub fn finish(&self, finished: &Finished) -> Result<(), LlmError> {
        #[derive(Serialize)]
        struct Line<'a> {
            kind: &'static str,
            #[serde(flatten)]
            finished: &'a Finished,
        }
        self.write(&Line {
            kind: "result",
            finished,
        })
    }
}

/// How many bytes of `file` are whole lines (up to its last newline).
fn whole_lines(file: &mut File) -> std::io::Result<u64> {
    let mut end = file.seek(SeekFrom::End(0))?;
    let mut chunk = [0u8; 4096];
    while end > 0 {
        let n = end.min(chunk.len() as u64);
        file.seek(SeekFrom::Start(end - n))?;
        let part = &mut chunk[..n as usize];
        file.read_exact(part)?;
        if let Some(i) = part.iter().rposition(|&b| b == b'\n') {
            return Ok(end - n + i as u64 + 1);
        }
        end -= n;
    }
    Ok(0)
}

/// The exchanges of one recipe: written to the transcript and their
/// tokens summed.
pub struct RecipeLog<'t> {
    transcript: &'t Transcript,
    pub tally: Tally,
}

impl<'t> RecipeLog<'t> {
    pub fn new(transcript: &'t Transcript) -> Self {
        RecipeLog {
            transcript,
            tally: Tally::default(),
        }
    }

    /// Counts `exchange` and appends it to the transcript.
    pub fn record(&mut self, exchange: &Exchange) -> Result<(), LlmError> {
        self.tally += Tally::request(exchange.usage, exchange.finish_reason.as_deref());
        let network = exchange.tool_calls.is_empty() && !exchange.offered_tools;
        if let Some(text) = exchange.response.filter(|_| network) {
            // A cut answer is judged as it is read: without its
            // unfinished last line (the cut itself is counted apart).
            let cut = exchange.finish_reason.as_deref() == Some(super::client::CUT);
            let read = super::check::read(text, cut).join("\n");
            let text = if cut && !read.is_empty() {
                read.as_str()
            } else {
                text
            };
            self.tally += Tally::answer(super::check::parses(text));
        }
        self.transcript.record(exchange)
    }

    /// Asks `client` what `exchange` requests, offering `tools`: the
    /// answer, its time, `finish_reason` and usage put in `exchange` (which the caller
    /// records once it has made something of it). A request that fails is
    /// recorded here with its error.
    pub fn ask(
        &mut self,
        client: &Client,
        exchange: &mut Exchange<'_>,
        tools: &[serde_json::Value],
    ) -> Result<Answer, LlmError> {
        let started = Instant::now();
        let answer = client.chat(exchange.request, tools);
        exchange.milliseconds = started.elapsed().as_millis();
        match answer {
            Ok(a) => {
                exchange.usage = a.usage;
                exchange.finish_reason.clone_from(&a.finish_reason);
                Ok(a)
            }
            Err(e) => {
                exchange.error = Some(e.to_string());
                self.record(exchange)?;
                Err(e)
            }
        }
    }
}

/// What the transcript at `path` holds: the finished recipes and every
/// exchange's tokens. Lines that are not JSON are counted and passed over.
pub fn read(path: &Path) -> Result<Previous, LlmError> {
    let text = std::fs::read_to_string(path).map_err(|source| LlmError::Transcript {
        path: path.to_path_buf(),
        source,
    })?;
    let mut previous = Previous::default();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let Ok(v) = serde_json::from_str::<serde_json::Value>(line) else {
            previous.unreadable += 1;
            continue;
        };
        match v.get("kind").and_then(|k| k.as_str()) {
            Some("result") => match serde_json::from_value::<Finished>(v) {
                Ok(f) => {
                    previous.finished.insert(f.recipe.clone(), f);
                }
                Err(_) => previous.unreadable += 1,
            },
            // Transcripts of before the kinds: every line an exchange.
            Some("exchange") | None => {
                let usage = v
                    .get("usage")
                    .and_then(|u| serde_json::from_value::<Usage>(u.clone()).ok());
                let finish_reason = v.get("finish_reason").and_then(|r| r.as_str());
                previous.spent += Tally::request(usage, finish_reason);
            }
            Some(_) => {}
        }
    }
    Ok(previous)
}
