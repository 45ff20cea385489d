//! Carrying out one action in the physics kitchen.
//!
//! The qualitative primitive has already decided what the action does; the
//! difference between its input and output kitchen states says what must
//! happen physically:
//! - an object whose holder changed is carried there by the hand;
//! - ingredient mass that left one holder and arrived in another is poured
//!   (particles) or carried (solid pieces, and portions set down on a flat
//!   surface such as the counter-top or a tray);
//! - portions that became one mixture in the same holder are merged by the
//!   custom dynamics: their particles become the mixture's, masses exact;
//! - what only changes attributes (temperature, baked, shape) is a passive
//!   phase: its time is advanced analytically, with no frames.
//!
//! Afterwards the output kitchen state is amended with what the physics
//! measured: a portion that lost particles on the way holds less.

use std::collections::BTreeMap;

use sous_kitchen::{KitchenState, Num, Ontology, Pid};
use sous_sim::{ActionContext, BackendError};

mod flows;
mod matter;
mod spots;

use crate::hand;
use crate::inventory::Inventory;
use crate::layout::Layout;
use crate::placement::footprint;
use crate::scene::Scene;
use crate::world::{ActionPhysics, Body, BodyId, BodyKind, Portion, Pose, World};
use flows::plan_flows;
use matter::{amend_amounts, assemble, move_matter, split};
use spots::{on_rim, spot_for};

pub fn realize(
    world_in: &World,
    ctx: &ActionContext<'_>,
    after: &mut KitchenState,
) -> Result<World, BackendError> {
    let layout = Layout::get();
    let mut world = world_in.clone();
    world.last = ActionPhysics::default();
    let mut ops: Vec<String> = Vec::new();
    let inv = Inventory::of(after);
    let places: BTreeMap<Pid, &'static str> = inv
        .places
        .iter()
        .map(|(pid, c)| (*pid, Ontology::get().name(*c)))
        .collect();

    // Objects: gone, new, moved.
    let gone: Vec<Pid> = world
        .objects
        .keys()
        .copied()
        .filter(|p| !inv.objects.contains_key(p))
        .collect();
    for pid in gone {
        if let Some(id) = world.objects.remove(&pid) {
            world.bodies.remove(&id);
        }
    }
    let mut moved: Vec<(Pid, BodyId)> = Vec::new();
    for (pid, entry) in &inv.objects {
        match world.objects.get(pid) {
            Some(id) => {
                if world.bodies[id].holder != entry.holder {
                    moved.push((*pid, *id));
                }
            }
            None => {
                // An object the primitive made: it appears at its holder.
                let id = world.new_body(Body {
                    class: entry.class,
                    kind: BodyKind::Object { pid: *pid },
                    pose: Pose::at([0.0; 3]),
                    holder: entry.holder,
                });
                world.objects.insert(*pid, id);
                let half = layout.shape(entry.class).extent().0;
                let at = spot_for(layout, &world, &places, entry.holder, half, 0.1, &[id])
                    .unwrap_or([0.0, 1.0, 0.5]);
                world.bodies.get_mut(&id).expect("just made").pose = Pose::at(at);
            }
        }
    }
    // Outer objects first (a tray before the paper on it), in kitchen order.
    moved.sort_by_key(|(pid, _)| depth(&inv, *pid));

    let flows = plan_flows(&world, &inv);
    // Where things only come to rest (transfer-items and the like), a coat
    // travels on what it coats; it is not poured over the target.
    let coats_travel = crate::dynamics::Dynamics::get()
        .rule_of(ctx.signature.kind)
        .is_some_and(|r| r.trigger == crate::dynamics::Trigger::Rest);
    let mut stats = ActionPhysics::default();
    let mut scene = Scene::build(&mut world, &places, &[]);
    for (pid, id) in &moved {
        let entry = &inv.objects[pid];
        let body = scene.world.bodies[id].clone();
        let (half, height) = footprint(layout, &body);
        let to = if entry.covers {
            on_rim(layout, scene.world, entry.holder)
        } else {
            spot_for(
                layout,
                scene.world,
                &places,
                entry.holder,
                half,
                height,
                &[*id],
            )
        }
        .ok_or_else(|| {
            BackendError::Failed(format!(
                "there is no room for the {} in the {}",
                Ontology::get().name(body.class),
                holder_name(&inv, &places, entry.holder)
            ))
        })?;
        scene.world.bodies.get_mut(id).expect("moved").holder = entry.holder;
        stats.hand_path_m += hand::carry(&mut scene, *id, to);
        stats.carried.push(*id);
        // A lining lies flat on its holder's floor and goes where it goes: a
        // sheet a millimetre thick is not left to the solver, which can push
        // it through a thin floor.
        if layout.shape(body.class).kind == crate::layout::ShapeKind::Sheet {
            if let Some(holder) = scene.world.object(entry.holder).cloned() {
                let floor = holder.pose.position[1] + layout.shape(holder.class).wall;
                if let Some(h) = scene.handles.remove(id) {
                    scene.physics.remove_body(h);
                }
                let b = scene.world.bodies.get_mut(id).expect("moved");
                b.pose = Pose::at([holder.pose.position[0], floor, holder.pose.position[2]]);
            }
        }
        ops.push(format!(
            "carried {} to {}",
            Ontology::get().name(body.class),
            holder_name(&inv, &places, entry.holder)
        ));
    }

    // Matter taken out of the cold keeps the cold's temperature from the
    // moment it leaves (the record of the stock; what is taken inherits it).
    for flow in &flows {
        let src = &scene.world.portions[flow.source];
        if src.holder == inv.portions[flow.sink].holder
            || scene.world.temperatures.contains_key(&src.pid)
        {
            continue;
        }
        if let Some(t) = crate::dynamics::taken_out(
            world_in, &places, ctx.before, src.holder, src.pid, ctx.start,
        ) {
            scene.world.temperatures.insert(src.pid, t);
        }
    }
    // Mass flows, grouped by (source, sink).
    let mut inflow: BTreeMap<usize, Vec<Portion>> = BTreeMap::new();
    let mut leftovers: Vec<Portion> = Vec::new();
    let mut remaining: Vec<Option<Portion>> =
        scene.world.portions.iter().cloned().map(Some).collect();
    for flow in &flows {
        let Some(src) = remaining[flow.source].take() else {
            continue;
        };
        let sink = &inv.portions[flow.sink];
        let (taken, rest) = split(&src, flow.grams, &mut scene);
        remaining[flow.source] = rest;
        let arrived = if src.holder == sink.holder {
            ops.push(format!(
                "merged {} g of {} into {}",
                fmt_g(flow.grams),
                Ontology::get().name(src.class),
                Ontology::get().name(sink.class)
            ));
            Some(taken)
        } else {
            stats.moved_g += flow.grams.to_f64();
            move_matter(
                &mut scene,
                &inv,
                &places,
                taken,
                sink,
                coats_travel,
                &mut stats,
                &mut ops,
                &mut leftovers,
            )?
        };
        if let Some(p) = arrived {
            inflow.entry(flow.sink).or_default().push(p);
        }
    }
    // Portions nobody asked for stay; sinks are assembled from their inflows.
    let mut portions: Vec<Portion> = remaining.into_iter().flatten().collect();
    portions.extend(leftovers);
    for (i, entry) in inv.portions.iter().enumerate() {
        if let Some(parts) = inflow.remove(&i) {
            if let Some(t) = mixed_temperature(&scene.world.temperatures, &parts) {
                scene.world.temperatures.insert(entry.pid, t);
            }
            portions.push(assemble(&mut scene, entry, parts));
        }
    }
    // Keep every after entry's class up to date (a cracked egg is now
    // whole egg). The composition is not taken from the qualitative state:
    // it records where the matter came from and only flows change it, so
    // mass is conserved per starting ingredient whatever the amounts say.
    for p in &mut portions {
        if let Some(e) = inv
            .portions
            .iter()
            .find(|e| e.pid == p.pid && e.holder == p.holder)
        {
            p.class = e.class;
        }
    }
    scene.world.portions = portions;
    // The custom dynamics decide whether the action took effect.
    let rule = crate::dynamics::Dynamics::get().rule_of(ctx.signature.kind);
    if let Some(rule) = rule {
        let carried = std::mem::take(&mut stats.carried);
        let mut check = crate::dynamics::Check {
            scene: &mut scene,
            ctx,
            rule,
            world_in,
            inv: &inv,
            places: &places,
            after,
            carried: &carried,
            stats: &mut stats,
        };
        let report = crate::dynamics::fire(&mut check)?;
        if report.fired {
            ops.push(format!("{:?} fired", report.rule).to_lowercase());
        }
        stats.trigger = Some(report);
        stats.carried = carried;
    }
    scene.settle(layout.simulation.settle_max_frames);
    scene.write_back()?;
    let (pen, speed) = scene.rest_figures();
    stats.frames = scene.frames;
    stats.max_carry_contact_m = scene.max_carry_contact;
    drop(scene);

    amend_amounts(&world, &inv, after);
    stats.simulated_seconds = stats.frames as f64 * layout.simulation.dt as f64;
    let analytic = rule.is_some_and(|r| r.duration == crate::dynamics::Duration::Analytic);
    if analytic {
        // The heat law's own time (heating up included) where it ran, else
        // the kitchen clock's.
        let heat_time = match stats.trigger.as_ref().and_then(|t| t.evidence.as_ref()) {
            Some(crate::dynamics::Evidence::Heat(h)) => Some(h.physics_seconds),
            _ => None,
        };
        stats.passive_seconds = heat_time
            .unwrap_or(ctx.end - ctx.start - stats.simulated_seconds)
            .max(0.0);
        if stats.passive_seconds > 0.0 {
            ops.push(format!(
                "waited {:.0} s (advanced analytically)",
                stats.passive_seconds
            ));
        }
    }
    stats.time_cost_seconds = stats.simulated_seconds + stats.passive_seconds;
    stats.max_penetration_m = pen;
    stats.max_speed_at_rest = speed;
    stats.spilled_g = world.spills.iter().map(|s| s.grams.to_f64()).sum::<f64>()
        - world_in
            .spills
            .iter()
            .map(|s| s.grams.to_f64())
            .sum::<f64>();
    stats.operations = ops;
    world.last = stats;
    Ok(world)
}

pub(super) fn fmt_g(g: Num) -> String {
    let x = g.to_f64();
    if (x - x.round()).abs() < 1e-9 {
        format!("{x:.0}")
    } else {
        format!("{x:.2}")
    }
}

/// How deep an object sits in the kitchen tree.
pub(super) fn depth(inv: &Inventory, pid: Pid) -> usize {
    let mut d = 0;
    let mut cur = pid;
    while let Some(e) = inv.objects.get(&cur) {
        d += 1;
        cur = e.holder;
        if d > 64 {
            break;
        }
    }
    d
}

pub(super) fn holder_name(
    inv: &Inventory,
    places: &BTreeMap<Pid, &'static str>,
    holder: Pid,
) -> String {
    if let Some(p) = places.get(&holder) {
        return p.to_string();
    }
    inv.objects.get(&holder).map_or("kitchen".into(), |o| {
        Ontology::get().name(o.class).to_string()
    })
}

/// The temperature of matter put together from `parts`, when the heat law
/// has given any of them one: the mass-weighted mean, parts it has not
/// heated or cooled counted at room temperature (a boiled dressing poured
/// over cold cabbage makes a warm slaw, not a 100 °C one).
fn mixed_temperature(
    known: &BTreeMap<Pid, crate::world::Thermal>,
    parts: &[Portion],
) -> Option<crate::world::Thermal> {
    let room = crate::dynamics::Heat::get().room_c;
    let mut latest: Option<f64> = None;
    let (mut sum, mut grams) = (0.0, 0.0);
    for p in parts {
        let g = p.grams.to_f64();
        let c = match known.get(&p.pid) {
            Some(t) => {
                latest = Some(latest.map_or(t.at_s, |l: f64| l.max(t.at_s)));
                t.celsius
            }
            None => room,
        };
        sum += g * c;
        grams += g;
    }
    let at_s = latest?;
    (grams > 0.0).then(|| crate::world::Thermal {
        celsius: sum / grams,
        at_s,
    })
}
