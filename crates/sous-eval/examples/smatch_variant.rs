//! Prints the strings the reference passes to `smatch.py` for a gold network
//! edited as `sous_testdata::edits` describes, and for the gold network.
//!
//! ```text
//! SOUS_BENCHMARK_DIR=… cargo run --release -p sous-eval --example smatch_variant -- 'gold:almond-crescent-cookies; permute 1'
//! ```
//! Output: line 1 the edited network's string, line 2 the gold's.

use sous_eval::smatch::lisp_network_string;

fn main() {
    let spec = std::env::args().nth(1).expect("usage: smatch_variant SPEC");
    let gold_dir = sous_testdata::gold_current_dir();
    let id = spec
        .split(';')
        .next()
        .and_then(|s| s.trim().strip_prefix("gold:"))
        .expect("a `gold:` spec");
    let edited = sous_testdata::edits::network(&spec, &gold_dir, std::path::Path::new("."));
    let gold = std::fs::read_to_string(sous_testdata::gold_file(&gold_dir, id)).expect("gold");
    for text in [edited, gold] {
        let (file, diags) = sous_lang::parse("variant.solution", &text);
        assert!(diags.is_empty(), "{diags:?}");
        println!("{}", lisp_network_string(&file.recipes[0].predicates));
    }
}
