//! Bad input never panics or hangs: every malformed file in
//! `tests/fixtures/malformed/` gets a clear message and a non-zero exit code,
//! in both modes (the physics kitchen gives the same errors), and in a
//! multi-recipe file the good recipes still run.

mod common;

use common::{fixtures, sous};

#[test]
fn every_malformed_file_gets_a_clear_error() {
    let manifest = std::fs::read_to_string(fixtures().join("malformed.tsv")).unwrap();
    let mut checked = 0;
    let mut problems = Vec::new();
    for line in manifest
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let f: Vec<&str> = line.split('\t').collect();
        let (file, code, text) = (f[0], f[1].parse::<i32>().unwrap(), f[2]);
        let path = fixtures().join("malformed").join(file);
        for mode in ["qualitative", "quantitative"] {
            let out = sous(&["run", "--mode", mode, path.to_str().unwrap()]);
            // Messages may be wrapped to the terminal width: compare with whitespace collapsed.
            let all = format!("{}{}", out.stdout, out.stderr)
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ");
            if out.code != Some(code) || !all.contains(text) || all.contains("panicked") {
                problems.push(format!(
                    "{file} ({mode}): exit {:?} (want {code}), want text {text:?}\n{all}",
                    out.code
                ));
            }
        }
        checked += 1;
    }
    assert!(checked >= 25, "only {checked} fixtures");
    let listed = std::fs::read_dir(fixtures().join("malformed"))
        .unwrap()
        .count();
    assert_eq!(
        listed, checked,
        "every fixture file has a line in malformed.tsv"
    );
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}

#[test]
fn errors_name_file_line_and_column() {
    let path = fixtures().join("malformed/wrong-arity.solution");
    let out = sous(&["run", path.to_str().unwrap()]);
    assert!(
        out.stderr.contains("wrong-arity.solution:4:"),
        "{}",
        out.stderr
    );
}

#[test]
fn good_recipes_still_run_next_to_bad_ones() {
    let path = fixtures().join("malformed/good-and-bad-recipes.solution");
    let out = sous(&["run", path.to_str().unwrap(), "--format", "json"]);
    assert_eq!(out.code, Some(2));
    let lines: Vec<serde_json::Value> = out
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let ids: Vec<&str> = lines
        .iter()
        .map(|l| l["recipe_id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["bad-one", "good-one", "also-bad", "good-two"]);
    assert_eq!(lines[1]["execution_time"], 80);
    assert_eq!(lines[3]["execution_time"], 30);
    assert!(lines[0]["error"].is_string() && lines[2]["error"].is_string());
}

#[test]
fn a_five_thousand_line_network_is_handled() {
    // A long chain of weighing: the cabinet runs out of medium bowls after 18,
    // so the rest fail with failed-objects (exit 1), quickly and without a panic.
    let mut text = String::from("#long\n(get-kitchen ?ks-0)\n");
    for i in 1..5000 {
        text.push_str(&format!(
            "(fetch-and-proportion ?b-{i} ?ks-{i} ?ks-{} ?t-{i} white-sugar 1 g)\n",
            i - 1
        ));
    }
    let dir = std::env::temp_dir().join(format!("sous-long-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("long.solution");
    std::fs::write(&path, text).unwrap();
    let out = sous(&["run", path.to_str().unwrap(), "--format", "json"]);
    assert_eq!(out.code, Some(1), "{}", out.stderr);
    let v: serde_json::Value = serde_json::from_str(out.stdout.lines().next().unwrap()).unwrap();
    assert_eq!(v["execution_time"], 4999 * 30);
    assert!(v["failed_actions"].as_array().unwrap().len() > 4000);
    std::fs::remove_dir_all(dir).ok();
}

/// A reader that goes away (`sous demo | head -1`) ends `sous` quietly, as
/// it ends any Unix tool: no panic and no backtrace on standard error.
#[test]
fn a_closed_pipe_ends_sous_quietly() {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_sous"))
        .arg("demo")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("sous starts");
    // Close the reading end before `sous` writes anything.
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("sous runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(stderr.is_empty(), "{stderr}");
}
