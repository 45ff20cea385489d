//! The commands the documentation shows are run, and print what it says.
//!
//! Every fenced block whose info string is `console` in README.md and in
//! docs/**/*.md is a terminal transcript, run here so that it cannot rot:
//!
//! ```text
//! $ sous evaluate ../shared/recipe-execution-benchmark/documentation/examples/evaluation/perfect.solution \
//! >     --output target/results.csv
//! RECIPE: almond-crescent-cookies
//! ...
//! Recipe Execution Time: [..]
//! $ sous run no-such-file.solution
//! ? failed
//! ...
//! ```
//!
//! - `$ ` starts a command, as a reader types it; `> ` lines continue it (a
//!   `\` ending the line before is dropped).
//! - `? ` right after the command gives its exit status: `success` (the
//!   default), `failed` (any non-zero) or a number (`? 2`).
//! - The lines up to the next `$ ` or the end of the block are its output,
//!   stdout and stderr together. `[..]` stands for any text within a line,
//!   `...` alone on a line for any number of lines. Lines are compared
//!   without trailing spaces; trailing blank lines and `\r\n` do not matter.
//!
//! Every block runs from the repository's root, whichever file it is in,
//! and the blocks of a file run in order (a later command can read what an
//! earlier one wrote). `sous` is the binary under test; `python3` is also
//! run. There is no shell: no pipes, redirections, `&&`, `$VAR`, `~` or
//! globs, but `NAME=value` before the program sets a variable. The
//! environment is the test's, with `SOUS_BENCHMARK_DIR` set (as
//! `sous-testdata` finds it), `NO_COLOR=1`, and the folder of the `sous`
//! under test first on `PATH`.
//!
//! A command may write only under `target/`: a tracked file it changes or
//! a file it makes anywhere else (`git status` after each command) is a
//! failure of that command. A `console` block right after
//! `<!-- not run: REASON -->` is shown, not run (`doc_shell_blocks.rs`
//! checks that the reason is there).

mod doc_support;

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use doc_support::{repo_root, runnable_files, Document};

/// Longer than any documented command takes in a debug build, by far.
const TIMEOUT: Duration = Duration::from_secs(120);

#[test]
fn documented_commands_print_what_the_docs_say() {
    let root = repo_root();
    let docs: Vec<Document> = runnable_files(&root)
        .iter()
        .map(|f| Document::read(&root, f))
        .collect();
    let outcome = run_documents(&root, &docs);
    let problems = outcome.problems;
    eprintln!(
        "doc_commands: {} commands run from {} files ({} blocks marked not run)",
        outcome.run,
        docs.len(),
        outcome.not_run
    );
    assert!(
        problems.is_empty(),
        "{} documented command(s) went wrong:\n\n{}",
        problems.len(),
        problems.join("\n\n")
    );
}

/// What running the blocks of some documents came to.
struct Outcome {
    /// Commands run.
    run: usize,
    /// `console` blocks marked not run.
    not_run: usize,
    /// One entry a failure, starting `file:line:`.
    problems: Vec<String>,
}

/// Runs the `console` blocks of `docs`, in order, from `root`; after each
/// command, what it changed outside target/ is a problem of that command.
fn run_documents(root: &Path, docs: &[Document]) -> Outcome {
    let mut outcome = Outcome {
        run: 0,
        not_run: 0,
        problems: Vec::new(),
    };
    // Documented commands write their outputs under target/, which a build
    // with CARGO_TARGET_DIR elsewhere has not made.
    std::fs::create_dir_all(root.join("target")).expect("target/ can be made");
    let env = environment();
    let mut state = worktree_state(root);
    for doc in docs {
        for block in doc.code_blocks.iter().filter(|b| b.lang == "console") {
            if block.not_run().is_some() {
                outcome.not_run += 1;
                continue;
            }
            match steps(&doc.name, block) {
                Ok(steps) => {
                    for step in steps {
                        outcome.run += 1;
                        outcome.problems.extend(step.run(root, &env));
                        let now = worktree_state(root);
                        for change in changes(&state, &now) {
                            outcome.problems.push(format!(
                                "{}: `{}`: {change}, outside target/ (documented commands may write only under target/)",
                                step.at, step.command
                            ));
                        }
                        state = now;
                    }
                }
                Err(e) => outcome.problems.push(e),
            }
        }
    }
    outcome
}

/// The environment every command gets on top of the test's.
fn environment() -> Vec<(String, OsString)> {
    let absolute = |p: PathBuf| p.canonicalize().unwrap_or(p).into_os_string();
    let sous = Path::new(env!("CARGO_BIN_EXE_sous"));
    let old_path = std::env::var_os("PATH").unwrap_or_default();
    let dirs = std::iter::once(sous.parent().expect("the binary's folder").to_path_buf())
        .chain(std::env::split_paths(&old_path));
    let path = std::env::join_paths(dirs).expect("PATH can hold the binary's folder");
    let mut env = vec![
        (
            "SOUS_BENCHMARK_DIR".to_string(),
            absolute(sous_testdata::benchmark_dir()),
        ),
        ("NO_COLOR".to_string(), "1".into()),
        // python3 would leave __pycache__ folders beside the scripts.
        ("PYTHONDONTWRITEBYTECODE".to_string(), "1".into()),
        ("PATH".to_string(), path),
    ];
    // Passed through as they are, but a relative folder would now be read
    // from the repository's root instead of where the test started.
    for var in ["SOUS_BENCHMARK_2023_DIR", "SOUS_SPEC_DIR"] {
        if let Some(v) = std::env::var_os(var).filter(|v| !v.is_empty()) {
            env.push((var.to_string(), absolute(PathBuf::from(v))));
        }
    }
    env
}

/// The exit status a command is documented to end with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Status {
    Success,
    Failed,
    Code(i32),
}

impl Status {
    fn parse(s: &str) -> Option<Status> {
        match s.trim() {
            "success" => Some(Status::Success),
            "failed" => Some(Status::Failed),
            n => n.parse().ok().map(Status::Code),
        }
    }

    fn matches(self, status: std::process::ExitStatus) -> bool {
        match self {
            Status::Success => status.success(),
            Status::Failed => status.code().is_some_and(|c| c != 0),
            Status::Code(n) => status.code() == Some(n),
        }
    }

    fn describe(self) -> String {
        match self {
            Status::Success => "success (exit 0)".to_string(),
            Status::Failed => "failure (a non-zero exit)".to_string(),
            Status::Code(n) => format!("exit {n}"),
        }
    }
}

/// One documented command and what it should print.
#[derive(Debug)]
struct Step {
    /// `file:line` of the `$ ` line.
    at: String,
    /// The command line as written (continuations joined).
    command: String,
    env: Vec<(String, String)>,
    program: String,
    args: Vec<String>,
    status: Status,
    expected: String,
}

/// Words that mean something to a shell, which these commands run without.
fn shell_syntax(word: &str) -> bool {
    matches!(
        word,
        "|" | "||" | "&&" | "&" | ";" | ">" | ">>" | "<" | "<<" | "2>" | "2>&1" | "&>"
    ) || word.starts_with('$')
        || word.starts_with('~')
        || word.contains('*')
        || word.starts_with('>')
        || word.starts_with('|')
}

/// The commands of one `console` block, or what is wrong with it.
fn steps(file: &str, block: &doc_support::CodeBlock) -> Result<Vec<Step>, String> {
    let mut steps = Vec::new();
    let mut lines = block.lines.iter().peekable();
    // Blank lines before the first command are allowed.
    while lines.peek().is_some_and(|(_, l)| l.trim().is_empty()) {
        lines.next();
    }
    if lines.peek().is_none() {
        return Err(format!(
            "{file}:{}: an empty `console` block (give it a `$ ` command, or make it ```text)",
            block.line
        ));
    }
    while let Some((n, line)) = lines.next() {
        let at = format!("{file}:{n}");
        let Some(first) = line.strip_prefix("$ ") else {
            return Err(format!(
                "{at}: expected a command line starting `$ `, found `{line}`"
            ));
        };
        let mut command = first.trim_end().to_string();
        loop {
            let continued = command.ends_with('\\');
            match lines.peek() {
                Some((_, next)) if next.starts_with("> ") => {
                    if continued {
                        command.pop();
                    }
                    command = format!("{} {}", command.trim_end(), next[2..].trim());
                    lines.next();
                }
                _ if continued => {
                    return Err(format!(
                    "{at}: the command ends with `\\` but the next line does not start with `> `"
                ))
                }
                _ => break,
            }
        }
        let mut status = Status::Success;
        if let Some((m, next)) = lines.peek() {
            if let Some(s) = next.strip_prefix("? ") {
                status = Status::parse(s).ok_or_else(|| {
                    format!("{file}:{m}: `? {s}`: the status is success, failed or a number")
                })?;
                lines.next();
            }
        }
        let mut expected = String::new();
        while let Some((_, next)) = lines.next_if(|(_, l)| !l.starts_with("$ ")) {
            expected.push_str(next);
            expected.push('\n');
        }

        let words = shlex::split(&command)
            .ok_or_else(|| format!("{at}: `{command}`: unbalanced quotes or a stray `\\`"))?;
        if let Some(word) = words.iter().find(|w| shell_syntax(w)) {
            return Err(format!(
                "{at}: `{command}`: `{word}` needs a shell, and documented commands run without one \
                 (no pipes, redirections, `&&`, `$VAR`, `~` or globs; write outputs with an option such as --output target/…)"
            ));
        }
        let mut words = words.into_iter();
        let mut env = Vec::new();
        let program = loop {
            let Some(word) = words.next() else {
                return Err(format!("{at}: `{command}`: no program"));
            };
            match word.split_once('=') {
                Some((name, value))
                    if !name.is_empty()
                        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') =>
                {
                    env.push((name.to_string(), value.to_string()));
                }
                _ => break word,
            }
        };
        steps.push(Step {
            at,
            command,
            env,
            program,
            args: words.collect(),
            status,
            expected,
        });
    }
    Ok(steps)
}

impl Step {
    /// Runs the command from `root`; what went wrong, if anything.
    fn run(&self, root: &Path, env: &[(String, OsString)]) -> Option<String> {
        let program = match self.program.as_str() {
            "sous" => PathBuf::from(env!("CARGO_BIN_EXE_sous")),
            "python3" => match on_path("python3") {
                Some(p) => p,
                None => {
                    return Some(format!(
                        "{}: `{}`: python3 is not on PATH",
                        self.at, self.command
                    ))
                }
            },
            other => {
                return Some(format!(
                "{}: `{}`: `{other}` is not a program the documentation tests run (sous, python3)",
                self.at, self.command
            ))
            }
        };
        let started = Instant::now();
        let output = snapbox::cmd::Command::new(&program)
            .args(&self.args)
            .current_dir(root)
            .envs(env.iter().map(|(k, v)| (k, v)))
            .envs(self.env.iter().map(|(k, v)| (k, v)))
            .stdin("")
            .stderr_to_stdout()
            .timeout(TIMEOUT)
            .output();
        let output = match output {
            Ok(o) => o,
            Err(e) => {
                return Some(format!(
                    "{}: `{}`: does not start: {e}",
                    self.at, self.command
                ))
            }
        };
        if started.elapsed() >= TIMEOUT {
            return Some(format!(
                "{}: `{}`: still running after {} s, stopped",
                self.at,
                self.command,
                TIMEOUT.as_secs()
            ));
        }
        let actual = tidy(&String::from_utf8_lossy(&output.stdout));
        let expected = tidy(&self.expected);
        let mut wrong = Vec::new();
        if !self.status.matches(output.status) {
            wrong.push(format!(
                "expected {}, got {}",
                self.status.describe(),
                output.status.code().map_or(
                    "no exit code (killed by a signal)".to_string(),
                    |c| format!("exit {c}")
                )
            ));
        }
        let compared = snapbox::Assert::new()
            .normalize_paths(false)
            .palette(snapbox::report::Palette::plain())
            .try_eq(
                Some(&"actual output"),
                snapbox::Data::text(actual.clone()),
                snapbox::Data::text(expected.clone()),
            );
        match compared {
            // The diff numbers the lines of both: `-` as documented, `+` as printed.
            Err(diff) => wrong.push(format!(
                "the output differs (- documented, + printed):\n{}",
                diff.to_string().trim_end()
            )),
            // The output was as documented but the status was not: show how it ended.
            Ok(()) if !wrong.is_empty() => {
                let lines: Vec<&str> = actual.lines().collect();
                let tail = lines[lines.len().saturating_sub(40)..].join("\n");
                wrong.push(format!("its output ends:\n{tail}"));
            }
            Ok(()) => {}
        }
        (!wrong.is_empty())
            .then(|| format!("{}: `{}`: {}", self.at, self.command, wrong.join("; ")))
    }
}

/// Line endings as `\n`, each line without trailing spaces, no trailing
/// blank lines, and one final newline unless empty.
fn tidy(text: &str) -> String {
    let text = text.replace("\r\n", "\n");
    let mut out: String = text
        .lines()
        .map(|l| format!("{}\n", l.trim_end()))
        .collect();
    while out.ends_with("\n\n") {
        out.pop();
    }
    if out == "\n" {
        out.clear();
    }
    out
}

fn on_path(program: &str) -> Option<PathBuf> {
    std::env::split_paths(&std::env::var_os("PATH")?)
        .map(|dir| dir.join(program))
        .find(|p| p.is_file())
}

/// `git status` of the work tree: each path it lists (untracked files one
/// by one) with its status and a hash of its content, so that a file that
/// was already modified and is modified again is seen too.
fn worktree_state(root: &Path) -> BTreeMap<String, (String, u64)> {
    let out = Command::new("git")
        .args(["status", "--porcelain=v1", "-z", "--untracked-files=all"])
        .current_dir(root)
        .output()
        .expect("git runs (the documentation tests need a git checkout)");
    assert!(
        out.status.success(),
        "git status in {}: {}",
        root.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let mut entries = text.split('\0').filter(|e| !e.is_empty());
    let mut state = BTreeMap::new();
    while let Some(entry) = entries.next() {
        let (code, path) = entry.split_at(3.min(entry.len()));
        if code.starts_with('R') || code.starts_with('C') {
            entries.next(); // the path it was renamed or copied from
        }
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        std::fs::read(root.join(path)).ok().hash(&mut hasher);
        state.insert(path.to_string(), (code.trim().to_string(), hasher.finish()));
    }
    state
}

/// The paths outside `target/` whose state differs between `before` and `after`.
fn changes(
    before: &BTreeMap<String, (String, u64)>,
    after: &BTreeMap<String, (String, u64)>,
) -> Vec<String> {
    let mut paths: Vec<&String> = before.keys().chain(after.keys()).collect();
    paths.sort();
    paths.dedup();
    paths
        .into_iter()
        .filter(|p| !p.starts_with("target/"))
        .filter_map(|p| match (before.get(p), after.get(p)) {
            (a, b) if a == b => None,
            (_, Some((code, _))) if code == "??" => Some(format!("wrote {p}")),
            (_, Some(_)) | (Some(_), None) => Some(format!("changed {p}")),
            (None, None) => None,
        })
        .collect()
}

fn fixture(name: &str) -> Document {
    let root = repo_root();
    Document::read(
        &root,
        &Path::new("crates/sous-cli/tests/fixtures/docs").join(name),
    )
}

/// The fixture's commands pass: output with wildcards, an exit status, a
/// continued command, a file written under target/ and read back.
#[test]
fn fixture_commands_pass() {
    let root = repo_root();
    let outcome = run_documents(&root, &[fixture("commands-pass.md")]);
    assert!(
        outcome.problems.is_empty(),
        "{}",
        outcome.problems.join("\n\n")
    );
    assert_eq!((outcome.run, outcome.not_run), (5, 1));
}

/// Each kind of failure names the file and line of its command and shows
/// the expected and actual output.
#[test]
fn fixture_failures_name_file_and_line() {
    let root = repo_root();
    let outcome = run_documents(&root, &[fixture("commands-fail.md")]);
    let report = outcome.problems.join("\n\n");
    let file = "crates/sous-cli/tests/fixtures/docs/commands-fail.md";
    for expected in [
        format!("{file}:6: `sous check crates/sous-cli/demo/demo.solution`: the output differs"),
        "1      - this is not what sous prints".to_string(),
        "1 + simple-cucumber-salad: 10 predicates, ok".to_string(),
        format!("{file}:13: `sous run no-such-file.solution`: expected success (exit 0), got exit 2"),
        format!("{file}:18: `ls target`: `ls` is not a program the documentation tests run"),
        format!("{file}:22: `sous run crates/sous-cli/demo/demo.solution > target/out.txt`: `>` needs a shell"),
        format!("{file}:28: expected a command line starting `$ `, found `sous check x`"),
    ] {
        assert!(report.contains(&expected), "missing {expected:?} in:\n{report}");
    }
    assert_eq!(outcome.problems.len(), 5, "{report}");
}

/// A command that writes outside target/ is named, whether it makes a new
/// file or changes a tracked one (already modified or not).
#[test]
fn writes_outside_target_are_named() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("doc-commands-git");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("target")).expect("a scratch folder");
    let git = |args: &[&str]| {
        let out = Command::new("git")
            .args(args)
            .current_dir(&dir)
            .output()
            .expect("git runs");
        assert!(out.status.success(), "git {args:?}: {:?}", out);
    };
    git(&["init", "-q"]);
    std::fs::write(dir.join(".gitignore"), "/target\n").expect("write");
    std::fs::write(dir.join("tracked.md"), "one\n").expect("write");
    std::fs::write(dir.join("dirty.md"), "one\n").expect("write");
    git(&["add", "."]);
    std::fs::write(dir.join("dirty.md"), "two\n").expect("write");
    let before = worktree_state(&dir);

    std::fs::write(dir.join("tracked.md"), "changed\n").expect("write");
    std::fs::write(dir.join("dirty.md"), "three\n").expect("write");
    std::fs::create_dir_all(dir.join("out")).expect("mkdir");
    std::fs::write(dir.join("out/results.csv"), "a,b\n").expect("write");
    std::fs::write(dir.join("target/results.csv"), "a,b\n").expect("write");
    assert_eq!(
        changes(&before, &worktree_state(&dir)),
        [
            "changed dirty.md",
            "wrote out/results.csv",
            "changed tracked.md"
        ]
    );
    let _ = std::fs::remove_dir_all(&dir);
}
