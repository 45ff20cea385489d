//! The errata of the gold networks (`data/errata.toml`): each applies to
//! the benchmark's gold network it names, parses, and executes with no
//! failed action; the other networks are untouched.

#[test]
fn every_erratum_applies_parses_and_runs() {
    let bench = sous_testdata::benchmark_dir();
    let dir = sous_eval::gold::gold_dir_of_benchmark(&bench);
    let errata = sous_eval::errata::all().expect("errata.toml parses");
    // The thirteen defects docs/agent.md lists.
    assert_eq!(errata.len(), 13);
    for e in &errata {
        assert!(
            !e.quirk.trim().is_empty(),
            "{}: say which quirk it fixes",
            e.recipe
        );
        let text = std::fs::read_to_string(sous_testdata::gold_file(&dir, &e.recipe)).unwrap();
        let fixed = sous_eval::errata::corrected(e, &text)
            .unwrap_or_else(|err| panic!("{}: {err}", e.recipe));
        assert_ne!(
            fixed.trim(),
            text.trim(),
            "{}: the erratum changes nothing",
            e.recipe
        );
        let (file, diags) = sous_lang::parse(&e.recipe, &fixed);
        assert!(diags.is_empty(), "{}: {diags:?}", e.recipe);
        let x = sous_sim::execute(&file.recipes[0]);
        assert!(x.failures.is_empty(), "{}: {:?}", e.recipe, x.failures);
    }
    let official = sous_eval::GoldStandard::load(&dir).unwrap();
    let corrected = sous_eval::GoldStandard::load(&dir)
        .unwrap()
        .with_errata()
        .unwrap();
    for g in official.networks() {
        let c = corrected.get(&g.recipe_id).unwrap();
        let touched = errata.iter().any(|e| e.recipe == g.recipe_id);
        let same = format!("{:?}", g.recipe) == format!("{:?}", c.recipe);
        assert_eq!(same, !touched, "{}", g.recipe_id);
    }
}
