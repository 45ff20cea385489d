//! Regression tests for answers that were wrong: eggs lost after a crack,
//! greasing supplies taken for ingredients, an ordering against the
//! dataflow, leftovers not flagged. Over the 30 gold networks.

use std::sync::OnceLock;

use sous_probe::tasks::{self, Task};
use sous_probe::Cooked;

fn all() -> &'static [Cooked] {
    static ALL: OnceLock<Vec<Cooked>> = OnceLock::new();
    ALL.get_or_init(|| {
        let recipes = sous_testdata::gold_recipes();
        let bench = sous_testdata::benchmark_dir();
        sous_probe::cook_all(&recipes, Some(&bench), sous_sim::Profile::Corrected)
    })
}

fn recipe(id: &str) -> &'static Cooked {
    all()
        .iter()
        .find(|c| c.recipe_id == id)
        .unwrap_or_else(|| panic!("no gold network {id}"))
}

#[test]
fn cracked_eggs_are_still_the_eggs() {
    for id in [
        "best-brownies",
        "chocolate-fudge-cookies",
        "easy-banana-bread",
        "easy-oatmeal-cookies",
    ] {
        let c = recipe(id);
        assert_eq!(
            c.renamed.get("whole-egg").map(String::as_str),
            Some("egg"),
            "{id}"
        );
        assert!(
            !c.lost_ingredients().contains(&"egg".to_string()),
            "{id}: the eggs are lost after the crack"
        );
        // Every tracing question about the egg has an answer.
        for i in tasks::generate(c, Task::IngredientTracing, 0, None) {
            if i.evidence["ingredient"] == "egg" {
                assert!(
                    !i.answer.as_array().unwrap().is_empty(),
                    "{id}: {}",
                    i.question
                );
            }
        }
    }
    // Separated eggs: the white and the yolk are the egg too.
    let c = recipe("almond-crescent-cookies-5");
    assert_eq!(c.renamed.get("egg-yolk").map(String::as_str), Some("egg"));
    assert_eq!(c.renamed.get("egg-white").map(String::as_str), Some("egg"));
}

#[test]
fn greasing_supplies_are_not_ingredients() {
    // "Grease and flour a baking pan": the butter and flour the kitchen
    // supplies are neither inputs nor outputs of the step.
    let c = recipe("best-brownies");
    assert_eq!(c.supplies.len(), 2);
    let grease = c
        .steps
        .iter()
        .position(|s| s.text.starts_with("Grease and flour"))
        .unwrap();
    assert!(c.step_inputs(grease).is_empty());
    assert!(c.step_outputs(grease).is_empty());
    for task in Task::ALL {
        for i in tasks::generate(c, task, 0, None) {
            let text = format!("{} {} {}", i.question, i.context, i.answer);
            assert!(
                !text.contains("spread butter (10 g)"),
                "{}: {}",
                task.name(),
                i.question
            );
        }
    }
}

#[test]
fn ordering_never_contradicts_the_dataflow() {
    // If step b takes something step a made, a was finished before b started.
    let mut checked = 0;
    for c in all() {
        let made_by: Vec<(usize, usize)> = c
            .numbered()
            .into_iter()
            .flat_map(|b| {
                c.step_inputs(b)
                    .into_iter()
                    .map(move |o| (tasks::number(c, c.objects[o].made_in), tasks::number(c, b)))
            })
            .filter(|&(a, _)| a > 0)
            .collect();
        for i in tasks::generate(c, Task::Ordering, 0, None) {
            let pair = (
                i.evidence["a"].as_u64().unwrap() as usize,
                i.evidence["b"].as_u64().unwrap() as usize,
            );
            if made_by.contains(&pair) {
                checked += 1;
                assert_eq!(i.answer, true, "{}: {}", c.recipe_id, i.question);
            }
        }
    }
    assert!(
        checked > 50,
        "only {checked} ordering instances follow the dataflow"
    );
}

#[test]
fn leftovers_and_lost_ingredients_are_flagged() {
    // broccoli-salad: the gold network cuts the bacon and never adds it.
    let c = recipe("broccoli-salad");
    assert_eq!(c.lost_ingredients(), ["cooked-bacon"]);
    let t = c.trace();
    let bacon = t
        .ingredients
        .iter()
        .find(|tl| tl.ingredient == "cooked-bacon")
        .unwrap();
    assert_eq!(bacon.lost.as_deref(), Some("cut in step 1, never used"));
    assert_eq!(t.leftovers.len(), 1);
    // almond-crescent-cookies loses nothing.
    assert!(recipe("almond-crescent-cookies")
        .lost_ingredients()
        .is_empty());
}

#[test]
fn the_trace_has_the_world_after_every_step() {
    let t = recipe("almond-crescent-cookies").trace();
    let beat = t.steps.iter().find(|r| r.step == 1).unwrap();
    let bowl = beat
        .world
        .iter()
        .find(|w| w.description.starts_with("beaten mixture"))
        .unwrap();
    assert_eq!(bowl.grams, Some(350.0));
    assert_eq!(bowl.container.as_deref(), Some("large-bowl"));
    assert_eq!(bowl.place.as_deref(), Some("counter-top"));
    assert!(bowl.states.contains(&"beaten".to_string()));
    let bake = t
        .steps
        .iter()
        .find(|r| r.instruction.starts_with("Bake"))
        .unwrap();
    assert!(bake
        .world
        .iter()
        .any(|w| w.states.contains(&"baked".to_string())));
}

#[test]
fn a_stale_variable_names_the_thing_as_it_is_now() {
    // classic-potato-salad: "Place diced potatoes in large bowl" (step 3)
    // cuts `?drained-potato`, bound in step 1, but the potatoes it cuts are
    // the ones step 2 cooled: the reference is to step 2.
    let c = recipe("classic-potato-salad");
    let refs = tasks::generate(c, Task::StepReference, 0, None);
    let diced = refs
        .iter()
        .find(|i| i.question.contains("Place diced potatoes"))
        .expect("a step reference in step 3");
    assert_eq!(diced.answer, 2, "{}", diced.question);
    // And the cooled potatoes are used up, not left over.
    assert!(c
        .leftovers()
        .iter()
        .all(|&o| !c.objects[o].description.contains("potato")));
}

#[test]
fn one_question_one_answer() {
    // Two portions of salt described alike ("coarse salt (2.5 g), in a
    // medium bowl") with different lifespans are not asked at all.
    for c in all() {
        for task in Task::ALL {
            let list = tasks::generate(c, task, 0, None);
            for (k, a) in list.iter().enumerate() {
                for b in &list[k + 1..] {
                    assert!(
                        a.question != b.question || a.context != b.context,
                        "{} {}: {:?} asked twice",
                        c.recipe_id,
                        task.name(),
                        a.question
                    );
                }
            }
        }
    }
}

#[test]
fn boiling_takes_the_water_it_weighs_out() {
    // classic-potato-salad, step 1: "Boil peeled potatoes in a pot with
    // 500 ml of salted water": the water is fetched in the step itself.
    let c = recipe("classic-potato-salad");
    let io = &tasks::generate(c, Task::InputOutput, 0, None)[0];
    let row = &io.answer[0];
    assert_eq!(row["step"], 1);
    let inputs: Vec<&serde_json::Value> = row["input"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| &x["ingredients"])
        .collect();
    assert!(inputs.contains(&&serde_json::json!(["water"])), "{row}");
}

#[test]
fn no_amount_from_a_conversion_the_text_never_gives() {
    // "8 potatoes" are 1,680 g only by the ontology's table: not asked.
    let c = recipe("classic-potato-salad");
    for i in tasks::generate(c, Task::Amount, 0, None) {
        assert!(!i.question.contains("grams of potato"), "{}", i.question);
    }
}

#[test]
fn a_short_name_is_only_for_the_one_thing_of_its_kind_in_its_place() {
    // Easy banana bread has three mixtures in its large bowl (steps 1, 2
    // and 3): "The mixture, in a large bowl" named step 3's, told apart
    // from the "beaten mixture" only by that word.
    for id in [
        "easy-banana-bread",
        "cucumber-slices-with-dill",
        "almond-crescent-cookies",
    ] {
        for i in tasks::generate(recipe(id), Task::Lifespan, 0, None) {
            for short in [
                "The mixture, in a large bowl",
                "The beaten mixture, in a large bowl",
            ] {
                assert!(!i.question.starts_with(short), "{id}: {:?}", i.question);
            }
        }
    }
}

#[test]
fn a_world_state_of_one_item_is_not_published() {
    let published = sous_probe::probe_all(all(), &[Task::IngredientTracing], 0, None);
    assert!(!published.is_empty());
    for i in &published {
        assert_ne!(
            i.evidence["trivial"],
            serde_json::json!(true),
            "{}",
            i.question
        );
        assert!(i.chance < 1.0, "{}: chance {}", i.question, i.chance);
    }
}
