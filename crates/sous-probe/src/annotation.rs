//! The benchmark's utterance-and-meaning annotation
//! (`data/gold-standard-solutions/utterance-and-meaning/<id>.xml`): each
//! ingredient line and instruction with the predicates that carry it out.

use serde::Deserialize;

/// Whether a sentence is an ingredient line or an instruction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SentenceKind {
    Ingredient,
    Instruction,
}

/// One annotated sentence.
#[derive(Debug, Clone)]
pub struct Sentence {
    pub kind: SentenceKind,
    pub text: String,
    /// Its predicates, whitespace collapsed (`(beat ?a ?b ?c ?d ?e)`).
    pub predicates: Vec<String>,
}

/// A recipe's annotation.
#[derive(Debug, Clone)]
pub struct Annotation {
    pub id: String,
    pub title: String,
    pub sentences: Vec<Sentence>,
}

#[derive(Debug, thiserror::Error)]
#[error("not an utterance-and-meaning file: {0}")]
pub struct AnnotationError(String);

#[derive(Deserialize)]
struct XmlRecipe {
    id: String,
    title: String,
    ingredients: XmlList,
    instructions: XmlList,
}

#[derive(Deserialize)]
struct XmlList {
    #[serde(rename = "$value", default)]
    items: Vec<XmlSentence>,
}

#[derive(Deserialize)]
struct XmlSentence {
    #[serde(default)]
    utterance: String,
    #[serde(default)]
    meaning: String,
}

fn clean(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The predicates of a meaning, split at balanced parentheses.
pub fn split_predicates(meaning: &str) -> Vec<String> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0usize, None);
    for (i, c) in meaning.char_indices() {
        match c {
            '(' => {
                if depth == 0 {
                    start = Some(i);
                }
                depth += 1;
            }
            ')' if depth > 0 => {
                depth -= 1;
                if depth == 0 {
                    if let Some(s) = start.take() {
                        out.push(normalise(&meaning[s..=i]));
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// A predicate's text with whitespace collapsed and no space inside the
/// parentheses, for comparing annotation and network.
pub fn normalise(predicate: &str) -> String {
    clean(predicate)
        .replace("( ", "(")
        .replace(" )", ")")
        .to_lowercase()
}

impl Annotation {
    pub fn parse(xml: &str) -> Result<Annotation, AnnotationError> {
        let r: XmlRecipe =
            quick_xml::de::from_str(xml).map_err(|e| AnnotationError(e.to_string()))?;
        let sentences = |list: XmlList, kind| {
            list.items
                .into_iter()
                .map(move |s| Sentence {
                    kind,
                    text: clean(&s.utterance),
                    predicates: split_predicates(&s.meaning),
                })
                .collect::<Vec<_>>()
        };
        let mut all = sentences(r.ingredients, SentenceKind::Ingredient);
        all.extend(sentences(r.instructions, SentenceKind::Instruction));
        Ok(Annotation {
            id: clean(&r.id).to_lowercase(),
            title: clean(&r.title),
            sentences: all,
        })
    }

    /// The annotation of `recipe_id` in a benchmark folder, if it has one.
    pub fn of_benchmark(benchmark: &std::path::Path, recipe_id: &str) -> Option<Annotation> {
        let path = benchmark
            .join("data/gold-standard-solutions/utterance-and-meaning")
            .join(format!("{recipe_id}.xml"));
        let xml = std::fs::read_to_string(path).ok()?;
        Annotation::parse(&xml).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn predicates_split_across_lines() {
        let p = split_predicates("\n (get-kitchen ?k)\n (transfer-contents ?a ?b\n   ?c ?d) ");
        assert_eq!(p, ["(get-kitchen ?k)", "(transfer-contents ?a ?b ?c ?d)"]);
    }

    #[test]
    fn a_broken_file_is_an_error() {
        assert!(Annotation::parse("<recipe><id>x</id>").is_err());
    }
}
