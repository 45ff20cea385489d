//! Evaluating one predicted recipe network against its gold network.

use sous_kitchen::{describe, Ontology};
use sous_lang::{Diagnostic, Recipe};
use sous_sim::{Execution, FailureKind};

use crate::aliasing::bindings_after_run;
use crate::dish::{best_dish_score_with, CandidateOutcome, DishScore, IngredientMatch, Unfolded};
use crate::goals::goal_condition_success_with;
use crate::gold::{GoldNetwork, GoldRun, GoldStandard};
use crate::metric::{Metric, MetricSet};
use crate::nodes::{node_sequence, Node};
use crate::report::*;
use crate::source::{one_network, NotOneNetwork};

/// What to compute.
#[derive(Debug, Clone, Copy, Default)]
pub struct Options {
    /// Which of the four metrics to compute (the default: the reference's three
    /// simulated ones, without Smatch).
    pub metrics: MetricSet,
    /// Also compute the exact Smatch optimum.
    pub exact_smatch: bool,
    /// Run Smatch's procedure with this many seeds and report the spread
    /// (0 or 1: the default seed only).
    pub smatch_runs: usize,
    /// The kitchen both the prediction and the gold network run in.
    pub profile: sous_sim::Profile,
    /// Keep the explanation of the scores in the report.
    pub explain: bool,
    /// Find the prediction's errors against the gold network
    /// ([`crate::errors`]) and keep them in the report.
    pub errors: bool,
    /// The simulator that also carries out the predicted network (the
    /// quantitative mode); `None` runs the qualitative simulator alone. The
    /// gold standard is always the qualitative one.
    pub backend: Option<Simulator>,
}

/// A backend of the engine, for [`Options::backend`].
#[derive(Clone, Copy)]
pub struct Simulator(pub &'static dyn sous_sim::Backend);

impl std::fmt::Debug for Simulator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Simulator({})", self.0.name())
    }
}

/// Evaluates `recipe` (with the problems its parsing and validation found)
/// against the gold standard. Never panics on bad input: every problem ends
/// up in the report, and the metrics that can still be computed are.
pub fn evaluate_recipe(
    recipe: &Recipe,
    diagnostics: &[Diagnostic],
    gold: &GoldStandard,
    options: &Options,
) -> RecipeReport {
    let mut failed = Vec::new();
    let mut report = scored(recipe, diagnostics, gold, options, &mut failed);
    if options.errors {
        // Against the gold first: what the checks and the kitchen find at
        // a line it already explains follows from that.
        use crate::errors::{against_gold_side, diagnosed};
        let mut errors = gold
            .get(&recipe.id)
            .and_then(|g| Some((g.recipe.as_ref().ok()?, g.error_side()?)))
            .map(|(g, side)| against_gold_side(recipe, g, side))
            .unwrap_or_default();
        diagnosed::attribute(&mut errors, diagnosed::of_diagnostics(diagnostics));
        diagnosed::attribute(&mut errors, failed);
        report.errors = Some(errors);
    }
    report
}

/// [`evaluate_recipe`] without the errors; with [`Options::errors`], the
/// actions the kitchen refused go to `failed`.
fn scored(
    recipe: &Recipe,
    diagnostics: &[Diagnostic],
    gold: &GoldStandard,
    options: &Options,
    failed: &mut Vec<crate::errors::PredictionError>,
) -> RecipeReport {
    let mut report = RecipeReport {
        recipe_id: recipe.id.to_lowercase(),
        line: recipe.span.line,
        gold_file: None,
        smatch: None,
        goal_condition_success: None,
        dish_approximation_score: None,
        execution_time: None,
        problem: None,
        failures: Vec::new(),
        explanation: None,
        errors: None,
    };
    if let Some(problem) = invalid(diagnostics) {
        report.problem = Some(problem);
        return report;
    }
    let Some(gold_network) = gold.get(&recipe.id) else {
        let suggestion = sous_lang::did_you_mean(&report.recipe_id, gold.ids())
            .map(|s| format!(" (did you mean `{s}`?)"))
            .unwrap_or_default();
        report.problem = Some(Problem {
            kind: ProblemKind::UnknownRecipe,
            message: format!(
                "no gold network for recipe `{}` in {}{suggestion}",
                report.recipe_id,
                gold.dir.display()
            ),
            line: Some(recipe.span.line),
            column: Some(recipe.span.column),
            span: Some(recipe.span),
            details: Vec::new(),
        });
        return report;
    };
    report.gold_file = Some(gold_network.path.display().to_string());
    let gold_recipe = match &gold_network.recipe {
        Ok(r) => r,
        Err(diags) => {
            report.problem = Some(bad_gold(
                gold_network,
                "does not read",
                diags
                    .iter()
                    .map(|d| format!("{}:{}: {}", d.span.line, d.span.column, d.message))
                    .collect(),
            ));
            return report;
        }
    };
    if options.metrics.contains(Metric::SmatchScore) {
        report.smatch = Some(crate::smatch_report::smatch_report(
            recipe,
            gold_recipe,
            options.exact_smatch,
            options.smatch_runs,
        ));
    }
    if !options.metrics.needs_simulation() {
        return report;
    }
    let sim_options = sous_sim::Options {
        profile: options.profile,
        ..sous_sim::Options::default()
    };
    let predicted = match options.backend {
        Some(Simulator(b)) => sous_sim::execute_in(recipe, sim_options, b),
        None => sous_sim::execute_with(recipe, sim_options),
    };
    if options.errors {
        *failed = crate::errors::diagnosed::of_failures(&predicted);
    }
    report.failures = capped_lines(
        predicted
            .failures
            .iter()
            .filter(|f| f.kind == FailureKind::FailedObject)
            .map(|f| failure_text(&predicted, f))
            .collect(),
    );
    if !predicted.solved {
        report.problem = Some(no_solution(&predicted));
        return report;
    }
    let Some(gold_run) = gold_network
        .run_in(options.profile)
        .filter(|r| r.execution.solved)
    else {
        report.problem = Some(bad_gold(gold_network, "has no solution", Vec::new()));
        return report;
    };
    score(&mut report, &predicted, gold_run, gold_network, options);
    report
}

/// Scores the network `predicted` against the network `gold`, each the
/// text of one network (a `.solution` section; the `#recipe-id` header is
/// optional): [`evaluate_recipe`] for a gold network that is in no gold
/// folder, such as a network of one's own or an edited copy of it.
///
/// `gold` is taken as the gold network of the prediction's recipe,
/// whatever its own header says (its first network, if it has several);
/// its dish is the variable `data/gold-dishes.toml` names for that recipe,
/// else the first argument of its last predicate. Problems of either
/// network end up in the report as with a gold folder, and the report
/// names no gold file. The error is for a `predicted` text that is not
/// exactly one network.
pub fn evaluate_text(
    predicted: &str,
    gold: &str,
    options: &Options,
) -> Result<RecipeReport, NotOneNetwork> {
    let (recipe, diagnostics) = one_network("prediction", predicted)?;
    let gold = GoldStandard::of_text(&recipe.id, gold);
    let mut report = evaluate_recipe(&recipe, &diagnostics, &gold, options);
    report.gold_file = None;
    Ok(report)
}

fn score(
    report: &mut RecipeReport,
    predicted: &Execution,
    gold_run: &GoldRun,
    gold_network: &GoldNetwork,
    options: &Options,
) {
    let metrics = options.metrics;
    let pred_bindings = bindings_after_run(predicted);
    let pred_nodes = node_sequence(predicted, &pred_bindings);
    let gold_nodes = node_sequence(&gold_run.execution, &gold_run.bindings);
    let mut explanation = Explanation {
        goals: None,
        dish: None,
    };
    if metrics.contains(Metric::GoalConditionSuccess) {
        let goals = goal_condition_success_with(&pred_nodes, &gold_nodes, &gold_run.goals);
        report.goal_condition_success = Some(goals.ratio());
        explanation.goals = Some(goals);
    }
    if metrics.contains(Metric::DishApproximationScore) {
        let dish_var = gold_network.dish_variable.as_deref();
        let gold_dish = gold_nodes
            .iter()
            .rev()
            .find(|n| Some(n.output_name) == dish_var);
        match gold_dish {
            None => {
                report.problem = Some(bad_gold(
                    gold_network,
                    &format!("binds no dish variable `{}`", dish_var.unwrap_or("?")),
                    Vec::new(),
                ))
            }
            Some(gold_dish) => match best_dish_score_with(&pred_nodes, gold_dish, &gold_run.dish) {
                Ok(dish) => {
                    report.dish_approximation_score = Some(dish.score);
                    explanation.dish = Some(explain_dish(&dish, gold_dish));
                }
                Err(e) => {
                    report.problem = Some(Problem {
                        kind: ProblemKind::ReferenceCrash,
                        message: e.to_string(),
                        line: None,
                        column: None,
                        span: None,
                        details: Vec::new(),
                    })
                }
            },
        }
    }
    if metrics.contains(Metric::ExecutionTime) {
        report.execution_time = predicted.execution_time();
    }
    if options.explain {
        report.explanation = Some(explanation);
    }
}

fn invalid(diagnostics: &[Diagnostic]) -> Option<Problem> {
    let errors: Vec<&Diagnostic> = diagnostics.iter().filter(|d| d.is_error()).collect();
    let first = errors.first()?;
    let kind = if first.code == "duplicate-recipe" {
        ProblemKind::Duplicate
    } else {
        ProblemKind::Invalid
    };
    Some(Problem {
        kind,
        message: first.message.clone(),
        line: Some(first.span.line),
        column: Some(first.span.column),
        span: Some(first.span),
        details: capped_lines(
            errors
                .iter()
                .skip(1)
                .map(|d| format!("{}:{}: {}", d.span.line, d.span.column, d.message))
                .collect(),
        ),
    })
}

fn bad_gold(gold: &GoldNetwork, what: &str, details: Vec<String>) -> Problem {
    Problem {
        kind: ProblemKind::BadGold,
        message: format!("the gold network {} {what}", gold.path.display()),
        line: None,
        column: None,
        span: None,
        details,
    }
}

fn failure_text(x: &Execution, f: &sous_sim::Failure) -> String {
    match f.action.map(|a| &x.network.actions[a]) {
        Some(a) => format!("line {}: {}: {}", a.span.line, a.signature.name, f.message),
        None => f.message.clone(),
    }
}

/// NIL with the reason: the first failure that stopped the search.
fn no_solution(x: &Execution) -> Problem {
    let stopping: Vec<&sous_sim::Failure> = x
        .failures
        .iter()
        .filter(|f| f.kind != FailureKind::FailedObject)
        .collect();
    let crash = stopping.iter().any(|f| f.kind == FailureKind::Crash);
    let first = stopping.first();
    let span = first.and_then(|f| f.span);
    Problem {
        kind: if crash {
            ProblemKind::ReferenceCrash
        } else {
            ProblemKind::NoSolution
        },
        message: match first {
            Some(f) if crash => format!("the reference stops with an error here: {}", f.message),
            Some(f) => format!("the network has no solution: {}", f.message),
            None => "the network has no solution".into(),
        },
        line: span.map(|s| s.line),
        column: span.map(|s| s.column),
        span,
        details: capped_lines(
            stopping
                .iter()
                .skip(1)
                .map(|f| failure_text(x, f))
                .collect(),
        ),
    }
}

fn node_summary(n: &Node<'_>) -> NodeSummary {
    NodeSummary {
        line: n.action.span.line,
        predicate: n.predicate().to_string(),
        output_variable: n.output_name.to_string(),
        output: n.output_entity().map_or("nil".into(), describe::summary),
    }
}

fn ingredient_view(u: &Unfolded) -> IngredientView {
    IngredientView {
        class: u.ingredient.class_name().to_string(),
        amount: u.ingredient.amount().map_or("nil".into(), |a| {
            describe::value(&sous_kitchen::Value::Amount(a))
        }),
        mixtures: u
            .hierarchy
            .iter()
            .map(|m| m.class_name().to_string())
            .collect(),
    }
}

fn explain_dish(dish: &DishScore<'_>, gold: &Node<'_>) -> DishExplanation {
    // The first candidates, and the winner wherever it is.
    let listed: Vec<usize> = (0..dish.candidates.len())
        .filter(|&i| i < MAX_LISTED || i == dish.best)
        .collect();
    let candidates = listed
        .iter()
        .map(|&i| &dish.candidates[i])
        .map(|c| CandidateSummary {
            node: node_summary(&c.node),
            score: c.outcome.total(),
            container: match &c.outcome {
                CandidateOutcome::Scored(s) => Some(s.container.points),
                CandidateOutcome::Unscored(_) => None,
            },
            contents: match &c.outcome {
                CandidateOutcome::Scored(s) => Some(s.contents),
                CandidateOutcome::Unscored(_) => None,
            },
            unscored: match &c.outcome {
                CandidateOutcome::Unscored(why) => Some(why.to_string()),
                CandidateOutcome::Scored(_) => None,
            },
        })
        .collect();
    let mut out = DishExplanation {
        gold: node_summary(gold),
        best: listed.iter().position(|&i| i == dish.best).unwrap_or(0),
        candidates,
        candidates_left_out: dish.candidates.len() - listed.len(),
        container: None,
        contents: None,
        ingredients: Vec::new(),
        surplus: Vec::new(),
        surplus_left_out: 0,
    };
    let best = &dish.candidates[dish.best];
    let CandidateOutcome::Scored(s) = &best.outcome else {
        return out;
    };
    let (p, g) = (best.node.output_entity(), gold.output_entity());
    let onto = Ontology::get();
    out.container = Some(ContainerExplanation {
        points: s.container.points,
        same_location: s.container.same_location,
        predicted_class: p.map_or("nil", |e| e.class_name()).to_string(),
        gold_class: g.map_or("nil", |e| e.class_name()).to_string(),
        predicted_portions: s.container.predicted_portions,
        gold_portions: s.container.gold_portions,
        differences: match (p, g) {
            (Some(p), Some(g)) => s
                .container
                .differing_slots
                .iter()
                .map(|&sl| difference(onto.slot_name(sl).to_string(), p, g, sl))
                .collect(),
            _ => Vec::new(),
        },
    });
    out.contents = Some(s.contents);
    out.ingredients = s.ingredients.iter().map(explain_ingredient).collect();
    out.surplus = s
        .surplus
        .iter()
        .take(MAX_LISTED)
        .map(ingredient_view)
        .collect();
    out.surplus_left_out = s.surplus.len().saturating_sub(MAX_LISTED);
    out
}

fn difference(
    attribute: String,
    p: &sous_kitchen::Entity,
    g: &sous_kitchen::Entity,
    sl: sous_kitchen::SlotId,
) -> SlotDifference {
    SlotDifference {
        attribute,
        gold: describe::value(g.get(sl)),
        predicted: if p.has_slot(sl) {
            describe::value(p.get(sl))
        } else {
            "(no such attribute)".into()
        },
    }
}

fn explain_ingredient(m: &IngredientMatch) -> IngredientExplanation {
    let onto = Ontology::get();
    let Some((p, score)) = &m.matched else {
        return IngredientExplanation {
            gold: ingredient_view(&m.gold),
            predicted: None,
            score: 0.0,
            property_overlap: None,
            hierarchy_overlap: None,
            differences: Vec::new(),
        };
    };
    let mut differences: Vec<SlotDifference> = score
        .differing_slots
        .iter()
        .map(|&sl| {
            difference(
                onto.slot_name(sl).to_string(),
                &p.ingredient,
                &m.gold.ingredient,
                sl,
            )
        })
        .collect();
    for (level, (pm, gm)) in p.hierarchy.iter().zip(&m.gold.hierarchy).enumerate() {
        if pm.class != gm.class {
            differences.push(SlotDifference {
                attribute: format!("mixture {}: kind", level + 1),
                gold: gm.class_name().into(),
                predicted: pm.class_name().into(),
            });
        }
        for &sl in &score.mixture_differing_slots[level] {
            differences.push(difference(
                format!("mixture {}: {}", level + 1, onto.slot_name(sl)),
                pm,
                gm,
                sl,
            ));
        }
    }
    let (pl, gl) = (p.hierarchy.len(), m.gold.hierarchy.len());
    if pl != gl {
        differences.push(SlotDifference {
            attribute: "mixture levels".into(),
            gold: gl.to_string(),
            predicted: pl.to_string(),
        });
    }
    IngredientExplanation {
        gold: ingredient_view(&m.gold),
        predicted: Some(ingredient_view(p)),
        score: score.score,
        property_overlap: Some(score.property_overlap),
        hierarchy_overlap: Some(score.hierarchy_overlap),
        differences,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOLD: &str = "#buttered\n(get-kitchen ?k)\n\
                        (fetch-and-proportion ?b ?ks ?k ?bowl butter 100 g)\n";

    #[test]
    fn a_text_is_scored_against_a_gold_text() {
        let options = Options {
            metrics: MetricSet::ALL,
            ..Options::default()
        };
        let same = evaluate_text(GOLD, GOLD, &options).expect("one network");
        assert!(same.problem.is_none() && same.gold_file.is_none());
        assert_eq!(same.value(Metric::GoalConditionSuccess), Some(1.0));
        assert_eq!(same.value(Metric::DishApproximationScore), Some(1.0));
        // The gold is taken for the prediction's recipe, whatever its header.
        let renamed = GOLD.replace("#buttered", "#other");
        let r = evaluate_text(GOLD, &renamed, &options).expect("one network");
        assert_eq!(r.value(Metric::GoalConditionSuccess), Some(1.0));
        // A gold that does not read is the report's problem...
        let r = evaluate_text(GOLD, "(bake", &options).expect("one network");
        assert_eq!(r.problem.map(|p| p.kind), Some(ProblemKind::BadGold));
        // ...a prediction that is not one network is the error.
        let two = format!("{GOLD}#again\n(get-kitchen ?k)\n");
        assert!(matches!(
            evaluate_text(&two, GOLD, &options),
            Err(NotOneNetwork::Several)
        ));
    }
}
