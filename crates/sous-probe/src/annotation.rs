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
    /// Predicates moved back to the sentence that names them (see
    /// [`Annotation::realign`]), as "`(bake …)` to \"Bake 12 minutes.\"".
    pub realigned: Vec<String>,
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

/// Whether a sentence names a predicate: by its primitive ("bake" in
/// "Bake 12 minutes.") or by one of its constant arguments ("small bowl").
fn names(text: &str, predicate: &str) -> bool {
    let tokens: Vec<String> = text
        .to_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        .filter(|t| !t.is_empty())
        .map(str::to_string)
        .collect();
    let says = |phrase: &str| {
        let words: Vec<&str> = phrase.split('-').collect();
        tokens
            .windows(words.len())
            .any(|w| w.iter().zip(&words).all(|(t, p)| t.starts_with(p)))
    };
    let mut parts = predicate.trim_matches(['(', ')']).split_whitespace();
    let Some(primitive) = parts.next() else {
        return false;
    };
    says(primitive)
        || parts
            .filter(|a| !a.starts_with('?') && a.contains('-') && a.parse::<f64>().is_err())
            .any(says)
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
        let mut a = Annotation {
            id: clean(&r.id).to_lowercase(),
            title: clean(&r.title),
            sentences: all,
            realigned: Vec::new(),
        };
        a.realign();
        Ok(a)
    }

    /// Moves predicates annotated one sentence too late back to the
    /// sentence that names them. Where an instruction has no predicates and
    /// the next one holds predicates that the empty one names (by the
    /// primitive, "Bake 12 minutes." and `(bake …)`, or by a constant, "a
    /// small bowl" and `(fetch … small-bowl 1)`) and the next one does not,
    /// they move back; repeated down the recipe, as a shift runs on.
    pub fn realign(&mut self) {
        for i in 0..self.sentences.len().saturating_sub(1) {
            let (head, tail) = self.sentences.split_at_mut(i + 1);
            let (here, next) = (&mut head[i], &mut tail[0]);
            if here.kind != SentenceKind::Instruction
                || next.kind != SentenceKind::Instruction
                || !here.predicates.is_empty()
            {
                continue;
            }
            let (moved, kept): (Vec<String>, Vec<String>) = next
                .predicates
                .drain(..)
                .partition(|p| names(&here.text, p) && !names(&next.text, p));
            next.predicates = kept;
            for p in &moved {
                self.realigned.push(format!("{p} to \"{}\"", here.text));
            }
            here.predicates = moved;
        }
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
    fn predicates_annotated_a_sentence_late_move_back() {
        let xml = "<recipe><id>r</id><title>t</title><ingredients></ingredients><instructions>\
            <instruction><utterance>Bake 12 minutes.</utterance><meaning></meaning></instruction>\
            <instruction><utterance>Sift powdered sugar into a small bowl.</utterance>\
              <meaning>(bake ?b ?k2 ?k1 ?t ?o 12 minute ?q ?u)</meaning></instruction>\
            <instruction><utterance>Dip the crescents in the sugar.</utterance>\
              <meaning>(fetch ?s ?k3 ?k2 small-bowl 1) (sift ?p ?k4 ?k3 ?s ?x ?y) (dip ?d ?k5 ?k4 ?b ?p)</meaning></instruction>\
            </instructions></recipe>";
        let a = Annotation::parse(xml).unwrap();
        let heads: Vec<Vec<&str>> = a
            .sentences
            .iter()
            .map(|s| {
                s.predicates
                    .iter()
                    .map(|p| p[1..].split(' ').next().unwrap())
                    .collect()
            })
            .collect();
        assert_eq!(heads, [vec!["bake"], vec!["fetch", "sift"], vec!["dip"]]);
        assert_eq!(a.realigned.len(), 3);
    }

    #[test]
    fn a_broken_file_is_an_error() {
        assert!(Annotation::parse("<recipe><id>x</id>").is_err());
    }
}
