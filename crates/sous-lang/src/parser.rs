//! Reads `.solution` text into recipes.
//!
//! More lenient than the reference reader (which wants one predicate per line,
//! starting in column 1): predicates may span lines and be indented, and `;`
//! comments may appear anywhere. A `#` that starts a line always starts a new
//! recipe, so an unbalanced parenthesis costs only its own recipe.

use crate::ast::{lower_case, Arg, ArgKind, Predicate, Recipe, SourceFile};
use crate::{Diagnostic, Number, Span};

/// Parses `text` (named `name`, used for recipes without a header).
/// Problems are attached to the recipe they occur in; the second value holds
/// problems outside any recipe.
pub fn parse(name: &str, text: &str) -> (SourceFile, Vec<(usize, Diagnostic)>) {
    let mut p = Parser {
        depth: 0,
        src: text,
        pos: 0,
        line: 1,
        col: 1,
    };
    let mut recipes: Vec<Recipe> = Vec::new();
    let mut diags: Vec<(usize, Diagnostic)> = Vec::new();
    let stem = std::path::Path::new(name)
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or(name)
        .to_lowercase();

    loop {
        p.skip_trivia();
        let Some(c) = p.peek() else { break };
        let start = p.span_here();
        match c {
            '#' if p.at_line_start() => {
                p.bump();
                let id_start = p.span_here();
                let id = p.take_while(|c| !c.is_whitespace() && c != ';' && c != '(' && c != ')');
                p.skip_rest_of_line_comments();
                if id.is_empty() {
                    recipes.push(Recipe {
                        id: String::new(),
                        span: start,
                        predicates: vec![],
                    });
                    diags.push((
                        recipes.len() - 1,
                        Diagnostic::error(
                            "missing-recipe-id",
                            start,
                            "a `#` header needs a recipe id, as in `#almond-crescent-cookies`",
                        ),
                    ));
                } else {
                    recipes.push(Recipe {
                        id: lower_case(id).into_owned(),
                        span: id_start.to(p.span_here()),
                        predicates: vec![],
                    });
                }
            }
            '(' => {
                if recipes.is_empty() {
                    recipes.push(Recipe {
                        id: stem.clone(),
                        span: start,
                        predicates: vec![],
                    });
                }
                let idx = recipes.len() - 1;
                match p.predicate() {
                    Ok(pred) => recipes[idx].predicates.push(pred),
                    Err(d) => diags.push((idx, d)),
                }
            }
            ')' => {
                p.bump();
                let d = Diagnostic::error("unbalanced-parenthesis", start, "unmatched `)`")
                    .with_help("remove it, or add the `(` it closes");
                diags.push((recipes.len().saturating_sub(1), d));
            }
            _ => {
                let word = p.take_while(|c| !c.is_whitespace() && c != '(' && c != ')' && c != ';');
                let word = if word.is_empty() {
                    p.bump().map(String::from).unwrap_or_default()
                } else {
                    word.to_string()
                };
                let mut d = Diagnostic::error(
                    "expected-predicate",
                    start.with_len(word.len()),
                    format!("expected a predicate `(name ?arg ...)` or a `#recipe-id` header, found `{}`", printable(&word)),
                );
                if c == '#' {
                    d = d.with_help("a `#recipe-id` header must start its own line");
                }
                diags.push((recipes.len().saturating_sub(1), d));
            }
        }
    }
    if recipes.is_empty() && !diags.is_empty() {
        recipes.push(Recipe {
            id: stem,
            span: Span::default(),
            predicates: vec![],
        });
    }
    (
        SourceFile {
            name: name.to_string(),
            text: text.to_string(),
            recipes,
        },
        diags,
    )
}

fn printable(s: &str) -> String {
    s.chars()
        .flat_map(|c| {
            if c.is_control() {
                c.escape_default().collect::<Vec<_>>()
            } else {
                vec![c]
            }
        })
        .collect()
}

/// Deeper list nesting is an error (and keeps the parser's recursion bounded).
const MAX_NESTING: usize = 16;

struct Parser<'a> {
    depth: usize,
    src: &'a str,
    pos: usize,
    line: u32,
    col: u32,
}

impl Span {
    fn with_len(mut self, len: usize) -> Span {
        self.len = len;
        self
    }
}

fn is_symbol_char(c: char) -> bool {
    if c.is_ascii() {
        ASCII_SYMBOL[c as usize]
    } else {
        c.is_alphanumeric()
    }
}

/// Which ASCII characters may be part of a symbol: letters, digits and
/// the punctuation Lisp symbols use. A table, because the parser asks for
/// nearly every character it reads.
const ASCII_SYMBOL: [bool; 128] = {
    let mut table = [false; 128];
    let mut c = 0;
    while c < 128 {
        table[c] = (c as u8).is_ascii_alphanumeric();
        c += 1;
    }
    let punctuation = b"-_*+/.<>=!%&:$~^@?'";
    let mut i = 0;
    while i < punctuation.len() {
        table[punctuation[i] as usize] = true;
        i += 1;
    }
    table
};

impl<'a> Parser<'a> {
    fn peek(&self) -> Option<char> {
        match self.src.as_bytes().get(self.pos) {
            Some(&b) if b.is_ascii() => Some(b as char),
            Some(_) => self.src[self.pos..].chars().next(),
            None => None,
        }
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.step_over(c);
        Some(c)
    }

    /// Moves past `c`, the character at the current position.
    fn step_over(&mut self, c: char) {
        self.pos += c.len_utf8();
        if c == '\n' {
            self.line += 1;
            self.col = 1;
        } else {
            self.col += 1;
        }
    }

    fn span_here(&self) -> Span {
        Span {
            line: self.line,
            column: self.col,
            offset: self.pos,
            len: 0,
        }
    }

    fn at_line_start(&self) -> bool {
        self.src[..self.pos]
            .rsplit('\n')
            .next()
            .is_none_or(|before| before.trim().is_empty())
    }

    fn take_while(&mut self, f: impl Fn(char) -> bool) -> &'a str {
        let (src, start) = (self.src, self.pos);
        // ASCII other than a newline moves one column per byte: counted
        // in one go. The rest, one character at a time.
        let ascii_run = src.as_bytes()[start..]
            .iter()
            .position(|&b| !b.is_ascii() || b == b'\n' || !f(b as char))
            .unwrap_or(src.len() - start);
        self.pos += ascii_run;
        self.col += ascii_run as u32;
        for c in src[self.pos..].chars() {
            if !f(c) {
                break;
            }
            self.step_over(c);
        }
        &src[start..self.pos]
    }

    fn skip_trivia(&mut self) {
        loop {
            self.take_while(char::is_whitespace);
            if self.peek() != Some(';') {
                break;
            }
            self.take_while(|c| c != '\n');
        }
    }

    fn skip_rest_of_line_comments(&mut self) {
        self.take_while(|c| c != '\n');
    }

    /// Parses `( name args... )` starting at `(`.
    fn predicate(&mut self) -> Result<Predicate, Diagnostic> {
        let open = self.span_here();
        self.depth = 0;
        self.bump();
        self.skip_trivia();
        let name_span = self.span_here();
        let name = match self.peek() {
            Some(c) if is_symbol_char(c) && c != '?' => {
                lower_case(self.take_while(is_symbol_char)).into_owned()
            }
            _ => String::new(),
        };
        let name_span = name_span.with_len(name.len());
        let args = self.args_until_close(open)?;
        if name.is_empty() {
            return Err(Diagnostic::error("missing-primitive-name", open.to(self.span_here()), "a predicate must start with a primitive name, as in `(mix ?out ?ks-out ?ks-in ?bowl ?tool)`"));
        }
        if Number::parse(&name).is_some() {
            return Err(Diagnostic::error(
                "missing-primitive-name",
                name_span,
                format!("a predicate must start with a primitive name, found the number `{name}`"),
            ));
        }
        Ok(Predicate {
            name,
            name_span,
            span: open.to(self.span_here()),
            args,
        })
    }

    /// Reads arguments up to the `)` matching the `(` at `open`.
    fn args_until_close(&mut self, open: Span) -> Result<Vec<Arg>, Diagnostic> {
        // Room for the arguments of any primitive: no regrowth.
        let mut args = Vec::with_capacity(crate::signature::MAX_ARITY);
        loop {
            self.skip_trivia();
            let start = self.span_here();
            match self.peek() {
                None => return Err(unclosed(open)),
                Some('#') if self.at_line_start() => return Err(unclosed(open)),
                Some(')') => {
                    self.bump();
                    return Ok(args);
                }
                Some('(') => {
                    self.bump();
                    self.depth += 1;
                    if self.depth > MAX_NESTING {
                        let _ = self.skip_to_close(open);
                        return Err(Diagnostic::error(
                            "too-deep",
                            start.with_len(1),
                            format!("lists nested more than {MAX_NESTING} deep"),
                        ));
                    }
                    let items = self.args_until_close(start);
                    self.depth = self.depth.saturating_sub(1);
                    let items = items?;
                    args.push(Arg {
                        kind: ArgKind::List(items),
                        span: start.to(self.span_here()),
                    });
                }
                Some(c) if is_symbol_char(c) => {
                    let tok = self.take_while(is_symbol_char);
                    let span = start.with_len(tok.len());
                    let kind = if let Some(var) = tok.strip_prefix('?') {
                        if var.is_empty() {
                            return Err(Diagnostic::error(
                                "bad-variable",
                                span,
                                "`?` must be followed by a variable name, as in `?dough`",
                            ));
                        }
                        ArgKind::Variable(lower_case(tok).into_owned())
                    } else if let Some(n) = Number::parse(tok) {
                        ArgKind::Number(n)
                    } else if tok.starts_with(|c: char| {
                        c.is_ascii_digit() || c == '.' || c == '+' || c == '-'
                    }) && tok.contains('/')
                    {
                        return Err(Diagnostic::error(
                            "bad-number",
                            span,
                            format!("`{tok}` is not a valid number"),
                        ));
                    } else {
                        ArgKind::Symbol(lower_case(tok).into_owned())
                    };
                    args.push(Arg { kind, span });
                }
                Some(c) => {
                    let span = start.with_len(c.len_utf8());
                    self.bump();
                    let what = if c == '"' {
                        "strings are not part of the language".to_string()
                    } else {
                        format!("unexpected character `{}`", printable(&c.to_string()))
                    };
                    // Skip to the end of this predicate so that the rest of the file still parses.
                    let _ = self.skip_to_close(open);
                    return Err(Diagnostic::error("unexpected-character", span, what));
                }
            }
        }
    }
}

impl Parser<'_> {
    /// Skips to the `)` that closes the predicate opened at `open`, without recursion.
    fn skip_to_close(&mut self, open: Span) -> Result<(), Diagnostic> {
        let mut depth = 1usize + self.depth;
        while let Some(c) = self.peek() {
            if c == '#' && self.at_line_start() {
                return Err(unclosed(open));
            }
            self.bump();
            match c {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        self.depth = 0;
                        return Ok(());
                    }
                }
                ';' => {
                    self.take_while(|c| c != '\n');
                }
                _ => {}
            }
        }
        Err(unclosed(open))
    }
}

fn unclosed(open: Span) -> Diagnostic {
    Diagnostic::error(
        "unbalanced-parenthesis",
        open.with_len(1),
        "this `(` is never closed",
    )
    .with_help("add the missing `)` at the end of the predicate")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_headers_predicates_comments_and_spread_lines() {
        let text = "; a comment\n#my-recipe ; trailing\n(get-kitchen ?k) ; c\n  (fetch ?a ?ks ?k\n     baking-tray 1)\n\n#Other\n(mix ?x ?y ?z (a b) 1/2 0.5)\n";
        let (file, diags) = parse("f.solution", text);
        assert!(diags.is_empty(), "{diags:?}");
        assert_eq!(file.recipes.len(), 2);
        assert_eq!(file.recipes[0].id, "my-recipe");
        assert_eq!(file.recipes[1].id, "other");
        let fetch = &file.recipes[0].predicates[1];
        assert_eq!(fetch.name, "fetch");
        assert_eq!(fetch.args.len(), 5);
        assert_eq!((fetch.name_span.line, fetch.name_span.column), (4, 4));
        assert_eq!((fetch.args[3].span.line, fetch.args[3].span.column), (5, 6));
        assert_eq!(
            file.recipes[1].predicates[0].to_string(),
            "(mix ?x ?y ?z (a b) 1/2 0.5)"
        );
    }

    #[test]
    fn an_unclosed_parenthesis_costs_only_its_recipe() {
        let text = "#a\n(get-kitchen ?k\n#b\n(get-kitchen ?k)\n";
        let (file, diags) = parse("f", text);
        assert_eq!(file.recipes.len(), 2);
        assert_eq!(diags.len(), 1);
        assert_eq!(diags[0].0, 0);
        assert_eq!(diags[0].1.code, "unbalanced-parenthesis");
        assert_eq!((diags[0].1.span.line, diags[0].1.span.column), (2, 1));
        assert_eq!(file.recipes[1].predicates.len(), 1);
    }

    #[test]
    fn headerless_text_is_one_recipe_named_after_the_file() {
        let (file, diags) = parse("dir/salad.solution", "(get-kitchen ?k)");
        assert!(diags.is_empty());
        assert_eq!(file.recipes[0].id, "salad");
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_stack_overflow() {
        let text = format!(
            "#r\n(mix {}{}\n#s\n(get-kitchen ?k)\n",
            "(".repeat(100_000),
            ")".repeat(100_000)
        );
        let (file, diags) = parse("f", &text);
        assert_eq!(diags.len(), 1, "{diags:?}");
        assert_eq!(diags[0].1.code, "too-deep");
        assert_eq!(file.recipes[1].predicates.len(), 1);
    }

    #[test]
    fn garbage_is_reported_not_panicked_on() {
        let (_, diags) = parse("f", "#r\n\u{1}\u{2}ÿ)(\"x\" ");
        assert!(diags.len() >= 2, "{diags:?}");
    }
}
