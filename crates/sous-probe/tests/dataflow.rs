//! The answers come from the simulation and the network's dataflow, not
//! from the text: change the network and they change as they must.

use serde_json::json;
use sous_probe::tasks::{generate, Instance, Task};
use sous_probe::{Annotation, Cooked, Trace};

fn almond_text() -> String {
    let path = sous_testdata::gold_file(
        &sous_testdata::gold_current_dir(),
        "almond-crescent-cookies",
    );
    std::fs::read_to_string(path).unwrap()
}

fn cook(text: &str, annotated: bool) -> Cooked {
    let (file, diags) = sous_lang::parse("edited.solution", text);
    assert!(diags.is_empty(), "{diags:?}");
    let ann = annotated
        .then(|| {
            Annotation::of_benchmark(&sous_testdata::benchmark_dir(), "almond-crescent-cookies")
        })
        .flatten();
    Cooked::new(&file.recipes[0], ann.as_ref())
}

fn find<'a>(list: &'a [Instance], text: &str) -> &'a Instance {
    list.iter()
        .find(|i| i.question.contains(text))
        .unwrap_or_else(|| panic!("no instance asks {text:?}"))
}

#[test]
fn swapping_two_ingredients_moves_their_answers() {
    // The butter line now fetches almond flour and the almond-flour line
    // butter (amounts stay): step 1 beats almond flour with the sugar.
    let text = almond_text()
        .replace(
            "?target-container-1 butter 230 g",
            "?target-container-1 almond-flour 230 g",
        )
        .replace(
            "?target-container-6 almond-flour 120 g",
            "?target-container-6 butter 120 g",
        );
    // Without the annotation: one step per action, in the order they ran
    // (get-kitchen is step 1, the beat step 12).
    let c = cook(&text, false);
    assert!(!c.annotated);
    // The same grams are asked once, where they first meet the sugar.
    let amount = generate(&c, Task::Amount, 0, None);
    assert_eq!(
        find(&amount, "grams of almond flour are in").answer,
        json!(230.0)
    );
    // Butter reaches the large bowl only at step 17.
    for i in &amount {
        if i.question.contains("grams of butter are in") {
            assert!(i.evidence["step"].as_u64().unwrap() >= 17, "{}", i.question);
        }
    }
    // Almond flour is now used at the first transfer (step 10), butter only
    // when the old almond-flour bowl is emptied into the dough (step 17).
    let usage = generate(&c, Task::IngredientUsage, 0, None);
    for i in &usage {
        let step = i.evidence["step"].as_u64().unwrap();
        match i.evidence["ingredient"].as_str().unwrap() {
            "almond-flour" => assert_eq!(i.answer, json!(step < 10), "{}", i.question),
            "butter" => assert_eq!(i.answer, json!(step < 17), "{}", i.question),
            _ => {}
        }
    }
    // And the trace's timelines follow: butter, fetched in step 8, first
    // meets the others in the transfer of step 17.
    let t = Trace::new(&c);
    let butter = t
        .ingredients
        .iter()
        .find(|i| i.ingredient == "butter")
        .unwrap();
    let steps: Vec<usize> = butter.events.iter().take(2).map(|e| e.step).collect();
    assert_eq!(steps, [8, 17]);
}

#[test]
fn dropping_a_step_changes_what_follows() {
    // Without the beat (its output rewired to the transfer before it), step 1
    // leaves butter and sugar unbeaten, and no whisk is used for it.
    let original = cook(&almond_text(), true);
    let text: String = almond_text()
        .lines()
        .filter(|l| !l.starts_with("(beat "))
        .map(|l| {
            l.replace(
                "?ks-with-beaten-mixture ?beaten-mixture",
                "?output-ks-b ?output-container-b",
            )
        })
        .collect::<Vec<_>>()
        .join("\n");
    let dropped = cook(&text, true);
    assert!(
        dropped.annotated,
        "every remaining line is in the annotation"
    );
    // The equipment of step 1, as the trace has it.
    let tools = |c: &Cooked| {
        let t = Trace::new(c);
        let row = t.steps.iter().find(|r| r.step == 1).unwrap();
        let mut tools = row.tools.clone();
        tools.sort();
        tools
    };
    assert_eq!(tools(&original), ["large-bowl", "whisk"]);
    assert_eq!(tools(&dropped), ["large-bowl"]);
    let result = |c: &Cooked| {
        find(&generate(c, Task::Result, 0, None), "step 1 (").answer["descriptions"][0].clone()
    };
    assert!(result(&original)
        .as_str()
        .unwrap()
        .starts_with("beaten mixture"));
    assert!(!result(&dropped).as_str().unwrap().contains("beaten"));
    // The sugar and butter are still used in step 1 (the transfers).
    let usage = generate(&dropped, Task::IngredientUsage, 0, None);
    for i in usage
        .iter()
        .filter(|i| i.evidence["ingredient"] == "butter")
    {
        let first = i.evidence["first_used_in"].as_str().unwrap();
        assert!(first.starts_with("step 1 "), "{first}");
    }
}
