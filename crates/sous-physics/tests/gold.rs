//! Every gold network of the benchmark in the physics kitchen.
//!
//! What is asserted, and why it must hold:
//! - the same actions run and the same ones fail as in qualitative mode
//!   (the physics carries out what the primitives decided; it may only add
//!   a `backend` failure when it cannot, which must not happen on gold);
//! - every ingredient's mass at the end equals its mass at the start
//!   within 0.1 % (everywhere in the kitchen, spills included; a cracked
//!   egg still counts as egg);
//! - spilled mass stays under 1 % of the mass the hand moved;
//! - at the end of every action no two bodies overlap by more than 5 mm
//!   and no body moves faster than 1 cm/s;
//! - at the end of every action every object is, by its position, in the
//!   place the qualitative kitchen has it in (nothing fell through a surface
//!   or ended in a closed place it was not put in).
//!
//! All of it holds in both profiles: the reference's kitchen and the
//! corrected one (where the cupcakes' topping, refused by the reference, is
//! carried out too).
//!
//! The scores are compared by the gold table of docs/physics.md (`sous
//! evaluate --mode quantitative`, written by tools/physics_tables.py).

use sous_physics::dynamics::Trigger;
use sous_physics::{execute_in_mode_with, physics_summary, Mode};

/// Gold networks that the physics kitchen does not cook yet: the custom
/// dynamics fail one action physically. Each is the network and the start
/// of the action that fails; the test fails if one of them cooks (take it
/// off this list) or fails anywhere else. Empty: all 30 cook.
const NOT_YET: &[(&str, &str)] = &[];

/// Steps whose trigger finds nothing to act on although the step runs
/// (each reports why, in its trigger's `reason`), each for a reason in the
/// network or the reference, not the physics:
/// - coconut tuiles beat the bowl the sugar was just poured out of (a
///   defect of the gold network): it is empty, there is nothing to beat;
/// - the Greek salad lines, tops and sprinkles a list of plates, and the
///   ginger snaps dip a list of dough balls: the reference changes the
///   list it returns, not the things in the kitchen, so the kitchen state
///   after them has no lining, topping, salt, pepper or sugar coat to find.
const UNCHECKED: &[(&str, &str)] = &[
    ("coconut-tuiles", "(beat ?beaten-sugar-mixture"),
    ("classic-greek-salad", "(line ?lined-plates"),
    (
        "classic-greek-salad",
        "(top-with ?lettuce-topped-with-salad",
    ),
    ("classic-greek-salad", "(sprinkle ?salt-salad"),
    ("classic-greek-salad", "(sprinkle ?greek-salad"),
    ("whole-wheat-ginger-snaps", "(dip ?dipped-bakeables"),
];
use sous_sim::{Options, Profile};

#[test]
fn every_gold_network_runs_as_in_qualitative_mode() {
    let files = sous_testdata::files_with_extension(&sous_testdata::gold_current_dir(), "solution");
    assert_eq!(files.len(), 30, "the benchmark has 30 gold networks");
    let results: Vec<(String, Result<(), String>)> = std::thread::scope(|s| {
        let halves: Vec<_> = files
            .chunks(files.len().div_ceil(2))
            .map(|chunk| {
                s.spawn(move || {
                    chunk
                        .iter()
                        .map(|path| {
                            let id = path.file_stem().unwrap().to_string_lossy().to_string();
                            let checks = [Profile::Reference, Profile::Corrected]
                                .map(|profile| check(path, profile));
                            (id, checks.into_iter().collect::<Result<(), String>>())
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        halves.into_iter().flat_map(|h| h.join().unwrap()).collect()
    });
    let problems: Vec<String> = results.into_iter().filter_map(|(_, r)| r.err()).collect();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

fn check(path: &std::path::Path, profile: Profile) -> Result<(), String> {
    let recipe = sous_testdata::parse_one(path);
    let id = format!("{} ({} profile)", recipe.id, profile.name());
    let options = Options {
        profile,
        ..Options::default()
    };
    let q = execute_in_mode_with(&recipe, Mode::Qualitative, options);
    let p = execute_in_mode_with(&recipe, Mode::Quantitative, options);
    let ran = |x: &sous_sim::Execution| x.steps.iter().map(|s| s.action).collect::<Vec<_>>();
    let failed = |x: &sous_sim::Execution| {
        x.failures
            .iter()
            .map(|f| (f.kind, f.action))
            .collect::<Vec<_>>()
    };
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().to_string())
        .unwrap_or_default();
    let expected = NOT_YET.iter().find(|(r, _)| *r == stem);
    if let Some((_, action)) = expected {
        let backend: Vec<&str> = p
            .failures
            .iter()
            .filter(|f| f.kind == sous_sim::FailureKind::Backend)
            .map(|f| f.message.as_str())
            .collect();
        if backend.len() == 1 && backend[0].starts_with(action) {
            return Ok(());
        }
        return Err(format!(
            "{id}: expected the physics to fail `{action}…` (NOT_YET), got {backend:?}; if it cooks now, take it off the list"
        ));
    }
    if ran(&q) != ran(&p) || failed(&q) != failed(&p) {
        return Err(format!(
            "{id}: actions differ; physics failures {:?}",
            p.failures
        ));
    }
    let s = physics_summary(&p).ok_or(format!("{id}: no physics"))?;
    for m in &s.mass_balance {
        if (m.end_g - m.start_g).abs() > 1e-3 * m.start_g {
            return Err(format!(
                "{id}: {} went from {} g to {} g",
                m.ingredient, m.start_g, m.end_g
            ));
        }
    }
    if s.spilled_mass_g > 0.01 * s.moved_mass_g {
        return Err(format!(
            "{id}: spilled {} g of {} g",
            s.spilled_mass_g, s.moved_mass_g
        ));
    }
    if s.max_penetration_m > 0.005 {
        return Err(format!(
            "{id}: bodies overlap by {} m at the end of an action",
            s.max_penetration_m
        ));
    }
    if let Some(m) = s.misplaced.first() {
        return Err(format!(
            "{id}: after step {} the {} is at {:?}, not in the {}",
            m.step, m.object, m.at, m.expected
        ));
    }
    // The custom dynamics fired, with evidence, on every step whose rule
    // has one to check (all but `anywhere`).
    let failed_here: Vec<&str> = q
        .failures
        .iter()
        .filter_map(|f| f.action.map(|a| q.network.actions[a].text.as_str()))
        .collect();
    for step in &s.steps {
        let Some(t) = &step.physics.trigger else {
            continue;
        };
        let rule = format!("{:?}", t.rule);
        let unchecked = failed_here.contains(&step.action.as_str())
            || UNCHECKED
                .iter()
                .any(|(r, a)| *r == stem && step.action.starts_with(a));
        if t.rule == Trigger::Anywhere {
            continue;
        }
        // Fired with evidence, or not fired with the reason in words.
        match (t.fired, &t.evidence, &t.reason) {
            (true, Some(_), None) => {}
            (false, None, Some(why)) if !why.is_empty() => {
                if !unchecked {
                    return Err(format!(
                        "{id}: `{}`: the {rule} trigger did not fire: {why}",
                        step.action
                    ));
                }
            }
            _ => {
                return Err(format!(
                    "{id}: `{}`: the {rule} trigger reports fired: {} without evidence or without a reason",
                    step.action, t.fired
                ))
            }
        }
    }
    // Carried things touch nothing between lifting off and setting down.
    let worst = s
        .steps
        .iter()
        .map(|st| st.physics.max_carry_contact_m)
        .fold(0.0, f64::max);
    if worst > 0.001 {
        return Err(format!(
            "{id}: a carried body touched something on its way ({worst:.4} m)"
        ));
    }
    if s.max_speed_at_rest > 0.01 {
        return Err(format!(
            "{id}: a body at {} m/s at the end of an action",
            s.max_speed_at_rest
        ));
    }
    Ok(())
}
