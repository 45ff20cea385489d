//! What a quantitative run adds to the JSON of an execution: a pose per
//! entity and a `physics` object per recipe (frames, spills, the sanity
//! figures, the mass balance and each action's physical cost).

use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::Value;
use sous_kitchen::{ClassId, Num, Ontology};
use sous_sim::Execution;

use crate::world::{ActionPhysics, BodyKind, Matter, World};

/// One ingredient class's mass at the start and at the end (everywhere in
/// the kitchen, spilled included).
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct MassBalance {
    /// The ingredient class.
    pub ingredient: String,
    /// Its grams before the first action.
    pub start_g: f64,
    /// Its grams after the last, spilled included.
    pub end_g: f64,
    /// Whether start and end are equal as exact numbers.
    pub exact: bool,
}

/// One executed action's physics, next to its qualitative duration.
#[derive(Debug, Clone, Serialize)]
pub struct StepPhysics {
    pub action: String,
    pub qualitative_seconds: f64,
    /// The action's custom dynamics (`data/dynamics.toml`).
    pub rule: Option<crate::dynamics::Rule>,
    #[serde(flatten)]
    pub physics: ActionPhysics,
}

/// The `physics` object of a quantitative execution: totals, sanity
/// figures (overlaps, bodies still moving), the mass balance and each
/// step's cost.
#[derive(Debug, Clone, Serialize)]
pub struct PhysicsSummary {
    /// Frames simulated in all.
    pub frames: u64,
    /// Seconds of motion simulated in all.
    pub simulated_seconds: f64,
    /// Mass that left every container (g).
    pub spilled_mass_g: f64,
    /// Mass moved by the hand (poured, carried, set down).
    pub moved_mass_g: f64,
    /// The deepest overlap between bodies at the end of any action (m).
    pub max_penetration_m: f64,
    /// The fastest body at the end of any action (m/s): near 0 when things
    /// came to rest.
    pub max_speed_at_rest: f64,
    /// Particles and solid pieces in the kitchen at the end.
    pub particles_in_kitchen: u64,
    /// Each ingredient's mass at the start and at the end.
    pub mass_balance: Vec<MassBalance>,
    /// Objects whose position (`at`, from geometry) is not the place the
    /// qualitative kitchen has them in, at the end of some action: one that
    /// fell through a surface or ended in a closed place it was not put in.
    pub misplaced: Vec<Misplaced>,
    /// Each executed action's physics, in order.
    pub steps: Vec<StepPhysics>,
}

/// An object that is not where the qualitative kitchen says it is.
#[derive(Debug, Clone, Serialize)]
pub struct Misplaced {
    /// The step after which it was seen (0-based).
    pub step: usize,
    /// The object, by name (`medium-bowl-290`).
    pub object: String,
    /// The place the qualitative kitchen has it in.
    pub expected: String,
    /// The place its position is in (`null`: none, e.g. on the floor).
    pub at: Option<String>,
}

/// The physics of a quantitative execution (`None` for a qualitative one).
pub fn physics_summary(x: &Execution) -> Option<PhysicsSummary> {
    let onto = Ontology::get();
    let mut steps = Vec::new();
    let mut last: Option<&World> = None;
    for (i, s) in x.steps.iter().enumerate() {
        let w = crate::world_after(x, i)?;
        let action = &x.network.actions[s.action];
        steps.push(StepPhysics {
            action: action.text.clone(),
            qualitative_seconds: s.end - s.start,
            rule: crate::dynamics::Dynamics::get()
                .rule_of(action.signature.kind)
                .cloned(),
            physics: w.last.clone(),
        });
        last = Some(w);
    }
    let last = last?;
    let misplaced = misplaced(x);
    let start = crate::initial::full_kitchen_world()?.mass_by_class();
    let end = last.mass_by_class();
    let classes: Vec<ClassId> = {
        let mut c: Vec<ClassId> = start.keys().chain(end.keys()).copied().collect();
        c.sort_by_key(|c| onto.name(*c).to_string());
        c.dedup();
        c
    };
    let get = |m: &BTreeMap<ClassId, Num>, c: &ClassId| m.get(c).copied().unwrap_or(Num::ZERO);
    let mass_balance = classes
        .iter()
        .map(|c| MassBalance {
            ingredient: onto.name(*c).to_string(),
            start_g: get(&start, c).to_f64(),
            end_g: get(&end, c).to_f64(),
            exact: get(&start, c) == get(&end, c),
        })
        .collect();
    let sum = |f: &dyn Fn(&ActionPhysics) -> f64| steps.iter().map(|s| f(&s.physics)).sum::<f64>();
    let max =
        |f: &dyn Fn(&ActionPhysics) -> f64| steps.iter().map(|s| f(&s.physics)).fold(0.0, f64::max);
    Some(PhysicsSummary {
        frames: steps.iter().map(|s| s.physics.frames).sum(),
        simulated_seconds: sum(&|p| p.simulated_seconds),
        // `+ 0.0`: an empty float sum is -0.0, which JSON would show.
        spilled_mass_g: last.spills.iter().map(|s| s.grams.to_f64()).sum::<f64>() + 0.0,
        moved_mass_g: sum(&|p| p.moved_g),
        max_penetration_m: max(&|p| p.max_penetration_m),
        max_speed_at_rest: max(&|p| p.max_speed_at_rest),
        particles_in_kitchen: last
            .portions
            .iter()
            .map(|p| p.particle_count() as u64)
            .sum(),
        mass_balance,
        misplaced,
        steps,
    })
}

/// Every object, after every step, whose geometric place differs from its
/// qualitative one.
fn misplaced(x: &Execution) -> Vec<Misplaced> {
    let layout = crate::layout::Layout::get();
    let onto = Ontology::get();
    let mut out = Vec::new();
    for step in 0..x.steps.len() {
        let (Some(w), Some(k)) = (crate::world_after(x, step), x.kitchen_after(step)) else {
            continue;
        };
        let inv =
            crate::inventory::Inventory::of(&sous_kitchen::KitchenState::from_entity(k.clone()));
        for (pid, entry) in &inv.objects {
            let Some(body) = w.object(*pid) else {
                continue;
            };
            let expected = inv.places.get(&entry.place).map(|c| onto.name(*c));
            let at = w.place_at(layout, body.pose.position);
            // Nothing lies below the floor of what holds it (a lining under
            // its tray) by more than a millimetre: the floor's top is the
            // holder's base plus its wall.
            let under = w.object(entry.holder).and_then(|holder| {
                let floor = holder.pose.position[1] + layout.shape(holder.class).wall;
                (body.pose.position[1] < floor - 0.001).then(|| {
                    format!(
                        "under the {} ({:.4} m below its floor)",
                        onto.name(holder.class),
                        floor - body.pose.position[1]
                    )
                })
            });
            if let Some(under) = under {
                out.push(Misplaced {
                    step,
                    object: format!("{}-{}", onto.name(body.class), pid.0),
                    expected: format!(
                        "in or on the {}",
                        onto.name(w.object(entry.holder).map_or(body.class, |h| h.class))
                    ),
                    at: Some(under),
                });
            } else if expected.is_some() && at != expected {
                out.push(Misplaced {
                    step,
                    object: format!("{}-{}", onto.name(body.class), pid.0),
                    expected: expected.unwrap_or_default().to_string(),
                    at: at.map(str::to_string),
                });
            }
        }
    }
    out
}

/// The execution's JSON (as `sous run --format json` prints it) with a
/// `pose` on every entity the physics kitchen has a body for and a `physics`
/// object.
pub fn physics_json(x: &Execution, mut json: Value) -> Value {
    let Some(summary) = physics_summary(x) else {
        return json;
    };
    let last = x
        .steps
        .len()
        .checked_sub(1)
        .and_then(|i| crate::world_after(x, i));
    if let (Some(w), Some(fk)) = (last, json.get_mut("final_kitchen")) {
        add_poses(fk, w, None);
    }
    if let Value::Object(m) = &mut json {
        m.insert(
            "physics".into(),
            serde_json::to_value(summary).unwrap_or(Value::Null),
        );
    }
    json
}

/// Adds a `pose` (and `matter` for ingredients) to every entity of
/// `kitchen`, the JSON of the kitchen state after step `step`.
pub fn add_poses_after(x: &Execution, step: usize, kitchen: &mut Value) {
    if let Some(w) = crate::world_after(x, step) {
        add_poses(kitchen, w, None);
    }
}

/// `holder`: the object whose contents `v` is among (a portion's matter is
/// the one in that holder: a fetched portion shares its id with the stock).
fn add_poses(v: &mut Value, w: &World, holder: Option<sous_kitchen::Pid>) {
    match v {
        Value::Object(m) => {
            let pid = m
                .get("id")
                .and_then(Value::as_str)
                .and_then(|s| s.rsplit('-').next())
                .and_then(|n| n.parse::<u32>().ok())
                .map(sous_kitchen::Pid);
            if let Some(pid) = pid {
                if let Some(b) = w.object(pid) {
                    m.insert(
                        "pose".into(),
                        serde_json::to_value(b.pose).unwrap_or(Value::Null),
                    );
                } else if let Some(p) = w
                    .portions
                    .iter()
                    .find(|p| p.pid == pid && holder.is_none_or(|h| p.holder == h))
                    .or_else(|| w.portions.iter().find(|p| p.pid == pid))
                {
                    let mut info = serde_json::Map::new();
                    match &p.matter {
                        Matter::Particles { count, radius, .. } => {
                            info.insert("form".into(), "particles".into());
                            info.insert("particles".into(), (*count).into());
                            info.insert("particle_radius_m".into(), (*radius as f64).into());
                        }
                        Matter::Solids { bodies } => {
                            info.insert("form".into(), "solids".into());
                            let poses: Vec<Value> = bodies
                                .iter()
                                .filter_map(|b| w.bodies.get(b))
                                .filter(|b| matches!(b.kind, BodyKind::Solid { .. }))
                                .map(|b| serde_json::to_value(b.pose).unwrap_or(Value::Null))
                                .collect();
                            if let Some(first) = poses.first() {
                                m.insert("pose".into(), first.clone());
                            }
                            info.insert("poses".into(), Value::Array(poses));
                        }
                    }
                    info.insert("grams".into(), p.grams.to_f64().into());
                    m.insert("matter".into(), Value::Object(info));
                }
            }
            let here = pid.filter(|p| w.object(*p).is_some()).or(holder);
            for (_, c) in m.iter_mut() {
                add_poses(c, w, here);
            }
        }
        Value::Array(a) => {
            for c in a {
                add_poses(c, w, holder);
            }
        }
        _ => {}
    }
}
