//! Rigid bodies built from convex pieces generated from a shape's
//! dimensions: no mesh files. The body's origin is the middle of its base.

use std::f32::consts::{PI, TAU};

use rapier3d::prelude::*;

use crate::layout::{ShapeKind, ShapeSpec};
use crate::world::Vec3;

/// Wall slabs around a round container.
const SEGMENTS: usize = 16;

/// The convex pieces of an object, in its own frame.
pub fn pieces(spec: &ShapeSpec) -> Vec<(Pose, SharedShape)> {
    let wall = spec.wall.max(0.002);
    match spec.kind {
        ShapeKind::Bowl | ShapeKind::Pot | ShapeKind::Jar => {
            let mut out = vec![(
                Pose::translation(0.0, wall / 2.0, 0.0),
                SharedShape::cylinder(wall / 2.0, spec.radius + wall),
            )];
            out.extend(ring(spec.radius, spec.height, wall));
            out
        }
        ShapeKind::Plate | ShapeKind::Pan | ShapeKind::Lid => {
            let mut out = vec![(
                Pose::translation(0.0, wall / 2.0, 0.0),
                SharedShape::cylinder(wall / 2.0, spec.radius + wall),
            )];
            if spec.height > wall * 1.5 {
                out.extend(ring(spec.radius, spec.height, wall));
            }
            out
        }
        ShapeKind::Tray | ShapeKind::Tin | ShapeKind::Board | ShapeKind::Rack => {
            let [x, y, z] = spec.size;
            let floor = wall.min(y);
            let mut out = vec![(
                Pose::translation(0.0, floor / 2.0, 0.0),
                SharedShape::cuboid(x / 2.0, floor / 2.0, z / 2.0),
            )];
            if y > floor * 1.5 && spec.wall > 0.0 {
                let h = y / 2.0;
                for (dx, dz, hx, hz) in [
                    (x / 2.0 - wall / 2.0, 0.0, wall / 2.0, z / 2.0),
                    (-(x / 2.0 - wall / 2.0), 0.0, wall / 2.0, z / 2.0),
                    (0.0, z / 2.0 - wall / 2.0, x / 2.0, wall / 2.0),
                    (0.0, -(z / 2.0 - wall / 2.0), x / 2.0, wall / 2.0),
                ] {
                    out.push((Pose::translation(dx, h, dz), SharedShape::cuboid(hx, h, hz)));
                }
            }
            out
        }
        ShapeKind::Sheet | ShapeKind::Tool => {
            let [x, y, z] = spec.size;
            vec![(
                Pose::translation(0.0, y / 2.0, 0.0),
                SharedShape::cuboid(x / 2.0, (y / 2.0).max(0.0005), z / 2.0),
            )]
        }
    }
}

/// `SEGMENTS` slabs standing in a circle of inner radius `radius`.
fn ring(radius: f32, height: f32, wall: f32) -> Vec<(Pose, SharedShape)> {
    let half_len = (radius + wall) * (PI / SEGMENTS as f32).tan() + wall / 2.0;
    (0..SEGMENTS)
        .map(|i| {
            let a = i as f32 / SEGMENTS as f32 * TAU;
            let r = radius + wall / 2.0;
            let pose = Pose::from_parts(
                Vector::new(a.cos() * r, height / 2.0, a.sin() * r),
                Rot3::from_rotation_y(-a),
            );
            (
                pose,
                SharedShape::cuboid(wall / 2.0, height / 2.0, half_len),
            )
        })
        .collect()
}

/// The collider of an object.
pub fn collider(spec: &ShapeSpec, friction: f32) -> ColliderBuilder {
    ColliderBuilder::compound(pieces(spec))
        .density(spec.density)
        .friction(friction)
        .restitution(0.0)
}

/// The collider of a solid ingredient piece (half extents; a sphere when
/// they are equal).
pub fn solid_collider(half: Vec3, density: f32, friction: f32) -> ColliderBuilder {
    let b = if half[0] == half[1] && half[1] == half[2] {
        ColliderBuilder::ball(half[0]).translation(Vector::new(0.0, half[0], 0.0))
    } else {
        ColliderBuilder::cuboid(half[0], half[1], half[2])
            .translation(Vector::new(0.0, half[1], 0.0))
    };
    b.density(density).friction(friction).restitution(0.0)
}
