//! Dish approximation score: how close the best dish the prediction made
//! at any step comes to the gold dish.

mod compare;
mod unfold;

use std::sync::{Arc, OnceLock};

use serde::Serialize;
use sous_kitchen::{ClassId, ConversionError};

pub use compare::{
    compare_container, compare_contents, compare_ingredient, compare_mixture, ContainerScore,
    IngredientMatch, IngredientScore,
};
pub use unfold::{all_ingredients, unfold_dish, Unfolded};

use crate::nodes::Node;
use crate::points::Points;

/// The score of one candidate dish.
#[derive(Debug, Clone)]
pub struct Candidate<'a> {
    /// The predicted action whose output is the candidate.
    pub node: Node<'a>,
    /// Its score, or why it got none.
    pub outcome: CandidateOutcome,
}

/// How a candidate dish fared: compared with the gold dish, or not at all.
#[derive(Debug, Clone)]
pub enum CandidateOutcome {
    /// Scored 0 without comparison, for this reason.
    Unscored(&'static str),
    /// Compared part by part with the gold dish.
    Scored(Box<ScoredDish>),
}

/// A candidate compared with the gold dish, part by part.
#[derive(Debug, Clone)]
pub struct ScoredDish {
    /// The container part (2 % of the total).
    pub container: ContainerScore,
    /// The contents part (98 %): one point per gold base ingredient, and per
    /// surplus predicted one.
    pub contents: Points,
    /// Each gold base ingredient with the predicted one it was matched with.
    pub ingredients: Vec<IngredientMatch>,
    /// Predicted base ingredients no gold ingredient took.
    pub surplus: Vec<Unfolded>,
    /// The dish approximation score of this candidate, 0 to 1.
    pub total: f64,
}

impl CandidateOutcome {
    /// The candidate's score (0 when it was not compared).
    pub fn total(&self) -> f64 {
        match self {
            CandidateOutcome::Unscored(_) => 0.0,
            CandidateOutcome::Scored(s) => s.total,
        }
    }
}

/// The outcome of the dish comparison for a whole prediction.
#[derive(Debug, Clone)]
pub struct DishScore<'a> {
    /// The best candidate's score: the dish approximation score.
    pub score: f64,
    /// One candidate per distinct output, from the last executed action backwards.
    pub candidates: Vec<Candidate<'a>>,
    /// Index into `candidates` of the first with the best score.
    pub best: usize,
}

/// Why a prediction's dishes cannot be scored at all.
#[derive(Debug, Clone, thiserror::Error, Serialize)]
pub enum DishError {
    /// The reference stops with an error here (a unit conversion it lacks).
    #[error("unfolding a dish needs a conversion the reference does not have: {0}")]
    Conversion(String),
    /// The prediction has no executed action, so no candidate dish.
    #[error("the prediction executed no action")]
    NoNodes,
}

impl From<ConversionError> for DishError {
    fn from(e: ConversionError) -> Self {
        DishError::Conversion(e.to_string())
    }
}

/// Scores one candidate output against the gold dish (`compare-node-dishes`).
pub fn compare_dishes(
    candidate: &Node<'_>,
    gold: &Node<'_>,
) -> Result<CandidateOutcome, DishError> {
    compare_dishes_with(candidate, gold, &GoldDish::default())
}

/// What scoring needs of the gold dish (its unfolding and where it is),
/// worked out when a comparison first asks, then reused: both depend on
/// the gold dish alone, and all candidates of a prediction, and all
/// predictions of a recipe (see [`crate::gold::GoldRun`]), are compared
/// with the same one.
#[derive(Debug, Default)]
pub struct GoldDish {
    unfolded: OnceLock<Result<Vec<Arc<Unfolded>>, ConversionError>>,
    location: OnceLock<Option<Vec<ClassId>>>,
}

fn compare_dishes_with(
    candidate: &Node<'_>,
    gold: &Node<'_>,
    gold_dish: &GoldDish,
) -> Result<CandidateOutcome, DishError> {
    let (Some(p), Some(g)) = (candidate.output_entity(), gold.output_entity()) else {
        return Ok(CandidateOutcome::Unscored("no output"));
    };
    if let Err(why) = compare::scoreable(p) {
        return Ok(CandidateOutcome::Unscored(why));
    }
    let container = compare_container(
        p,
        candidate.output_location().as_deref(),
        g,
        gold_dish
            .location
            .get_or_init(|| gold.output_location())
            .as_deref(),
    );
    // The prediction first: when both fail, its error is the one reported.
    let predicted = unfold_dish(p)?;
    let gold_ingredients = gold_dish
        .unfolded
        .get_or_init(|| Ok(unfold_dish(g)?.into_iter().map(Arc::new).collect()))
        .as_ref()
        .map_err(|e| DishError::from(e.clone()))?;
    let (contents, ingredients, surplus) = compare_contents(predicted, gold_ingredients);
    // In single-floats, as the reference: 0.98 × (a single-float ratio of
    // the contents) + 0.02 × (the container's exact ratio, made single).
    let total =
        (0.98_f32 * contents.ratio_single() + 0.02_f32 * container.points.ratio() as f32) as f64;
    Ok(CandidateOutcome::Scored(Box::new(ScoredDish {
        container,
        contents,
        ingredients,
        surplus,
        total,
    })))
}

/// Walks the prediction backwards from its last action: an action is a
/// candidate unless its output is an argument of a candidate executed after
/// it (`find-best-dish-score`); the best candidate's score is the dish score.
pub fn best_dish_score<'a>(
    predicted: &[Node<'a>],
    gold: &Node<'_>,
) -> Result<DishScore<'a>, DishError> {
    best_dish_score_with(predicted, gold, &GoldDish::default())
}

/// [`best_dish_score`] with what it works out about `gold` kept in
/// `gold_dish` (which must belong to `gold` alone) for the next prediction.
pub fn best_dish_score_with<'a>(
    predicted: &[Node<'a>],
    gold: &Node<'_>,
    gold_dish: &GoldDish,
) -> Result<DishScore<'a>, DishError> {
    // Sized up front: it ends up holding most arguments of the prediction.
    let mut encountered: Vec<usize> =
        Vec::with_capacity(predicted.iter().map(|n| n.action.args.len()).sum());
    let mut candidates = Vec::new();
    for node in predicted.iter().rev() {
        let out = node.action.args[0];
        if encountered.contains(&out) {
            continue;
        }
        candidates.push(Candidate {
            node: *node,
            outcome: compare_dishes_with(node, gold, gold_dish)?,
        });
        encountered.extend(&node.action.args);
    }
    if candidates.is_empty() {
        return Err(DishError::NoNodes);
    }
    let best = (0..candidates.len()).fold(0, |b, k| {
        if candidates[k].outcome.total() > candidates[b].outcome.total() {
            k
        } else {
            b
        }
    });
    Ok(DishScore {
        score: candidates[best].outcome.total(),
        candidates,
        best,
    })
}
