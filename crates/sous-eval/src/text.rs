//! Console output: the reference's per-recipe lines, and the explanation.

use std::fmt::Write;

use crate::csv::cell;
use crate::metric::{Metric, MetricSet};
use crate::report::*;
use crate::rounding::two_decimals;

/// `RECIPE: id`, one line per metric as the reference prints them, a blank line.
pub fn scores(r: &RecipeReport, metrics: MetricSet) -> String {
    let mut out = format!("RECIPE: {}\n", r.recipe_id);
    for m in metrics.iter() {
        let _ = writeln!(out, "{}: {}", m.label(), cell(r, m));
        if m == Metric::SmatchScore {
            if let Some(k) = r.smatch.as_ref().and_then(|s| s.runs.as_ref()) {
                let _ = writeln!(
                    out,
                    "Smatch Score over {} seeds: mean {:.3}, min {}, max {}",
                    k.runs,
                    k.mean,
                    two_decimals(k.min),
                    two_decimals(k.max)
                );
            }
            if let Some(e) = r.smatch.as_ref().and_then(|s| s.exact.as_ref()) {
                let _ = writeln!(
                    out,
                    "Smatch Score (exact optimum{}): {}",
                    if e.proven_optimal {
                        ""
                    } else {
                        ", search limit reached"
                    },
                    two_decimals(e.f1)
                );
            }
        }
    }
    out.push('\n');
    out
}

/// A Markdown table, one row per report (its id, each metric as the CSV
/// prints it, the number of actions that failed), then the means over the
/// recipes that have a value (three decimals; `NIL` when none has one). The
/// README's tables are in this form, so a run can be pasted as it is.
pub fn table(reports: &[RecipeReport], metrics: MetricSet) -> String {
    let mut out = String::from("| recipe |");
    for m in metrics.iter() {
        let _ = write!(out, " {} |", m.label());
    }
    out.push_str(" failed actions |\n|---|");
    out.push_str(&"---|".repeat(metrics.iter().count() + 1));
    out.push('\n');
    for r in reports {
        let _ = write!(out, "| {} |", r.recipe_id);
        for m in metrics.iter() {
            let _ = write!(out, " {} |", cell(r, m));
        }
        let _ = writeln!(out, " {} |", r.failures.len());
    }
    out.push_str("| **mean** |");
    for m in metrics.iter() {
        let values: Vec<f64> = reports.iter().filter_map(|r| r.value(m)).collect();
        let mean = match values.len() {
            0 => "NIL".to_string(),
            n if m == Metric::ExecutionTime => {
                format!("{:.0}", values.iter().sum::<f64>() / n as f64)
            }
            n => format!("{:.3}", values.iter().sum::<f64>() / n as f64),
        };
        let _ = write!(out, " **{mean}** |");
    }
    let failed: usize = reports.iter().map(|r| r.failures.len()).sum();
    let _ = writeln!(
        out,
        " **{:.1}** |",
        failed as f64 / reports.len().max(1) as f64
    );
    out
}

fn pct(p: &crate::points::Points) -> String {
    use sous_kitchen::describe::fmt_num;
    format!("{}/{}", fmt_num(p.points), fmt_num(p.max))
}

/// A prediction's errors, one a line: root causes numbered, and each
/// consequence indented under its cause.
pub fn errors(errors: &[crate::errors::PredictionError]) -> String {
    let mut out = String::new();
    let primary = errors.iter().filter(|e| e.primary).count();
    let _ = writeln!(
        out,
        "  Errors: {primary} root cause{} and {} consequence{}.",
        if primary == 1 { "" } else { "s" },
        errors.len() - primary,
        if errors.len() - primary == 1 { "" } else { "s" }
    );
    let line = |e: &crate::errors::PredictionError| {
        let at = match (e.line, e.gold_line) {
            (Some(l), Some(g)) => format!("line {l} (gold line {g})"),
            (Some(l), None) => format!("line {l}"),
            (None, Some(g)) => format!("gold line {g}"),
            (None, None) => "the network".to_string(),
        };
        let role = e
            .role
            .as_deref()
            .map(|r| format!(" [{r}]"))
            .unwrap_or_default();
        format!("{}{role} at {at}: {}", e.kind.name(), e.message)
    };
    for (i, e) in errors.iter().enumerate().filter(|(_, e)| e.primary) {
        let _ = writeln!(out, "  {}. {}", i + 1, line(e));
        for c in errors.iter().filter(|c| c.caused_by == Some(i)) {
            let _ = writeln!(out, "       then {}", line(c));
        }
    }
    out
}

/// The root causes of each kind over `recipes` recipes, in one line
/// (kinds with none left out): `counts` in [`crate::errors::ErrorKind::ALL`]'s order.
pub fn error_totals(counts: &[usize], recipes: usize) -> String {
    let parts: Vec<String> = crate::errors::ErrorKind::ALL
        .iter()
        .zip(counts)
        .filter(|(_, n)| **n > 0)
        .map(|(k, n)| format!("{} {n}", k.name()))
        .collect();
    format!(
        "Errors over {recipes} recipe{}: {}.\n",
        if recipes == 1 { "" } else { "s" },
        if parts.is_empty() {
            "none".to_string()
        } else {
            parts.join(", ")
        }
    )
}

/// Why each score is what it is, in a few readable lines.
pub fn explanation(r: &RecipeReport) -> String {
    let mut out = String::new();
    if let Some(p) = &r.problem {
        let at = match (p.line, p.column) {
            (Some(l), Some(c)) => format!(" (line {l}, column {c})"),
            _ => String::new(),
        };
        let _ = writeln!(out, "  Problem{at}: {}", p.message);
        for d in &p.details {
            let _ = writeln!(out, "    {d}");
        }
    }
    for f in &r.failures {
        let _ = writeln!(out, "  Failed action: {f}");
    }
    if let Some(s) = &r.smatch {
        let _ = writeln!(
            out,
            "  Smatch: {} of {} predicted and {} gold triples matched (precision {}, recall {}, F1 {:.4}).",
            s.matches,
            s.predicted_triples,
            s.gold_triples,
            two_decimals(s.precision),
            two_decimals(s.recall),
            s.f1_unrounded
        );
        if let Some(k) = &s.runs {
            let _ = writeln!(
                out,
                "  Smatch over {} seeds: mean {:.3}, min {}, max {} ({}-{} matches); the score above is run 1 (the default seed). smatch.py's restarts are unseeded, so its score is one draw from this spread.",
                k.runs,
                k.mean,
                two_decimals(k.min),
                two_decimals(k.max),
                k.min_matches,
                k.max_matches
            );
        }
        if let Some(e) = &s.exact {
            let _ = writeln!(
                out,
                "  Smatch exact optimum: {} matches{}.",
                e.matches,
                if e.proven_optimal {
                    " (proven)"
                } else {
                    " (search limit reached: a lower bound)"
                }
            );
        }
    }
    let Some(e) = &r.explanation else {
        return out;
    };
    if let Some(g) = &e.goals {
        let _ = writeln!(
            out,
            "  Goal conditions: {} of {} reached.",
            g.reached, g.total
        );
        for goal in g.goals.iter().filter(|g| g.reached_by.is_none()) {
            let _ = writeln!(
                out,
                "    missed: {} {} (gold line {}): {} at {}",
                goal.predicate,
                goal.output_variable,
                goal.gold_line,
                goal.output_class,
                goal.location.join(" > ")
            );
        }
    }
    if let Some(d) = &e.dish {
        explain_dish(&mut out, d);
    }
    out
}

fn explain_dish(out: &mut String, d: &DishExplanation) {
    let best = &d.candidates[d.best];
    let _ = writeln!(
        out,
        "  Dish: best candidate is {} {} (line {}): {}, score {:.4}; gold dish {} {}: {}.",
        best.node.predicate,
        best.node.output_variable,
        best.node.line,
        best.node.output,
        best.score,
        d.gold.predicate,
        d.gold.output_variable,
        d.gold.output
    );
    let others: Vec<String> = d
        .candidates
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != d.best)
        .map(|(_, c)| {
            format!(
                "{} {} {:.3}",
                c.node.predicate, c.node.output_variable, c.score
            )
        })
        .collect();
    if !others.is_empty() {
        let more = match d.candidates_left_out {
            0 => String::new(),
            n => format!("; … and {n} more"),
        };
        let _ = writeln!(out, "    other candidates: {}{more}", others.join("; "));
    }
    if let Some(c) = &d.container {
        let _ = writeln!(
            out,
            "    container (2 %): {}: {} vs gold {}, {} location, {} vs {} portions",
            pct(&c.points),
            c.predicted_class,
            c.gold_class,
            if c.same_location { "same" } else { "different" },
            c.predicted_portions,
            c.gold_portions
        );
        for diff in &c.differences {
            let _ = writeln!(
                out,
                "      {}: {} (gold {})",
                diff.attribute, diff.predicted, diff.gold
            );
        }
    }
    if let Some(k) = &d.contents {
        let _ = writeln!(out, "    contents (98 %): {}", pct(k));
    }
    for i in &d.ingredients {
        let gold = view(&i.gold);
        match &i.predicted {
            None => {
                let _ = writeln!(out, "      missing: {gold}");
            }
            Some(p) => {
                let _ = writeln!(out, "      {gold} <- {} : {:.4}", view(p), i.score);
                for diff in &i.differences {
                    let _ = writeln!(
                        out,
                        "        {}: {} (gold {})",
                        diff.attribute, diff.predicted, diff.gold
                    );
                }
            }
        }
    }
    for s in &d.surplus {
        let _ = writeln!(out, "      in excess: {}", view(s));
    }
    if d.surplus_left_out > 0 {
        let _ = writeln!(out, "      in excess: … and {} more", d.surplus_left_out);
    }
}

fn view(v: &IngredientView) -> String {
    if v.mixtures.is_empty() {
        format!("{} {}", v.class, v.amount)
    } else {
        format!("{} {} in {}", v.class, v.amount, v.mixtures.join(" > "))
    }
}
