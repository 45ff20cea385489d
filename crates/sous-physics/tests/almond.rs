//! The thin vertical slice of the quantitative mode: the almond-crescent
//! gold network end to end in the physics kitchen.
//!
//! Asserted: the same actions run as in qualitative mode, every
//! ingredient's mass at the end equals its mass at the start exactly
//! (spills included), and the JSON is byte-identical across runs and
//! whatever else runs on other threads meanwhile. The other 29 gold
//! networks are in `gold.rs`.

use sous_physics::{execute, physics_json, physics_summary};

fn almond() -> sous_lang::Recipe {
    let dir = sous_testdata::gold_current_dir();
    sous_testdata::parse_one(&sous_testdata::gold_file(&dir, "almond-crescent-cookies"))
}

#[test]
fn almond_runs_in_the_physics_kitchen_with_exact_mass() {
    let recipe = almond();
    let qualitative = sous_sim::execute(&recipe);
    let quantitative = execute(&recipe);
    assert!(quantitative.solved, "{:?}", quantitative.failures);
    assert!(
        quantitative.failures.is_empty(),
        "{:?}",
        quantitative.failures
    );
    let actions =
        |x: &sous_sim::Execution| -> Vec<usize> { x.steps.iter().map(|s| s.action).collect() };
    assert_eq!(actions(&qualitative), actions(&quantitative));
    let p = physics_summary(&quantitative).expect("a quantitative run has physics");
    assert!(p.frames > 1000, "{} frames", p.frames);
    assert!(p.moved_mass_g > 1000.0);
    for m in &p.mass_balance {
        assert!(
            m.exact,
            "{}: {} g at the start, {} g at the end",
            m.ingredient, m.start_g, m.end_g
        );
    }
    assert!(p.max_speed_at_rest < 0.05, "{}", p.max_speed_at_rest);
}

#[test]
fn quantitative_json_is_deterministic() {
    let recipe = almond();
    let json = || {
        let x = execute(&recipe);
        physics_json(&x, sous_sim::execution_json(&x)).to_string()
    };
    let a = json();
    assert!(a.contains("\"pose\""));
    assert!(a.contains("\"mass_balance\""));
    assert_eq!(a, json());
    // On four threads at once (rapier is built without its parallel
    // solver, so a run never depends on how many threads there are).
    let answers: Vec<String> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..4).map(|_| s.spawn(json)).collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    for b in answers {
        assert!(a == b, "a run on another thread gave different JSON");
    }
}
