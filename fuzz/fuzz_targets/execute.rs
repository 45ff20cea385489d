//! Parse, validate and execute: every valid recipe of the input runs to an
//! answer (solved or not) and its JSON report is written.
//!
//! An input that starts with the byte 0x01 runs in the physics kitchen
//! (`sous_physics::execute_in_mode_with`, quantitative mode) on the rest of
//! its bytes; any other input runs in the qualitative kitchen, whole. A
//! flag byte that no recipe file starts with keeps the corpus of
//! qualitative inputs meaning what it meant, and lets the fuzzer move an
//! input from one mode to the other with a one-byte mutation.
//!
//! The search gives up after 20,000 primitive runs here (by default after
//! 200,000), in both modes: the code is the same, and an input costs at
//! most about 0.1 s of a release build (qualitatively) instead of 1 s, so
//! the fuzzer spends its time on new inputs. The default bound is reached
//! by the fixture `execute-slow-search-53dc9a89`
//! (crates/sous-sim/tests/fixtures/fuzz).
//!
//! Physics executions are few among all executions and slow, so the target
//! counts them and writes the count to stderr every 100 (with
//! `SOUS_FUZZ_COUNT=1`), for the runs' figures. With
//! `SOUS_FUZZ_QUANTITATIVE_ONLY=1` an input without the flag byte returns at
//! once: libFuzzer's mutations drop the byte now and then, and the inputs
//! that keep it then get all the time (a run of the physics kitchen alone).
#![no_main]

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;

const MAX_PRIMITIVE_RUNS: usize = 20_000;

/// The first byte of an input to run in quantitative mode.
const QUANTITATIVE: u8 = 0x01;

/// Recipes executed in quantitative mode so far in this process.
static PHYSICS_RUNS: AtomicU64 = AtomicU64::new(0);

/// Whether inputs without the flag byte are skipped.
fn quantitative_only() -> bool {
    static ONLY: OnceLock<bool> = OnceLock::new();
    *ONLY.get_or_init(|| std::env::var_os("SOUS_FUZZ_QUANTITATIVE_ONLY").is_some())
}

fuzz_target!(|data: &[u8]| {
    let (mode, text) = match data.split_first() {
        Some((&QUANTITATIVE, rest)) => (sous_physics::Mode::Quantitative, rest),
        _ if quantitative_only() => return,
        _ => (sous_physics::Mode::Qualitative, data),
    };
    let loaded = sous_eval::source::load_text("fuzz.solution".into(), text.to_vec());
    for (recipe, diags) in &loaded.recipes {
        if diags.iter().any(sous_lang::Diagnostic::is_error) {
            continue;
        }
        let options = sous_sim::Options {
            max_primitive_runs: MAX_PRIMITIVE_RUNS,
            ..sous_sim::Options::default()
        };
        let x = sous_physics::execute_in_mode_with(recipe, mode, options);
        let mut report = sous_sim::execution_json(&x);
        if mode == sous_physics::Mode::Quantitative {
            // What the API adds to a quantitative answer: poses and the
            // physics summary (mass balance, frames).
            if let Some(last) = x.steps.len().checked_sub(1) {
                sous_physics::add_poses_after(&x, last, &mut report["final_kitchen"]);
            }
            report = sous_physics::physics_json(&x, report);
            let n = PHYSICS_RUNS.fetch_add(1, Ordering::Relaxed) + 1;
            if n % 100 == 0 && std::env::var_os("SOUS_FUZZ_COUNT").is_some() {
                eprintln!("sous-fuzz: {n} quantitative executions");
            }
        }
        let _ = report.to_string();
    }
});
