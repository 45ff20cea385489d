//! Predictions the reference itself scored (`fixtures/reference-cases.tsv`):
//! sous gives its goal-condition success and dish approximation score to 6
//! decimals and its execution time exactly. Each case is a network of ours
//! or an edit of a gold network (so no benchmark data is copied here).

mod common;

use sous_eval::{MetricSet, Options};

/// The network text of a case.
fn network(spec: &str) -> String {
    let mut parts = spec.split(';').map(str::trim);
    let source = parts.next().expect("a source");
    if let Some(name) = source.strip_prefix("file:") {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/reference")
            .join(name);
        return std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }
    let id = source.strip_prefix("gold:").expect("`gold:` or `file:`");
    let text = std::fs::read_to_string(common::gold_file(&common::gold_current_dir(), id)).unwrap();
    let mut lines: Vec<String> = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect();
    for edit in parts {
        let w: Vec<&str> = edit.split_whitespace().collect();
        let n = |k: usize| -> usize { w[k].parse().expect("a number") };
        match w[0] {
            "drop" => {
                lines.remove(n(1) - 1);
            }
            "drop-last" => lines.truncate(lines.len() - n(1)),
            "dup" => {
                let l = lines[n(1) - 1].clone();
                lines.insert(n(1), l);
            }
            "swap" => lines.swap(n(1) - 1, n(2) - 1),
            "set" => {
                let line = &lines[n(1) - 1];
                let inner = line.trim().trim_start_matches('(').trim_end_matches(')');
                let mut tokens: Vec<String> =
                    inner.split_whitespace().map(str::to_string).collect();
                tokens[n(2)] = w[3].to_string();
                lines[n(1) - 1] = format!("({})", tokens.join(" "));
            }
            other => panic!("unknown edit `{other}`"),
        }
    }
    format!("#{id}\n{}\n", lines.join("\n"))
}

#[test]
fn the_reference_scores_are_reproduced() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/reference-cases.tsv");
    let gold = common::current_gold();
    let options = Options {
        metrics: MetricSet::default(),
        ..Options::default()
    };
    let mut wrong = Vec::new();
    let mut cases = 0;
    for row in common::tsv(&path) {
        let [case, spec, goal, dish, time, ..] = &row[..] else {
            panic!("a short row: {row:?}");
        };
        let loaded =
            sous_eval::source::load_text(format!("{case}.solution"), network(spec).into_bytes());
        let (recipe, diagnostics) = &loaded.recipes[0];
        let r = &sous_eval::evaluate_recipe(recipe, diagnostics, &gold, &options);
        let six = |x: Option<f64>| x.map_or("NIL".to_string(), |v| format!("{v:.6}"));
        let got = (
            six(r.goal_condition_success),
            six(r.dish_approximation_score),
            r.execution_time
                .map_or("NIL".to_string(), |t| t.to_string()),
        );
        if (got.0.as_str(), got.1.as_str(), got.2.as_str())
            != (goal.as_str(), dish.as_str(), time.as_str())
        {
            wrong.push(format!(
                "{case}: sous {got:?}, reference ({goal}, {dish}, {time})"
            ));
        }
        cases += 1;
    }
    assert!(cases >= 1);
    assert!(
        wrong.is_empty(),
        "{} of {cases} cases differ:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}
