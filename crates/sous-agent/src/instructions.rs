//! Reading instructions: which verb (from `data/verbs.toml`), which of the
//! recipe's ingredients a sentence names, and the numbers it gives
//! (temperatures, times).

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::Deserialize;

pub use crate::words::{singular, words};

pub const VERBS_TOML: &str = include_str!("../data/verbs.toml");

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    Combine,
    Add,
    Bake,
    Preheat,
    Sprinkle,
    Chill,
    Place,
    Portion,
    Shape,
    Cut,
    Mash,
    Peel,
    Seed,
    Sift,
    Soak,
    Boil,
    Grease,
    Spread,
    Fill,
    Cool,
    Drop,
    Dip,
    Cover,
    Shake,
    Line,
    Flatten,
    Wash,
    Melt,
    Remove,
    Heat,
    Cook,
    Drain,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Verb {
    pub kind: Kind,
    pub primitive: Option<Stirring>,
    /// The cutting pattern of a `cut` verb.
    pub pattern: Option<String>,
    /// Classes a `combine` verb beats rather than applies its primitive to
    /// (whisking eggs).
    #[serde(default)]
    pub beats: Vec<String>,
    /// A verb only as a sentence's first word (`Butter a pan`; `add the
    /// flour, butter and eggs` names butter).
    #[serde(default, rename = "first-only")]
    pub first_only: bool,
}

/// How a combining verb stirs what it combines: the primitive it runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stirring {
    Mix,
    Mingle,
    Beat,
}

impl Verb {
    /// Combining and mixing, with no verb of its own (`cut in the butter`).
    pub fn implied_mixing() -> Verb {
        Verb {
            kind: Kind::Combine,
            primitive: Some(Stirring::Mix),
            pattern: None,
            beats: Vec::new(),
            first_only: false,
        }
    }

    /// A verb of `kind` with no primitive or pattern of its own (an implied
    /// step: place portions before baking them, portion before shaping).
    pub fn implied(kind: Kind) -> Verb {
        Verb {
            kind,
            primitive: None,
            pattern: None,
            beats: Vec::new(),
            first_only: false,
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct VerbsFile {
    /// Grams in a portion when the sentence gives no weight.
    pub portion_grams: f64,
    /// Grams of dough in a spoonful, for doughs the kitchen cannot measure
    /// by the spoon.
    pub spoonful_grams: BTreeMap<String, f64>,
    /// Phrases (singular words) that make a cut's pattern more precise than
    /// its verb's (`thinly slice` → fine-slices, `cubes` → cubes).
    pub cut_phrases: BTreeMap<String, String>,
    pub verbs: BTreeMap<String, Verb>,
}

/// The cutting pattern a clause asks for: the longest cut phrase it
/// contains, else `default` (the verb's).
pub fn cut_pattern(ws: &[String], default: &str) -> String {
    let mut best: Option<(usize, &String)> = None;
    for (phrase, pattern) in &lexicon().cut_phrases {
        let p: Vec<&str> = phrase.split(' ').collect();
        let found = ws
            .windows(p.len())
            .any(|w| w.iter().zip(&p).all(|(a, b)| a == b));
        if found && best.is_none_or(|(n, _)| p.len() > n) {
            best = Some((p.len(), pattern));
        }
    }
    best.map_or_else(|| default.to_string(), |(_, p)| p.clone())
}

/// The verb lexicon.
pub fn lexicon() -> &'static VerbsFile {
    static VERBS: OnceLock<VerbsFile> = OnceLock::new();
    VERBS.get_or_init(|| toml::from_str(VERBS_TOML).expect("the embedded verb lexicon is valid"))
}

pub fn verbs() -> &'static BTreeMap<String, Verb> {
    &lexicon().verbs
}

/// A weight in grams written in the text (`25 g`, `30 grams`).
pub fn grams(text: &str) -> Option<f64> {
    let ws: Vec<String> = text.split_whitespace().map(|w| w.to_lowercase()).collect();
    ws.windows(2).find_map(|w| {
        let unit = w[1].trim_matches(|c: char| !c.is_alphabetic());
        matches!(unit, "g" | "gram" | "grams")
            .then(|| w[0].parse::<f64>().ok())
            .flatten()
    })
}

/// The shape a sentence names (`crescent` → crescent-shape), of the
/// ontology's shapes; a ball unless another is named.
pub fn shape(text: &str) -> String {
    let onto = sous_kitchen::Ontology::get();
    let ws = words(text);
    for w in &ws {
        let name = format!("{w}-shape");
        if w != "ball" && onto.id(&name).is_some() {
            return name;
        }
    }
    "ball-shape".to_string()
}

/// Words after which a verb of the lexicon is a noun.
const DETERMINERS: [&str; 11] = [
    "the", "a", "an", "their", "its", "his", "her", "your", "this", "that", "each",
];

/// The clauses of an instruction, each with its verb (the first word of the
/// clause that the lexicon knows), in order.
pub fn clauses(sentence: &str) -> Vec<(&'static Verb, String)> {
    let lexicon = verbs();
    let mut out = Vec::new();
    for part in sentence.split(['.', ';']) {
        // "… and mix", "…, then bake": a known verb after `and`/`then` starts a clause.
        let ws: Vec<&str> = part.split_whitespace().collect();
        let mut start = 0;
        let mut verb: Option<&'static Verb> = None;
        for (i, w) in ws.iter().enumerate() {
            // `Tip: …`, `Note:`: a heading, not a verb.
            if w.ends_with(':') {
                continue;
            }
            let lw = w.to_lowercase();
            let lw = lw.trim_matches(|c: char| !c.is_alphanumeric());
            // A participle after a comma or `by` (`by combining the sugar`).
            let after_comma =
                i > 0 && (ws[i - 1].ends_with(',') || ws[i - 1].eq_ignore_ascii_case("by"));
            // `…, stirring until well mixed`: a participle after a comma,
            // unless the clause before already mixed (`beat in …, mixing well`).
            let mixed_before = verb.is_some_and(|v| v.kind == Kind::Combine);
            // `Cool before cutting into squares`: what follows `before` is
            // the next step.
            let after_before = i > 0 && ws[i - 1].eq_ignore_ascii_case("before");
            let Some(v) = lexicon.get(lw).or_else(|| {
                (after_comma && !mixed_before)
                    .then(|| participle(lw))
                    .flatten()
                    .or_else(|| {
                        after_before
                            .then(|| participle_of_any(lw))
                            .flatten()
                            .filter(|v| matches!(v.kind, Kind::Cut | Kind::Combine | Kind::Add))
                    })
            }) else {
                continue;
            };
            // `Butter a pan`, `and butter the pan`: a verb before a
            // determiner; `the flour, butter and eggs`: a name.
            let before_determiner = ws
                .get(i + 1)
                .is_some_and(|n| matches!(n.to_lowercase().as_str(), "a" | "an" | "the" | "your"));
            if v.first_only && i > 0 && !before_determiner {
                continue;
            }
            // `mix briefly to incorporate`: a purpose, not a second step.
            let purpose = i > 0
                && ws[i - 1].eq_ignore_ascii_case("to")
                && verb.is_some_and(|p| p.kind == v.kind);
            if purpose {
                continue;
            }
            // Adverbs before the verb do not count (`and gently toss`).
            let mut j = i;
            while j > 0 && {
                let p = ws[j - 1].to_lowercase();
                p.trim_matches(|c: char| !c.is_alphanumeric())
                    .ends_with("ly")
                    && !p.ends_with(',')
            } {
                j -= 1;
            }
            // `Let the cookies cool`, `allow it to stand`: the verb a few
            // words after `let` or `allow`.
            let after_let = (i.saturating_sub(4)..i).any(|k| {
                matches!(
                    ws[k]
                        .to_lowercase()
                        .trim_matches(|c: char| !c.is_alphanumeric()),
                    "let" | "allow"
                )
            }) && !DETERMINERS.contains(&ws[i - 1].to_lowercase().as_str());
            let starts_clause = j == 0
                || after_let
                || after_before
                || matches!(
                    ws[j - 1]
                        .to_lowercase()
                        .trim_matches(|c: char| !c.is_alphanumeric()),
                    "and" | "then" | "to" | "by" | "let"
                )
                || ws[j - 1].ends_with(',')
                || ws[j - 1].ends_with(':');
            if !starts_clause {
                continue;
            }
            if let Some(prev) = verb {
                // The adverbs before the verb are its clause's (`and thinly
                // slice`).
                out.push((prev, ws[start..j].join(" ")));
                start = j;
            }
            // Words before the first verb (`In a separate bowl, beat …`)
            // stay with its clause.
            verb = Some(v);
        }
        if let Some(v) = verb {
            // `Beat in the egg, then the vanilla`: `then` with no verb of its
            // own repeats the verb before it.
            let tail = &ws[start..];
            let then = tail.iter().position(|w| w.eq_ignore_ascii_case("then"));
            match then.filter(|&t| t > 0 && tail[t - 1].ends_with(',') && t + 1 < tail.len()) {
                Some(t) => {
                    out.push((v, tail[..t].join(" ")));
                    out.push((v, tail[t + 1..].join(" ")));
                }
                None => out.push((v, tail.join(" "))),
            }
        } else if let Some(v) = ws.iter().enumerate().find_map(|(i, w)| {
            // No clause starts with a verb (`In a separate bowl combine …`):
            // the first verb anywhere governs the whole part, unless a
            // determiner makes it a noun (`hold their shape`).
            let noun = w.ends_with(':')
                || i > 0 && DETERMINERS.contains(&ws[i - 1].to_lowercase().as_str());
            let lw = w.to_lowercase();
            let lw = lw.trim_matches(|c: char| !c.is_alphanumeric());
            lexicon.get(lw).filter(|v| !(noun || v.first_only && i > 0))
        }) {
            out.push((v, ws.join(" ")));
        }
    }
    out
}

/// The verb of a present participle of combining (`stirring` → stir,
/// `mixing` → mix, `combining` → combine), if the lexicon knows it.
fn participle(word: &str) -> Option<&'static Verb> {
    participle_of_any(word).filter(|v| matches!(v.kind, Kind::Combine | Kind::Add))
}

/// The verb of any present participle the lexicon knows (`cutting` → cut).
fn participle_of_any(word: &str) -> Option<&'static Verb> {
    let stem = word.strip_suffix("ing")?;
    let lexicon = verbs();
    let undoubled = stem
        .len()
        .checked_sub(1)
        .filter(|&n| n > 0 && stem.as_bytes()[n] == stem.as_bytes()[n - 1])
        .map(|n| &stem[..n]);
    lexicon
        .get(stem)
        .or_else(|| undoubled.and_then(|s| lexicon.get(s)))
        .or_else(|| lexicon.get(&format!("{stem}e")))
}

/// Which of the ingredients (their name words) a clause names. A name
/// written out in full (`almond flour`) is that ingredient; each further
/// mention of a head word (`the flour`) goes to the plainest ingredient with
/// that head not named yet; a word of a longer name written apart from its
/// head (`the vanilla and almond extracts`, `the flour and almonds`) names
/// the ingredient it belongs to, preferring one not used yet.
///
/// `plain[i]`: whether ingredient `i` is what its head word alone means
/// (`flour` is all-purpose flour): among several, that one goes first.
pub fn mentioned(
    clause: &[String],
    names: &[Vec<String>],
    used: &[bool],
    plain: &[bool],
) -> Vec<usize> {
    let mut out = Vec::new();
    let mut covered = vec![false; clause.len()];
    // Names written out in full, one ingredient per mention (two lines
    // may name the same thing: the unused one first); then the ends of
    // longer names (`olive oil` for extra-virgin olive oil, below), so that
    // their words name nothing else.
    for (i, n) in names.iter().enumerate() {
        if n.len() < 2 || out.contains(&i) {
            continue;
        }
        let mut same: Vec<usize> = (0..names.len()).filter(|&j| names[j] == *n).collect();
        same.sort_by_key(|&j| (used[j], j));
        let mut next = same.into_iter();
        for at in 0..clause.len().saturating_sub(n.len() - 1) {
            if clause[at..at + n.len()] == n[..] && !covered[at] {
                covered[at..at + n.len()].iter_mut().for_each(|c| *c = true);
                if let Some(j) = next.next() {
                    out.push(j);
                }
            }
        }
    }
    for (i, n) in names.iter().enumerate() {
        if n.len() < 3 || out.contains(&i) {
            continue;
        }
        for k in 1..n.len() - 1 {
            let end = &n[k..];
            let free = |at: usize| !covered[at..at + end.len()].iter().any(|c| *c);
            let at = (0..clause.len().saturating_sub(end.len() - 1))
                .find(|&at| clause[at..at + end.len()] == end[..] && free(at));
            // Only when no other name is spelled that way itself.
            let other = names.iter().any(|m| m[..] == end[..]);
            if let (Some(at), false) = (at, other) {
                covered[at..at + end.len()]
                    .iter_mut()
                    .for_each(|c| *c = true);
                out.push(i);
                break;
            }
        }
    }
    // Each further mention of a head word: the plainest not named yet.
    let mut heads: Vec<&String> = names.iter().filter_map(|n| n.last()).collect();
    heads.sort();
    heads.dedup();
    for head in heads {
        let at: Vec<usize> = (0..clause.len())
            .filter(|&a| !covered[a] && clause[a] == *head)
            .collect();
        let mut rest: Vec<usize> = (0..names.len())
            .filter(|&i| names[i].last() == Some(head) && !out.contains(&i))
            .collect();
        rest.sort_by_key(|&i| (used[i], !plain[i], names[i].len(), i));
        for (&a, i) in at.iter().zip(rest) {
            covered[a] = true;
            out.push(i);
        }
    }
    // Words of longer names written apart from their head.
    let heads: Vec<&String> = names.iter().filter_map(|n| n.last()).collect();
    for (at, w) in clause.iter().enumerate() {
        if covered[at] || heads.contains(&w) {
            continue;
        }
        let mut candidates: Vec<usize> = (0..names.len())
            .filter(|&i| names[i].len() > 1 && names[i][..names[i].len() - 1].contains(w))
            .filter(|i| !out.contains(i))
            .collect();
        candidates.sort_by_key(|&i| (used[i], i));
        if let Some(&i) = candidates.first() {
            out.push(i);
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// A temperature in °C (`175°C`, `350 degrees F`, `180 degrees C`).
pub fn temperature(text: &str) -> Option<f64> {
    let t = text.replace('°', " ° ");
    let ws: Vec<&str> = t.split_whitespace().collect();
    let bare = |i: usize, v: f64| {
        // `Bake at 180 for 20 minutes`: a number after `at` or `to` in an
        // oven's range is a temperature (°F above 300).
        let before = i.checked_sub(1).map(|j| ws[j].to_lowercase());
        let after = ws.get(i + 1).map(|w| w.to_lowercase());
        let unit_follows = after.is_some_and(|a| {
            a.starts_with("min")
                || a.starts_with("hour")
                || a.starts_with('g')
                || a.starts_with("cm")
        });
        (matches!(before.as_deref(), Some("at" | "to"))
            && !unit_follows
            && (100.0..=550.0).contains(&v))
        .then(|| {
            if v > 300.0 {
                ((v - 32.0) * 5.0 / 9.0).round()
            } else {
                v
            }
        })
    };
    for (i, w) in ws.iter().enumerate() {
        let Ok(v) = w
            .trim_matches(|c: char| !c.is_ascii_digit() && c != '.')
            .parse::<f64>()
        else {
            continue;
        };
        let next: Vec<String> = ws[i + 1..(i + 4).min(ws.len())]
            .iter()
            .map(|w| w.to_lowercase())
            .collect();
        let is_temp = next
            .first()
            .is_some_and(|n| n == "°" || n.starts_with("degree"));
        if !is_temp {
            match bare(i, v) {
                Some(t) => return Some(t),
                None => continue,
            }
        }
        // The scale is the word right after the marker (`° F`, `degrees F`).
        let fahrenheit = next
            .get(1)
            .map(|n| n.trim_matches(|c: char| !c.is_alphabetic()))
            .is_some_and(|n| n == "f" || n == "fahrenheit");
        return Some(if fahrenheit {
            ((v - 32.0) * 5.0 / 9.0).round()
        } else {
            v
        });
    }
    None
}

/// A duration (`15 minutes`, `1 hour`, `30-35 minutes`: the lower bound).
pub fn duration(text: &str) -> Option<(f64, &'static str)> {
    let lex = crate::lexicon::Lexicon::get();
    let ws: Vec<String> = text.split_whitespace().map(|w| w.to_lowercase()).collect();
    for (i, w) in ws.iter().enumerate() {
        let Some((unit, factor)) = ws
            .get(i + 1)
            .map(|u| u.trim_matches(|c: char| !c.is_alphabetic()))
            .and_then(|u| lex.time_unit(u))
        else {
            continue;
        };
        if w == "a" && i > 0 && ws[i - 1] == "half" {
            return Some((0.5 * factor, unit));
        }
        // `a few minutes`, `several minutes`.
        if let Some(v) = lex.vague_amount(w) {
            return Some((v * factor, unit));
        }
        let lo = w.split(['-', '–']).next().unwrap_or(w);
        if let Some((v, _)) = crate::quantity::read_quantity(&[lo]) {
            return Some((v * factor, unit));
        }
    }
    // `Bake for 10 in the preheated oven`: minutes.
    let bare = ws
        .windows(2)
        .find_map(|w| (w[0] == "for").then(|| w[1].parse::<f64>().ok()).flatten());
    if let Some(v) = bare {
        return Some((v, "minute"));
    }
    ws.iter().find_map(|w| lex.time_word(w))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[&str]) -> Vec<Vec<String>> {
        list.iter().map(|n| words(n)).collect()
    }

    /// Whether each name is what its head alone means, by the lexicon.
    fn plain(names: &[Vec<String>]) -> Vec<bool> {
        let lex = crate::lexicon::Lexicon::get();
        names
            .iter()
            .map(|n| {
                let whole = lex.ingredient(n).map(|(c, _)| c);
                let head = n
                    .last()
                    .and_then(|h| lex.ingredient(std::slice::from_ref(h)));
                whole.is_some() && whole == head.map(|(c, _)| c)
            })
            .collect()
    }

    #[test]
    fn clauses_split_on_verbs_after_and() {
        let c = clauses("Add the vanilla and almond extracts and mix.");
        let kinds: Vec<Kind> = c.iter().map(|(v, _)| v.kind).collect();
        assert_eq!(kinds, [Kind::Add, Kind::Combine]);
    }

    #[test]
    fn mentions_go_to_the_right_ingredients() {
        let n = names(&[
            "butter",
            "sugar",
            "vanilla extract",
            "almond extract",
            "all-purpose flour",
            "almond flour",
            "powdered sugar",
        ]);
        let used = vec![false; n.len()];
        assert_eq!(
            mentioned(
                &words("Beat the butter and the sugar together"),
                &n,
                &used,
                &plain(&n)
            ),
            [0, 1]
        );
        assert_eq!(
            mentioned(
                &words("Add the vanilla and almond extracts"),
                &n,
                &used,
                &plain(&n)
            ),
            [2, 3]
        );
        assert_eq!(
            mentioned(
                &words("Add the flour and almond flour"),
                &n,
                &used,
                &plain(&n)
            ),
            [4, 5]
        );
        assert_eq!(
            mentioned(
                &words("Dust each cookie with powdered sugar"),
                &n,
                &used,
                &plain(&n)
            ),
            [6]
        );
        let almonds = names(&["almond extract", "almond"]);
        assert_eq!(
            mentioned(
                &words("Add vanilla extract, almond extract, and salt"),
                &almonds,
                &[false, false],
                &plain(&almonds)
            ),
            [0]
        );
        let oils = names(&["extra virgin olive oil", "black olive"]);
        assert_eq!(
            mentioned(
                &words("Whisk together olive oil and lemon juice"),
                &oils,
                &[false, true],
                &plain(&oils)
            ),
            [0]
        );
        let extracts_used: Vec<bool> = (0..n.len()).map(|i| i == 2 || i == 3).collect();
        assert_eq!(
            mentioned(
                &words("Stir in the flour and almonds"),
                &n,
                &extracts_used,
                &plain(&n)
            ),
            [4, 5]
        );
    }

    #[test]
    fn a_verb_later_in_the_sentence_governs_it_when_none_starts_a_clause() {
        let c = clauses("In a separate large bowl combine vinegar, sugar and mayo.");
        assert_eq!(c.len(), 1);
        assert_eq!(c[0].0.kind, Kind::Combine);
        let c = clauses("Cut cooked bacon into pieces.");
        assert_eq!(c[0].0.pattern.as_deref(), Some("chopped"));
    }

    #[test]
    fn words_before_the_first_verb_and_participles_belong_to_clauses() {
        let c = clauses("In a separate bowl, beat eggs with a fork and add oil");
        assert!(c[0]
            .1
            .starts_with("In a separate bowl, beat eggs with a fork"));
        let c = clauses("pour into flour mixture, stirring until well mixed");
        let kinds: Vec<Kind> = c.iter().map(|(v, _)| v.kind).collect();
        assert_eq!(kinds, [Kind::Add, Kind::Combine]);
        assert!(participle("combining").is_some() && participle("tossing").is_some());
        assert!(participle("during").is_none());
        assert!(participle("baking").is_none());
        let c = clauses("Prepare the icing by combining the icing sugar and water.");
        assert_eq!(c.len(), 1);
        assert_eq!(c[0].0.kind, Kind::Combine);
        let c = clauses("Beat in 1 egg and 1 teaspoon vanilla, mixing well");
        assert_eq!(c.len(), 1);
        let c = clauses("Add the salt; mix briefly to incorporate.");
        assert_eq!(c.len(), 2);
    }

    #[test]
    fn adverbs_before_a_verb_do_not_hide_it() {
        let c = clauses("Pour it over the bean mix, and gently toss together until well mixed.");
        assert_eq!(c.len(), 2);
        let c = clauses(
            "Once combined, carefully and gently fold in the mango and season lightly with salt.",
        );
        let kinds: Vec<Kind> = c.iter().map(|(v, _)| v.kind).collect();
        assert_eq!(kinds, [Kind::Combine, Kind::Add]);
    }

    #[test]
    fn butter_is_a_verb_only_first() {
        let c = clauses("Butter a 23 x 23 cm baking pan.");
        assert_eq!(c[0].0.kind, Kind::Grease);
        let c = clauses("Add the flour, butter and eggs.");
        assert_eq!(c.len(), 1);
        let c = clauses("Preheat the oven to 175°C, and butter a loaf pan.");
        assert_eq!(c[1].0.kind, Kind::Grease);
    }

    #[test]
    fn a_word_before_a_colon_is_no_verb() {
        let c = clauses("Tip: chill the dough for 30 minutes.");
        assert_eq!(c.len(), 1);
        assert_eq!(c[0].0.kind, Kind::Chill);
    }

    #[test]
    fn adverbs_stay_with_their_verb() {
        let c = clauses("Peel, core and thinly slice the apples.");
        assert_eq!(c.len(), 3);
        assert_eq!(c[2].1, "thinly slice the apples");
    }

    #[test]
    fn before_cutting_is_a_step() {
        let c = clauses("Cool before cutting into squares.");
        let kinds: Vec<Kind> = c.iter().map(|(v, _)| v.kind).collect();
        assert_eq!(kinds, [Kind::Cool, Kind::Cut]);
        let c = clauses("Let stand 5 minutes before baking.");
        assert_eq!(c.len(), 1);
    }

    #[test]
    fn let_and_then_make_clauses() {
        let c = clauses("Beat in the egg, then the vanilla.");
        assert_eq!(c.len(), 2);
        assert_eq!(c[1].1, "the vanilla");
        let c = clauses(
            "Let the cookies cool on the baking sheet for 5 minutes, then transfer to a wire rack.",
        );
        let kinds: Vec<Kind> = c.iter().map(|(v, _)| v.kind).collect();
        assert_eq!(kinds, [Kind::Cool, Kind::Place]);
    }

    #[test]
    fn a_verb_after_a_determiner_is_a_noun() {
        assert!(clauses("so they are just firm enough to hold their shape").is_empty());
    }

    #[test]
    fn verbs_name_classes_of_the_ontology() {
        let onto = sous_kitchen::Ontology::get();
        for (word, v) in verbs() {
            for b in &v.beats {
                assert!(onto.id(b).is_some(), "{word}: {b} is no class");
            }
            if let Some(p) = &v.pattern {
                assert!(onto.id(p).is_some(), "{word}: {p} is no pattern");
            }
        }
    }

    #[test]
    fn cut_patterns_from_phrases() {
        assert_eq!(
            cut_pattern(&words("Thinly slice the radishes"), "slices"),
            "fine-slices"
        );
        assert_eq!(
            cut_pattern(&words("Cut the bread into 2-cm cubes"), "chopped"),
            "two-cm-cubes"
        );
        assert_eq!(cut_pattern(&words("Chop the onion"), "chopped"), "chopped");
        for p in lexicon().cut_phrases.values() {
            assert!(
                sous_kitchen::Ontology::get().id(p).is_some(),
                "{p} is no pattern"
            );
        }
    }

    #[test]
    fn shapes_and_portion_weights() {
        assert_eq!(shape("then shape into a crescent shape"), "crescent-shape");
        assert_eq!(shape("roll it into a small ball"), "ball-shape");
        assert_eq!(grams("divide into portions of 30 g"), Some(30.0));
        assert_eq!(grams("take generous tablespoons"), None);
    }

    #[test]
    fn temperatures_and_times() {
        assert_eq!(temperature("Bake at 175°C for 15 minutes."), Some(175.0));
        assert_eq!(
            temperature("Preheat the oven to 350 degrees F."),
            Some(177.0)
        );
        assert_eq!(
            duration("Bake at 175°C for 15 minutes."),
            Some((15.0, "minute"))
        );
        assert_eq!(duration("chill for 1 hour"), Some((1.0, "hour")));
        assert_eq!(duration("Bake for 10 in the oven"), Some((10.0, "minute")));
        assert_eq!(duration("made a day ahead"), Some((24.0, "hour")));
        assert_eq!(duration("stay for half a minute"), Some((0.5, "minute")));
        assert_eq!(
            duration("cool in the pan for a few minutes"),
            Some((3.0, "minute"))
        );
        // The words of time are data (lexicon.toml): a day is 24 hours
        // wherever it is said, and `overnight` is 8.
        assert_eq!(duration("leave it for half a day"), Some((12.0, "hour")));
        assert_eq!(duration("let it rest for a few days"), Some((72.0, "hour")));
        assert_eq!(duration("chill for 2 hrs"), Some((2.0, "hour")));
        assert_eq!(duration("refrigerate overnight"), Some((8.0, "hour")));
    }
}
