//! Inputs the fuzzers found (`fuzz/`, see its README): each is replayed
//! here, parsed, validated and executed, and must finish without a panic
//! and within the search's bound on work (primitive runs, a measure that
//! does not depend on the machine).
//!
//! - `execute-slow-search-*`: a black-bean salad with a repeated `cut`, a
//!   garbled variable and bad arities; 14 of 37 actions can run and the
//!   search backtracks before it gives up (over 1 s under the fuzzer's
//!   instrumentation on a loaded machine, 37 ms in a release build).
//! - `execute-slow-search-1df6a9fd`: an almond-crescent-cookies-5 with 48
//!   lines of which 22 can run; 40,975 primitive runs before the search
//!   gives up (0.19 s of CPU in release, 13 s instrumented). The search's
//!   bound (200,000 runs) allows about five times that: see fuzz/README.md.
//! - `parse-slow-validation-*`: a croutons salad with misspelt primitives,
//!   ingredients and units; every unknown name gets its did-you-mean
//!   suggestion (over 1 s instrumented and loaded, 25 ms in release).

use std::path::Path;

#[test]
fn every_fuzz_finding_finishes_within_bounds() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/fuzz");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert!(!files.is_empty());
    let limit = sous_sim::Options::default().max_primitive_runs;
    for f in files {
        let bytes = std::fs::read(&f).unwrap();
        let text = String::from_utf8_lossy(&bytes);
        let (file, _) = sous_lang::parse(&f.display().to_string(), &text);
        for recipe in &file.recipes {
            if sous_lang::validate(recipe, sous_kitchen::Ontology::get())
                .iter()
                .any(sous_lang::Diagnostic::is_error)
            {
                continue;
            }
            let x = sous_sim::execute(recipe);
            assert!(
                x.primitive_runs <= limit + 1,
                "{}: {} runs",
                f.display(),
                x.primitive_runs
            );
            eprintln!(
                "{}: {} primitive runs, solved: {}",
                f.display(),
                x.primitive_runs,
                x.solved
            );
        }
    }
}
