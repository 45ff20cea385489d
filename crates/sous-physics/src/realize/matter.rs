//! Moving matter: splitting a portion, pouring, setting down, carrying
//! pieces, assembling what arrived into a portion, and writing measured
//! masses back into the kitchen state.

use std::collections::BTreeMap;
use std::sync::Arc;

use sous_kitchen::{slot, Amount, KitchenState, Num, Ontology, Pid, Value};
use sous_sim::BackendError;

use super::spots::spot_for;
use super::{fmt_g, holder_name};
use crate::hand;
use crate::inventory::{minus, scaled, Inventory, PortionEntry};
use crate::layout::{Form, Layout};
use crate::placement::footprint;
use crate::pour::{self, lattice, particles_for};
use crate::scene::Scene;
use crate::world::{
    ActionPhysics, Body, BodyId, BodyKind, Matter, Portion, Pose, Spill, Vec3, World,
};

/// Splits `grams` off a portion: the part taken and what stays (if any).
/// Particles are divided by count (the top ones are taken), each part's
/// particles sharing its exact mass; a block is cut; pieces are counted out.
pub(super) fn split(
    src: &Portion,
    grams: Num,
    scene: &mut Scene<'_>,
) -> (Portion, Option<Portion>) {
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

/// Under this many grams a piece, matter set down on a flat surface is a
/// dusting (sugar a cookie is dipped in), not a lump: the smallest cookies
/// and balls of dough weigh more.
const DUSTING_G: f64 = 5.5;

/// A dusting is sprinkled over a flat surface (poured from above), not
/// shaped into lumps.
fn is_dusting(portion: &Portion, sink: &PortionEntry) -> bool {
    portion.grams.to_f64() < DUSTING_G * sink.copies.len().max(1) as f64
}

/// More pieces than this go over in handfuls rather than one by one.
const PIECES_IN_HAND: usize = 4;

#[allow(clippy::too_many_arguments)]
/// Moves a portion to the holder of `sink`: pours particles into a
/// container, sets portions down on flat surfaces, carries solids.
pub(super) fn move_matter(
    scene: &mut Scene<'_>,
    inv: &Inventory,
    places: &BTreeMap<Pid, &'static str>,
    mut portion: Portion,
    sink: &PortionEntry,
    coats_travel: bool,
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
    let no_room = || BackendError::Failed(format!("there is no room for {name} on the {to_name}"));
    match portion.matter.clone() {
        Matter::Particles { .. } if sink.coating && coats_travel && flat_target => {
            // A coat goes where the pieces it coats go, on them.
            ops.push(format!(
                "carried {} g of {name} on what it coats to the {to_name}",
                fmt_g(portion.grams)
            ));
            Ok(Some(coat_pieces(scene, scoop(portion, sink))))
        }
        Matter::Particles {
            count,
            radius,
            local,
        } if !flat_target
            || sink.coating
            || is_liquid(layout, &portion)
            || is_dusting(&portion, sink) =>
        {
            let (Some(s), Some(t)) = (source_obj, target_obj) else {
                // No container to tip: the hand scoops it over.
                return Ok(Some(scoop(portion, sink)));
            };
            let density = layout.ingredient(portion.class).density;
            let mut out = pour::pour(scene, s, t, &local, radius, density);
            if !is_liquid(layout, &portion) {
                out.landed = heap_up(scene, t, &out.landed, radius);
            }
            let overflowed = overflow(scene, t, &portion, count, &mut out);
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
            let from_name = holder_name(inv, places, portion.holder);
            stats.pours.push(crate::world::PourRecord {
                ingredient: name.clone(),
                from: from_name,
                to: to_name.clone(),
                grams: portion.grams.to_f64(),
                landed_g: landed_g.to_f64(),
                spilled_g: (each * Num::int(out.spilled.len() as i64)).to_f64(),
                overflowed_g: (each * Num::int(overflowed as i64)).to_f64(),
                stayed_g: (each * Num::int(out.stayed.len() as i64)).to_f64(),
            });
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
        Matter::Solids { bodies } if bodies.len() > PIECES_IN_HAND => {
            // Many small pieces (cut parts, counted items) go over in
            // handfuls: the hand travels once per handful, and each piece
            // is set where the pile in (or the rows on) the target have room.
            let from = scene
                .world
                .objects
                .get(&portion.holder)
                .map(|id| scene.world.bodies[id].pose.position);
            let mut last_to = None;
            for id in &bodies {
                let body = scene.world.bodies[id].clone();
                let (half, height) = footprint(layout, &body);
                let to = spot_for(layout, scene.world, places, to_holder, half, height, &[*id])
                    .ok_or_else(no_room)?;
                let b = scene.world.bodies.get_mut(id).expect("a portion's body");
                b.holder = to_holder;
                b.pose = Pose::at([to[0], to[1] + 0.001, to[2]]);
                let pose = crate::scene::to_pose(&b.pose);
                // A piece the scene simulates is moved there too.
                if let Some(rb) = scene.body_mut(*id) {
                    rb.set_position(pose, true);
                    rb.set_linvel(rapier3d::prelude::Vector::ZERO, true);
                    rb.set_angvel(rapier3d::prelude::Vector::ZERO, true);
                }
                stats.particles_moved += 1;
                stats.carried.push(*id);
                last_to = Some(to);
            }
            if let (Some(a), Some(b)) = (from, last_to) {
                let trips = bodies.len().div_ceil(PIECES_IN_HAND) as f64;
                let d =
                    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt();
                stats.hand_path_m += 2.0 * trips * d as f64;
            }
            ops.push(format!(
                "carried {} g of {name} ({} pieces, in handfuls) to the {to_name}",
                fmt_g(portion.grams),
                bodies.len()
            ));
            portion.holder = to_holder;
            Ok(Some(portion))
        }
        Matter::Solids { bodies } => {
            for id in &bodies {
                scene.add(*id);
                let body = scene.world.bodies[id].clone();
                let (half, height) = footprint(layout, &body);
                let to = spot_for(layout, scene.world, places, to_holder, half, height, &[*id])
                    .ok_or_else(no_room)?;
                scene
                    .world
                    .bodies
                    .get_mut(id)
                    .expect("a portion's body")
                    .holder = to_holder;
                stats.hand_path_m += hand::carry(scene, *id, to);
                stats.particles_moved += 1;
                stats.carried.push(*id);
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

/// Grains that landed in `target` heap up on its floor and on what is
/// already at rest there (liquids level out instead).
fn heap_up(scene: &Scene<'_>, target: BodyId, landed: &[Vec3], radius: f32) -> Vec<Vec3> {
    let layout = scene.layout;
    let Some(tb) = scene.world.bodies.get(&target) else {
        return landed.to_vec();
    };
    let BodyKind::Object { pid: holder } = tb.kind else {
        return landed.to_vec();
    };
    let spec = layout.shape(tb.class);
    let below: Vec<(Vec3, f32)> = scene
        .world
        .portions
        .iter()
        .filter(|p| p.holder == holder)
        .flat_map(|p| match &p.matter {
            Matter::Particles { radius, local, .. } => {
                local.iter().map(|q| (*q, *radius)).collect::<Vec<_>>()
            }
            Matter::Solids { .. } => Vec::new(),
        })
        .collect();
    let walls = crate::heap::Walls {
        floor: spec.wall.max(0.002),
        inner: spec.inner(),
        round: spec.is_round(),
    };
    let how = crate::heap::Settling {
        repose: layout.simulation.particle_friction.atan(),
        packing: layout.simulation.heap_packing,
    };
    crate::heap::settle(&below, landed, radius, walls, how)
}

/// Whether a portion is a liquid (`film` in the layout): it is poured
/// wherever it goes. A mixture is not, whatever it was made of (a dough of
/// flour, milk and oil is set down in lumps).
fn is_liquid(layout: &crate::layout::Layout, portion: &Portion) -> bool {
    layout.ingredient(portion.class).film.is_some()
}

/// What does not fit: the bulk volume of everything in the target
/// (ingredients by their bulk density, `layout.toml`) against the volume
/// inside its walls up to the rim. The particles that landed highest beyond
/// that run over the rim and lie beside the target, spilled. Returns how
/// many particles overflowed.
fn overflow(
    scene: &Scene<'_>,
    target: BodyId,
    poured: &Portion,
    count: u32,
    out: &mut pour::Outcome,
) -> usize {
    let layout = scene.layout;
    let Some(tb) = scene.world.bodies.get(&target) else {
        return 0;
    };
    let BodyKind::Object { pid: holder } = tb.kind else {
        return 0;
    };
    let spec = layout.shape(tb.class);
    let capacity = spec.capacity(layout.ingredient(poured.class).film);
    let volume_of = |p: &Portion| {
        let density = layout.ingredient(p.class).density as f64;
        match &p.matter {
            Matter::Particles { .. } => p.grams.to_f64() / density * 1e-3,
            Matter::Solids { bodies } => bodies
                .iter()
                .filter_map(|b| scene.world.bodies.get(b))
                .map(|b| match b.kind {
                    BodyKind::Solid { half } => 8.0 * (half[0] * half[1] * half[2]) as f64,
                    BodyKind::Object { .. } => 0.0,
                })
                .sum(),
        }
    };
    let held: f64 = scene
        .world
        .portions
        .iter()
        .filter(|p| p.holder == holder)
        .map(volume_of)
        .sum();
    let landed = out.landed.len();
    if landed == 0 || count == 0 {
        return 0;
    }
    let each = volume_of(poured) / count as f64;
    let room = (capacity - held).max(0.0);
    let fits = ((room / each).floor() as usize).min(landed);
    if fits == landed {
        return 0;
    }
    // The highest particles run over the rim, on the side away from the cook.
    let mut order: Vec<usize> = (0..landed).collect();
    order.sort_by(|&a, &b| {
        out.landed[a][1]
            .total_cmp(&out.landed[b][1])
            .then(a.cmp(&b))
    });
    let over: Vec<usize> = order[fits..].to_vec();
    let [x, y, z] = tb.pose.position;
    let beside = spec.extent().0[0] + 0.03;
    let mut keep = Vec::with_capacity(fits);
    for (i, p) in out.landed.iter().enumerate() {
        if over.contains(&i) {
            out.spilled
                .push([x + beside + 0.3 * p[0], y + 0.005, z + 0.3 * p[2]]);
        } else {
            keep.push(*p);
        }
    }
    out.landed = keep;
    over.len()
}

/// Particles with no container to pour from: they are dropped from the
/// hand just above the target.
pub(super) fn scoop(mut portion: Portion, sink: &PortionEntry) -> Portion {
    portion.holder = sink.holder;
    portion
}

/// Lays a coat's particles on the tops of the pieces its holder holds
/// (round robin), in the holder's frame; without pieces there yet, they
/// stay as they were.
fn coat_pieces(scene: &Scene<'_>, mut portion: Portion) -> Portion {
    let Some(holder) = scene.world.object(portion.holder) else {
        return portion;
    };
    let origin = holder.pose.position;
    let tops: Vec<Vec3> = scene
        .world
        .bodies
        .values()
        .filter(|b| b.holder == portion.holder)
        .filter_map(|b| match b.kind {
            BodyKind::Solid { half } => Some([
                b.pose.position[0] - origin[0],
                b.pose.position[1] - origin[1] + 2.0 * half[1],
                b.pose.position[2] - origin[2],
            ]),
            BodyKind::Object { .. } => None,
        })
        .collect();
    if let (false, Matter::Particles { count, radius, .. }) = (tops.is_empty(), &portion.matter) {
        let local: Vec<Vec3> = (0..*count as usize)
            .map(|i| {
                let t = tops[i % tops.len()];
                // Spread over the top, a particle's width apart.
                let k = (i / tops.len()) as f32;
                let a = k * 2.4;
                let d = radius * 2.0 * k.sqrt();
                [t[0] + d * a.cos(), t[1] + radius, t[2] + d * a.sin()]
            })
            .collect();
        portion.matter = Matter::Particles {
            count: *count,
            radius: *radius,
            local: Arc::new(local),
        };
    }
    portion
}

/// A portion set down on a flat surface becomes solid lumps (balls of
/// their volume), one per copy of the entity, each carried there by the
/// hand from where the portion was.
pub(super) fn lump(
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
        stats.particles_moved += 1;
        stats.carried.push(id);
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
pub(super) fn assemble(
    scene: &mut Scene<'_>,
    entry: &PortionEntry,
    parts: Vec<Portion>,
) -> Portion {
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

/// Under this relative difference, a physical mass is the qualitative one.
const AMEND_BELOW: f64 = 1e-4;

/// Writes measured masses back: a portion whose physical mass differs from
/// its qualitative amount (particles lost on the way) gets its amount
/// scaled to what arrived, every copy of it (cookies share one identity)
/// and coatings included. A portion taken from a stock shares the stock's
/// identity, so it is looked for only in its own holder: the stock is
/// never charged for what the portion lost.
pub(super) fn amend_amounts(world: &World, inv: &Inventory, after: &mut KitchenState) {
    for e in &inv.portions {
        let physical: Num = world
            .portions
            .iter()
            .filter(|p| p.pid == e.pid && p.holder == e.holder)
            .map(|p| p.grams)
            .sum();
        // Paths through single floats drift by a few parts in a million:
        // only mass that really went missing (a particle or more, spilled
        // or stuck; a portion has at most a few hundred) changes an amount.
        let (p, q) = (physical.to_f64(), e.grams.to_f64());
        if physical == e.grams || q == 0.0 || ((p - q) / q).abs() < AMEND_BELOW {
            continue;
        }
        let Some(place) = after.locate(e.holder) else {
            continue;
        };
        let Some(holder) = after.at_mut(&place) else {
            continue;
        };
        let scale = |x: &mut sous_kitchen::Entity| {
            if let Some(Amount { value, unit }) = x.amount() {
                if let Some(v) = (value * physical).checked_div(e.grams) {
                    x.set(slot::AMOUNT, Value::Amount(Amount { value: v, unit }));
                }
            }
        };
        let coatings = |x: &mut sous_kitchen::Entity| {
            let ours: Vec<_> = crate::inventory::coatings_of(x)
                .filter(|(_, c)| c.pid == e.pid)
                .map(|(id, _)| id)
                .collect();
            for id in ours {
                if let Value::Entity(c) = x.get(id) {
                    let mut c = c.clone();
                    scale(std::sync::Arc::make_mut(&mut c));
                    x.set(id, Value::Entity(c));
                }
            }
        };
        // Coatings of the holder itself, then its contents and theirs.
        coatings(holder);
        if let Some(contents) = holder.contents_mut() {
            for child in contents.iter_mut() {
                let matches_self = child.pid == e.pid;
                let coated = crate::inventory::coatings_of(child).any(|(_, c)| c.pid == e.pid);
                if !matches_self && !coated {
                    continue;
                }
                let child = std::sync::Arc::make_mut(child);
                if matches_self {
                    scale(child);
                }
                if child.is_a_name("ingredient") {
                    coatings(child);
                }
            }
        }
    }
}
