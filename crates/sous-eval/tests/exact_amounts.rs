//! Amounts are exact where the reference's are: the gold almond-crescent
//! cookies (33 portions of a mixture, sprinkled with powdered sugar) unfold
//! to exactly the grams that went in, as in the reference.

mod common;

use sous_eval::dish::unfold_dish;
use sous_eval::nodes::node_sequence;
use sous_kitchen::Num;

#[test]
fn gold_almond_crescent_cookies_unfold_to_whole_grams() {
    let gold = common::current_gold();
    let g = gold.get("almond-crescent-cookies").expect("gold network");
    let run = g.run().expect("gold executes");
    let nodes = node_sequence(&run.execution, &run.bindings);
    let dish = nodes
        .iter()
        .rev()
        .find(|n| Some(n.output_name) == g.dish_variable.as_deref())
        .and_then(|n| n.output_entity())
        .expect("gold dish");
    let unfolded = unfold_dish(dish).expect("unfolds");
    let grams = |class: &str| -> Vec<Num> {
        unfolded
            .iter()
            .filter(|u| u.ingredient.class_name() == class)
            .map(|u| u.ingredient.amount().expect("amount").value)
            .collect()
    };
    for (class, want) in [
        ("vanilla-extract", 4),
        ("almond-extract", 4),
        ("all-purpose-flour", 340),
        ("almond-flour", 120),
        ("butter", 230),
        ("white-sugar", 120),
        ("powdered-white-sugar", 30),
    ] {
        let got = grams(class);
        assert_eq!(got.len(), 1, "{class}: {got:?}");
        assert_eq!(got[0].as_integer(), Some(want), "{class}: {:?}", got[0]);
    }
}
