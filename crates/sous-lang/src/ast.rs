use crate::{Number, Span};

/// One parsed file: its recipes in file order.
#[derive(Debug, Clone)]
pub struct SourceFile {
    pub name: String,
    pub text: String,
    pub recipes: Vec<Recipe>,
}

/// A recipe network: the `#recipe-id` header and its predicates.
#[derive(Debug, Clone)]
pub struct Recipe {
    pub id: String,
    /// Span of the header line (or of the first predicate when the file has no header).
    pub span: Span,
    pub predicates: Vec<Predicate>,
}

/// `(name arg ...)`.
#[derive(Debug, Clone)]
pub struct Predicate {
    pub name: String,
    pub name_span: Span,
    pub span: Span,
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
            .map(|p| p.all_variables().then(|| p.to_string()))
            .collect();
        Self::repeats_given(predicates, |i| texts[i].as_deref().unwrap_or_default())
    }

    /// [`Predicate::repeats`] for a caller that has the texts already.
    pub fn repeats_given<'t>(
        predicates: &[Predicate],
        text: impl Fn(usize) -> &'t str,
    ) -> Vec<bool> {
        let mut seen = std::collections::HashSet::new();
        (0..predicates.len())
            .map(|i| predicates[i].all_variables() && !seen.insert(text(i).to_lowercase()))
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

#[derive(Debug, Clone)]
pub struct Arg {
    pub kind: ArgKind,
    pub span: Span,
}

#[derive(Debug, Clone)]
pub enum ArgKind {
    /// `?name` (stored with the question mark, lower-cased).
    Variable(String),
    /// A symbol naming an ontology class (`butter`, `g`, `ball-shape`), lower-cased.
    Symbol(String),
    Number(Number),
    /// `(a b c)`: a list of constants (the reference turns it into a list of entities).
    List(Vec<Arg>),
}

impl Arg {
    pub fn as_variable(&self) -> Option<&str> {
        match &self.kind {
            ArgKind::Variable(v) => Some(v),
            _ => None,
        }
    }
}

impl Arg {
    /// Appends the argument as the network's text writes it (what `Display`
    /// gives, without the formatting machinery: the simulator writes every
    /// predicate of a network before running it).
    pub fn push_text(&self, out: &mut String) {
        match &self.kind {
            ArgKind::Variable(v) | ArgKind::Symbol(v) => out.push_str(v),
            ArgKind::Number(n) => n.push_text(out),
            ArgKind::List(items) => {
                out.push('(');
                for (i, a) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(' ');
                    }
                    a.push_text(out);
                }
                out.push(')');
            }
        }
    }

    /// The argument's text (as `to_string`, faster).
    pub fn text(&self) -> String {
        let mut out = String::new();
        self.push_text(&mut out);
        out
    }
}

impl std::fmt::Display for Arg {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text())
    }
}

impl Predicate {
    /// The predicate's text, `(name arg ...)` (as `to_string`, faster).
    pub fn text(&self) -> String {
        let mut out = String::with_capacity(16 + 12 * self.args.len());
        out.push('(');
        out.push_str(&self.name);
        for a in &self.args {
            out.push(' ');
            a.push_text(&mut out);
        }
        out.push(')');
        out
    }
}

impl std::fmt::Display for Predicate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text())
    }
}
