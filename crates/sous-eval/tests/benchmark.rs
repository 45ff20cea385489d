//! The benchmark folder loads: 30 recipe texts whose ids are the 30 gold
//! networks' recipe ids.

use sous_eval::benchmark::Benchmark;

#[test]
fn thirty_recipes_with_their_gold_networks() {
    let b = Benchmark::load(&sous_testdata::benchmark_dir()).expect("benchmark loads");
    assert_eq!(b.recipes.len(), 30);
    let text_ids: Vec<&str> = b.recipes.keys().map(String::as_str).collect();
    let gold_ids: Vec<&str> = b.gold.ids().collect();
    assert_eq!(text_ids, gold_ids);
    let almond = b.recipe("Almond-Crescent-Cookies").unwrap();
    assert_eq!(almond.title, "Almond Crescent Cookies");
    assert_eq!(almond.ingredients[0], "230 grams butter, room temperature");
    assert_eq!(
        almond.instructions.last().unwrap(),
        "Dust each cookie with powdered sugar."
    );
    assert!(b
        .recipes
        .values()
        .all(|r| !r.ingredients.is_empty() && !r.instructions.is_empty()));
}
