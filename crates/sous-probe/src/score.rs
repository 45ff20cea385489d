//! `sous probe score`: a model's answers against the instances' exact
//! answers: accuracy per task and overall (exact match), set F1 where the
//! answer is a set, and a confusion summary.

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;
use serde_json::Value;

use crate::tasks::AnswerKind;

#[derive(Debug, thiserror::Error)]
pub enum ScoreError {
    #[error("{file}:{line}: {message}")]
    Line {
        file: String,
        line: usize,
        message: String,
    },
    /// Answers to instances the instance file does not have: scored against
    /// the wrong file, or made from another run's ids.
    #[error(
        "{count} of {answers} answers have ids that no instance in the instance file has (first: {first}); \
         were the answers made for another instance file? (ids are content hashes: the same \
         question keeps its id across seeds and caps, another question gets another id)"
    )]
    UnknownIds {
        count: usize,
        answers: usize,
        first: String,
    },
}

/// Per task (and overall): how the answers fared.
#[derive(Debug, Default, Clone, Serialize)]
pub struct TaskScore {
    pub instances: usize,
    pub answered: usize,
    pub correct: usize,
    pub accuracy: f64,
    /// Mean set F1 over set-valued instances (`None` when the task has none).
    pub f1: Option<f64>,
    /// The mean chance rate of the task's instances.
    pub chance: f64,
    /// Exact, partly right (F1 > 0), wrong, missing; for true/false answers
    /// also the four cells (true-true, true-false, false-true, false-false:
    /// expected then given).
    pub confusion: BTreeMap<String, usize>,
    #[serde(skip)]
    f1_sum: f64,
    #[serde(skip)]
    f1_n: usize,
    #[serde(skip)]
    chance_sum: f64,
}

#[derive(Debug, Clone, Serialize)]
pub struct Scores {
    pub tasks: BTreeMap<String, TaskScore>,
    pub overall: TaskScore,
    /// Instances without an answer (they count as wrong, and as F1 0).
    pub unanswered: usize,
}

/// Reads JSON lines: each non-empty line one object.
pub fn read_jsonl(file: &str, text: &str) -> Result<Vec<Value>, ScoreError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let v: Value = serde_json::from_str(line).map_err(|e| ScoreError::Line {
            file: file.into(),
            line: i + 1,
            message: format!("not JSON: {e}"),
        })?;
        if !v.is_object() {
            return Err(ScoreError::Line {
                file: file.into(),
                line: i + 1,
                message: "expected a JSON object".into(),
            });
        }
        out.push(v);
    }
    Ok(out)
}

/// Lower case, words joined by hyphens, without a leading article or a
/// final full stop: "The baking tray." is `baking-tray`.
fn norm(s: &str) -> String {
    let s = s.trim().trim_end_matches('.').to_lowercase();
    let s = ["the ", "a ", "an "]
        .iter()
        .find_map(|a| s.strip_prefix(a))
        .unwrap_or(&s)
        .trim()
        .to_string();
    s.replace(['_', ' '], "-")
}

/// Items of a set answer: a list, or a comma-separated string.
fn set_of(v: &Value) -> BTreeSet<String> {
    match v {
        Value::Array(a) => a.iter().map(|x| norm(&text_of(x))).collect(),
        Value::String(s) => s
            .split([',', ';'])
            .map(norm)
            .filter(|x| !x.is_empty())
            .collect(),
        Value::Object(o) if o.contains_key("ingredients") => set_of(&o["ingredients"]),
        other => [norm(&text_of(other))].into_iter().collect(),
    }
}

fn text_of(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// Each given item that is not an expected item but names exactly one of
/// them, by a synonym (`data/probe.toml`), as its direct superclass in the
/// ontology ("sugar" for white-sugar where no other sugar is expected) or
/// as what an action makes of it ("egg yolk" for the egg, `made_from`),
/// becomes that item.
fn resolve(expected: &BTreeSet<String>, given: BTreeSet<String>) -> BTreeSet<String> {
    resolve_as(expected, given, false)
}

/// [`resolve`]; with `ingredients`, also a kind of an expected item, or
/// the item under the words of how it was prepared, names it: the
/// ingredients of a description ("chopped broccoli" is the broccoli).
/// Never for containers and tools, where a kind of bowl is not the bowl.
fn resolve_as(
    expected: &BTreeSet<String>,
    given: BTreeSet<String>,
    ingredients: bool,
) -> BTreeSet<String> {
    let knowledge = crate::knowledge::Knowledge::get();
    let synonyms = &knowledge.synonyms;
    let onto = sous_kitchen::Ontology::get();
    let named = |e: &str, g: &str| {
        synonyms
            .get(e)
            .is_some_and(|ws| ws.iter().any(|w| norm(w) == g))
            || knowledge.made_from.get(g).is_some_and(|from| from == e)
            || reader_class(g)
                .and_then(|c| knowledge.made_from.get(onto.name(c)))
                .is_some_and(|from| from == e)
            || onto.id(e).is_some_and(|e| reader_class(g) == Some(e))
            || onto.id(e).zip(onto.id(g)).is_some_and(|(e, g)| {
                onto.class(e).direct_superclasses.contains(&g) || (ingredients && onto.is_a(g, e))
            })
    };
    // Without the words that say how it was prepared: "chopped walnut" is
    // the walnut, though the kitchen has a class of that name.
    let lexicon = sous_agent::lexicon::Lexicon::get();
    let names = |e: &str, g: &str| {
        named(e, g)
            || ingredients && {
                let words: Vec<&str> = g.split('-').collect();
                let start = words
                    .iter()
                    .position(|w| !lexicon.is_modifier(w))
                    .unwrap_or(words.len());
                let bare = words[start..].join("-");
                start > 0 && !bare.is_empty() && (bare == e || named(e, &bare))
            }
    };
    given
        .into_iter()
        .map(|g| {
            if expected.contains(&g) {
                return g;
            }
            // Items of a table (`3/input/butter`) name items of the same
            // step and side.
            let split = |x: &str| -> (String, String) {
                x.rsplit_once('/')
                    .map_or((String::new(), x.to_string()), |(p, n)| {
                        (p.to_string(), n.to_string())
                    })
            };
            let (gp, gn) = split(&g);
            let mut hits = expected.iter().filter(|e| {
                let (ep, en) = split(e);
                ep == gp && names(&en, &gn)
            });
            match (hits.next(), hits.next()) {
                (Some(e), None) => e.clone(),
                _ => g,
            }
        })
        .collect()
}

/// The class a reader's words name (`g`, an answer as [`norm`] writes it:
/// `icing-sugar`, `baking-sheet`, `carrots`), as the baseline agent reads
/// a recipe: its tool words (`data/habits.toml`), its ingredient names and
/// synonyms (`data/lexicon.toml`, plurals made singular), and for a name
/// it does not list, the ingredient sharing most of its words.
fn reader_class(g: &str) -> Option<sous_kitchen::ClassId> {
    use sous_agent::lexicon::Match;
    // As written (the lexicon tries them singular too: `confectioners
    // sugar` is listed as it is written), and made singular.
    let words: Vec<String> = g
        .replace('-', " ")
        .split_whitespace()
        .map(|w| w.replace(['\'', '’'], ""))
        .collect();
    if words.is_empty() {
        return None;
    }
    // The reader's words before the kitchen's names: a recipe's saucepan
    // is the kitchen's cooking pot, its icing sugar the powdered sugar.
    let onto = sous_kitchen::Ontology::get();
    let singular = sous_agent::words::words(&words.join(" "));
    if let [tool] = sous_agent::habits::Habits::get().tools(&singular)[..] {
        return onto.id(tool);
    }
    let lexicon = sous_agent::lexicon::Lexicon::get();
    match lexicon.ingredient(&words) {
        Some((c, Match::Class | Match::Synonym | Match::Head)) => Some(c),
        // A name the lexicon does not list is the class sharing most of
        // its words (`mozzarella cheese`: grated mozzarella), unless it is
        // a class of its own.
        Some((c, Match::Nearest)) => onto.id(&singular.join("-")).or(Some(c)),
        None => onto.id(&singular.join("-")),
    }
}

fn f1(expected: &BTreeSet<String>, given: &BTreeSet<String>) -> f64 {
    if expected.is_empty() && given.is_empty() {
        return 1.0;
    }
    let hit = expected.intersection(given).count() as f64;
    if hit == 0.0 {
        return 0.0;
    }
    let (p, r) = (hit / given.len() as f64, hit / expected.len() as f64);
    2.0 * p * r / (p + r)
}

fn integer(v: &Value) -> Option<i64> {
    match v {
        Value::Number(n) => n.as_i64().or_else(|| n.as_f64().map(|f| f.round() as i64)),
        Value::String(s) => s
            .split(|c: char| !c.is_ascii_digit() && c != '-')
            .find(|t| !t.is_empty() && t != &"-")
            .and_then(|t| t.parse().ok()),
        _ => None,
    }
}

fn boolean(v: &Value) -> Option<bool> {
    match v {
        Value::Bool(b) => Some(*b),
        Value::String(s) => match norm(s).as_str() {
            "true" | "yes" => Some(true),
            "false" | "no" => Some(false),
            _ => None,
        },
        _ => None,
    }
}

/// A number; in a string, a unit of mass after it is converted to grams
/// ("0.12 kg" is 120, "4 oz" 113.4) with the unit table
/// (`sous-kitchen/data/units.toml`).
fn number(v: &Value) -> Option<f64> {
    match v {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => {
            let start = s.find(|c: char| c.is_ascii_digit() || c == '.' || c == '-')?;
            let rest = &s[start..];
            let end = rest
                .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-'))
                .unwrap_or(rest.len());
            let x: f64 = rest[..end].parse().ok()?;
            let unit = rest[end..]
                .split_whitespace()
                .next()
                .unwrap_or("")
                .to_lowercase();
            Some(x * grams_per_unit(&unit).unwrap_or(1.0))
        }
        _ => None,
    }
}

/// Grams in one `word` of a mass unit ("kg", "ounces"), if it is one.
fn grams_per_unit(word: &str) -> Option<f64> {
    #[derive(serde::Deserialize)]
    struct Units {
        units: BTreeMap<String, Unit>,
    }
    #[derive(serde::Deserialize)]
    struct Unit {
        words: Vec<String>,
        to: Option<String>,
        factor: Option<f64>,
    }
    static TABLE: std::sync::OnceLock<BTreeMap<String, f64>> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let units: Units =
            toml::from_str(sous_kitchen::UNITS_TOML).expect("the unit table is valid TOML");
        let mut out = BTreeMap::new();
        for (name, u) in &units.units {
            let grams = match (name.as_str(), u.to.as_deref()) {
                ("g", _) => Some(1.0),
                (_, Some("g")) => u.factor,
                _ => None,
            };
            if let Some(g) = grams {
                for w in &u.words {
                    out.insert(w.to_lowercase(), g);
                }
            }
        }
        out
    });
    table.get(word).copied()
}

/// The ingredient sets of a described answer, keyed so that they can be
/// compared: `result` has one set; `input-output` one per step and side.
fn described_sets(v: &Value) -> BTreeSet<String> {
    match v {
        Value::Array(rows) if rows.iter().all(|r| r.get("step").is_some()) => {
            let mut out = BTreeSet::new();
            for r in rows {
                let step = text_of(&r["step"]);
                for side in ["input", "output"] {
                    for item in r[side].as_array().into_iter().flatten() {
                        for g in set_of(item) {
                            out.insert(format!("{step}/{side}/{g}"));
                        }
                    }
                }
            }
            out
        }
        // Free text: a table of steps, or a description.
        Value::String(s) if s.contains('|') => table_sets(s),
        Value::String(s) => {
            let named = mentions(s);
            if named.is_empty() {
                set_of(v)
            } else {
                named
            }
        }
        other => set_of(other),
    }
}

/// The sets of a table written as text, one row a step: `| 3 | butter
/// (200 g); sugar | beaten mixture of sugar and butter |`. A row whose
/// first cell is no step number (a header, a rule) is skipped.
fn table_sets(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for line in text.lines() {
        let cells: Vec<&str> = line.trim().trim_matches('|').split('|').collect();
        let [step, input, output, ..] = cells[..] else {
            continue;
        };
        let Ok(step) = step.trim().parse::<i64>() else {
            continue;
        };
        for (side, cell) in [("input", input), ("output", output)] {
            for g in mentions(cell) {
                out.insert(format!("{step}/{side}/{g}"));
            }
        }
    }
    out
}

/// The longest run of words the reader's lexicon takes for one name.
const LONGEST_NAME: usize = 5;

/// The ingredients a free text names, in the reader's words
/// (`sous-agent/data/lexicon.toml`): left to right, each longest run of
/// words that is an ingredient's name or one of its synonyms (a mixture
/// is no ingredient here). Quantities,
/// containers and the words around them name nothing: a description
/// ("beaten mixture of caster sugar (100 g) and butter (200 g), in a large
/// bowl") gives its ingredients.
fn mentions(text: &str) -> BTreeSet<String> {
    use sous_agent::lexicon::{Lexicon, Match};
    let lexicon = Lexicon::get();
    let onto = sous_kitchen::Ontology::get();
    let lower = text.to_lowercase().replace(['\'', '’'], "");
    let words: Vec<String> = lower
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect();
    let mut out = BTreeSet::new();
    let mut at = 0;
    while at < words.len() {
        let longest = LONGEST_NAME.min(words.len() - at);
        // A mixture is what steps make, never an ingredient of one.
        let hit = (1..=longest).rev().find(|&n| {
            matches!(lexicon.ingredient(&words[at..at + n]),
                Some((c, Match::Class | Match::Synonym)) if !onto.is_a_name(c, "mixture"))
        });
        match hit {
            // As written: `resolve` reads the words as the scorer reads
            // any answer (a bare "sugar" may be the one sugar expected).
            Some(n) => {
                out.insert(words[at..at + n].join("-"));
                at += n;
            }
            None => at += 1,
        }
    }
    out
}

/// Whether `given` is a right answer where `expected` is, as `probe score`
/// judges it.
pub fn agrees(kind: AnswerKind, expected: &Value, given: &Value) -> bool {
    judge(kind, expected, given).0
}

/// One answer judged as `probe score` judges it, for harnesses that score
/// answer by answer (lm-evaluation-harness's `process_results`): whether it
/// is right and, where the answer is a set, its set F1.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Judgement {
    pub correct: bool,
    /// `None` where the task's answer is not a set.
    pub f1: Option<f64>,
}

/// Judges `given` against `instance` (an instance as `sous probe` writes
/// it). A missing answer (`null`) is wrong, and F1 0 where the answer is a
/// set, as in [`score`].
pub fn judge_one(instance: &Value, given: &Value) -> Judgement {
    let kind: AnswerKind =
        serde_json::from_value(instance["answer_kind"].clone()).unwrap_or(AnswerKind::Text);
    let set_valued = matches!(kind, AnswerKind::Set | AnswerKind::Described);
    if given.is_null() {
        return Judgement {
            correct: false,
            f1: set_valued.then_some(0.0),
        };
    }
    let (correct, f1) = judge(kind, &instance["answer"], given);
    Judgement { correct, f1 }
}

/// (correct, f1 if set-valued) of one answer.
pub(crate) fn judge(kind: AnswerKind, expected: &Value, given: &Value) -> (bool, Option<f64>) {
    match kind {
        AnswerKind::Integer => (
            integer(given).is_some() && integer(given) == integer(expected),
            None,
        ),
        AnswerKind::Boolean => (
            boolean(given).is_some() && boolean(given) == boolean(expected),
            None,
        ),
        AnswerKind::Text => {
            let e: BTreeSet<String> = [norm(&text_of(expected))].into();
            let g = resolve(&e, [norm(&text_of(given))].into());
            (e == g, None)
        }
        AnswerKind::Number => {
            let (e, g) = (number(expected), number(given));
            let ok =
                matches!((e, g), (Some(e), Some(g)) if (e - g).abs() <= (1e-3 * e.abs()).max(0.01));
            (ok, None)
        }
        AnswerKind::Range => {
            let pair = |v: &Value| -> Option<(i64, i64)> {
                match v {
                    Value::Array(a) if a.len() == 2 => Some((integer(&a[0])?, integer(&a[1])?)),
                    Value::String(s) => {
                        let nums: Vec<i64> = s
                            .split(|c: char| !c.is_ascii_digit())
                            .filter_map(|t| t.parse().ok())
                            .collect();
                        (nums.len() == 2).then(|| (nums[0], nums[1]))
                    }
                    _ => None,
                }
            };
            (pair(given).is_some() && pair(given) == pair(expected), None)
        }
        AnswerKind::Set => {
            let e = set_of(expected);
            let g = resolve(&e, set_of(given));
            (e == g, Some(f1(&e, &g)))
        }
        AnswerKind::Described => {
            let e = described_sets(expected);
            let g = resolve_as(&e, described_sets(given), true);
            (e == g, Some(f1(&e, &g)))
        }
    }
}

impl TaskScore {
    fn add(
        &mut self,
        chance: f64,
        set_valued: bool,
        outcome: Option<(bool, Option<f64>)>,
        bools: Option<(bool, Option<bool>)>,
    ) {
        self.instances += 1;
        // A missing set answer is F1 0, as it is wrong for accuracy.
        if set_valued && outcome.is_none() {
            self.f1_n += 1;
        }
        self.chance_sum += chance;
        let cell = match outcome {
            None => "missing",
            Some((true, _)) => "exact",
            Some((false, Some(f))) if f > 0.0 => "partial",
            Some(_) => "wrong",
        };
        *self.confusion.entry(cell.into()).or_default() += 1;
        if let Some((expected, Some(given))) = bools {
            *self
                .confusion
                .entry(format!("{expected}-{given}"))
                .or_default() += 1;
        }
        if let Some((ok, f)) = outcome {
            self.answered += 1;
            self.correct += usize::from(ok);
            if let Some(f) = f {
                self.f1_sum += f;
                self.f1_n += 1;
            }
        }
    }

    fn finish(&mut self) {
        self.accuracy = if self.instances == 0 {
            0.0
        } else {
            self.correct as f64 / self.instances as f64
        };
        self.f1 = (self.f1_n > 0).then(|| self.f1_sum / self.f1_n as f64);
        self.chance = if self.instances == 0 {
            0.0
        } else {
            self.chance_sum / self.instances as f64
        };
    }
}

/// Scores `answers` (objects with `id` and `answer`) against `instances`.
/// An instance without an answer counts as wrong in every metric. Answers
/// to ids the instances lack are refused: they were made for another file.
pub fn score(instances: &[Value], answers: &[Value]) -> Result<Scores, ScoreError> {
    let mut given: BTreeMap<String, &Value> = BTreeMap::new();
    for a in answers {
        if let Some(id) = a.get("id").and_then(Value::as_str) {
            given.insert(id.to_string(), a.get("answer").unwrap_or(&Value::Null));
        }
    }
    let known: BTreeSet<&str> = instances.iter().filter_map(|i| i["id"].as_str()).collect();
    let unknown: Vec<&String> = given
        .keys()
        .filter(|id| !known.contains(id.as_str()))
        .collect();
    if let Some(first) = unknown.first() {
        return Err(ScoreError::UnknownIds {
            count: unknown.len(),
            answers: given.len(),
            first: (*first).clone(),
        });
    }
    let mut unanswered = 0;
    let mut tasks: BTreeMap<String, TaskScore> = BTreeMap::new();
    let mut overall = TaskScore::default();
    for inst in instances {
        let task = inst["task"].as_str().unwrap_or("?").to_string();
        let kind: AnswerKind =
            serde_json::from_value(inst["answer_kind"].clone()).unwrap_or(AnswerKind::Text);
        let chance = inst["chance"].as_f64().unwrap_or(0.0);
        let answer = inst["id"].as_str().and_then(|id| given.get(id)).copied();
        let outcome = answer
            .filter(|a| !a.is_null())
            .map(|a| judge(kind, &inst["answer"], a));
        unanswered += usize::from(outcome.is_none());
        let set_valued = matches!(kind, AnswerKind::Set | AnswerKind::Described);
        let bools = (kind == AnswerKind::Boolean).then(|| {
            (
                boolean(&inst["answer"]).unwrap_or(false),
                answer.and_then(boolean),
            )
        });
        tasks
            .entry(task)
            .or_default()
            .add(chance, set_valued, outcome, bools);
        overall.add(chance, set_valued, outcome, bools);
    }
    for t in tasks.values_mut() {
        t.finish();
    }
    overall.finish();
    Ok(Scores {
        tasks,
        overall,
        unanswered,
    })
}

#[cfg(test)]
mod tests {

    #[test]
    fn answers_in_the_readers_words_name_their_classes() {
        let text = |e: &str, g: &str| agrees(AnswerKind::Text, &json!(e), &json!(g));
        let mut wrong = Vec::new();
        for (class, words) in [
            ("baking-tray", "baking sheet"),
            ("cooking-pot", "saucepan"),
            ("cooking-pot", "pot"),
            ("sift", "sieve"),
            ("powdered-white-sugar", "icing sugar"),
            ("corn-flakes", "cornflakes"),
            ("carrot", "carrots"),
            ("green-cabbage", "cabbage"),
            ("table-spoon", "tablespoon"),
            ("large-bowl", "the large bowl"),
            ("powdered-white-sugar", "confectioners sugar"),
        ] {
            if !text(class, words) {
                wrong.push(format!("{words} for {class}"));
            }
        }
        assert!(wrong.is_empty(), "not accepted: {wrong:?}");
        // Words of another class are not.
        assert!(!text("cooking-pot", "frying pan"));
        assert!(!text("white-sugar", "brown sugar"));
    }

    use super::*;
    use serde_json::json;

    #[test]
    fn answers_are_read_leniently_and_judged_exactly() {
        assert_eq!(
            judge(AnswerKind::Integer, &json!(3), &json!("step 3")),
            (true, None)
        );
        assert_eq!(
            judge(AnswerKind::Boolean, &json!(false), &json!("No")),
            (true, None)
        );
        assert_eq!(
            judge(AnswerKind::Set, &json!(["a", "c"]), &json!("c, a")),
            (true, Some(1.0))
        );
        let (ok, f) = judge(AnswerKind::Set, &json!(["a", "c"]), &json!(["a"]));
        assert!(!ok && (f.unwrap() - 2.0 / 3.0).abs() < 1e-12);
        assert_eq!(
            judge(AnswerKind::Number, &json!(230.0), &json!("230 g")),
            (true, None)
        );
        assert_eq!(
            judge(AnswerKind::Range, &json!([0, 3]), &json!("from 0 to 3")),
            (true, None)
        );
        assert_eq!(
            judge(
                AnswerKind::Text,
                &json!("counter-top"),
                &json!("Counter top")
            ),
            (true, None)
        );
    }

    #[test]
    fn scores_per_task_with_a_confusion_summary() {
        let instances = vec![
            json!({"id": "r/u/1", "task": "ingredient-usage", "answer": true, "answer_kind": "boolean", "chance": 0.5}),
            json!({"id": "r/u/2", "task": "ingredient-usage", "answer": false, "answer_kind": "boolean", "chance": 0.5}),
            json!({"id": "r/t/1", "task": "ingredient-tracing", "answer": ["a", "b"], "answer_kind": "set", "chance": 0.25}),
        ];
        let answers = vec![
            json!({"id": "r/u/1", "answer": true}),
            json!({"id": "r/u/2", "answer": true}),
            json!({"id": "r/t/1", "answer": ["a"]}),
        ];
        let s = score(&instances, &answers).unwrap();
        let usage = &s.tasks["ingredient-usage"];
        assert_eq!((usage.correct, usage.instances), (1, 2));
        assert_eq!(usage.confusion["false-true"], 1);
        let tracing = &s.tasks["ingredient-tracing"];
        assert_eq!(tracing.confusion["partial"], 1);
        assert_eq!(s.overall.instances, 3);
        assert_eq!(s.unanswered, 0);
    }

    #[test]
    fn answers_for_another_file_are_refused() {
        let instances = vec![
            json!({"id": "r/u/1", "task": "ingredient-usage", "answer": true, "answer_kind": "boolean", "chance": 0.5}),
        ];
        let answers = vec![json!({"id": "r/u/2", "answer": true})];
        let e = score(&instances, &answers).unwrap_err().to_string();
        assert!(e.contains("1 of 1 answers") && e.contains("r/u/2"), "{e}");
    }

    #[test]
    fn a_missing_answer_counts_in_every_metric() {
        let instances = vec![
            json!({"id": "r/t/1", "task": "ingredient-tracing", "answer": ["a", "b"], "answer_kind": "set", "chance": 0.25}),
            json!({"id": "r/t/2", "task": "ingredient-tracing", "answer": ["a"], "answer_kind": "set", "chance": 0.5}),
        ];
        let answers = vec![json!({"id": "r/t/1", "answer": ["a", "b"]})];
        let s = score(&instances, &answers).unwrap();
        let t = &s.tasks["ingredient-tracing"];
        assert_eq!((t.accuracy, t.f1), (0.5, Some(0.5)));
        assert_eq!(s.unanswered, 1);
    }

    #[test]
    fn synonyms_superclasses_and_units_are_understood() {
        let text = |e: &str, g: &str| judge(AnswerKind::Text, &json!(e), &json!(g)).0;
        assert!(text("cookie-sheet", "baking sheet"));
        assert!(text("counter-top", "Countertop"));
        assert!(!text("counter-top", "oven"));
        let set = |e: Value, g: Value| judge(AnswerKind::Set, &e, &g).0;
        assert!(set(
            json!(["white-sugar", "butter"]),
            json!("sugar, butter")
        ));
        // Two sugars expected: "sugar" names neither.
        assert!(!set(
            json!(["white-sugar", "brown-sugar"]),
            json!("sugar, brown sugar")
        ));
        // The class itself is still its own answer.
        assert!(set(json!(["sugar"]), json!("sugar")));
        let grams = |e: f64, g: &str| judge(AnswerKind::Number, &json!(e), &json!(g)).0;
        assert!(grams(120.0, "0.12 kg"));
        assert!(grams(120.0, "120 g"));
        assert!(grams(453.6, "1 pound"));
        assert!(!grams(120.0, "0.12"));
    }

    #[test]
    fn described_answers_written_as_text_are_read_for_their_ingredients() {
        let result =
            json!({"descriptions": ["beaten mixture"], "ingredients": ["caster-sugar", "butter"]});
        let described = |e: &Value, g: &str| judge(AnswerKind::Described, e, &json!(g));
        // A description names its ingredients among other words.
        assert_eq!(
            described(&result, "beaten mixture of caster sugar (100 g) and butter (200 g), 300 g in all, in a large bowl"),
            (true, Some(1.0))
        );
        // A list is a text too.
        assert!(described(&result, "butter, sugar").0);
        // One missing, one too many.
        let (ok, f1) = described(&result, "butter and all-purpose flour");
        assert!(!ok);
        assert!((f1.unwrap() - 0.5).abs() < 1e-9);
        // A table of steps, one row a step, header and rule skipped.
        let rows = json!([
            {"step": 1, "input": [], "output": []},
            {"step": 2, "input": [{"description": "butter (200 g)", "ingredients": ["butter"]}],
             "output": [{"description": "melted butter", "ingredients": ["butter"]}]},
        ]);
        assert_eq!(
            described(&rows, "| step | input | output |\n|---|---|---|\n| 1 | | |\n| 2 | butter (200 g), in a pan | melted butter |"),
            (true, Some(1.0))
        );
        assert!(!described(&rows, "| 2 | butter | |").0);
    }

    #[test]
    fn one_answer_is_judged_as_the_whole_file_judges_it() {
        let inst = json!({"id": "r/t/1", "task": "ingredient-tracing", "answer": ["a", "b"], "answer_kind": "set", "chance": 0.25});
        assert_eq!(
            judge_one(&inst, &json!("b, a")),
            Judgement {
                correct: true,
                f1: Some(1.0)
            }
        );
        assert_eq!(
            judge_one(&inst, &Value::Null),
            Judgement {
                correct: false,
                f1: Some(0.0)
            }
        );
        let usage = json!({"answer": true, "answer_kind": "boolean"});
        assert_eq!(
            judge_one(&usage, &json!("True")),
            Judgement {
                correct: true,
                f1: None
            }
        );
    }
}
