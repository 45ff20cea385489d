//! Every link in the documentation leads somewhere.
//!
//! In README.md, docs/**/*.md, CONTRIBUTING.md, ARCHITECTURE.md and
//! fuzz/README.md, each relative link or image target (Markdown or an HTML
//! `href`/`src`) names a file or folder of the repository, relative to the
//! file it is in (`/…` from the repository's root, as on GitHub); a path git
//! ignores (target/, say) is not in the repository and does not count. Each
//! `#anchor`, in the same page or after a `.md` path, is a heading's slug as
//! GitHub makes it, or an `<a id="…">` / `<a name="…">` of that file.
//! `http(s)://` and `mailto:` links are not fetched: the tests have no
//! network.

mod doc_support;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use doc_support::{
    checked_files, github_slug, normalize, repo_root, repository_paths, shown, Document, Slugs,
};

#[test]
fn every_link_and_anchor_resolves() {
    let root = repo_root();
    let mut links = Links::new(&root);
    let mut problems = Vec::new();
    for file in checked_files(&root) {
        problems.extend(links.broken(&Document::read(&root, &file)));
    }
    assert!(
        problems.is_empty(),
        "{} broken link(s):\n{}",
        problems.len(),
        problems.join("\n")
    );
}

/// What links are checked against: the repository's paths, and the
/// anchors of each Markdown file read so far.
struct Links<'a> {
    root: &'a Path,
    paths: BTreeSet<String>,
    anchors: BTreeMap<String, BTreeSet<String>>,
}

impl<'a> Links<'a> {
    fn new(root: &'a Path) -> Self {
        Links {
            root,
            paths: repository_paths(root),
            anchors: BTreeMap::new(),
        }
    }

    /// `file:line: link -> problem` for each link of `doc` that leads nowhere.
    fn broken(&mut self, doc: &Document) -> Vec<String> {
        self.anchors.insert(doc.name.clone(), doc.anchors.clone());
        doc.links
            .iter()
            .filter_map(|link| {
                self.problem(doc, &link.dest)
                    .map(|p| format!("{}:{}: {} -> {p}", doc.name, link.line, link.dest))
            })
            .collect()
    }

    fn problem(&mut self, doc: &Document, dest: &str) -> Option<String> {
        let lower = dest.to_ascii_lowercase();
        if ["http://", "https://", "mailto:"]
            .iter()
            .any(|s| lower.starts_with(s))
        {
            return None;
        }
        if dest.is_empty() {
            return Some("an empty link target".into());
        }
        if let Some((scheme, _)) = dest.split_once(':') {
            let is_scheme = scheme
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
            if is_scheme && !scheme.is_empty() {
                return Some(format!(
                    "a `{scheme}:` link, which nobody reading on GitHub can follow"
                ));
            }
        }
        let (path, fragment) = dest.split_once('#').unwrap_or((dest, ""));
        let path = path.split_once('?').map_or(path, |(p, _)| p);
        let fragment = percent_decoded(fragment);
        if path.is_empty() {
            return (!fragment.is_empty() && !doc.anchors.contains(&fragment))
                .then(|| format!("no heading or <a id> `{fragment}` in this file"));
        }
        let path = percent_decoded(path);
        let joined = match path.strip_prefix('/') {
            Some(from_root) => Path::new(from_root).to_path_buf(),
            None => Path::new(&doc.name)
                .parent()
                .unwrap_or(Path::new(""))
                .join(&path),
        };
        let Some(target) = normalize(&joined) else {
            return Some("leads out of the repository".into());
        };
        let target = shown(&target);
        if !target.is_empty() && !self.paths.contains(&target) {
            return Some(if self.root.join(&target).exists() {
                format!("{target} is ignored by git, so not in the repository")
            } else {
                format!("{target} does not exist")
            });
        }
        if fragment.is_empty() || !target.ends_with(".md") {
            return None;
        }
        let root = self.root;
        let anchors = self
            .anchors
            .entry(target.clone())
            .or_insert_with(|| Document::read(root, Path::new(&target)).anchors);
        (!anchors.contains(&fragment))
            .then(|| format!("no heading or <a id> `{fragment}` in {target}"))
    }
}

/// `%XX` escapes replaced by the bytes they stand for.
fn percent_decoded(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(b)) => {
                out.push(b);
                i += 3;
            }
            (b, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

const FIXTURES: &str = "crates/sous-cli/tests/fixtures/docs";

fn fixture(name: &str) -> Document {
    Document::read(&repo_root(), &Path::new(FIXTURES).join(name))
}

#[test]
fn good_links_pass() {
    let root = repo_root();
    assert_eq!(
        Links::new(&root).broken(&fixture("links-ok.md")),
        Vec::<String>::new()
    );
}

#[test]
fn each_broken_link_is_listed() {
    let root = repo_root();
    // target/ is where builds go and git ignores it; made here in case no
    // build has put it in the repository (CARGO_TARGET_DIR elsewhere).
    std::fs::create_dir_all(root.join("target")).expect("target/ can be made");
    let listed = Links::new(&root).broken(&fixture("links-bad.md"));
    let f = FIXTURES;
    assert_eq!(
        listed,
        [
            format!("{f}/links-bad.md:5: #no-such-heading -> no heading or <a id> `no-such-heading` in this file"),
            format!("{f}/links-bad.md:7: #Broken-Links -> no heading or <a id> `Broken-Links` in this file"),
            format!("{f}/links-bad.md:9: no-such-file.md -> {f}/no-such-file.md does not exist"),
            format!("{f}/links-bad.md:11: links-ok.md#missing -> no heading or <a id> `missing` in {f}/links-ok.md"),
            format!("{f}/links-bad.md:13: ../../../../../../outside.md -> leads out of the repository"),
            format!("{f}/links-bad.md:15: /target -> target is ignored by git, so not in the repository"),
            format!("{f}/links-bad.md:17: missing.png -> {f}/missing.png does not exist"),
            format!("{f}/links-bad.md:19: gone.html -> {f}/gone.html does not exist"),
            format!("{f}/links-bad.md:21: file:///etc/passwd -> a `file:` link, which nobody reading on GitHub can follow"),
            format!("{f}/links-bad.md:25: /docs/nothing-here.md -> docs/nothing-here.md does not exist"),
        ],
        "{}",
        listed.join("\n")
    );
}

#[test]
fn slugs_are_githubs() {
    assert_eq!(
        github_slug("Checks that cannot drift"),
        "checks-that-cannot-drift"
    );
    assert_eq!(
        github_slug("`sous evaluate`: scoring"),
        "sous-evaluate-scoring"
    );
    assert_eq!(github_slug("What *is* new? (2023)"), "what-is-new-2023");
    assert_eq!(github_slug("A -- B"), "a----b");
    assert_eq!(
        github_slug("snake_case & Ünïcode café"),
        "snake_case--ünïcode-café"
    );
    let mut slugs = Slugs::default();
    let made: Vec<String> = ["Usage", "Usage", "Usage-1", "Usage"]
        .iter()
        .map(|h| slugs.next(h))
        .collect();
    assert_eq!(made, ["usage", "usage-1", "usage-1-1", "usage-2"]);
    // Heading text is what the slug is made of: code, emphasis and link
    // text count, markup does not.
    let doc = Document::parse(
        "x.md",
        "# The `sous run` *command*\n\n## [Linked](#x) heading\n\nText <a id=\"here\"></a> and <a name='there'>.\n",
    );
    let anchors: Vec<&str> = doc.anchors.iter().map(String::as_str).collect();
    assert_eq!(
        anchors,
        ["here", "linked-heading", "the-sous-run-command", "there"]
    );
}
