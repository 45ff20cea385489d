//! The held-out set stays as it was frozen, and no change to the agent's
//! knowledge comes with a change to it.
//!
//! - Every file under `tests/heldout/{recipes,gold}` has the SHA-256 that
//!   `tests/heldout/FROZEN.sha256` gives it, and no file is added or gone.
//!   A new held-out set replaces that list in a commit of its own.
//! - No commit in the history touches both `crates/sous-agent/data` and
//!   `crates/sous-agent/tests/heldout` (from git, which a clone has; the
//!   test fails, with the reason, where git cannot tell).

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use sha2::{Digest, Sha256};

fn heldout() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/heldout")
}

#[test]
fn the_held_out_files_are_as_frozen() {
    let dir = heldout();
    let listed: BTreeMap<String, String> = std::fs::read_to_string(dir.join("FROZEN.sha256"))
        .expect("tests/heldout/FROZEN.sha256")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let (hash, path) = l.split_once("  ").expect("`<sha256>  <path>` lines");
            (path.to_string(), hash.to_string())
        })
        .collect();
    let mut found = BTreeMap::new();
    for sub in ["recipes", "gold"] {
        for e in std::fs::read_dir(dir.join(sub)).expect("the held-out folders") {
            let p = e.unwrap().path();
            let bytes = std::fs::read(&p).unwrap();
            let hash = format!("{:x}", Sha256::digest(&bytes));
            let name = format!("{sub}/{}", p.file_name().unwrap().to_string_lossy());
            found.insert(name, hash);
        }
    }
    assert_eq!(
        found, listed,
        "the held-out set changed: a held-out file may not be edited (replace the set, and its \
         FROZEN.sha256, in a commit of its own)"
    );
}

#[test]
fn no_commit_changes_knowledge_and_the_held_out_set_together() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let out = Command::new("git")
        .args(["log", "--format=@%h", "--name-only", "--"])
        .args(["crates/sous-agent/data", "crates/sous-agent/tests/heldout"])
        .current_dir(&root)
        .output()
        .expect("git runs (the test reads the repository's history)");
    assert!(
        out.status.success(),
        "git log failed (is this a clone with its history?): {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let log = String::from_utf8_lossy(&out.stdout);
    let mut both = Vec::new();
    for commit in log.split('@').filter(|c| !c.trim().is_empty()) {
        let mut lines = commit.lines();
        let id = lines.next().unwrap_or_default();
        let files: Vec<&str> = lines.filter(|l| !l.is_empty()).collect();
        let data = files
            .iter()
            .any(|f| f.starts_with("crates/sous-agent/data/"));
        let held = files
            .iter()
            .any(|f| f.starts_with("crates/sous-agent/tests/heldout/"));
        if data && held {
            both.push(id.to_string());
        }
    }
    assert!(
        both.is_empty(),
        "commits that change the agent's data and the held-out set together: {both:?}"
    );
}
