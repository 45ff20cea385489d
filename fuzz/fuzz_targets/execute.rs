//! Parse, validate and execute: every valid recipe of the input runs to an
//! answer (solved or not) and its JSON report is written.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let loaded = sous_eval::source::load_text("fuzz.solution".into(), data.to_vec());
    for (recipe, diags) in &loaded.recipes {
        if diags.iter().any(sous_lang::Diagnostic::is_error) {
            continue;
        }
        let x = sous_sim::execute(recipe);
        let _ = sous_sim::execution_json(&x).to_string();
    }
});
