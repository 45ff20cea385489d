//! What the documentation tests (`doc_commands.rs`, `doc_shell_blocks.rs`,
//! `doc_links.rs`) share: which Markdown files they read, and what
//! pulldown-cmark finds in one (fenced code blocks, links, heading anchors),
//! each with the line it is on, so that every complaint can name
//! `file:line`.
#![allow(dead_code)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Component, Path, PathBuf};
use std::process::Command;

use pulldown_cmark::{CodeBlockKind, Event, Options, Parser, Tag, TagEnd};

/// The repository's root (the folder of the workspace's Cargo.toml).
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("the repository root")
}

/// The files whose `console` blocks are run: README.md and every `.md`
/// file under docs/, as paths relative to `root`.
pub fn runnable_files(root: &Path) -> Vec<PathBuf> {
    let mut files = vec![PathBuf::from("README.md")];
    let mut docs = Vec::new();
    markdown_under(root, Path::new("docs"), &mut docs);
    docs.sort();
    files.extend(docs);
    files
}

/// Markdown files that are read but whose commands are not run: each
/// shell block in them carries a not-run comment.
pub const READ_ONLY_FILES: [&str; 3] = ["CONTRIBUTING.md", "ARCHITECTURE.md", "fuzz/README.md"];

/// Every file the shell-block and link tests read: [`runnable_files`] and
/// [`READ_ONLY_FILES`]. A listed file that is gone fails the test, so that
/// a renamed file is not silently left unchecked.
pub fn checked_files(root: &Path) -> Vec<PathBuf> {
    let mut files = runnable_files(root);
    files.extend(READ_ONLY_FILES.iter().map(PathBuf::from));
    files
}

fn markdown_under(root: &Path, dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(root.join(dir)) else {
        return;
    };
    for entry in entries.flatten() {
        let rel = dir.join(entry.file_name());
        let kind = entry.file_type().expect("a file type");
        if kind.is_dir() {
            markdown_under(root, &rel, out);
        } else if rel.extension().is_some_and(|e| e == "md") {
            out.push(rel);
        }
    }
}

/// A path as the reports show it: relative, with `/`.
pub fn shown(path: &Path) -> String {
    path.components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

/// One Markdown file as pulldown-cmark reads it.
#[derive(Debug)]
pub struct Document {
    /// The path the reports name (relative to the repository's root).
    pub name: String,
    pub code_blocks: Vec<CodeBlock>,
    pub links: Vec<Link>,
    /// Heading slugs as GitHub makes them, and `<a id>` / `<a name>` targets.
    pub anchors: BTreeSet<String>,
}

/// A fenced code block.
#[derive(Debug)]
pub struct CodeBlock {
    /// The line of the opening fence.
    pub line: usize,
    /// The info string's first word, lowercased (`console`, `sh`, …).
    pub lang: String,
    /// The content, one entry a line, each with its line number.
    pub lines: Vec<(usize, String)>,
    /// The HTML block right before the fence (only blank lines between), if any.
    pub comment_before: Option<String>,
}

/// What the HTML comment before a block says about running it.
#[derive(Debug, PartialEq, Eq)]
pub enum NotRun {
    /// `<!-- not run: REASON -->` with a reason.
    Because(String),
    /// `<!-- not run -->` or `<!-- not run: -->`: a reason is missing.
    NoReason,
}

impl CodeBlock {
    /// Whether the block is marked `<!-- not run: REASON -->`.
    pub fn not_run(&self) -> Option<NotRun> {
        let html = self.comment_before.as_deref()?.trim();
        let inner = html.strip_prefix("<!--")?.strip_suffix("-->")?.trim();
        let rest = inner.strip_prefix("not run")?;
        let reason = match rest.trim_start().strip_prefix(':') {
            Some(reason) => reason.trim(),
            None if rest.trim().is_empty() => "",
            None => return None,
        };
        Some(if reason.is_empty() {
            NotRun::NoReason
        } else {
            NotRun::Because(reason.to_string())
        })
    }
}

/// A link or image target.
#[derive(Debug)]
pub struct Link {
    pub line: usize,
    pub dest: String,
}

/// The info-string languages that mean "shell commands".
pub const SHELL_LANGS: [&str; 9] = [
    "sh",
    "bash",
    "shell",
    "zsh",
    "ksh",
    "fish",
    "console",
    "shell-session",
    "shellsession",
];

impl Document {
    /// Reads `rel` (relative to `root`).
    pub fn read(root: &Path, rel: &Path) -> Document {
        let text = std::fs::read_to_string(root.join(rel))
            .unwrap_or_else(|e| panic!("{}: {e}", root.join(rel).display()));
        Document::parse(&shown(rel), &text)
    }

    /// Reads `text` as GitHub would (CommonMark with tables, footnotes,
    /// strikethrough and task lists; no heading attributes, no smart
    /// punctuation, so heading text is what the slug is made from).
    pub fn parse(name: &str, text: &str) -> Document {
        let line_starts: Vec<usize> = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        let line_of = |offset: usize| line_starts.partition_point(|&s| s <= offset);

        let options = Options::ENABLE_TABLES
            | Options::ENABLE_FOOTNOTES
            | Options::ENABLE_STRIKETHROUGH
            | Options::ENABLE_TASKLISTS;
        let mut doc = Document {
            name: name.to_string(),
            code_blocks: Vec::new(),
            links: Vec::new(),
            anchors: BTreeSet::new(),
        };
        let mut slugs = Slugs::default();
        // The last HTML block that ended, and where; a fence right after
        // it (only whitespace between) is what it is a comment on.
        let mut html_block: Option<(String, usize)> = None;
        let mut html_text: Option<String> = None;
        let mut code: Option<CodeBlock> = None;
        let mut heading: Option<String> = None;
        let mut in_image = 0usize;

        for (event, range) in Parser::new_ext(text, options).into_offset_iter() {
            match event {
                Event::Start(Tag::HtmlBlock) => html_text = Some(String::new()),
                Event::End(TagEnd::HtmlBlock) => {
                    html_block = html_text.take().map(|t| (t, range.end));
                }
                Event::Start(Tag::CodeBlock(kind)) => {
                    let comment_before = html_block.as_ref().and_then(|(html, end)| {
                        text.get(*end..range.start)
                            .is_some_and(|between| between.chars().all(char::is_whitespace))
                            .then(|| html.clone())
                    });
                    code = match kind {
                        CodeBlockKind::Fenced(info) => Some(CodeBlock {
                            line: line_of(range.start),
                            lang: info
                                .split(|c: char| c.is_whitespace() || c == ',' || c == '{')
                                .next()
                                .unwrap_or("")
                                .to_lowercase(),
                            lines: Vec::new(),
                            comment_before,
                        }),
                        CodeBlockKind::Indented => None,
                    };
                }
                Event::End(TagEnd::CodeBlock) => doc.code_blocks.extend(code.take()),
                Event::Text(t) if code.is_some() => {
                    let block = code.as_mut().expect("in a code block");
                    let first = line_of(range.start);
                    for (i, line) in t.lines().enumerate() {
                        block.lines.push((first + i, line.to_string()));
                    }
                }
                Event::Start(Tag::Heading { .. }) => heading = Some(String::new()),
                Event::End(TagEnd::Heading(_)) => {
                    if let Some(h) = heading.take() {
                        doc.anchors.insert(slugs.next(&h));
                    }
                }
                Event::Text(t) | Event::Code(t) if in_image == 0 => {
                    if let Some(h) = heading.as_mut() {
                        h.push_str(&t);
                    }
                }
                Event::Start(Tag::Link { dest_url, .. }) => doc.links.push(Link {
                    line: line_of(range.start),
                    dest: dest_url.to_string(),
                }),
                Event::Start(Tag::Image { dest_url, .. }) => {
                    in_image += 1;
                    doc.links.push(Link {
                        line: line_of(range.start),
                        dest: dest_url.to_string(),
                    });
                }
                Event::End(TagEnd::Image) => in_image -= 1,
                Event::Html(t) | Event::InlineHtml(t) => {
                    if let Some(h) = html_text.as_mut() {
                        h.push_str(&t);
                    }
                    for (offset, name, value) in html_attributes(&t) {
                        if matches!(name, "href" | "src") {
                            doc.links.push(Link {
                                line: line_of(range.start + offset),
                                dest: value,
                            });
                        } else {
                            doc.anchors.insert(value);
                        }
                    }
                }
                _ => {}
            }
        }
        doc
    }
}

/// The `href` and `src` values of HTML tags, and the `id` and `name`
/// values of `<a>` tags, each with the byte offset of its tag in `html`.
fn html_attributes(html: &str) -> Vec<(usize, &'static str, String)> {
    let mut found = Vec::new();
    let lower = html.to_ascii_lowercase();
    let mut at = 0;
    while let Some(open) = lower[at..].find('<').map(|i| at + i) {
        let close = lower[open..].find('>').map_or(lower.len(), |i| open + i);
        let tag = &lower[open + 1..close];
        let is_anchor = tag.starts_with("a ") || tag.starts_with("a\n");
        for name in ["href", "src", "id", "name"] {
            if matches!(name, "id" | "name") && !is_anchor {
                continue;
            }
            let mut from = 0;
            while let Some(i) = tag[from..].find(name).map(|i| from + i) {
                from = i + name.len();
                let Some(value) = tag[from..].trim_start().strip_prefix('=') else {
                    continue;
                };
                if !tag[..i].ends_with(char::is_whitespace) {
                    continue;
                }
                let value = value.trim_start();
                let start = open + 1 + (tag.len() - value.len());
                let (quote, body_start) = match value.chars().next() {
                    Some(q @ ('"' | '\'')) => (Some(q), start + 1),
                    _ => (None, start),
                };
                let body = &html[body_start..close];
                let end = match quote {
                    Some(q) => body.find(q).unwrap_or(body.len()),
                    None => body
                        .find(|c: char| c.is_whitespace() || c == '/')
                        .unwrap_or(body.len()),
                };
                found.push((open, name, body[..end].to_string()));
            }
        }
        at = close.max(open + 1);
    }
    found
}

/// Heading slugs as GitHub makes them (its `github-slugger`): a slug
/// seen before gets `-1`, `-2`, … counted per slug, skipping any taken.
#[derive(Default)]
pub struct Slugs {
    occurrences: BTreeMap<String, usize>,
}

impl Slugs {
    pub fn next(&mut self, heading: &str) -> String {
        let base = github_slug(heading);
        let mut slug = base.clone();
        while self.occurrences.contains_key(&slug) {
            let n = self.occurrences.get_mut(&base).expect("the base was seen");
            *n += 1;
            slug = format!("{base}-{n}");
        }
        self.occurrences.insert(slug.clone(), 0);
        slug
    }
}

/// One heading's slug, before repeats are numbered: its text lowercased;
/// characters that are not alphanumeric, space, `-` or `_` dropped; each
/// space a `-`.
pub fn github_slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The files git would put in a commit (tracked, plus untracked files not
/// ignored), relative to `root` with `/`, and every folder above them.
pub fn repository_paths(root: &Path) -> BTreeSet<String> {
    let out = Command::new("git")
        .args([
            "ls-files",
            "-z",
            "--cached",
            "--others",
            "--exclude-standard",
        ])
        .current_dir(root)
        .output()
        .expect("git runs (the documentation tests need a git checkout)");
    assert!(
        out.status.success(),
        "git ls-files: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut paths = BTreeSet::new();
    for file in String::from_utf8_lossy(&out.stdout).split('\0') {
        if file.is_empty() || !root.join(file).exists() {
            continue;
        }
        let mut dir = Path::new(file);
        paths.insert(file.to_string());
        while let Some(parent) = dir.parent().filter(|p| !p.as_os_str().is_empty()) {
            paths.insert(shown(parent));
            dir = parent;
        }
    }
    paths
}

/// `path` with `.` and `..` taken out, or `None` when it climbs above its start.
pub fn normalize(path: &Path) -> Option<PathBuf> {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    return None;
                }
            }
            Component::Normal(p) => out.push(p),
            Component::RootDir | Component::Prefix(_) => return None,
        }
    }
    Some(out)
}
