//! An answer in the recipe's own words is scored as its class: for every
//! ingredient line of the 30 recipe texts, the words that name its
//! ingredient (as the line writes them, plural or not) are a right answer
//! where the answer is the class the line means. Needs the benchmark data:
//! `$SOUS_BENCHMARK_DIR`.

use serde_json::json;
use sous_probe::score::agrees;
use sous_probe::tasks::AnswerKind;

#[test]
fn the_texts_words_for_their_ingredients_are_accepted() {
    let dir = sous_testdata::benchmark_dir().join("data/recipe-texts");
    let files = sous_testdata::files_with_extension(&dir, "xml");
    assert_eq!(files.len(), 30, "{}", dir.display());
    let onto = sous_kitchen::Ontology::get();
    let (mut checked, mut wrong) = (0, Vec::new());
    for f in files {
        let text = std::fs::read_to_string(&f).expect("the recipe text reads");
        let recipe = sous_agent::parse_recipe(&text).expect("the recipe text parses");
        for line in &recipe.ingredients {
            let Ok(read) = sous_agent::ingredient_line::read_line(line) else {
                continue;
            };
            let class = onto.name(read.class);
            let words = read.name.join(" ");
            checked += 1;
            if !agrees(AnswerKind::Text, &json!(class), &json!(words)) {
                wrong.push(format!("{}: `{words}` for {class} ({line})", recipe.id));
            }
        }
    }
    assert!(checked > 200, "{checked} lines");
    assert!(
        wrong.is_empty(),
        "{} of {checked} not accepted:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}
