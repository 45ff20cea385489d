//! Goal-condition success: the share of the gold network's intermediate
//! states (each action's primary output, with its location) that the
//! prediction reaches at some point.

use std::cell::OnceCell;

use serde::Serialize;
use sous_kitchen::ClassId;

use crate::location::{location_names, similar_locations};
use crate::nodes::Node;
use crate::similar::{kind_hash, Ignore, Verdicts};

/// One gold goal and whether the prediction reached it.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct Goal {
    /// The gold action whose output this is (file line, predicate, variable).
    pub gold_line: u32,
    /// The gold action's primitive.
    pub predicate: String,
    /// The variable of the gold action's first argument, its output.
    pub output_variable: String,
    /// The class of the gold output.
    pub output_class: String,
    /// Where the gold output is: the classes of the places from the kitchen
    /// down to the container that holds it.
    pub location: Vec<String>,
    /// The predicted action whose output satisfied it.
    pub reached_by: Option<Reached>,
}

/// The predicted action whose output matched a gold goal.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct Reached {
    /// The line it is written on.
    pub line: u32,
    /// Its primitive.
    pub predicate: String,
    /// The variable of its first argument.
    pub output_variable: String,
}

/// Goal-condition success with its reasons: which gold goals the
/// prediction reached and by which action.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct GoalConditions {
    /// How many gold goals were reached.
    pub reached: usize,
    /// How many goals the gold network has (one per executed action but
    /// `get-kitchen`).
    pub total: usize,
    /// Every gold goal in gold execution order.
    pub goals: Vec<Goal>,
}

impl GoalConditions {
    /// reached / total (0 when the gold has no goals).
    pub fn ratio(&self) -> f64 {
        if self.total == 0 {
            0.0
        } else {
            self.reached as f64 / self.total as f64
        }
    }
}

/// Where each gold goal is and what kind of object it is: the same for
/// every prediction of a recipe, so made once (see [`crate::gold::GoldRun`]).
pub type GoldGoals = std::sync::OnceLock<Vec<GoalFacts>>;

/// A gold node's output location and kind hash.
#[derive(Debug)]
pub struct GoalFacts {
    location: Option<Vec<ClassId>>,
    kind: Option<u64>,
}

impl GoalFacts {
    fn of(gold: &[Node<'_>]) -> Vec<GoalFacts> {
        gold.iter()
            .map(|g| GoalFacts {
                location: g.output_location(),
                kind: g.output_entity().map(|e| kind_hash(e, Ignore::IDS)),
            })
            .collect()
    }
}

/// Matches every gold goal, in gold execution order, with the first
/// not-yet-used predicted output (in predicted execution order) that is the
/// same state at a similar location. Failed objects and `get-kitchen` count
/// on neither side.
pub fn goal_condition_success(predicted: &[Node<'_>], gold: &[Node<'_>]) -> GoalConditions {
    goal_condition_success_with(predicted, gold, &GoldGoals::new())
}

/// [`goal_condition_success`] with the facts of `gold`'s goals kept in
/// `gold_goals` (which must belong to `gold` alone) for the next prediction.
pub fn goal_condition_success_with(
    predicted: &[Node<'_>],
    gold: &[Node<'_>],
    gold_goals: &GoldGoals,
) -> GoalConditions {
    // Each predicted state with its object and that object's kind hash:
    // states of another kind cannot be similar, so most pairs are skipped
    // unread. Its location is found when its object first matches.
    let mut states: Vec<_> = predicted
        .iter()
        .filter(|n| !n.is_get_kitchen() && !n.output_is_failed() && n.output.is_some())
        .map(|n| {
            let state = n.output_entity().map(|e| (e, kind_hash(e, Ignore::IDS)));
            (n, OnceCell::new(), state)
        })
        .collect();
    let facts = gold_goals.get_or_init(|| GoalFacts::of(gold));
    let mut goals = Vec::new();
    let mut reached = 0;
    let mut verdicts = Verdicts::default();
    for (g, fact) in gold.iter().zip(facts).filter(|(n, _)| !n.is_get_kitchen()) {
        let location = fact.location.as_deref();
        let hit = g
            .output_entity()
            .zip(fact.kind)
            .and_then(|(goal, goal_kind)| {
                states.iter().position(|(n, loc, state)| {
                    state.is_some_and(|(s, kind)| {
                        kind == goal_kind && verdicts.similar(goal, s, Ignore::IDS)
                    }) && similar_locations(
                        location,
                        loc.get_or_init(|| n.output_location()).as_deref(),
                    )
                })
            });
        let reached_by = hit.map(|i| {
            let (n, _, _) = states.remove(i);
            reached += 1;
            Reached {
                line: n.action.span.line,
                predicate: n.predicate().to_string(),
                output_variable: n.output_name.to_string(),
            }
        });
        goals.push(Goal {
            gold_line: g.action.span.line,
            predicate: g.predicate().to_string(),
            output_variable: g.output_name.to_string(),
            output_class: g
                .output_entity()
                .map_or("nil", |e| e.class_name())
                .to_string(),
            location: location_names(location),
            reached_by,
        });
    }
    GoalConditions {
        reached,
        total: goals.len(),
        goals,
    }
}
