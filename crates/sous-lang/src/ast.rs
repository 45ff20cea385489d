use crate::{Number, Span};

/// One parsed file: its recipes in file order.
#[derive(Debug, Clone)]
pub struct SourceFile {
    /// The name it was parsed under (a path or a label): a recipe without a
    /// `#` header takes its stem as id.
    pub name: String,
    /// The whole text, kept so that a diagnostic's span can be shown in its line.
    pub text: String,
    /// The recipes in file order, each with only the predicates that parsed.
    pub recipes: Vec<Recipe>,
}

/// A recipe network: the `#recipe-id` header and its predicates.
#[derive(Debug, Clone)]
pub struct Recipe {
    /// The id of the `#recipe-id` header, lower-cased, without the `#`: what
    /// the gold standard and the reports name the recipe by.
    pub id: String,
    /// Span of the header line (or of the first predicate when the file has no header).
    pub span: Span,
    /// The predicates in text order (the engine does not depend on it).
    pub predicates: Vec<Predicate>,
}

/// `(name arg ...)`.
#[derive(Debug, Clone)]
pub struct Predicate {
    /// The primitive's name as written, lower-cased (`fetch-and-proportion`).
    pub name: String,
    /// Where the name is: diagnostics about the primitive point here.
    pub name_span: Span,
    /// The whole `(...)`, parentheses included.
    pub span: Span,
    /// The arguments in order; [`Signature::args`](crate::Signature::args) says what each is.
    pub args: Vec<Arg>,
}

impl Predicate {
    /// For each of `predicates`, whether it repeats an earlier one whose
    /// arguments are all variables. The reference (IRL) removes every
    /// `equal` copy of a predicate from the remaining ones once it ran, and
    /// only a predicate without constants has `equal` copies (each constant
    /// becomes a fresh variable of its own), so such a repeat is ignored.
    /// One pass over the recipe: each text is written once.
    pub fn repeats(predicates: &[Predicate]) -> Vec<bool> {
        let texts: Vec<Option<String>> = predicates
            .iter()
            .map(|p| p.all_variables().then(|| p.text()))
            .collect();
        Self::repeats_given(predicates, |i| texts[i].as_deref().unwrap_or_default())
    }

    /// [`Predicate::repeats`] for a caller that has the texts already.
    pub fn repeats_given<'t>(
        predicates: &[Predicate],
        text: impl Fn(usize) -> &'t str,
    ) -> Vec<bool> {
        let mut seen: rustc_hash::FxHashSet<std::borrow::Cow<'t, str>> =
            rustc_hash::FxHashSet::with_capacity_and_hasher(predicates.len(), Default::default());
        (0..predicates.len())
            .map(|i| predicates[i].all_variables() && !seen.insert(lower_case(text(i))))
            .collect()
    }

    /// Whether every argument is a `?variable` (only such a predicate can
    /// repeat another, see [`Predicate::repeats`]).
    pub fn all_variables(&self) -> bool {
        self.args
            .iter()
            .all(|a| matches!(a.kind, ArgKind::Variable(_)))
    }
}

/// `s` in lower case, copied only when it has an upper-case letter or is
/// not ASCII: the parser lower-cases what it reads with it, and nearly all
/// of that, like the texts written from it, is lower case already.
pub(crate) fn lower_case(s: &str) -> std::borrow::Cow<'_, str> {
    // One pass without an early exit, which the compiler vectorises: texts
    // are short, and nearly all are lower case already.
    let may_change = s.bytes().fold(false, |seen, b| {
        seen | b.is_ascii_uppercase() | !b.is_ascii()
    });
    if may_change {
        std::borrow::Cow::Owned(s.to_lowercase())
    } else {
        std::borrow::Cow::Borrowed(s)
    }
}

/// One argument of a predicate, with where it is written.
#[derive(Debug, Clone)]
pub struct Arg {
    /// What the argument is.
    pub kind: ArgKind,
    /// Where it is written (empty for predicates built in code).
    pub span: Span,
}

/// The kinds of argument the language has: variables, which actions share,
/// and constants, which the simulator turns into kitchen entities.
#[derive(Debug, Clone)]
pub enum ArgKind {
    /// `?name` (stored with the question mark, lower-cased).
    Variable(String),
    /// A symbol naming an ontology class (`butter`, `g`, `ball-shape`), lower-cased.
    Symbol(String),
    /// A number constant, kept as exact as the Lisp reader reads it.
    Number(Number),
    /// `(a b c)`: a list of constants (the reference turns it into a list of entities).
    List(Vec<Arg>),
}

impl Arg {
    /// The variable's name (`?bowl`) if the argument is a variable.
    pub fn as_variable(&self) -> Option<&str> {
        match &self.kind {
            ArgKind::Variable(v) => Some(v),
            _ => None,
        }
    }
}

impl Arg {
    /// Writes the argument as the network's text has it. One writer serves
    /// `Display` and [`Arg::text`]: into a `String` it is plain appends, with
    /// none of the formatting machinery (the simulator writes every predicate
    /// of a network before running it).
    pub fn write_text<W: std::fmt::Write>(&self, out: &mut W) -> std::fmt::Result {
        match &self.kind {
            ArgKind::Variable(v) | ArgKind::Symbol(v) => out.write_str(v),
            ArgKind::Number(n) => n.write_text(out),
            ArgKind::List(items) => {
                out.write_char('(')?;
                for (i, a) in items.iter().enumerate() {
                    if i > 0 {
                        out.write_char(' ')?;
                    }
                    a.write_text(out)?;
                }
                out.write_char(')')
            }
        }
    }

    /// The argument's text (as `to_string`, faster).
    pub fn text(&self) -> String {
        // Room for most names (`all-purpose-flour`), so that it is written
        // without regrowing.
        let mut out = String::with_capacity(24);
        // Writing into a String cannot fail.
        let _ = self.write_text(&mut out);
        out
    }
}

impl std::fmt::Display for Arg {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.write_text(f)
    }
}

impl Predicate {
    /// Writes `(name arg ...)`; see [`Arg::write_text`].
    pub fn write_text<W: std::fmt::Write>(&self, out: &mut W) -> std::fmt::Result {
        self.write_with(out, |out, a| a.write_text(out))
    }

    /// The one writer of the `(name arg ...)` frame, each argument written
    /// by `arg`.
    fn write_with<W: std::fmt::Write>(
        &self,
        out: &mut W,
        mut arg: impl FnMut(&mut W, &Arg) -> std::fmt::Result,
    ) -> std::fmt::Result {
        out.write_char('(')?;
        out.write_str(&self.name)?;
        for a in &self.args {
            out.write_char(' ')?;
            arg(out, a)?;
        }
        out.write_char(')')
    }

    /// The predicate's text, `(name arg ...)` (as `to_string`, faster).
    pub fn text(&self) -> String {
        self.text_marking_args(|_| ())
    }

    /// [`Predicate::text`], telling `mark` where each argument's text is in
    /// it, in order: a caller that needs the arguments' texts too (the
    /// simulator names constants by them) cuts them out instead of writing
    /// them again.
    pub fn text_marking_args(&self, mut mark: impl FnMut(std::ops::Range<usize>)) -> String {
        // Room for a long name and typical arguments (`?ingredient-12`),
        // so that writing rarely regrows the string.
        let mut out = String::with_capacity(24 + 16 * self.args.len());
        // Writing into a String cannot fail.
        let _ = self.write_with(&mut out, |out, a| {
            let start = out.len();
            a.write_text(out)?;
            mark(start..out.len());
            Ok(())
        });
        out
    }
}

impl std::fmt::Display for Predicate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.write_text(f)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn marked_arguments_are_the_arguments_texts() {
        let (file, _) = crate::parse(
            "t",
            "(fetch-and-proportion ?b ?ks ?k ?bowl butter 1/2 g)\n\
             (bake ?x ?ks ?ks-1 ?oven 25.0 minute 175 degrees-celsius)\n\
             (portion-and-arrange ?p ?ks ?x ?k 25 g (baking-paper baking-tray))\n\
             (get-kitchen ?k)",
        );
        let predicates = &file.recipes[0].predicates;
        assert_eq!(predicates.len(), 4);
        for p in predicates {
            let mut marks = Vec::new();
            let text = p.text_marking_args(|r| marks.push(r));
            assert_eq!(text, p.to_string());
            let cut: Vec<&str> = marks.into_iter().map(|r| &text[r]).collect();
            let written: Vec<String> = p.args.iter().map(|a| a.text()).collect();
            assert_eq!(cut, written);
        }
    }
}
