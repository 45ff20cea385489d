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
use std::sync::Arc;

use sous_kitchen::{slot, Amount, KitchenState, Num, Ontology, Pid, Value};
use sous_sim::{ActionContext, BackendError};

use crate::hand;
use crate::inventory::{minus, scaled, Inventory, PortionEntry};
use crate::layout::{Form, Layout};
use crate::placement::{footprint, spot_in_container, spot_in_place};
use crate::pour::{self, lattice, particles_for};
use crate::scene::Scene;
use crate::world::{
    ActionPhysics, Body, BodyId, BodyKind, Matter, Portion, Pose, Spill, Vec3, World,
};

/// A mass movement the diff asks for.
#[derive(Debug, Clone)]
struct Flow {
    /// Index into the world's portions.
    source: usize,
    grams: Num,
    /// Index into the after inventory's portions.
    sink: usize,
}

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
    if std::env::var_os("SOUS_PHYSICS_DEBUG").is_some() {
        eprintln!("== {}", ctx.text);
        for f in &flows {
            let (src, sink) = (&world.portions[f.source], &inv.portions[f.sink]);
            eprintln!(
                "   flow {} g {}#{} in {:?} -> {}#{} in {:?}",
                f.grams.to_f64(),
                Ontology::get().name(src.class),
                src.pid.0,
                src.holder,
                Ontology::get().name(sink.class),
                sink.pid.0,
                sink.holder
            );
        }
        let before = Inventory::of(ctx.before);
        for e in inv.portions.iter().filter(|e| !before.portions.contains(e)) {
            eprintln!(
                "   after: {}#{} {} g in {:?} copies {:?} coating {}",
                Ontology::get().name(e.class),
                e.pid.0,
                e.grams.to_f64(),
                e.holder,
                e.copies.iter().map(|c| c.to_f64()).collect::<Vec<_>>(),
                e.coating
            );
        }
        for (id, b) in &world.bodies {
            if places.get(&b.holder) == Some(&"counter-top") {
                eprintln!(
                    "   {} {} at {:?}",
                    id.0,
                    Ontology::get().name(b.class),
                    b.pose.position
                );
            }
        }
    }
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
        ops.push(format!(
            "carried {} to {}",
            Ontology::get().name(body.class),
            holder_name(&inv, &places, entry.holder)
        ));
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
    scene.settle(layout.simulation.settle_max_frames);
    scene.write_back()?;
    let (pen, speed) = scene.rest_figures();
    stats.frames = scene.frames;
    drop(scene);

    amend_amounts(&world, &inv, after);
    stats.simulated_seconds = stats.frames as f64 * layout.simulation.dt as f64;
    let analytic = crate::dynamics::Dynamics::get()
        .rule(ctx.signature.name)
        .is_some_and(|r| r.duration == crate::dynamics::Duration::Analytic);
    if analytic {
        stats.passive_seconds = (ctx.end - ctx.start - stats.simulated_seconds).max(0.0);
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

fn fmt_g(g: Num) -> String {
    let x = g.to_f64();
    if (x - x.round()).abs() < 1e-9 {
        format!("{x:.0}")
    } else {
        format!("{x:.2}")
    }
}

/// How deep an object sits in the kitchen tree.
fn depth(inv: &Inventory, pid: Pid) -> usize {
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

fn holder_name(inv: &Inventory, places: &BTreeMap<Pid, &'static str>, holder: Pid) -> String {
    if let Some(p) = places.get(&holder) {
        return p.to_string();
    }
    inv.objects.get(&holder).map_or("kitchen".into(), |o| {
        Ontology::get().name(o.class).to_string()
    })
}

/// On top of a container's rim, at its middle (where a cover lies).
fn on_rim(layout: &Layout, world: &World, holder: Pid) -> Option<Vec3> {
    let b = world.object(holder)?;
    let [x, y, z] = b.pose.position;
    Some([x, y + layout.shape(b.class).extent().1 + 0.002, z])
}

/// A free spot in or on `holder` (a place or an object).
fn spot_for(
    layout: &Layout,
    world: &World,
    places: &BTreeMap<Pid, &'static str>,
    holder: Pid,
    half: [f32; 2],
    height: f32,
    moving: &[BodyId],
) -> Option<Vec3> {
    match places.get(&holder) {
        Some(name) => spot_in_place(
            layout,
            world,
            holder,
            layout.places.get(*name)?,
            half,
            height,
            moving,
        )
        .or_else(|| stack_on_like(layout, world, holder, moving)),
        None => spot_in_container(layout, world, holder, half, height, moving),
    }
}

/// A test of whether a source may feed a sink in one pass of the planner.
type Pass = dyn Fn(&Portion, &PortionEntry) -> bool;

/// When a surface is full, an empty thing goes on top of an empty one of
/// its kind standing there (as a cook stacks plates), else on an empty flat
/// thing at least as large (a plate on an unused board); on the lowest
/// such stack.
fn stack_on_like(layout: &Layout, world: &World, holder: Pid, moving: &[BodyId]) -> Option<Vec3> {
    let [id] = moving else {
        return None;
    };
    let class = world.bodies.get(id)?.class;
    let (half, _) = layout.shape(class).extent();
    let empty = |pid: Pid| {
        !world.bodies.values().any(|b| b.holder == pid)
            && !world.portions.iter().any(|p| p.holder == pid)
    };
    let top_of = |b: &Body| {
        let spec = layout.shape(b.class);
        let rise = if b.class == class && spec.nest > 0.0 {
            spec.nest
        } else {
            spec.extent().1
        };
        [
            b.pose.position[0],
            b.pose.position[1] + rise + 0.002,
            b.pose.position[2],
        ]
    };
    let candidates: Vec<&Body> = world
        .bodies
        .iter()
        .filter(|(other, b)| {
            *other != id
                && b.holder == holder
                && matches!(b.kind, BodyKind::Object { pid } if empty(pid))
        })
        .map(|(_, b)| b)
        .collect();
    // Only the top of each stack takes more.
    let covered = |b: &Body| {
        candidates.iter().any(|o| {
            o.pose.position[1] > b.pose.position[1] + 1e-3
                && (o.pose.position[0] - b.pose.position[0]).abs() < half[0]
                && (o.pose.position[2] - b.pose.position[2]).abs() < half[1]
        })
    };
    let candidates: Vec<&Body> = candidates.iter().copied().filter(|b| !covered(b)).collect();
    // The lowest stack first: stacks grow evenly and stay clear of the
    // wall cupboards above the worktop.
    fn lowest(bs: Vec<&Body>) -> Option<&Body> {
        bs.into_iter()
            .min_by(|a, b| a.pose.position[1].total_cmp(&b.pose.position[1]))
    }
    let like = lowest(
        candidates
            .iter()
            .copied()
            .filter(|b| b.class == class)
            .collect(),
    );
    let wider = || {
        lowest(
            candidates
                .iter()
                .copied()
                .filter(|b| {
                    let spec = layout.shape(b.class);
                    let (h, _) = spec.extent();
                    spec.is_flat() && h[0] >= half[0] && h[1] >= half[1]
                })
                .collect(),
        )
    };
    like.or_else(wider).map(top_of)
}

/// Pairs every gram that arrived somewhere with a gram that left somewhere:
/// the same portion first (it moved), then what was already in the same
/// holder (a merge), then the same ingredient class, then anything.
fn plan_flows(world: &World, inv: &Inventory) -> Vec<Flow> {
    let mut avail: Vec<Num> = world.portions.iter().map(|p| p.grams).collect();
    let mut need: Vec<Num> = inv.portions.iter().map(|p| p.grams).collect();
    // Portions that stay where they were keep what they have.
    for (s, p) in world.portions.iter().enumerate() {
        if let Some(k) = inv
            .portions
            .iter()
            .position(|e| e.pid == p.pid && e.holder == p.holder)
        {
            let keep = need[k].min(avail[s]);
            avail[s] -= keep;
            need[k] -= keep;
        }
    }
    let mut flows = Vec::new();
    let passes: [&Pass; 4] = [
        &|p, e| p.pid == e.pid,
        &|p, e| p.holder == e.holder,
        &|p, e| {
            e.composition
                .iter()
                .any(|(c, _)| p.composition.iter().any(|(d, _)| c == d))
        },
        &|_, _| true,
    ];
    // Matter that left its holder altogether is the likeliest to have gone
    // somewhere: such sources are drawn on first (a stock and the portion
    // taken from it can share an identity).
    let mut sources: Vec<usize> = (0..world.portions.len()).collect();
    sources.sort_by_key(|&s| {
        let p = &world.portions[s];
        inv.portions
            .iter()
            .any(|e| e.pid == p.pid && e.holder == p.holder)
    });
    // Sinks whose mass is only a guess (egg shells, peel) are fed last: the
    // matter goes to the products whose mass the ontology knows.
    let known: Vec<usize> = (0..inv.portions.len())
        .filter(|&k| !inv.portions[k].estimated)
        .collect();
    let guessed: Vec<usize> = (0..inv.portions.len())
        .filter(|&k| inv.portions[k].estimated)
        .collect();
    for (pass, sinks) in passes
        .iter()
        .map(|p| (p, &known))
        .chain(passes.iter().map(|p| (p, &guessed)))
    {
        for &k in sinks {
            let e = &inv.portions[k];
            for &s in &sources {
                let p = &world.portions[s];
                if need[k].is_zero() || need[k] < Num::ZERO {
                    break;
                }
                if avail[s].is_zero() || avail[s] < Num::ZERO || !pass(p, e) {
                    continue;
                }
                let g = need[k].min(avail[s]);
                avail[s] -= g;
                need[k] -= g;
                flows.push(Flow {
                    source: s,
                    grams: g,
                    sink: k,
                });
            }
        }
    }
    flows
}

/// Splits `grams` off a portion: the part taken and what stays (if any).
/// Particles are divided by count (the top ones are taken), each part's
/// particles sharing its exact mass; a block is cut; pieces are counted out.
fn split(src: &Portion, grams: Num, scene: &mut Scene<'_>) -> (Portion, Option<Portion>) {
    if grams >= src.grams {
        return (src.clone(), None);
    }
    let rest_g = src.grams - grams;
    let mut taken = src.clone();
    let mut rest = src.clone();
    taken.grams = grams;
    rest.grams = rest_g;
    taken.composition = scaled(&src.composition, grams);
    rest.composition = minus(&src.composition, &taken.composition);
    match &src.matter {
        Matter::Particles {
            count,
            radius,
            local,
        } if src.grams.to_f64() > 0.0 => {
            // The part taken gets particles of its own (as many as its
            // volume asks for, at most the cap), lying on top.
            let density = scene.layout.ingredient(src.class).density;
            let (n, r) = particles_for(scene.layout, grams.to_f64(), density);
            let inner = scene
                .world
                .object(src.holder)
                .map(|b| scene.layout.shape(b.class).inner()[0])
                .unwrap_or(0.08);
            let (floor, top) = scene
                .world
                .object(src.holder)
                .map(|b| {
                    let s = scene.layout.shape(b.class);
                    (s.wall.max(0.002), 0.7 * s.rim())
                })
                .unwrap_or((0.0, 0.1));
            let fresh: Vec<Vec3> = lattice(n, r, inner, floor, top);
            let share = (grams.to_f64() / src.grams.to_f64() * *count as f64).round() as u32;
            let k = share.clamp(1, count.saturating_sub(1).max(1));
            let mut order: Vec<usize> = (0..local.len()).collect();
            order.sort_by(|&a, &b| local[b][1].total_cmp(&local[a][1]).then(a.cmp(&b)));
            let top_part: Vec<Vec3> = order[..k as usize].iter().map(|&i| local[i]).collect();
            let bottom: Vec<Vec3> = order[k as usize..].iter().map(|&i| local[i]).collect();
            let rest_count = (*count - k).max(1);
            let bottom = if bottom.is_empty() { top_part } else { bottom };
            taken.matter = Matter::Particles {
                count: n,
                radius: r,
                local: Arc::new(fresh),
            };
            rest.matter = Matter::Particles {
                count: rest_count,
                radius: *radius,
                local: Arc::new(bottom),
            };
        }
        Matter::Particles { .. } => {}
        Matter::Solids { bodies } => {
            let n = bodies.len();
            if n > 1 {
                let share = (grams.to_f64() / src.grams.to_f64() * n as f64).round() as usize;
                let k = share.clamp(1, n - 1);
                taken.matter = Matter::Solids {
                    bodies: bodies[n - k..].to_vec(),
                };
                rest.matter = Matter::Solids {
                    bodies: bodies[..n - k].to_vec(),
                };
            } else if let Some(&b) = bodies.first() {
                // Cut a block in two along x.
                let body = scene.world.bodies[&b].clone();
                let BodyKind::Solid { half } = body.kind else {
                    return (src.clone(), None);
                };
                let f = (grams.to_f64() / src.grams.to_f64()) as f32;
                let mut cut = body.clone();
                cut.kind = BodyKind::Solid {
                    half: [half[0] * f, half[1], half[2]],
                };
                cut.pose.position[0] += half[0] * (1.0 - f);
                let mut stays = body;
                stays.kind = BodyKind::Solid {
                    half: [half[0] * (1.0 - f), half[1], half[2]],
                };
                stays.pose.position[0] -= half[0] * f;
                scene.world.bodies.insert(b, stays);
                let id = scene.world.new_body(cut);
                taken.matter = Matter::Solids { bodies: vec![id] };
            }
        }
    }
    (taken, Some(rest))
}

#[allow(clippy::too_many_arguments)]
/// Moves a portion to the holder of `sink`: pours particles into a
/// container, sets portions down on flat surfaces, carries solids.
fn move_matter(
    scene: &mut Scene<'_>,
    inv: &Inventory,
    places: &BTreeMap<Pid, &'static str>,
    mut portion: Portion,
    sink: &PortionEntry,
    stats: &mut ActionPhysics,
    ops: &mut Vec<String>,
    leftovers: &mut Vec<Portion>,
) -> Result<Option<Portion>, BackendError> {
    let layout = scene.layout;
    let onto = Ontology::get();
    let to_holder = sink.holder;
    let target_obj = scene.world.objects.get(&to_holder).copied();
    let source_obj = scene.world.objects.get(&portion.holder).copied();
    let flat_target =
        target_obj.is_none_or(|id| layout.shape(scene.world.bodies[&id].class).is_flat());
    let name = onto.name(portion.class).to_string();
    let to_name = holder_name(inv, places, to_holder);
    match portion.matter.clone() {
        Matter::Particles {
            count,
            radius,
            local,
        } if !flat_target || sink.coating => {
            let (Some(s), Some(t)) = (source_obj, target_obj) else {
                // No container to tip: the hand scoops it over.
                return Ok(Some(scoop(portion, sink)));
            };
            let density = layout.ingredient(portion.class).density;
            let out = pour::pour(scene, s, t, &local, radius, density);
            stats.hand_path_m += out.hand_path_m;
            stats.particles_moved += count as u64;
            let each = portion
                .grams
                .checked_div(Num::int(count as i64))
                .unwrap_or(Num::ZERO);
            let landed = out.landed.len() as i64;
            // What landed is what is left once spills and leftovers are
            // taken off, so the three parts add up to the portion exactly.
            let mut landed_g = portion.grams;
            let mut landed_comp = portion.composition.clone();
            if !out.spilled.is_empty() {
                let g = each * Num::int(out.spilled.len() as i64);
                let composition = scaled(&portion.composition, g);
                landed_g -= g;
                landed_comp = minus(&landed_comp, &composition);
                scene.world.spills.push(Spill {
                    composition,
                    grams: g,
                    positions: out.spilled.clone(),
                });
            }
            if !out.stayed.is_empty() {
                // What stayed in the source is put back there as its own portion.
                let g = each * Num::int(out.stayed.len() as i64);
                let composition = scaled(&portion.composition, g);
                landed_g -= g;
                landed_comp = minus(&landed_comp, &composition);
                leftovers.push(Portion {
                    grams: g,
                    composition,
                    matter: Matter::Particles {
                        count: out.stayed.len() as u32,
                        radius,
                        local: Arc::new(out.stayed.clone()),
                    },
                    ..portion.clone()
                });
            }
            ops.push(format!(
                "poured {} g of {name} into the {to_name}: {} particles, {landed} landed, {} spilled, {} stayed",
                fmt_g(portion.grams),
                count,
                out.spilled.len(),
                out.stayed.len()
            ));
            if landed == 0 {
                return Ok(None);
            }
            portion.grams = landed_g;
            portion.composition = landed_comp;
            portion.holder = to_holder;
            portion.matter = Matter::Particles {
                count: landed as u32,
                radius,
                local: Arc::new(out.landed),
            };
            Ok(Some(portion))
        }
        Matter::Particles { .. }
            if portion.grams.to_f64() < 10.0 * sink.copies.len().max(1) as f64 =>
        {
            // A dusting (under 10 g a piece) is strewn, not shaped into lumps.
            ops.push(format!(
                "strewed {} g of {name} on the {to_name}",
                fmt_g(portion.grams)
            ));
            Ok(Some(scoop(portion, sink)))
        }
        Matter::Particles { .. } => {
            // Set down on a flat surface: the hand shapes it into a lump.
            let p = lump(scene, inv, places, portion, sink, stats)?;
            ops.push(format!(
                "set down {} g of {name} on the {to_name} in {} portion{}",
                fmt_g(p.grams),
                p.particle_count(),
                if p.particle_count() == 1 { "" } else { "s" }
            ));
            Ok(Some(p))
        }
        Matter::Solids { bodies } => {
            for id in &bodies {
                scene.add(*id);
                let body = scene.world.bodies[id].clone();
                let (half, height) = footprint(layout, &body);
                let to = spot_for(layout, scene.world, places, to_holder, half, height, &[*id])
                    .ok_or_else(|| {
                        BackendError::Failed(format!(
                            "there is no room for {name} on the {to_name}"
                        ))
                    })?;
                scene
                    .world
                    .bodies
                    .get_mut(id)
                    .expect("a portion's body")
                    .holder = to_holder;
                stats.hand_path_m += hand::carry(scene, *id, to);
                stats.particles_moved += 1;
            }
            ops.push(format!(
                "carried {} g of {name} ({} piece{}) to the {to_name}",
                fmt_g(portion.grams),
                bodies.len(),
                if bodies.len() == 1 { "" } else { "s" }
            ));
            portion.holder = to_holder;
            Ok(Some(portion))
        }
    }
}

/// Particles with no container to pour from: they are dropped from the
/// hand just above the target.
fn scoop(mut portion: Portion, sink: &PortionEntry) -> Portion {
    portion.holder = sink.holder;
    portion
}

/// A portion set down on a flat surface becomes solid lumps (balls of
/// their volume), one per copy of the entity, each carried there by the
/// hand from where the portion was.
fn lump(
    scene: &mut Scene<'_>,
    inv: &Inventory,
    places: &BTreeMap<Pid, &'static str>,
    mut portion: Portion,
    sink: &PortionEntry,
    stats: &mut ActionPhysics,
) -> Result<Portion, BackendError> {
    let layout = scene.layout;
    let density = layout.ingredient(portion.class).density;
    let start = scene
        .world
        .objects
        .get(&portion.holder)
        .map(|id| scene.world.bodies[id].pose.position)
        .unwrap_or([2.0, 1.0, 0.5]);
    let start = [start[0], start[1] + 0.06, start[2]];
    let total: Num = sink.copies.iter().copied().sum();
    let mut bodies = Vec::new();
    for copy in &sink.copies {
        let grams = (portion.grams * *copy)
            .checked_div(total)
            .unwrap_or(portion.grams);
        // A squat lump (dough does not roll): half extents a, 0.6a, a.
        let volume = grams.to_f64() / density as f64 * 1e-3; // m³ from g and kg/m³
        let r = ((volume / 4.8).cbrt() as f32).max(0.004);
        let id = scene.world.new_body(Body {
            class: portion.class,
            kind: BodyKind::Solid {
                half: [r, 0.6 * r, r],
            },
            pose: Pose::at(start),
            holder: sink.holder,
        });
        let to = spot_for(
            layout,
            scene.world,
            places,
            sink.holder,
            [r, r],
            2.0 * r,
            &[id],
        )
        .ok_or_else(|| {
            BackendError::Failed(format!(
                "there is no room for a portion of {} on the {}",
                Ontology::get().name(portion.class),
                holder_name(inv, places, sink.holder)
            ))
        })?;
        stats.hand_path_m += hand::carry(scene, id, to);
        if std::env::var_os("SOUS_PHYSICS_DEBUG").is_some() {
            eprintln!(
                "lump r={r} from {start:?} to {to:?} -> {:?}",
                scene.world.bodies[&id].pose.position
            );
        }
        stats.particles_moved += 1;
        bodies.push(id);
    }
    portion.holder = sink.holder;
    portion.matter = Matter::Solids { bodies };
    Ok(portion)
}

/// The portion of `entry` made of what flowed into it: one portion with
/// the entry's identity. A new mixture made in a well (a bowl, a pot) is
/// the custom dynamics of mixing: whatever went in, particles or solids,
/// becomes the mixture's particles (at most the cap, each of the same exact
/// mass). Otherwise the parts keep their matter.
fn assemble(scene: &mut Scene<'_>, entry: &PortionEntry, parts: Vec<Portion>) -> Portion {
    let grams: Num = parts.iter().map(|p| p.grams).sum();
    let composition = parts.iter().fold(Vec::new(), |acc, p| {
        crate::inventory::add(&acc, &p.composition)
    });
    let layout = Layout::get();
    let well = scene
        .world
        .object(entry.holder)
        .map(|b| layout.shape(b.class).clone())
        .filter(|s| !s.is_flat());
    let made_here = parts.iter().all(|p| p.pid != entry.pid);
    let mixes = made_here
        && entry.pieces.is_none()
        && layout.ingredient(entry.class).form == Form::Particles
        && well.is_some();
    if !mixes && parts.len() == 1 {
        let mut p = parts.into_iter().next().expect("one part");
        p.pid = entry.pid;
        p.class = entry.class;
        p.holder = entry.holder;
        p.composition = composition;
        return p;
    }
    let mut solids: Vec<BodyId> = Vec::new();
    let mut points: Vec<Vec3> = Vec::new();
    let mut radius = 0.0f32;
    for p in &parts {
        match &p.matter {
            Matter::Solids { bodies } => solids.extend(bodies),
            Matter::Particles {
                radius: r, local, ..
            } => {
                points.extend(local.iter());
                radius = radius.max(*r);
            }
        }
    }
    let matter = if mixes || solids.is_empty() {
        for id in &solids {
            scene.world.bodies.remove(id);
            if let Some(h) = scene.handles.remove(id) {
                scene.physics.remove_body(h);
            }
        }
        if mixes {
            let density = layout.ingredient(entry.class).density;
            let (n, r) = particles_for(scene.layout, grams.to_f64(), density);
            let (inner, floor, top) = well.as_ref().map_or((0.1, 0.0, 0.1), |s| {
                (s.inner()[0], s.wall.max(0.002), 0.7 * s.rim())
            });
            Matter::Particles {
                count: n,
                radius: r,
                local: Arc::new(lattice(n, r, inner, floor, top)),
            }
        } else {
            Matter::Particles {
                count: points.len() as u32,
                radius,
                local: Arc::new(points),
            }
        }
    } else {
        Matter::Solids { bodies: solids }
    };
    Portion {
        pid: entry.pid,
        class: entry.class,
        holder: entry.holder,
        grams,
        composition,
        matter,
    }
}

/// Writes measured masses back: a portion whose physical mass differs from
/// its qualitative amount (particles lost on the way) gets its amount
/// scaled to what arrived.
fn amend_amounts(world: &World, inv: &Inventory, after: &mut KitchenState) {
    for e in &inv.portions {
        let physical: Num = world
            .portions
            .iter()
            .filter(|p| p.pid == e.pid && p.holder == e.holder)
            .map(|p| p.grams)
            .sum();
        // Paths through floats may differ in the last bit: only mass that
        // really went missing (spilled, stuck) changes an amount.
        let (p, q) = (physical.to_f64(), e.grams.to_f64());
        if physical == e.grams || q == 0.0 || ((p - q) / q).abs() < 1e-6 {
            continue;
        }
        let Some(place) = after.locate(e.pid) else {
            continue;
        };
        let Some(ent) = after.at_mut(&place) else {
            continue;
        };
        if let Some(Amount { value, unit }) = ent.amount() {
            if let Some(v) = (value * physical).checked_div(e.grams) {
                ent.set(slot::AMOUNT, Value::Amount(Amount { value: v, unit }));
            }
        }
    }
}
