//! Parse, validate and execute: every valid recipe of the input runs to an
//! answer (solved or not) and its JSON report is written.
//!
//! The search gives up after 20,000 primitive runs here (by default after
//! 200,000): the code is the same, and an input costs at most about 0.1 s
//! of a release build instead of 1 s, so the fuzzer spends its time on new
//! inputs. The default bound is reached by the fixture
//! `execute-slow-search-53dc9a89` (crates/sous-sim/tests/fixtures/fuzz).
#![no_main]

use libfuzzer_sys::fuzz_target;

const MAX_PRIMITIVE_RUNS: usize = 20_000;

fuzz_target!(|data: &[u8]| {
    let loaded = sous_eval::source::load_text("fuzz.solution".into(), data.to_vec());
    for (recipe, diags) in &loaded.recipes {
        if diags.iter().any(sous_lang::Diagnostic::is_error) {
            continue;
        }
        let options = sous_sim::Options {
            max_primitive_runs: MAX_PRIMITIVE_RUNS,
            ..sous_sim::Options::default()
        };
        let x = sous_sim::engine::execute_with(recipe, options);
        let _ = sous_sim::execution_json(&x).to_string();
    }
});
