//! Bugs users reported in the physics kitchen (issue 21), one test each.

use serde_json::Value;
use sous_physics::{execute, physics_json, physics_summary};

fn gold_with(id: &str, edits: &str) -> sous_lang::Recipe {
    let dir = sous_testdata::gold_current_dir();
    let spec = format!("gold:{id}{edits}");
    let text = sous_testdata::edits::network(&spec, &dir, &dir);
    let (file, diags) = sous_lang::parse(id, &text);
    assert!(diags.is_empty(), "{diags:?}");
    file.recipes.into_iter().next().expect("a recipe")
}

/// Every entity of a JSON kitchen with its `matter`, and the id of the
/// object that holds it.
fn matters<'a>(v: &'a Value, holder: Option<&'a str>, out: &mut Vec<(Option<&'a str>, &'a Value)>) {
    match v {
        Value::Object(m) => {
            if let Some(matter) = m.get("matter") {
                out.push((holder, matter));
            }
            let here = if m.contains_key("pose") && !m.contains_key("matter") {
                m.get("id").and_then(Value::as_str)
            } else {
                holder
            };
            for c in m.values() {
                matters(c, here, out);
            }
        }
        Value::Array(a) => a.iter().for_each(|c| matters(c, holder, out)),
        _ => {}
    }
}

/// A fetched portion shares its id with the stock it was taken from; its
/// JSON `matter` is its own (230 g of butter), not the stock's.
#[test]
fn a_fetched_portion_reports_its_own_matter() {
    // get-kitchen and the butter's fetch-and-proportion only.
    let recipe = gold_with("almond-crescent-cookies", "; drop-last 25");
    let x = execute(&recipe);
    let json = physics_json(&x, sous_sim::execution_json(&x));
    let mut found = Vec::new();
    matters(&json["final_kitchen"], None, &mut found);
    let grams: Vec<f64> = found
        .iter()
        .filter_map(|(_, m)| m["grams"].as_f64())
        .collect();
    assert!(grams.contains(&230.0), "{grams:?}");
    assert!(grams.contains(&270.0), "the stock left: {grams:?}");
}

/// No pour of nothing: float amounts once left a sliver of a flow that was
/// poured as a second, empty pour, doubling a step's frames.
#[test]
fn no_step_pours_nothing() {
    for id in [
        "whole-wheat-ginger-snaps",
        "almond-crescent-cookies",
        // Its tablespoons of sugar once left a sink short by 10 µg, filled
        // from the milk.
        "bisquick-shortcake-biscuits",
    ] {
        let x = execute(&gold_with(id, ""));
        let s = physics_summary(&x).expect("physics");
        for step in &s.steps {
            for p in &step.physics.pours {
                assert!(
                    p.grams >= 0.01,
                    "{id}: `{}` pours {} g",
                    step.action,
                    p.grams
                );
            }
        }
    }
}

/// Nothing ends below the floor of what holds it: the lining under its
/// tray is caught by `misplaced`, and on the gold networks there is none.
#[test]
fn nothing_lies_under_what_holds_it() {
    let x = execute(&gold_with("almond-crescent-cookies", ""));
    let s = physics_summary(&x).expect("physics");
    assert!(s.misplaced.is_empty(), "{:?}", s.misplaced);
}

/// Every entity of a JSON kitchen that has both an amount in grams and a
/// `matter`: its id, the grams of its matter (all copies in one holder
/// together) and its own amount.
fn amounts_and_matter(v: &Value, out: &mut Vec<(String, f64, f64)>) {
    match v {
        Value::Object(m) => {
            let grams = m.get("matter").and_then(|x| x["grams"].as_f64());
            let amount = m
                .get("amount")
                .filter(|a| a["unit"] == "g")
                .and_then(|a| a["value"].as_f64());
            if let (Some(g), Some(a), Some(id)) = (grams, amount, m.get("id")) {
                out.push((id.as_str().unwrap_or("").to_string(), g, a));
            }
            m.values().for_each(|c| amounts_and_matter(c, out));
        }
        Value::Array(a) => a.iter().for_each(|c| amounts_and_matter(c, out)),
        _ => {}
    }
}

/// A spill is charged once, to what lost it: the sugar the ginger snaps
/// are rolled in spills on its way to the sheet, and the coatings' amounts
/// add up to what landed. (The stock the sugar came from shares its
/// identity; it was once charged instead, and the loss refilled from it.)
#[test]
fn a_spill_is_charged_to_what_lost_it_not_to_its_stock() {
    let x = execute(&gold_with("whole-wheat-ginger-snaps", ""));
    let s = physics_summary(&x).expect("physics");
    let spilled: Vec<_> = s
        .steps
        .iter()
        .flat_map(|st| &st.physics.pours)
        .filter(|p| p.spilled_g > 0.0)
        .collect();
    assert!(
        !spilled.is_empty(),
        "the case no longer spills: pick a network that does"
    );
    let json = physics_json(&x, sous_sim::execution_json(&x));
    let mut found = Vec::new();
    amounts_and_matter(&json["final_kitchen"], &mut found);
    let mut groups: std::collections::BTreeMap<(String, u64), f64> = Default::default();
    for (id, g, a) in &found {
        *groups.entry((id.clone(), g.to_bits())).or_default() += a;
    }
    for ((id, bits), sum) in groups {
        let g = f64::from_bits(bits);
        assert!(
            (sum - g).abs() <= 1e-3 * g.max(1.0),
            "{id}: the kitchen says {sum} g, the physics holds {g} g"
        );
    }
}
