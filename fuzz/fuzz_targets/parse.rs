//! The parser and the file reader: any bytes give recipes and diagnostics,
//! never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let loaded = sous_eval::source::load_text("fuzz.solution".into(), data.to_vec());
    for (i, (recipe, diags)) in loaded.recipes.iter().enumerate() {
        // Every span points inside the text.
        for d in diags {
            assert!(d.span.offset <= loaded.text.len(), "{d:?}");
        }
        let _ = loaded.recipe_text(i);
        let _ = recipe.predicates.iter().map(|p| p.to_string()).count();
    }
});
