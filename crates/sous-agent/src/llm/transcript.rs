//! The record of every exchange with the model, one JSON object a line
//! (JSONL), written as it happens: what was asked, what came back, how long
//! it took, so a run can be read, replayed or scored afterwards.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use serde::Serialize;

use super::client::Message;
use super::LlmError;

/// One request and its answer (or its error).
#[derive(Debug, Clone, Serialize)]
pub struct Exchange<'a> {
    pub recipe: &'a str,
    /// 0 for the first answer, n for the n-th repair.
    pub round: usize,
    /// With `--incremental`: which step (0: the ingredients, n: instruction n).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub step: Option<usize>,
    pub model: &'a str,
    pub request: &'a [Message],
    #[serde(skip_serializing_if = "Option::is_none")]
    pub response: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// What the check of the answer found (empty: it ran).
    pub problems: &'a [String],
    pub milliseconds: u128,
}

/// Where exchanges go: a file, or nowhere.
pub struct Transcript {
    out: Option<(PathBuf, BufWriter<File>)>,
}

impl Transcript {
    /// A transcript that keeps nothing.
    pub fn none() -> Self {
        Transcript { out: None }
    }

    /// A transcript appended to `path` (created when missing).
    pub fn open(path: &Path) -> Result<Self, LlmError> {
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|source| LlmError::Transcript {
                path: path.to_path_buf(),
                source,
            })?;
        Ok(Transcript {
            out: Some((path.to_path_buf(), BufWriter::new(file))),
        })
    }

    /// Appends one exchange as a line, flushed at once (a run that is
    /// stopped keeps what it did).
    pub fn record(&mut self, exchange: &Exchange) -> Result<(), LlmError> {
        let Some((path, out)) = &mut self.out else {
            return Ok(());
        };
        let line = serde_json::to_string(exchange).map_err(|e| LlmError::Transcript {
            path: path.clone(),
            source: e.into(),
        })?;
        writeln!(out, "{line}")
            .and_then(|()| out.flush())
            .map_err(|source| LlmError::Transcript {
                path: path.clone(),
                source,
            })
    }
}
