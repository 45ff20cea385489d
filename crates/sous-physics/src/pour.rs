//! Pouring: the hand brings the source container over the target, tips it,
//! and the particles run out and fall under gravity. Particles collide with
//! the containers and surfaces but not with each other (a pour is a stream,
//! and it keeps the cost linear in the particle count); once at rest they
//! are counted where they lie: in the target, still in the source, or
//! spilled.

use std::f32::consts::PI;

use rapier3d::prelude::*;

use crate::hand;
use crate::layout::Layout;
use crate::scene::{to_pose, v3, Scene};
use crate::world::{BodyId, Vec3};

/// Where the particles of one pour ended.
#[derive(Debug, Default)]
pub struct Outcome {
    /// In the target, in the target's frame.
    pub landed: Vec<Vec3>,
    /// Still in the source, in the source's frame.
    pub stayed: Vec<Vec3>,
    /// Anywhere else, in world coordinates.
    pub spilled: Vec<Vec3>,
    pub hand_path_m: f64,
}

/// Particle count and radius for `grams` of an ingredient of bulk density
/// `density` (kg/m³): as many particles as fit the minimum volume, at most
/// the layout's cap.
pub fn particles_for(layout: &Layout, grams: f64, density: f32) -> (u32, f32) {
    let sim = &layout.simulation;
    let volume_cm3 = (grams / density as f64 * 1000.0).max(1e-6);
    let n = ((volume_cm3 / sim.min_particle_volume_cm3 as f64).ceil() as u32)
        .clamp(1, sim.max_particles_per_portion);
    let each_m3 = volume_cm3 / n as f64 * 1e-6;
    let r = (3.0 * each_m3 / (4.0 * std::f64::consts::PI)).cbrt() as f32;
    (n, r.clamp(0.002, 0.012))
}

/// Positions for `n` particles of radius `r` filling a round container of
/// inner radius `inner` from its floor up (container frame), no higher than
/// `top` (particles at rest in a container do not collide with each other,
/// so layers may interpenetrate: the matter is denser than its particles).
pub fn lattice(n: u32, r: f32, inner: f32, floor: f32, top: f32) -> Vec<Vec3> {
    let step = 2.0 * r;
    let reach = (inner - r).max(r);
    let mut ring: Vec<(f32, f32)> = Vec::new();
    let k = (reach / step).floor() as i32;
    for i in -k..=k {
        for j in -k..=k {
            let (x, z) = (i as f32 * step, j as f32 * step);
            if x * x + z * z <= reach * reach {
                ring.push((x, z));
            }
        }
    }
    if ring.is_empty() {
        ring.push((0.0, 0.0));
    }
    let layers = (n as usize).div_ceil(ring.len()).max(1);
    let room = (top - floor - 2.0 * r).max(0.0);
    let rise = if layers > 1 {
        step.min(room / (layers - 1) as f32)
    } else {
        step
    };
    (0..n as usize)
        .map(|i| {
            let (x, z) = ring[i % ring.len()];
            let layer = (i / ring.len()) as f32;
            [x, floor + r + layer * rise, z]
        })
        .collect()
}

const PARTICLE: Group = Group::GROUP_2;

/// Pours `n` particles of radius `r`, which lie at `local` in the source
/// (source frame), from source `source` into target `target`.
pub fn pour(
    scene: &mut Scene<'_>,
    source: BodyId,
    target: BodyId,
    local: &[Vec3],
    r: f32,
    density: f32,
) -> Outcome {
    let mut out = Outcome::default();
    scene.add(source);
    scene.add(target);
    // The target stands still while it is poured into: the particles that
    // came to rest in it are taken out of the simulation, so it would not
    // grow heavier as it fills, and a light jar would be knocked over by
    // the stream's last drops.
    if let Some(b) = scene.body_mut(target) {
        b.set_body_type(RigidBodyType::KinematicPositionBased, true);
    }
    let _ = scene.write_back();
    let (Some(sb), Some(tb)) = (
        scene.world.bodies.get(&source).cloned(),
        scene.world.bodies.get(&target).cloned(),
    ) else {
        return out;
    };
    let s_spec = scene.layout.shape(sb.class).clone();
    let t_spec = scene.layout.shape(tb.class).clone();
    let t_pos = tb.pose.position;
    let s_home = sb.pose.position;
    let s_inner = s_spec.inner()[0];
    let t_inner = t_spec.inner();
    // Hold the source with its base clear of the target's rim and of every
    // neighbour it could swing over. Tipped, the mouth runs from the lip
    // (the pivot) up and across by `-cos(tilt)` of its width: the stream
    // falls from that strip, as wide as the source. The lip is placed so
    // that the strip's middle is over the target's middle, where the
    // target is widest, but never outside the target's near edge.
    let s_outer = s_inner + s_spec.wall.max(0.002);
    let across = (-scene.layout.hand.pour_tilt_degrees.to_radians().cos()).max(0.0);
    let lip_x = t_pos[0] - (across * s_inner).min(t_inner[0] - r).max(0.0);
    let reach = 2.0 * (s_inner + s_spec.wall) + 0.05;
    let mut above = t_pos[1] + t_spec.rim() + 0.04;
    for (id, b) in &scene.world.bodies {
        if *id == source || !scene.handles.contains_key(id) {
            continue;
        }
        let p = b.pose.position;
        let d = ((p[0] - (lip_x - s_outer)).powi(2) + (p[2] - t_pos[2]).powi(2)).sqrt();
        let (half, height) = crate::placement::footprint(scene.layout, b);
        if d < reach + half[0].max(half[1]) {
            above = above.max(p[1] + height + 0.03);
        }
    }
    let hold = [lip_x - s_outer, above, t_pos[2]];
    let pts = hand::path(scene, s_home, hold, s_outer);
    let to_hold = poses_along(scene, &pts, &mut out.hand_path_m);
    hand::follow(scene, source, &to_hold);
    // Tip it about the axis through its far lip, hold, right it again.
    let hand_cfg = scene.layout.hand.clone();
    let dt = scene.layout.simulation.dt;
    let tilt = -hand_cfg.pour_tilt_degrees.to_radians().min(PI);
    let pivot = Vector::new(lip_x, hold[1] + s_spec.rim(), hold[2]);
    let tip = |a: f32| {
        let rot = Rot3::from_rotation_z(a);
        let base = Vector::new(hold[0], hold[1], hold[2]);
        Pose::from_parts(pivot + rot * (base - pivot), rot)
    };
    let tilt_frames = ((hand_cfg.pour_tilt_seconds / dt).ceil() as u32).max(1);
    let hold_frames = ((hand_cfg.pour_hold_seconds / dt).ceil() as u32).max(1);
    let mut poses = Vec::new();
    for f in 1..=tilt_frames {
        let t = f as f32 / tilt_frames as f32;
        poses.push(tip(tilt * t * t * (3.0 - 2.0 * t)));
    }
    // Until the source is tipped past the particles' angle of repose they
    // rest on its floor and move with it: they are simulated from there on.
    let repose = scene.layout.simulation.particle_friction.atan();
    let rigid = (1..=tilt_frames)
        .take_while(|&f| {
            let t = f as f32 / tilt_frames as f32;
            (tilt * t * t * (3.0 - 2.0 * t)).abs() < repose
        })
        .count();
    hand::follow(scene, source, &poses[..rigid]);
    // The particles, on the floor of the source as it is now tipped.
    let s_pose = hand::current_pose(scene, source).unwrap_or(to_pose(&sb.pose));
    let mut handles = Vec::with_capacity(local.len());
    let friction = scene.layout.simulation.particle_friction;
    // Particles do not collide with each other, so those of upper layers
    // would fall onto the floor (fast enough to slip through it): each one
    // starts resting on the floor instead.
    let s_floor = s_spec.wall.max(0.002);
    let s_reach = (s_inner - r).max(0.0);
    for p in local {
        // Positions laid out for a wider holder are drawn in to this one's walls.
        let d = (p[0] * p[0] + p[2] * p[2]).sqrt();
        let k = if d > s_reach && d > 0.0 {
            s_reach / d
        } else {
            1.0
        };
        let w = s_pose.transform_point(Vector::new(p[0] * k, s_floor + r + 0.0005, p[2] * k));
        let (h, _) = scene.physics.insert(
            // Grains and drops do not roll on like marbles.
            RigidBodyBuilder::dynamic()
                .translation(w)
                .soft_ccd_prediction(scene.layout.simulation.particle_ccd_prediction_m)
                .angular_damping(scene.layout.simulation.rolling_damping),
            ColliderBuilder::ball(r)
                .density(density)
                .friction(friction)
                .restitution(0.0)
                .collision_groups(InteractionGroups::new(
                    PARTICLE,
                    Group::GROUP_1,
                    InteractionTestMode::And,
                )),
        );
        handles.push(h);
    }
    let mut stream = Stream {
        handles: handles.into_iter().map(Some).collect(),
        still: vec![0; local.len()],
        target,
        t_inner,
        t_rim: t_spec.rim(),
        t_boxy: !t_spec.is_round(),
    };
    stream.follow(scene, source, &poses[rigid..], &mut out);
    // Held tipped until the source is empty (at least the configured time,
    // at most five times it), then righted.
    let s_in = s_spec.inner();
    let s_rim = s_spec.rim();
    let s_boxy = !s_spec.is_round();
    let still_in = |scene: &Scene<'_>, stream: &Stream| {
        let pose = hand::current_pose(scene, source).unwrap_or(Pose::IDENTITY);
        stream.moving().any(|h| {
            let p = pose.inverse_transform_point(scene.physics.bodies[h].translation());
            inside(&p, s_in, s_rim, s_boxy)
        })
    };
    for f in 0..hold_frames * 5 {
        if f >= hold_frames && !still_in(scene, &stream) {
            break;
        }
        stream.follow(scene, source, &[tip(tilt)], &mut out);
    }
    poses = Vec::new();
    for f in (0..tilt_frames).rev() {
        let t = f as f32 / tilt_frames as f32;
        poses.push(tip(tilt * t * t * (3.0 - 2.0 * t)));
    }
    stream.follow(scene, source, &poses, &mut out);
    // The stream lands before the hand moves away.
    for _ in 0..scene.layout.simulation.settle_max_frames {
        let moving = stream.moving().any(|h| {
            let b = &scene.physics.bodies[h];
            !b.is_sleeping() && b.linvel().length() > 0.05
        });
        if !moving {
            break;
        }
        stream.follow(scene, source, &[tip(0.0)], &mut out);
    }
    // Back where it came from; the particles settle meanwhile.
    let back = hand::path(scene, hold, s_home, s_outer);
    let back_poses = poses_along(scene, &back, &mut out.hand_path_m);
    stream.follow(scene, source, &back_poses, &mut out);
    for id in [source, target] {
        if let Some(b) = scene.body_mut(id) {
            b.set_body_type(RigidBodyType::Dynamic, true);
        }
    }
    let max = scene.layout.simulation.settle_max_frames;
    scene.settle(max);
    let _ = scene.write_back();
    // Count what is still simulated.
    let t_now = hand::current_pose(scene, target).unwrap_or(to_pose(&tb.pose));
    let s_now = hand::current_pose(scene, source).unwrap_or(to_pose(&sb.pose));
    for h in stream.handles.into_iter().flatten() {
        let p = scene.physics.bodies[h].translation();
        let in_t = t_now.inverse_transform_point(p);
        let in_s = s_now.inverse_transform_point(p);
        if inside(&in_t, t_inner, t_spec.rim(), !t_spec.is_round()) {
            out.landed.push(v3(in_t));
        } else if inside(&in_s, s_spec.inner(), s_spec.rim(), !s_spec.is_round()) {
            out.stayed.push(v3(in_s));
        } else {
            out.spilled.push(v3(p));
        }
        scene.physics.remove_body(h);
    }
    out
}

/// Speed under which a particle counts as at rest (m/s), and for how many
/// frames in a row it must stay under it before it is taken out.
const REST_SPEED: f32 = 0.01;
const REST_FRAMES: u8 = 6;

/// The particles of one pour while they are simulated. Particles do not
/// touch each other, so one that has come to rest in the target is taken
/// out of the simulation and counted there at once: the rest of the pour
/// costs only the particles still on their way.
struct Stream {
    handles: Vec<Option<RigidBodyHandle>>,
    /// Frames in a row each particle has been at rest.
    still: Vec<u8>,
    target: BodyId,
    t_inner: [f32; 2],
    t_rim: f32,
    t_boxy: bool,
}

impl Stream {
    fn moving(&self) -> impl Iterator<Item = RigidBodyHandle> + '_ {
        self.handles.iter().flatten().copied()
    }

    /// Moves the source through `poses` (one per frame), taking out the
    /// particles that came to rest in the target.
    fn follow(&mut self, scene: &mut Scene<'_>, source: BodyId, poses: &[Pose], out: &mut Outcome) {
        for p in poses {
            hand::follow(scene, source, std::slice::from_ref(p));
            self.take_out_resting(scene, out);
        }
    }

    fn take_out_resting(&mut self, scene: &mut Scene<'_>, out: &mut Outcome) {
        let Some(t_pose) = hand::current_pose(scene, self.target) else {
            return;
        };
        for (slot, still) in self.handles.iter_mut().zip(&mut self.still) {
            let Some(h) = *slot else { continue };
            let b = &scene.physics.bodies[h];
            if b.linvel().length() >= REST_SPEED {
                *still = 0;
                continue;
            }
            *still = still.saturating_add(1);
            let in_t = t_pose.inverse_transform_point(b.translation());
            if *still >= REST_FRAMES && inside(&in_t, self.t_inner, self.t_rim, self.t_boxy) {
                out.landed.push(v3(in_t));
                scene.physics.remove_body(h);
                *slot = None;
            }
        }
    }
}

/// Whether a point (container frame) is within the container's walls.
fn inside(p: &Vector, inner: [f32; 2], rim: f32, boxy: bool) -> bool {
    let within = if boxy {
        p.x.abs() <= inner[0] + 0.003 && p.z.abs() <= inner[1] + 0.003
    } else {
        (p.x * p.x + p.z * p.z).sqrt() <= inner[0] + 0.003
    };
    within && p.y >= -0.005 && p.y <= rim + 0.03
}

/// One pose per frame along the points at the hand's speed (upright);
/// adds the path's length to `length`.
fn poses_along(scene: &Scene<'_>, pts: &[Vec3], length: &mut f64) -> Vec<Pose> {
    let speed = scene.layout.hand.speed;
    let dt = scene.layout.simulation.dt;
    let mut poses = Vec::new();
    for w in pts.windows(2) {
        let d = ((w[1][0] - w[0][0]).powi(2)
            + (w[1][1] - w[0][1]).powi(2)
            + (w[1][2] - w[0][2]).powi(2))
        .sqrt();
        *length += d as f64;
        let frames = ((d / speed / dt).ceil() as u32).max(1);
        for f in 1..=frames {
            let t = f as f32 / frames as f32;
            let s = t * t * (3.0 - 2.0 * t);
            poses.push(Pose::from_parts(
                Vector::new(
                    w[0][0] + (w[1][0] - w[0][0]) * s,
                    w[0][1] + (w[1][1] - w[0][1]) * s,
                    w[0][2] + (w[1][2] - w[0][2]) * s,
                ),
                Rot3::IDENTITY,
            ));
        }
    }
    poses
}
