use serde::Serialize;

/// A region of a source file: 1-based line and column of its start, and byte range.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Default)]
pub struct Span {
    /// The line of the first character, from 1.
    pub line: u32,
    /// The column of the first character, from 1, in characters.
    pub column: u32,
    /// The byte offset of the first character in the text.
    pub offset: usize,
    /// The length in bytes.
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
