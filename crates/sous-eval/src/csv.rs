//! The results CSV, in the reference evaluator's exact format.

use crate::metric::{Metric, MetricSet};
use crate::rounding::{time, two_decimals};
use crate::RecipeReport;

/// Header `recipe-id,<metric>,…` (metrics in the fixed reference order),
/// then one row per report: the id, scores with two decimals, the time as
/// an integer, `NIL` where there is no value. With `exact_smatch`, a
/// `smatch-score-exact` column follows `smatch-score`.
pub fn results_csv(reports: &[RecipeReport], metrics: MetricSet, exact_smatch: bool) -> String {
    let mut out = header(metrics, exact_smatch);
    out.push('\n');
    for r in reports {
        out.push_str(&row(r, metrics, exact_smatch));
        out.push('\n');
    }
    out
}

/// The header line of [`results_csv`] (without its line end).
pub fn header(metrics: MetricSet, exact_smatch: bool) -> String {
    let mut out = String::from("recipe-id");
    for m in metrics.iter() {
        out.push(',');
        out.push_str(m.name());
        if m == Metric::SmatchScore && exact_smatch {
            out.push_str(",smatch-score-exact");
        }
    }
    out
}

/// One report's line of [`results_csv`] (without its line end).
pub fn row(r: &RecipeReport, metrics: MetricSet, exact_smatch: bool) -> String {
    let mut out = r.recipe_id.clone();
    for m in metrics.iter() {
        out.push(',');
        out.push_str(&cell(r, m));
        if m == Metric::SmatchScore && exact_smatch {
            out.push(',');
            out.push_str(
                &r.smatch
                    .as_ref()
                    .and_then(|s| s.exact.as_ref())
                    .map_or("NIL".into(), |e| two_decimals(e.f1)),
            );
        }
    }
    out
}

/// One metric's value as the reference prints it (`NIL` when unset).
pub fn cell(r: &RecipeReport, m: Metric) -> String {
    let nil = || "NIL".to_string();
    match m {
        Metric::ExecutionTime => r.value(m).map_or_else(nil, time),
        _ => r.value(m).map_or_else(nil, two_decimals),
    }
}
