//! A trace as a table for people, or as CSV (one row per comestible of a
//! step) for spreadsheets.

use std::fmt::Write;

use crate::cooked::StepKind;
use crate::trace::Trace;

fn seconds(t: Option<f64>) -> String {
    t.map_or("-".into(), sous_kitchen::describe::fmt_num)
}

/// The trace as text: a block per step, then each ingredient's timeline.
pub fn table(t: &Trace) -> String {
    let mut s = format!(
        "{}: {} ({})\n",
        t.recipe_id,
        t.title,
        if t.annotated {
            "steps from the benchmark's annotation"
        } else {
            "one step per action"
        }
    );
    for r in &t.steps {
        let what = match r.kind {
            StepKind::Ingredient => "ingredient line (step 0)".to_string(),
            StepKind::Instruction => format!("step {}", r.step),
            StepKind::Action => format!("step {} (one action)", r.step),
        };
        let _ = writeln!(s, "\n{what}: {}", r.instruction);
        let verbs: Vec<&str> = r
            .actions
            .iter()
            .filter_map(|a| a.trim_start_matches('(').split_whitespace().next())
            .collect();
        let _ = writeln!(
            s,
            "  actions: {}  ({}–{} s)",
            verbs.join(", "),
            seconds(r.start),
            seconds(r.end)
        );
        for (label, list) in [("in: ", &r.inputs), ("out:", &r.outputs)] {
            for (i, c) in list.iter().enumerate() {
                let head = if i == 0 { label } else { "    " };
                let mark = if c.implicit { " (implicit)" } else { "" };
                let _ = writeln!(s, "  {head} {} {}{mark}", c.object, c.description);
            }
        }
        if !r.tools.is_empty() || r.place.is_some() {
            let _ = writeln!(
                s,
                "  tools: {}   place: {}",
                if r.tools.is_empty() {
                    "-".into()
                } else {
                    r.tools.join(", ")
                },
                r.place.as_deref().unwrap_or("-")
            );
        }
    }
    s.push_str("\ningredients (step, actions → object):\n");
    for tl in &t.ingredients {
        let events: Vec<String> = tl
            .events
            .iter()
            .map(|e| format!("{} {} → {}", e.step, e.actions.join("+"), e.object))
            .collect();
        let lost = tl
            .lost
            .as_ref()
            .map_or(String::new(), |l| format!("   LOST: {l}"));
        let _ = writeln!(s, "  {}: {}{lost}", tl.ingredient, events.join("; "));
    }
    if !t.leftovers.is_empty() {
        s.push_str("\nnever used (not the dish):\n");
        for l in &t.leftovers {
            let _ = writeln!(
                s,
                "  {} {}: made in step {}, never used",
                l.object, l.description, l.step
            );
        }
    }
    s
}

/// Columns of the CSV.
pub const CSV_HEADER: [&str; 16] = [
    "recipe_id",
    "step",
    "line",
    "kind",
    "instruction",
    "actions",
    "role",
    "object",
    "variable",
    "description",
    "implicit",
    "ingredients",
    "tools",
    "place",
    "start",
    "end",
];

/// The trace as CSV rows (without the header): one per comestible of a
/// step, or one for a step with none.
pub fn csv_rows(t: &Trace, out: &mut csv::Writer<impl std::io::Write>) -> csv::Result<()> {
    for r in &t.steps {
        let kind = serde_json::to_value(r.kind)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default();
        let base = |role: &str, c: Option<&crate::trace::Comestible>| -> Vec<String> {
            vec![
                t.recipe_id.clone(),
                r.step.to_string(),
                r.line.to_string(),
                kind.clone(),
                r.instruction.clone(),
                r.actions.join(" "),
                role.to_string(),
                c.map_or(String::new(), |c| c.object.clone()),
                c.map_or(String::new(), |c| c.variable.clone()),
                c.map_or(String::new(), |c| c.description.clone()),
                c.map_or(String::new(), |c| c.implicit.to_string()),
                c.map_or(String::new(), |c| c.ingredients.join(" ")),
                r.tools.join(" "),
                r.place.clone().unwrap_or_default(),
                seconds(r.start),
                seconds(r.end),
            ]
        };
        let mut any = false;
        for (role, list) in [("input", &r.inputs), ("output", &r.outputs)] {
            for c in list {
                out.write_record(base(role, Some(c)))?;
                any = true;
            }
        }
        if !any {
            out.write_record(base("", None))?;
        }
    }
    Ok(())
}
