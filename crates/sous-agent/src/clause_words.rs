//! The small words of an instruction that decide what a clause does
//! (`data/clause-words.toml`): prepositions, pronouns, how bowls, portions
//! and vessels are spoken of. Each list is a field, so every list the code
//! asks for is in the data file, and a misspelt list does not build.

use std::sync::OnceLock;

use serde::Deserialize;

pub const CLAUSE_WORDS_TOML: &str = include_str!("../data/clause-words.toml");

/// Words, or phrases of words, that say one thing in a clause.
#[derive(Debug, Clone, Deserialize)]
#[serde(transparent)]
pub struct Words(Vec<String>);

impl Words {
    /// Whether `word` is one of these.
    pub fn has(&self, word: &str) -> bool {
        self.0.iter().any(|w| w == word)
    }

    /// Whether `ws` (a clause's words) says one of these, a phrase as
    /// consecutive words.
    pub fn in_clause(&self, ws: &[String]) -> bool {
        self.0.iter().any(|phrase| {
            let n = phrase.split(' ').count();
            ws.windows(n).any(|w| w.join(" ") == *phrase)
        })
    }

    /// Where in `ws` the first word that is one of these stands.
    pub fn position_in(&self, ws: &[String]) -> Option<usize> {
        ws.iter().position(|w| self.has(w))
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ClauseWords {
    pub toward: Words,
    pub toward_after_add: Words,
    pub into: Words,
    pub at_the_bowl: Words,
    pub onto: Words,
    pub back_over: Words,
    pub sift_onto: Words,
    pub in_hand: Words,
    pub in_hand_sifted: Words,
    pub salad: Words,
    pub combine_first: Words,
    pub together: Words,
    pub new_bowl: Words,
    pub new_bowl_before: Words,
    pub known_bowl_determiners: Words,
    pub bowl: Words,
    pub bowl_sizes: Words,
    pub portion_nouns: Words,
    pub portion_adjectives: Words,
    pub apart: Words,
    pub set_aside: Words,
    pub completely: Words,
    pub room_temperature: Words,
    pub on_the_dish: Words,
    pub lined: Words,
    pub liner: Words,
    pub greased: Words,
    pub floured: Words,
    pub flour: Words,
    pub prepared: Words,
    pub remaining: Words,
    pub warning: Words,
    pub ready_vessel: Words,
    pub ungreased: Words,
    pub with: Words,
    pub tins: Words,
    pub name_stops: Words,
    pub dough: Words,
    pub rack: Words,
    pub shake: Words,
    pub stirred_in: Words,
    pub over: Words,
    pub r#in: Words,
    pub water: Words,
    pub oven: Words,
    pub to_a_boil: Words,
    pub pronouns: Words,
    pub everything: Words,
    pub all_ingredients: Words,
    pub ingredient: Words,
    pub mixture: Words,
    pub amount_joiners: Words,
    pub first: Words,
    pub prepared_forms: Words,
}

impl ClauseWords {
    pub fn get() -> &'static ClauseWords {
        static WORDS: OnceLock<ClauseWords> = OnceLock::new();
        WORDS.get_or_init(|| {
            toml::from_str(CLAUSE_WORDS_TOML).expect("data/clause-words.toml is valid (tests)")
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_data_file_reads_and_phrases_are_words_in_a_row() {
        let w = ClauseWords::get();
        let ws: Vec<String> = "cover and set aside".split(' ').map(String::from).collect();
        assert!(w.set_aside.in_clause(&ws));
        assert!(!w.set_aside.in_clause(&ws[..3]));
        assert_eq!(w.toward.position_in(&ws), None);
        assert!(w.pronouns.has("them"));
    }
}
