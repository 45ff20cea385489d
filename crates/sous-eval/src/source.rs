//! Reading `.solution` files into recipes, each with its own problems
//! (parse and validation), so that one bad recipe never hides the others.

use std::path::Path;

use sous_lang::{Diagnostic, Recipe, Span};

/// A file's recipes, each with its own problems (parse and validation).
pub struct Loaded {
    /// The name it was loaded under: a path, or a label for text from elsewhere.
    pub name: String,
    /// The whole text, for cutting out each recipe's and showing diagnostics.
    pub text: String,
    /// Each recipe with its own diagnostics, in file order.
    pub recipes: Vec<(Recipe, Vec<Diagnostic>)>,
    /// Problems that stop the whole file (unreadable, not text, empty).
    pub fatal: Option<Diagnostic>,
}

impl Loaded {
    /// The text of recipe `index`: from its header to the next recipe's.
    pub fn recipe_text(&self, index: usize) -> &str {
        let Some((recipe, _)) = self.recipes.get(index) else {
            return "";
        };
        let line_start = |offset: usize| {
            let offset = offset.min(self.text.len());
            self.text
                .get(..offset)
                .and_then(|before| before.rfind('\n'))
                .map_or(0, |i| i + 1)
        };
        let start = line_start(recipe.span.offset);
        let end = self
            .recipes
            .iter()
            .map(|(r, _)| line_start(r.span.offset))
            .filter(|&o| o > start)
            .min()
            .unwrap_or(self.text.len());
        self.text.get(start..end).unwrap_or("").trim_end()
    }
}

/// Reads the `.solution` file at `path` (an unreadable file is a fatal
/// diagnostic, not an error).
pub fn load(path: &Path) -> Loaded {
    let name = path.display().to_string();
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => {
            return fatal(
                name,
                String::new(),
                Diagnostic::error(
                    "unreadable",
                    Span::default(),
                    format!("cannot read {}: {e}", path.display()),
                ),
            )
        }
    };
    load_text(name, bytes)
}

/// Parses and validates `bytes`, named `name` for recipes without a header.
pub fn load_text(name: String, bytes: Vec<u8>) -> Loaded {
    let text = match String::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => {
            let good = e.utf8_error().valid_up_to();
            let bytes = e.into_bytes();
            let prefix = String::from_utf8_lossy(&bytes[..good]).into_owned();
            let line = prefix.matches('\n').count() as u32 + 1;
            let column = prefix.rsplit('\n').next().map_or(0, |l| l.chars().count()) as u32 + 1;
            let span = Span {
                line,
                column,
                offset: good,
                len: 0,
            };
            return fatal(
                name,
                prefix,
                Diagnostic::error(
                    "not-text",
                    span,
                    "the file is not UTF-8 text (binary data?)",
                ),
            );
        }
    };
    let (file, parse_diags) = sous_lang::parse(&name, &text);
    if file.recipes.is_empty() {
        let d = Diagnostic::error("empty", Span { line: 1, column: 1, offset: 0, len: 0 }, "no recipe in this file")
            .with_help("a recipe starts with a `#recipe-id` line followed by predicates such as `(get-kitchen ?kitchen)`");
        return fatal(name, text, d);
    }
    let onto = sous_kitchen::Ontology::get();
    let mut seen: rustc_hash::FxHashSet<String> = Default::default();
    let mut recipes = Vec::with_capacity(file.recipes.len());
    // Each recipe moves into the result: a copy of every predicate cost
    // as much as validating them.
    for (i, recipe) in file.recipes.into_iter().enumerate() {
        let mut diags: Vec<Diagnostic> = parse_diags
            .iter()
            .filter(|(r, _)| *r == i)
            .map(|(_, d)| d.clone())
            .collect();
        if !seen.insert(recipe.id.clone()) {
            diags.push(Diagnostic::error(
                "duplicate-recipe",
                recipe.span,
                format!("recipe `{}` appears twice in this file", recipe.id),
            ));
        }
        if recipe.predicates.is_empty() && diags.is_empty() {
            diags.push(Diagnostic::error(
                "empty-recipe",
                recipe.span,
                format!("recipe `{}` has no predicates", recipe.id),
            ));
        }
        if !diags.iter().any(Diagnostic::is_error) {
            diags.extend(sous_lang::validate(&recipe, onto));
        }
        recipes.push((recipe, diags));
    }
    Loaded {
        name,
        text,
        recipes,
        fatal: None,
    }
}

/// Why a text is not exactly one network.
#[derive(Debug, thiserror::Error)]
pub enum NotOneNetwork {
    /// A problem that stops the whole text (not UTF-8, no predicates).
    #[error("{}", .0.message)]
    Fatal(Diagnostic),
    /// The text has no recipe.
    #[error("the network is empty")]
    Empty,
    /// The text has more than one recipe.
    #[error("send one network at a time (this text has several `#recipe-id` headers)")]
    Several,
}

/// The one network of `text`, with its problems (errors included: the
/// caller decides what to refuse). A text without a `#recipe-id` header is
/// one network, named `name`. Used by the HTTP API and the Python package.
pub fn one_network(name: &str, text: &str) -> Result<(Recipe, Vec<Diagnostic>), NotOneNetwork> {
    let loaded = load_text(name.to_string(), text.as_bytes().to_vec());
    if let Some(d) = loaded.fatal {
        return Err(NotOneNetwork::Fatal(d));
    }
    let mut recipes = loaded.recipes.into_iter();
    let first = recipes.next().ok_or(NotOneNetwork::Empty)?;
    if recipes.next().is_some() {
        return Err(NotOneNetwork::Several);
    }
    Ok(first)
}

fn fatal(name: String, text: String, d: Diagnostic) -> Loaded {
    Loaded {
        name,
        text,
        recipes: Vec::new(),
        fatal: Some(d),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_recipe_text_runs_from_its_header_to_the_next() {
        let text = "#first\n(get-kitchen ?k)\n\n# second\n(get-kitchen ?k)\n; end\n";
        let loaded = load_text("t.solution".into(), text.as_bytes().to_vec());
        assert_eq!(loaded.recipes.len(), 2);
        assert_eq!(loaded.recipe_text(0), "#first\n(get-kitchen ?k)");
        assert_eq!(loaded.recipe_text(1), "# second\n(get-kitchen ?k)\n; end");
        assert_eq!(loaded.recipe_text(2), "");
    }
}

/// One recipe's text cut from a larger input, with the line it starts on.
#[derive(Debug, Clone)]
pub struct Section {
    /// 1-based line of its first line in the input.
    pub first_line: u32,
    /// The recipe's text, its header included.
    pub text: String,
}

/// Cuts a `.solution` input into recipes as it is read (a recipe starts at
/// a `#recipe-id` line; text before the first header belongs to the first
/// recipe, or is the one network of a file without headers), so that an
/// input of any length is held one recipe at a time.
pub struct Sections<R> {
    reader: R,
    /// The line being read, kept for the next (a line at a time, as
    /// `BufRead::lines` reads them, without a new string for each).
    buf: String,
    line: u32,
    pending: Option<(u32, String)>,
    /// The length of the last recipe's text: room for the next.
    last_len: usize,
    done: bool,
}

impl<R: std::io::BufRead> Sections<R> {
    /// Sections of the input `reader` reads.
    pub fn new(reader: R) -> Self {
        Sections {
            reader,
            buf: String::new(),
            line: 0,
            pending: None,
            last_len: 0,
            done: false,
        }
    }

    /// The next line without its `\n` or `\r\n`, as `BufRead::lines` gives it.
    fn next_line(&mut self) -> Option<std::io::Result<&str>> {
        self.buf.clear();
        match self.reader.read_line(&mut self.buf) {
            Ok(0) => None,
            Ok(_) => {
                if self.buf.ends_with('\n') {
                    self.buf.pop();
                    if self.buf.ends_with('\r') {
                        self.buf.pop();
                    }
                }
                Some(Ok(&self.buf))
            }
            Err(e) => Some(Err(e)),
        }
    }
}

fn is_header(line: &str) -> bool {
    line.trim_start().starts_with('#')
}

impl<R: std::io::BufRead> Iterator for Sections<R> {
    type Item = std::io::Result<Section>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let (mut first_line, mut text) = self.pending.take().unwrap_or((1, String::new()));
        let mut has_header = is_header(text.lines().next().unwrap_or(""));
        loop {
            let line = self.line + 1;
            let last_len = self.last_len;
            match self.next_line() {
                None => {
                    self.done = true;
                    return (!text.trim().is_empty() || has_header)
                        .then_some(Ok(Section { first_line, text }));
                }
                Some(Err(e)) => {
                    self.done = true;
                    return Some(Err(e));
                }
                Some(Ok(l)) => {
                    if is_header(l) {
                        if has_header {
                            // The next recipe starts here.
                            let mut next = String::with_capacity(last_len.max(l.len() + 1));
                            next.push_str(l);
                            next.push('\n');
                            self.pending = Some((line, next));
                            self.line = line;
                            self.last_len = text.len();
                            return Some(Ok(Section { first_line, text }));
                        }
                        // The first header: what came before is its preamble.
                        has_header = true;
                        if text.trim().is_empty() {
                            first_line = line;
                            text.clear();
                        }
                    }
                    text.push_str(l);
                    text.push('\n');
                    self.line = line;
                }
            }
        }
    }
}

#[cfg(test)]
mod section_tests {
    use super::*;

    #[test]
    fn an_input_is_cut_at_its_headers() {
        let input = "; a comment\n#one\n(get-kitchen ?k)\n\n#two\n(get-kitchen ?k)\n";
        let s: Vec<Section> = Sections::new(input.as_bytes())
            .map(|s| s.unwrap())
            .collect();
        assert_eq!(s.len(), 2);
        assert_eq!(
            (s[0].first_line, s[0].text.as_str()),
            (1, "; a comment\n#one\n(get-kitchen ?k)\n\n")
        );
        assert_eq!(
            (s[1].first_line, s[1].text.as_str()),
            (5, "#two\n(get-kitchen ?k)\n")
        );
        let headerless: Vec<Section> = Sections::new("(get-kitchen ?k)\n".as_bytes())
            .map(|s| s.unwrap())
            .collect();
        assert_eq!(headerless.len(), 1);
        assert_eq!(Sections::new("".as_bytes()).count(), 0);
    }
}
