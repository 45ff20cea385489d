//! Running the `sous` binary from tests.
#![allow(dead_code)]

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

pub struct Outcome {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

/// Runs `sous ARGS` with a time limit (output is read while it runs, so a
/// large output cannot block it).
pub fn sous(args: &[&str]) -> Outcome {
    sous_with(args, &[])
}

/// [`sous`] with extra environment variables.
pub fn sous_with(args: &[&str], env: &[(&str, &OsStr)]) -> Outcome {
    run(args, env, &[])
}

/// [`sous`] without the environment variables `unset`.
pub fn sous_without(args: &[&str], unset: &[&str]) -> Outcome {
    run(args, &[], unset)
}

fn run(args: &[&str], env: &[(&str, &OsStr)], unset: &[&str]) -> Outcome {
    let mut command = Command::new(env!("CARGO_BIN_EXE_sous"));
    for name in unset {
        command.env_remove(name);
    }
    let child = command
        .args(args)
        .env("NO_COLOR", "1")
        .envs(env.iter().copied())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sous starts");
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || tx.send(child.wait_with_output()));
    let out = rx
        .recv_timeout(Duration::from_secs(120))
        .unwrap_or_else(|_| panic!("sous {args:?} hangs"))
        .expect("sous runs");
    Outcome {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

pub fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}
