//! Inputs the fuzzers found (`fuzz/`, see its README): each is replayed
//! here, parsed, validated and executed, and must finish without a panic
//! and within the search's bound on work (primitive runs, a measure that
//! does not depend on the machine).
//!
//! The fuzzers mutate gold networks, and the benchmark's data stays out of
//! the repository: a finding is kept as its edits of the gold network it
//! came from (`*.edits`: `# base: <recipe>`, then zero-context hunks
//! `@@ -a,b +c,d @@` with only the lines put in), and rebuilt here from
//! the benchmark (`SOUS_BENCHMARK_DIR`).
//!
//! - `execute-slow-search-*`: a black-bean salad with a repeated `cut`, a
//!   garbled variable and bad arities; 14 of 37 actions can run and the
//!   search backtracks before it gives up (over 1 s under the fuzzer's
//!   instrumentation on a loaded machine, 37 ms in a release build).
//! - `execute-slow-search-1df6a9fd`: an almond-crescent-cookies-5 with 48
//!   lines of which 22 can run; 40,975 primitive runs before the search
//!   gives up (0.19 s of CPU in release, 13 s instrumented). The search's
//!   bound (200,000 runs) allows about five times that: see fuzz/README.md.
//! - `execute-slow-search-53dc9a89`: another almond-crescent-cookies-5,
//!   23 of 50 lines run; 0.92 s of CPU in release, the slowest so far.
//! - `execute-oom-1af8383f`: chocolate-fudge-cookies with 50,888,888,880 g
//!   of cake mix, portioned by 20 g: the reference makes every portion and
//!   runs out of memory, and so did we (2 GB in a second). An action may
//!   now make at most `ops::MAX_NEW_OBJECTS` (10,000) objects.
//! - `parse-slow-validation-*`: a croutons salad with misspelt primitives,
//!   ingredients and units; every unknown name gets its did-you-mean
//!   suggestion (over 1 s instrumented and loaded, 25 ms in release).

use std::path::Path;

/// The input a `.edits` file describes, rebuilt from its gold network.
fn rebuild(edits: &[u8]) -> Vec<u8> {
    let lines: Vec<&[u8]> = edits.split(|&b| b == b'\n').collect();
    let header = String::from_utf8_lossy(lines[0]);
    let base = header
        .trim()
        .strip_prefix("# base: ")
        .expect("a `# base:` line");
    let gold = std::fs::read(sous_testdata::gold_file(
        &sous_testdata::gold_current_dir(),
        base,
    ))
    .expect("the gold network");
    let gold: Vec<&[u8]> = gold.split(|&b| b == b'\n').collect();
    let number = |t: &str| -> (usize, usize) {
        let (a, b) = t.split_once(',').unwrap_or((t, "1"));
        (a.parse().unwrap(), b.parse().unwrap())
    };
    let mut out: Vec<&[u8]> = Vec::new();
    let mut pos = 0;
    let mut i = 1;
    while i < lines.len() {
        let line = String::from_utf8_lossy(lines[i]).to_string();
        i += 1;
        let Some(rest) = line.strip_prefix("@@ -") else {
            continue;
        };
        let (a, b) = number(rest.split(' ').next().unwrap());
        let start = if b > 0 { a - 1 } else { a };
        out.extend(&gold[pos..start]);
        while i < lines.len() && !lines[i].starts_with(b"@@") {
            if let Some(added) = lines[i].strip_prefix(b"+") {
                out.push(added);
            }
            i += 1;
        }
        pos = start + b;
    }
    out.extend(&gold[pos..]);
    out.join(&b'\n')
}

#[test]
fn every_fuzz_finding_finishes_within_bounds() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/fuzz");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "edits"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 5);
    let limit = sous_sim::Options::default().max_primitive_runs;
    let mut runs = Vec::new();
    let mut messages = Vec::new();
    for f in files {
        let bytes = rebuild(&std::fs::read(&f).unwrap());
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
            runs.push(x.primitive_runs);
            messages.extend(x.failures.iter().map(|f| f.message.clone()));
        }
    }
    // 50,888,888,880 g of dough in 20 g portions: an error, not 2.5 billion
    // portions and an out-of-memory.
    assert!(
        messages
            .iter()
            .any(|m| m.contains("2544444455 portions: more than the 10000 objects")),
        "{messages:?}"
    );
    // The slow searches are rebuilt exactly (their work is as recorded).
    assert!(runs.contains(&2049) && runs.contains(&40975), "{runs:?}");
    // One reaches the bound: the search gives up there, as it must.
    assert!(runs.contains(&(limit + 1)), "{runs:?}");
}
