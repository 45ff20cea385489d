//! Prints the network that a `sous_testdata::edits` spec names, one per
//! argument line of standard input: `SPEC<TAB>OUT.solution` writes each to
//! its file (used to make predictions to score with the reference too).
//!
//! ```text
//! printf 'gold:black-bean-salad-3; drop-last 3\t/tmp/x.solution\n' | SOUS_BENCHMARK_DIR=… cargo run -p sous-eval --example edit_gold
//! ```

use std::io::BufRead;

fn main() {
    let gold_dir = sous_testdata::gold_current_dir();
    for line in std::io::stdin().lock().lines() {
        let line = line.expect("stdin");
        let Some((spec, out)) = line.split_once('\t') else {
            continue;
        };
        let text = sous_testdata::edits::network(spec, &gold_dir, std::path::Path::new("."));
        std::fs::write(out, text).unwrap_or_else(|e| panic!("{out}: {e}"));
    }
}
