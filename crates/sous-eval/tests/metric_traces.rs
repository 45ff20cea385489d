//! The evaluator's internals agree with the reference's own trace of four
//! examples (`expected/traces/*.metrics.json`): which goals are reached,
//! which candidate dishes are scored with what container and contents
//! points, the order of the gold base ingredients and each one's match.

mod common;

use serde_json::Value as Json;
use sous_eval::{MetricSet, Options};

/// Exactly the reference's number: the trace prints points and totals as
/// SBCL single-floats (shortest digits) or integers, and ours must be that
/// single, not merely near it.
fn close(a: f64, b: &Json) -> bool {
    let want = b.as_f64().unwrap();
    if b.is_i64() || b.is_u64() {
        return a == want;
    }
    (a as f32) as f64 == a && (a as f32) == (want as f32)
}

fn check(example: &str) -> Vec<String> {
    let trace: Json = serde_json::from_str(
        &std::fs::read_to_string(
            common::spec_dir().join(format!("expected/traces/{example}.metrics.json")),
        )
        .unwrap(),
    )
    .unwrap();
    let path = common::benchmark_dir().join(format!(
        "documentation/examples/evaluation/{example}.solution"
    ));
    let options = Options {
        metrics: MetricSet::default(),
        explain: true,
        ..Options::default()
    };
    let reports = common::evaluate_file(&path, &common::current_gold(), &options);
    let r = &reports[0];
    let e = r.explanation.as_ref().expect("explanation");
    let mut wrong = Vec::new();

    let goals = &e.goals.as_ref().unwrap().goals;
    let want_goals = trace["goal-conditions"].as_array().unwrap();
    assert_eq!(goals.len(), want_goals.len(), "{example}: goal count");
    for (g, w) in goals.iter().zip(want_goals) {
        let loc: Vec<&str> = w["location"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_str().unwrap())
            .collect();
        if g.output_variable != w["output-var"].as_str().unwrap()
            || g.output_class != w["output-class"].as_str().unwrap()
            || g.location != loc
            || g.reached_by.is_some() != w["reached"].as_bool().unwrap()
        {
            wrong.push(format!(
                "{example}: goal {} {:?} vs {w}",
                g.output_variable, g.reached_by
            ));
        }
    }

    let dish = e.dish.as_ref().unwrap();
    let want = trace["candidates"].as_array().unwrap();
    if dish.candidates.len() != want.len() {
        wrong.push(format!(
            "{example}: {} candidates, reference {}",
            dish.candidates.len(),
            want.len()
        ));
    }
    for (c, w) in dish.candidates.iter().zip(want) {
        let same_node = c.node.predicate == w["predicate"].as_str().unwrap()
            && c.node.output_variable == w["output-var"].as_str().unwrap();
        let same_contents = |kp: &sous_eval::points::Points| {
            close(kp.points, &w["contents-score"]["points"]) && close(c.score, &w["total"])
        };
        let same_scores = match (&c.container, &c.contents) {
            (Some(cp), Some(kp)) => {
                w["scored"].as_bool().unwrap()
                    && close(cp.points, &w["container-score"]["points"])
                    && close(cp.max, &w["container-score"]["max-points"])
                    && close(kp.max, &w["contents-score"]["max-points"])
                    && same_contents(kp)
            }
            _ => !w["scored"].as_bool().unwrap() && close(c.score, &w["total"]),
        };
        if !same_node || !same_scores {
            wrong.push(format!(
                "{example}: candidate {} {} {:?} {:?} {} vs {w}",
                c.node.predicate, c.node.output_variable, c.container, c.contents, c.score
            ));
        }
    }
    if dish.best as u64 != trace["best-candidate-index"].as_u64().unwrap() {
        wrong.push(format!("{example}: best candidate {}", dish.best));
    }

    let matching = &trace["best-candidate-matching"];
    let want = matching["gold-ingredients"].as_array().unwrap();
    for (i, w) in dish.ingredients.iter().zip(want) {
        let gold = &w["gold"];
        let mixtures: Vec<&str> = gold["mixture-hierarchy"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_str().unwrap())
            .collect();
        let mut ok = i.gold.class == gold["class"].as_str().unwrap() && i.gold.mixtures == mixtures;
        match (&i.predicted, w["matched"].is_null()) {
            (None, true) => {}
            (Some(_), false) => {
                let po = i.property_overlap.unwrap();
                ok &= close(po.points, &w["property-overlap"]["points"])
                    && close(po.max, &w["property-overlap"]["max-points"])
                    && close(i.score, &w["base-score"]);
            }
            _ => ok = false,
        }
        if !ok {
            wrong.push(format!("{example}: ingredient {:?} vs {w}", i));
        }
    }
    let surplus: Vec<&str> = matching["surplus-predicted"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["class"].as_str().unwrap())
        .collect();
    let ours: Vec<&str> = dish.surplus.iter().map(|s| s.class.as_str()).collect();
    if surplus != ours {
        wrong.push(format!("{example}: surplus {ours:?} vs {surplus:?}"));
    }
    wrong
}

#[test]
fn evaluator_internals_agree_with_the_reference_traces() {
    let mut wrong = Vec::new();
    for example in [
        "extended-main-dish",
        "missing-minor-implicit",
        "partial-failure",
        "wrong-ingredient",
    ] {
        wrong.extend(check(example));
    }
    assert!(
        wrong.is_empty(),
        "{} differences:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}
