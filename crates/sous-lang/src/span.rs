use serde::Serialize;

/// A region of a source file: 1-based line and column of its start, and byte range.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Default)]
pub struct Span {
    pub line: u32,
    pub column: u32,
    pub offset: usize,
    pub len: usize,
}

impl Span {
    /// The smallest span covering both `self` and `other` (assumes `self` starts first).
    pub fn to(self, other: Span) -> Span {
        Span {
            len: (other.offset + other.len).saturating_sub(self.offset),
            ..self
        }
    }
}
