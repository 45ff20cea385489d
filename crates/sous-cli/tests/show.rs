//! `sous evaluate … --show`: scores, then serves the page with the evaluated
//! recipes preloaded and prints its address.

mod common;

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use serde_json::Value;

struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The page's address, as sous prints it on standard error.
fn address(stderr: std::process::ChildStderr) -> String {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if let Some(at) = line.find("http://") {
                let url = line[at..].split_whitespace().next().unwrap().to_string();
                let _ = tx.send(url);
            }
        }
    });
    rx.recv_timeout(Duration::from_secs(120))
        .expect("sous prints the page's address")
}

#[test]
fn show_serves_the_evaluated_recipes() {
    let input = sous_testdata::benchmark_dir()
        .join("documentation/examples/script/example-multiple-recipes.solution");
    let mut child = Command::new(env!("CARGO_BIN_EXE_sous"))
        .args(["evaluate", "-input"])
        .arg(&input)
        .args(["-show-output", "t", "--port", "0"])
        .env("SOUS_BENCHMARK_DIR", sous_testdata::benchmark_dir())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sous starts");
    let stderr = child.stderr.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let _child = Killed(child);
    std::thread::spawn(move || std::io::copy(&mut BufReader::new(stdout), &mut std::io::sink()));
    let url = address(stderr);
    assert!(url.starts_with("http://127.0.0.1:"), "{url}");

    let preloaded: Value = ureq::get(&format!("{url}api/preloaded"))
        .call()
        .unwrap()
        .into_json()
        .unwrap();
    let recipes = preloaded.as_array().unwrap();
    let ids: Vec<&str> = recipes
        .iter()
        .map(|r| r["recipe_id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["almond-crescent-cookies", "afghan-biscuits"]);
    for r in recipes {
        let network = r["network"].as_str().unwrap();
        assert!(network.starts_with('#'), "{network}");
        assert!(network.contains("(get-kitchen"), "{network}");
        assert_eq!(
            network.matches("(get-kitchen").count(),
            1,
            "one recipe each"
        );
        assert!(r["report"]["explanation"]["dish"].is_object(), "explained");
    }
    // 25 of 26 goals, as in the benchmark's results.csv.
    assert_eq!(
        recipes[0]["report"]["goal-condition-success"].as_f64(),
        Some(25.0 / 26.0)
    );
    let page = ureq::get(&url).call().unwrap().into_string().unwrap();
    assert!(page.contains("<svg id=\"graph\""));
}

#[test]
fn understand_show_serves_the_understood_networks() {
    let fixture = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/understand/a-good.xml");
    let mut child = Command::new(env!("CARGO_BIN_EXE_sous"))
        .arg("understand")
        .arg(&fixture)
        .args(["--show", "--port", "0"])
        .env("SOUS_BENCHMARK_DIR", sous_testdata::benchmark_dir())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sous starts");
    let stderr = child.stderr.take().unwrap();
    let _child = Killed(child);
    let url = address(stderr);
    let preloaded: Value = ureq::get(&format!("{url}api/preloaded"))
        .call()
        .unwrap()
        .into_json()
        .unwrap();
    let recipes = preloaded.as_array().unwrap();
    assert_eq!(recipes.len(), 1);
    let network = recipes[0]["network"].as_str().unwrap();
    assert!(network.starts_with('#'), "{network}");
    assert!(network.contains("(fetch-and-proportion"), "{network}");
    assert!(recipes[0]["report"].is_null(), "not evaluated");
}
