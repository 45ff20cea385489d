//! Every shell example in the documentation is run, or says why not.
//!
//! A fenced block whose info string is a shell language (`sh`, `bash`,
//! `shell`, `zsh`, `ksh`, `fish`, `console`, `shell-session`) is a command a
//! reader may copy. In README.md and docs/**/*.md it is either a `console`
//! block, which `doc_commands.rs` runs, or it is marked right above it (only
//! blank lines between) with the reason it is not run:
//!
//! ```text
//! <!-- not run: needs a language-model server -->
//! ```
//!
//! In CONTRIBUTING.md, ARCHITECTURE.md and fuzz/README.md nothing is run, so
//! every shell block there carries the comment, `console` ones too. Output
//! and other text belong in ```text blocks, which are not shell.

mod doc_support;

use std::path::Path;

use doc_support::{checked_files, repo_root, runnable_files, Document, NotRun, SHELL_LANGS};

#[test]
fn every_shell_block_is_run_or_says_why_not() {
    let root = repo_root();
    let runnable = runnable_files(&root);
    let mut offenders = Vec::new();
    for file in checked_files(&root) {
        let doc = Document::read(&root, &file);
        offenders.extend(unmarked(&doc, runnable.contains(&file)));
    }
    assert!(
        offenders.is_empty(),
        "{} shell block(s) neither run nor saying why. Make each a ```console transcript \
         (README.md and docs/ only: doc_commands.rs runs them) or put \
         `<!-- not run: REASON -->` right above it (only blank lines between):\n{}",
        offenders.len(),
        offenders.join("\n")
    );
}

/// `file:line: reason` for each shell block of `doc` that is not run and
/// does not say why; `runnable` when `doc`'s `console` blocks are run.
fn unmarked(doc: &Document, runnable: bool) -> Vec<String> {
    doc.code_blocks
        .iter()
        .filter(|b| SHELL_LANGS.contains(&b.lang.as_str()))
        .filter_map(|b| {
            let at = format!("{}:{}", doc.name, b.line);
            match b.not_run() {
                Some(NotRun::Because(_)) => None,
                Some(NotRun::NoReason) => {
                    Some(format!("{at}: the not-run comment gives no reason"))
                }
                None if b.lang == "console" && runnable => None,
                None if b.lang == "console" => Some(format!(
                    "{at}: a ```console block in a file whose commands are not run, not marked"
                )),
                None => Some(format!(
                    "{at}: a ```{} block, not run and not marked",
                    b.lang
                )),
            }
        })
        .collect()
}

fn fixture(name: &str) -> Document {
    Document::read(
        &repo_root(),
        &Path::new("crates/sous-cli/tests/fixtures/docs").join(name),
    )
}

#[test]
fn marked_and_console_blocks_pass() {
    assert_eq!(
        unmarked(&fixture("shell-blocks-ok.md"), true),
        Vec::<String>::new()
    );
}

#[test]
fn each_unmarked_block_is_listed() {
    let file = "crates/sous-cli/tests/fixtures/docs/shell-blocks-bad.md";
    let listed = unmarked(&fixture("shell-blocks-bad.md"), true);
    let lines: Vec<&str> = listed
        .iter()
        .map(|l| l.split(": ").next().unwrap_or(""))
        .collect();
    let at = |n: usize| format!("{file}:{n}");
    assert_eq!(
        lines,
        [at(5), at(11), at(17), at(23), at(29), at(33), at(39)],
        "{}",
        listed.join("\n")
    );
    assert!(listed[2].contains("gives no reason"), "{}", listed[2]);
    // In a file whose commands are not run, `console` needs the comment too.
    let read_only = unmarked(&fixture("shell-blocks-ok.md"), false);
    assert!(
        read_only.iter().all(
            |l| l.contains("```console block in a file whose commands are not run, not marked")
        ),
        "{}",
        read_only.join("\n")
    );
    assert_eq!(read_only.len(), 2, "{}", read_only.join("\n"));
}

#[test]
fn the_not_run_comment_is_read_as_written() {
    let block = |comment: &str| {
        let doc = Document::parse("x.md", &format!("{comment}\n\n```sh\nls\n```\n"));
        doc.code_blocks[0].not_run()
    };
    assert_eq!(
        block("<!-- not run: needs a language-model server -->"),
        Some(NotRun::Because("needs a language-model server".into()))
    );
    assert_eq!(
        block("<!--not run:installs a toolchain-->"),
        Some(NotRun::Because("installs a toolchain".into()))
    );
    assert_eq!(block("<!-- not run -->"), Some(NotRun::NoReason));
    assert_eq!(block("<!-- not run:   -->"), Some(NotRun::NoReason));
    assert_eq!(block("<!-- a comment -->"), None);
    assert_eq!(block("<!-- not running: x -->"), None);
    assert_eq!(block("Text, not a comment."), None);
}
