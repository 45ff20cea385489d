//! The instruction being read and the clause of it being acted out: a
//! clause may take a time from its sentence, or tell amounts by its words
//! before they are made singular.

use super::Session;

#[derive(Default)]
pub(super) struct Sentence {
    /// The instruction being read.
    text: String,
    /// Whether this instruction already put something in the fridge.
    chilled: bool,
    /// The words of the clause being read, lower case but not made
    /// singular (`the flours` are several).
    raw_words: Vec<String>,
}

impl Session {
    /// Reading instruction `line` begins.
    pub fn start_sentence(&mut self, line: &str) {
        self.sentence.text = line.to_string();
        self.sentence.chilled = false;
    }

    /// Reading `clause` of the instruction begins.
    pub fn start_clause(&mut self, clause: &str) {
        self.sentence.raw_words = clause
            .split(|c: char| !c.is_alphanumeric() && c != '\'')
            .filter(|w| !w.is_empty())
            .map(str::to_lowercase)
            .collect();
    }

    /// The instruction being read.
    pub fn sentence(&self) -> &str {
        &self.sentence.text
    }

    /// The clause's words, lower case, as written (not made singular).
    pub fn raw_words(&self) -> &[String] {
        &self.sentence.raw_words
    }

    /// Whether this instruction already put something in the fridge.
    pub fn chilled_in_sentence(&self) -> bool {
        self.sentence.chilled
    }

    /// Something went into the fridge in this instruction.
    pub fn chilled(&mut self) {
        self.sentence.chilled = true;
    }
}
