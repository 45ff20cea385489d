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
    /// Whether this predicate repeats an earlier one of `predicates` whose
    /// arguments are all variables. The reference (IRL) removes every
    /// `equal` copy of a predicate from the remaining ones once it ran, and
    /// only a predicate without constants has `equal` copies (each constant
    /// becomes a fresh variable of its own), so such a repeat is ignored.
    pub fn repeats_earlier(predicates: &[Predicate], index: usize) -> bool {
        let p = &predicates[index];
        let key = |q: &Predicate| -> Option<String> {
            q.args
                .iter()
                .all(|a| matches!(a.kind, ArgKind::Variable(_)))
                .then(|| q.to_string().to_lowercase())
        };
        let Some(mine) = key(p) else {
            return false;
        };
        predicates[..index]
            .iter()
            .any(|q| key(q).as_deref() == Some(mine.as_str()))
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

impl std::fmt::Display for Arg {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.kind {
            ArgKind::Variable(v) | ArgKind::Symbol(v) => f.write_str(v),
            ArgKind::Number(n) => write!(f, "{n}"),
            ArgKind::List(items) => {
                f.write_str("(")?;
                for (i, a) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" ")?;
                    }
                    write!(f, "{a}")?;
                }
                f.write_str(")")
            }
        }
    }
}

impl std::fmt::Display for Predicate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({}", self.name)?;
        for a in &self.args {
            write!(f, " {a}")?;
        }
        f.write_str(")")
    }
}
