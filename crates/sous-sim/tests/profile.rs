//! The corrected profile (`--profile corrected`): the reference's timing bugs
//! fixed, checked on gold networks where each fix shows. The reference
//! profile stays the default (its gold times are pinned by `gold_times.rs`).

mod common;

use sous_sim::{execute_with, Execution, Options, Profile};

/// Executes `recipe` in the kitchen of `profile`.
fn run_in(recipe: &sous_lang::Recipe, profile: Profile) -> Execution {
    execute_with(
        recipe,
        Options {
            profile,
            ..Options::default()
        },
    )
}

fn time(recipe: &str, profile: Profile) -> f64 {
    let file = common::gold_file(&common::gold_current_dir(), recipe);
    let x = run_in(&common::parse_one(&file), profile);
    // The reference fails the cupcakes' top-with (and the bake after it).
    assert!(
        x.solved
            && (x.failures.is_empty()
                || (profile == Profile::Reference && recipe == "chocolate-cream-cheese-cupcakes")),
        "{recipe}: {:?}",
        x.failures
    );
    x.execution_time().expect("a time")
}

#[test]
fn refrigerate_counts_its_time_once() {
    // 740 s of work, then 24 hours in the fridge (the reference: 24 × 24 h).
    assert_eq!(
        time("broccoli-salad", Profile::Reference),
        740.0 + 24.0 * 86_400.0
    );
    assert_eq!(time("broccoli-salad", Profile::Corrected), 740.0 + 86_400.0);
    // 710 s of work, then 2 hours (the reference: 2 × 2 h).
    assert_eq!(
        time("cucumber-slices-with-dill", Profile::Reference),
        710.0 + 2.0 * 7_200.0
    );
    assert_eq!(
        time("cucumber-slices-with-dill", Profile::Corrected),
        710.0 + 7_200.0
    );
}

#[test]
fn actions_wait_for_their_inputs() {
    // Cranberry fluff: the mixture stands half an hour before the rest goes
    // in (the reference adds it at once), then 8 hours in the fridge.
    assert_eq!(
        time("cranberry-fluff-salad", Profile::Corrected),
        580.0 + 1_800.0 + 28_800.0
    );
    // Every gold network takes at least as long when no action may use a
    // thing before it exists, unless a squared fridge time made it longer.
    let squared = [
        "broccoli-salad",
        "cranberry-fluff-salad",
        "cucumber-slices-with-dill",
    ];
    let mut longer = 0;
    for (recipe, _, _) in common::expected_times() {
        let (r, c) = (
            time(&recipe, Profile::Reference),
            time(&recipe, Profile::Corrected),
        );
        if squared.contains(&recipe.as_str()) {
            assert!(c < r, "{recipe}: {c} vs {r}");
        } else {
            assert!(c >= r, "{recipe}: corrected {c} < reference {r}");
            longer += usize::from(c > r);
        }
    }
    // Nine wait for something the reference let them use early.
    assert_eq!(longer, 9);
}

/// The milk left in the fridge's stock (0.5 l) after 30 g were weighed out.
fn milk_left(profile: Profile) -> f64 {
    let (file, diags) = sous_lang::parse(
        "milk.solution",
        "#milk\n(get-kitchen ?k)\n(fetch-and-proportion ?m ?ks1 ?k ?t milk 30 g)\n",
    );
    assert!(diags.is_empty());
    let x = run_in(&file.recipes[0], profile);
    let json = sous_sim::execution_json(&x);
    let mut found = Vec::new();
    fn walk(v: &serde_json::Value, out: &mut Vec<f64>) {
        match v {
            serde_json::Value::Object(m) => {
                if m.get("class").and_then(|c| c.as_str()) == Some("milk")
                    && m["amount"]["unit"] == "g"
                    && m["amount"]["value"] != 30
                {
                    out.push(m["amount"]["value"].as_f64().unwrap());
                }
                m.values().for_each(|x| walk(x, out));
            }
            serde_json::Value::Array(a) => a.iter().for_each(|x| walk(x, out)),
            _ => {}
        }
    }
    walk(&json["final_kitchen"], &mut found);
    assert_eq!(found.len(), 1, "{found:?}");
    found[0]
}

#[test]
fn weighing_in_grams_from_a_stock_in_litres_keeps_the_stocks_grams() {
    // The reference: 0.5 (litres) − 30 (grams) = −29.5 "grams".
    assert_eq!(milk_left(Profile::Reference), -29.5);
    // Corrected: the stock's grams less the 30 g taken.
    let left = milk_left(Profile::Corrected);
    assert!(left > 400.0 && left < 600.0, "{left}");
}

#[test]
fn where_the_reference_crashes_the_corrected_kitchen_fails_the_action() {
    // 3 tablespoons of salted butter: no conversion to grams in the table.
    let text = common::edits::network(
        "gold:bisquick-shortcake-biscuits; set 3 5 salted-butter",
        &common::gold_current_dir(),
        std::path::Path::new("."),
    );
    let (file, diags) = sous_lang::parse("crash.solution", &text);
    assert!(diags.is_empty(), "{diags:?}");
    let run = |profile| run_in(&file.recipes[0], profile);
    let reference = run(Profile::Reference);
    assert!(reference
        .failures
        .iter()
        .any(|f| f.kind == sous_sim::FailureKind::Crash));
    let corrected = run(Profile::Corrected);
    assert!(corrected.solved, "{:?}", corrected.failures);
    assert!(corrected
        .failures
        .iter()
        .all(|f| f.kind == sous_sim::FailureKind::FailedObject));
    assert!(
        corrected.failures[0].message.contains("conversion"),
        "{:?}",
        corrected.failures[0]
    );
}

#[test]
fn a_stock_that_runs_short_fails_the_fetch() {
    // The kitchen holds 500 g of butter; the second 300 g are not there.
    let (file, diags) = sous_lang::parse(
        "short.solution",
        "#short\n(get-kitchen ?k)\n\
         (fetch-and-proportion ?a ?ks1 ?k ?t1 butter 300 g)\n\
         (fetch-and-proportion ?b ?ks2 ?ks1 ?t2 butter 300 g)\n",
    );
    assert!(diags.is_empty(), "{diags:?}");
    let run = |profile| run_in(&file.recipes[0], profile);
    // The reference weighs out 300 g twice and leaves −100 g in the stock.
    let reference = run(Profile::Reference);
    assert!(reference.failures.is_empty(), "{:?}", reference.failures);
    let corrected = run(Profile::Corrected);
    assert_eq!(corrected.failures.len(), 1, "{:?}", corrected.failures);
    let message = &corrected.failures[0].message;
    assert!(
        message.contains("not enough `butter`") && message.contains("-100 g"),
        "{message}"
    );
    // The first fetch is untouched, and a later one that fits still works.
    let (file, _) = sous_lang::parse(
        "fits.solution",
        "#fits\n(get-kitchen ?k)\n\
         (fetch-and-proportion ?a ?ks1 ?k ?t1 butter 300 g)\n\
         (fetch-and-proportion ?b ?ks2 ?ks1 ?t2 butter 200 g)\n",
    );
    let fits = run_in(&file.recipes[0], Profile::Corrected);
    assert!(fits.failures.is_empty(), "{:?}", fits.failures);
}

#[test]
fn portions_of_a_batter_can_be_topped() {
    // Chocolate cream cheese cupcakes: a tablespoon of the cheese mixture on
    // each portion of batter. The reference refuses (a mixture has no
    // `has-on-top`), so the cupcakes are baked without it, if at all.
    let file = common::gold_file(
        &common::gold_current_dir(),
        "chocolate-cream-cheese-cupcakes",
    );
    let recipe = common::parse_one(&file);
    let run = |profile| run_in(&recipe, profile);
    let reference = run(Profile::Reference);
    assert_eq!(reference.failures.len(), 2, "{:?}", reference.failures);
    let corrected = run(Profile::Corrected);
    assert!(corrected.failures.is_empty(), "{:?}", corrected.failures);
    let json = sous_sim::execution_json(&corrected);
    let text = json["bindings"]["?baked-cupcakes"].to_string();
    assert!(
        text.contains("sprinkled-with") && text.contains("cream-cheese"),
        "{text}"
    );
}
