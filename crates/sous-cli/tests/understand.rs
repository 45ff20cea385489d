//! `sous understand`: recipe texts to a network file; bad input gets a clear
//! message with file, line and column, and the other recipes are still
//! understood.

mod common;

use common::{fixtures, sous};

#[test]
fn a_folder_with_a_broken_file_still_yields_the_good_recipes() {
    let dir = fixtures().join("understand");
    let out = sous(&["understand", dir.to_str().unwrap(), "--trace"]);
    assert_eq!(out.code, Some(2), "{}", out.stderr);
    assert!(
        out.stderr.contains("b-broken.xml: 5:"),
        "the error names file and line: {}",
        out.stderr
    );
    assert!(
        out.stdout
            .contains("#plain-sugar\n(get-kitchen ?kitchen)\n"),
        "{}",
        out.stdout
    );
    assert!(out.stdout.contains("white-sugar 120 g)"), "{}", out.stdout);
    assert!(out.stdout.contains("egg 2 piece)"), "{}", out.stdout);
    // An ingredient nobody knows is traced, and the rest is still fetched.
    assert!(
        out.stderr.contains("not understood: `3 zzyzx qwerty`"),
        "{}",
        out.stderr
    );
    assert!(out.stdout.contains("#unknown-things"), "{}", out.stdout);
    assert!(out.stdout.contains("butter 100 g)"), "{}", out.stdout);
    assert!(!out.stderr.contains("panicked"));
}

#[test]
fn the_output_runs_as_it_is() {
    let good = fixtures().join("understand/a-good.xml");
    let file =
        std::env::temp_dir().join(format!("sous-understood-{}.solution", std::process::id()));
    let out = sous(&[
        "understand",
        good.to_str().unwrap(),
        "--output",
        file.to_str().unwrap(),
    ]);
    // "Look at it." has no verb the lexicon knows: exit 1, the rest is written.
    assert_eq!(out.code, Some(1), "{}", out.stderr);
    let run = sous(&["run", file.to_str().unwrap()]);
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
    std::fs::remove_file(file).ok();
}
