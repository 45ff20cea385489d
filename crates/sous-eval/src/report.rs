//! What an evaluation of one recipe produced, as plain data for the CSV,
//! the console, JSON and the explanation.

use serde::Serialize;

use crate::goals::GoalConditions;
use crate::points::Points;

/// The evaluation of one predicted recipe network.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct RecipeReport {
    /// The id as written in the input, lower-cased.
    pub recipe_id: String,
    /// Line of the `#recipe-id` header.
    pub line: u32,
    /// The gold network it was scored against.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gold_file: Option<String>,
    /// Smatch, with its parts (when asked for).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub smatch: Option<SmatchReport>,
    /// The share of the gold network's goals the prediction reached, 0 to 1.
    pub goal_condition_success: Option<f64>,
    /// A single-float in the reference; written with its own shortest
    /// digits (`0.47607362`).
    #[serde(serialize_with = "single_digits")]
    pub dish_approximation_score: Option<f64>,
    /// When the prediction's last output is ready, in simulated seconds (`None`
    /// without a solution, where the reference prints NIL).
    pub execution_time: Option<f64>,
    /// Why some metric has no value (the CSV then says NIL).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub problem: Option<Problem>,
    /// Actions that could not do their job (they bound failed objects).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub failures: Vec<String>,
    /// Why the scores are what they are (with [`crate::Options::explain`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub explanation: Option<Explanation>,
    /// The prediction's errors against the gold network (with
    /// [`crate::Options::errors`]): `caused_by` is an index in this list.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub errors: Option<Vec<crate::errors::PredictionError>>,
}

impl RecipeReport {
    /// The value of metric `m` (the reference's rounded Smatch F1), if it has one.
    pub fn value(&self, m: crate::Metric) -> Option<f64> {
        match m {
            crate::Metric::SmatchScore => self.smatch.as_ref().map(|s| s.f1),
            crate::Metric::GoalConditionSuccess => self.goal_condition_success,
            crate::Metric::DishApproximationScore => self.dish_approximation_score,
            crate::Metric::ExecutionTime => self.execution_time,
        }
    }

    /// The report as one JSON object with the input it came from under
    /// `file`: a line of `sous evaluate --format jsonl`, an element of
    /// `--format json`.
    pub fn json_with_file(&self, file: &str) -> String {
        let mut v = serde_json::to_value(self).unwrap_or_default();
        if let Some(m) = v.as_object_mut() {
            m.insert("file".into(), serde_json::Value::String(file.to_string()));
        }
        v.to_string()
    }
}

/// Smatch as the reference's `smatch.py` computes it, with the counts behind it.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct SmatchReport {
    /// F1 as the reference reports it (two decimals).
    pub f1: f64,
    /// F1 before rounding.
    pub f1_unrounded: f64,
    /// Matched triples over the prediction's triples.
    pub precision: f64,
    /// Matched triples over the gold network's triples.
    pub recall: f64,
    /// Triples matched by the best mapping found.
    pub matches: usize,
    /// Triples of the prediction.
    pub predicted_triples: usize,
    /// Triples of the gold network.
    pub gold_triples: usize,
    /// The true optimum (with `--smatch exact`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exact: Option<ExactSmatchReport>,
    /// The spread over several seeds (with `--smatch-runs K`, K > 1).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub runs: Option<SmatchRuns>,
}

/// Smatch F1 over K runs of the reference's procedure with different seeds
/// for its random restarts (`smatch.py` draws them unseeded, so its printed
/// score is one draw from this distribution). The CSV and the score line
/// print run 1, which uses the default seed.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct SmatchRuns {
    /// How many runs.
    pub runs: usize,
    /// Of the F1 as reported (two decimals).
    pub mean: f64,
    /// The lowest F1 (two decimals).
    pub min: f64,
    /// The highest F1 (two decimals).
    pub max: f64,
    /// The fewest triples a run matched.
    pub min_matches: usize,
    /// The most triples a run matched.
    pub max_matches: usize,
    /// The F1 (two decimals) of every run, run 1 first.
    pub f1: Vec<f64>,
}

/// Smatch at its true optimum over all node mappings (`--smatch exact`),
/// which the reference's hill climbing can miss.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct ExactSmatchReport {
    /// F1 of the best mapping, unrounded.
    pub f1: f64,
    /// Triples the best mapping matches.
    pub matches: usize,
    /// False when the search stopped at its limit (then `matches` is a lower bound).
    pub proven_optimal: bool,
}

/// What kind of problem kept a metric from a value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ProblemKind {
    /// The network does not parse or validate.
    Invalid,
    /// No gold network for this recipe id.
    UnknownRecipe,
    /// The recipe appears twice in the input.
    Duplicate,
    /// The network has no solution: the reference prints NIL.
    NoSolution,
    /// The reference itself stops with an error on this network.
    ReferenceCrash,
    /// The gold network itself could not be evaluated.
    BadGold,
}

/// Why some metric has no value, with where in the input.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct Problem {
    /// What kind of problem it is; it decides whether any metric has a value.
    pub kind: ProblemKind,
    /// The problem in a sentence.
    pub message: String,
    /// The line it is on, when it is in the prediction.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<u32>,
    /// The column it starts at, when it is in the prediction.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<u32>,
    /// Where in the input, for underlining.
    #[serde(skip)]
    pub span: Option<sous_lang::Span>,
    /// Further details (every diagnostic, every reason).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub details: Vec<String>,
}

impl Problem {
    /// An error for the whole recipe: no metric has a value.
    pub fn is_fatal(&self) -> bool {
        !matches!(
            self.kind,
            ProblemKind::NoSolution | ProblemKind::ReferenceCrash
        )
    }
}

/// Most entries a report lists of anything that grows with the prediction
/// (dish candidates, surplus ingredients, problem details, failures); the
/// rest are counted. A 5,000-line network would otherwise explain itself in
/// megabytes.
pub const MAX_LISTED: usize = 50;

/// `items` cut to [`MAX_LISTED`], the last entry saying how many were left
/// out.
pub fn capped_lines(mut items: Vec<String>) -> Vec<String> {
    if items.len() > MAX_LISTED {
        let left_out = items.len() - (MAX_LISTED - 1);
        items.truncate(MAX_LISTED - 1);
        items.push(format!("… and {left_out} more"));
    }
    items
}

/// Why the scores are what they are.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct Explanation {
    /// Which gold goals were reached (goal-condition success).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub goals: Option<GoalConditions>,
    /// How the best dish compared (dish approximation score).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dish: Option<DishExplanation>,
}

/// The dish approximation score explained: the gold dish, each candidate's
/// score and the winner's comparison part by part.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct DishExplanation {
    /// The gold dish.
    pub gold: NodeSummary,
    /// Index into `candidates` of the winner.
    pub best: usize,
    /// The candidate dishes, from the last action backwards: the first
    /// [`MAX_LISTED`], and the winner if it comes later.
    pub candidates: Vec<CandidateSummary>,
    /// Candidates not listed.
    #[serde(skip_serializing_if = "is_zero")]
    pub candidates_left_out: usize,
    /// Details of the winner (absent when it scored 0 without comparison).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub container: Option<ContainerExplanation>,
    /// The winner's contents part.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub contents: Option<Points>,
    /// Each gold base ingredient with how the prediction fared on it.
    pub ingredients: Vec<IngredientExplanation>,
    /// Predicted base ingredients the gold dish does not have (the first
    /// [`MAX_LISTED`]).
    pub surplus: Vec<IngredientView>,
    /// Surplus ingredients not listed.
    #[serde(skip_serializing_if = "is_zero")]
    pub surplus_left_out: usize,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// An executed action and its output, as the explanations show it.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct NodeSummary {
    /// The line it is written on.
    pub line: u32,
    /// Its primitive.
    pub predicate: String,
    /// The variable of its first argument.
    pub output_variable: String,
    /// Its output in words (`nil` when unbound).
    pub output: String,
}

/// One candidate dish and its score.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct CandidateSummary {
    /// The action whose output it is.
    #[serde(flatten)]
    pub node: NodeSummary,
    /// Its dish approximation score.
    pub score: f64,
    /// Its container part, when it was compared.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub container: Option<Points>,
    /// Its contents part, when it was compared.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub contents: Option<Points>,
    /// Why it scored 0 without comparison.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unscored: Option<String>,
}

/// The winner's container part.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct ContainerExplanation {
    /// A point each for location, class, every agreeing slot and the portions.
    pub points: Points,
    /// Whether both dishes are in the same kind of place.
    pub same_location: bool,
    /// The predicted container's class.
    pub predicted_class: String,
    /// The gold container's class.
    pub gold_class: String,
    /// How many things the predicted container holds.
    pub predicted_portions: usize,
    /// How many things the gold container holds.
    pub gold_portions: usize,
    /// The container's slots that differ.
    pub differences: Vec<SlotDifference>,
}

/// How the prediction fared on one gold base ingredient.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct IngredientExplanation {
    /// The gold ingredient.
    pub gold: IngredientView,
    /// The predicted ingredient it was matched with (`None`: missing).
    pub predicted: Option<IngredientView>,
    /// Its score, 0 to 1 (0 when missing).
    pub score: f64,
    /// Its own slots that agree, out of those compared.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub property_overlap: Option<Points>,
    /// The mixture levels that agree, out of the deeper hierarchy's depth.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hierarchy_overlap: Option<Points>,
    /// Attributes of the gold ingredient that differ, and per mixture level.
    pub differences: Vec<SlotDifference>,
}

/// A base ingredient: class, grams, and the mixtures around it (outermost first).
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct IngredientView {
    /// The ingredient's class.
    pub class: String,
    /// Its amount in words (`100 g`).
    pub amount: String,
    /// The classes of the mixtures around it, outermost first.
    pub mixtures: Vec<String>,
}

/// One attribute on which the prediction differs from the gold.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct SlotDifference {
    /// `temperature`, or `mixture 1: baked` for a mixture level (1 = outermost).
    pub attribute: String,
    /// The gold's value, in words.
    pub gold: String,
    /// The prediction's value, in words.
    pub predicted: String,
}

/// A score that is a single-float, by the shortest digits that read back as
/// the same single (any other value as it is).
fn single_digits<S: serde::Serializer>(x: &Option<f64>, s: S) -> Result<S::Ok, S::Error> {
    match *x {
        Some(v) if (v as f32) as f64 == v => {
            let shortest: f64 = format!("{}", v as f32).parse().unwrap_or(v);
            s.serialize_some(&shortest)
        }
        other => other.serialize(s),
    }
}
