//! The cook's hand: a kinematic carrier that moves one body along
//! waypoints at a bounded speed, then lets go so the body comes to rest by
//! itself. Nothing teleports.

use rapier3d::prelude::*;

use crate::scene::{to_pose, Scene};
use crate::world::{BodyId, Vec3};

/// Whether a point is inside a closed place (a cupboard, the fridge, the
/// oven): the hand must reach in horizontally there.
/// The space just above an open surface (the worktop under the wall
/// cupboards) counts as open.
fn enclosed(scene: &Scene<'_>, p: Vec3) -> bool {
    let places = scene.layout.places.values();
    let open_space = places.clone().any(|pl| {
        !pl.closed
            && p[0] >= pl.min[0]
            && p[0] <= pl.max[0]
            && p[2] >= pl.min[2]
            && p[2] <= pl.max[2]
            && pl
                .shelves
                .iter()
                .any(|&y| p[1] >= y - 0.02 && p[1] <= y + 0.5)
    });
    !open_space
        && places
            .into_iter()
            .any(|pl| pl.closed && pl.contains(p, 0.0))
}

/// The path from `from` to `to`. From an open surface the hand lifts
/// straight up to the travel height, above everything standing there; from
/// inside a closed place it first draws the thing out towards the cook.
/// It arrives the same way: straight down onto an open surface, or in
/// horizontally at shelf height into a closed place.
/// `depth` is the half depth (along z) of what the hand holds: it rises and
/// descends in front of a closed place far enough out that its back edge
/// clears the front of every place and what stands on it.
pub fn path(scene: &Scene<'_>, from: Vec3, to: Vec3, depth: f32) -> Vec<Vec3> {
    let hand = &scene.layout.hand;
    let lift = 0.03;
    let travel = hand.travel_height.max(from[1] + 0.3).max(to[1] + 0.3);
    let front = scene
        .layout
        .places
        .values()
        .map(|pl| pl.max[2])
        .fold(0.0f32, f32::max);
    let out = hand.reach_front.max(front + depth + 0.02);
    let mut pts = vec![from, [from[0], from[1] + lift, from[2]]];
    if enclosed(scene, from) {
        pts.push([from[0], from[1] + lift, out]);
        pts.push([from[0], travel, out]);
    } else {
        pts.push([from[0], travel, from[2]]);
    }
    if enclosed(scene, to) {
        let last = *pts.last().expect("a start");
        pts.push([to[0], travel, last[2]]);
        pts.push([to[0], travel, out]);
        pts.push([to[0], to[1] + lift + 0.02, out]);
        pts.push([to[0], to[1] + lift + 0.02, to[2]]);
    } else {
        pts.push([to[0], travel, to[2]]);
        pts.push([to[0], to[1] + lift, to[2]]);
    }
    pts.push(to);
    pts.dedup();
    pts
}

fn dist(a: Vec3, b: Vec3) -> f32 {
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}

/// The deepest contact (m) of body `id` with anything, now (0 when it
/// touches nothing).
pub fn contact_depth(scene: &Scene<'_>, id: BodyId) -> f64 {
    let Some(body) = scene.body(id) else {
        return 0.0;
    };
    let mut deepest = 0.0f64;
    for &c in body.colliders() {
        for pair in scene.physics.narrow_phase.contact_pairs_with(c) {
            for m in pair.manifolds() {
                for p in &m.points {
                    deepest = deepest.max(-p.dist as f64);
                }
            }
        }
    }
    deepest
}

/// Carries body `id` to `to` (the middle of its base, upright), lets go
/// and waits for it to rest. Returns the length of the path. On its way
/// (between lifting off and setting down) the carried body must touch
/// nothing: the deepest contact seen then is kept in `scene.max_carry_contact`.
pub fn carry(scene: &mut Scene<'_>, id: BodyId, to: Vec3) -> f64 {
    scene.add(id);
    let from = match scene.world.bodies.get(&id) {
        Some(b) => b.pose.position,
        None => return 0.0,
    };
    let drop = scene.layout.hand.drop_height;
    let target = [to[0], to[1] + drop, to[2]];
    let depth = scene
        .world
        .bodies
        .get(&id)
        .map_or(0.0, |b| crate::placement::footprint(scene.layout, b).0[1]);
    let pts = path(scene, from, target, depth);
    let speed = scene.layout.hand.speed;
    let dt = scene.layout.simulation.dt;
    let start_rot = scene
        .body(id)
        .map(|b| *b.rotation())
        .unwrap_or(Rot3::IDENTITY);
    if let Some(b) = scene.body_mut(id) {
        b.set_body_type(RigidBodyType::KinematicPositionBased, true);
    }
    let mut length = 0.0f64;
    let legs = pts.len().saturating_sub(1);
    // Turned upright while rising (the first two legs), upright afterwards.
    let rising: f32 = pts.windows(2).take(2).map(|w| dist(w[0], w[1])).sum();
    let mut risen = 0.0f32;
    for (leg, w) in pts.windows(2).enumerate() {
        let d = dist(w[0], w[1]);
        length += d as f64;
        let frames = ((d / speed / dt).ceil() as u32).max(1);
        for f in 1..=frames {
            let t = f as f32 / frames as f32;
            // Smooth start and stop on each leg (bounded acceleration).
            let s = t * t * (3.0 - 2.0 * t);
            let p = [
                w[0][0] + (w[1][0] - w[0][0]) * s,
                w[0][1] + (w[1][1] - w[0][1]) * s,
                w[0][2] + (w[1][2] - w[0][2]) * s,
            ];
            let turned = if leg < 2 && rising > 0.0 {
                ((risen + d * t) / rising).min(1.0)
            } else {
                1.0
            };
            let rot = start_rot.slerp(Rot3::IDENTITY, turned);
            if let Some(b) = scene.body_mut(id) {
                b.set_next_kinematic_position(Pose::from_parts(Vector::new(p[0], p[1], p[2]), rot));
            }
            scene.step();
            // Lifting off and setting down touch the surfaces at either end.
            if leg > 0 && leg + 1 < legs {
                let depth = contact_depth(scene, id);
                if depth > scene.max_carry_contact {
                    scene.max_carry_contact = depth;
                }
            }
        }
        if leg < 2 {
            risen += d;
        }
    }
    if let Some(b) = scene.body_mut(id) {
        b.set_body_type(RigidBodyType::Dynamic, true);
        b.set_linvel(Vector::ZERO, true);
        b.set_angvel(Vector::ZERO, true);
    }
    let max = scene.layout.simulation.settle_max_frames;
    scene.settle(max);
    // A scene that blew up is reported by the caller's final write-back.
    let _ = scene.write_back();
    length
}

/// Moves body `id` kinematically through `poses` (one per frame), keeping it
/// kinematic afterwards.
pub fn follow(scene: &mut Scene<'_>, id: BodyId, poses: &[Pose]) {
    if let Some(b) = scene.body_mut(id) {
        b.set_body_type(RigidBodyType::KinematicPositionBased, true);
    }
    for p in poses {
        if let Some(b) = scene.body_mut(id) {
            b.set_next_kinematic_position(*p);
        }
        scene.step();
    }
}

/// The world pose of a body as rapier has it now (or as the world has it).
pub fn current_pose(scene: &Scene<'_>, id: BodyId) -> Option<Pose> {
    match scene.body(id) {
        Some(b) => Some(*b.position()),
        None => scene.world.bodies.get(&id).map(|b| to_pose(&b.pose)),
    }
}
