//! Where on a surface there is room for one more thing.

use sous_kitchen::Pid;

use crate::layout::{Layout, PlaceLayout};
use crate::world::{Body, BodyKind, Vec3, World};

/// Half extents (x, z) and height of a body's footprint.
pub fn footprint(layout: &Layout, body: &Body) -> ([f32; 2], f32) {
    match &body.kind {
        BodyKind::Object { .. } => layout.shape(body.class).extent(),
        BodyKind::Solid { half } => ([half[0], half[2]], half[1] * 2.0),
    }
}

/// Gap kept between neighbours.
const GAP: f32 = 0.01;
/// Grid step of the search.
const STEP: f32 = 0.01;

/// A free spot for something of half extents `half` in a rectangle (x, z
/// ranges) at height `y`, avoiding `taken` footprints (centre, half extents).
/// Front-left first, row by row towards the wall.
fn free_spot(
    x: (f32, f32),
    z: (f32, f32),
    y: f32,
    half: [f32; 2],
    taken: &[([f32; 2], [f32; 2])],
) -> Option<Vec3> {
    free_spot_within(x, z, y, half, taken, None)
}

/// `free_spot`, within a circle (centre x, z and radius) as well when one
/// is given: the whole footprint inside a round plate or pan.
fn free_spot_within(
    x: (f32, f32),
    z: (f32, f32),
    y: f32,
    half: [f32; 2],
    taken: &[([f32; 2], [f32; 2])],
    circle: Option<([f32; 2], f32)>,
) -> Option<Vec3> {
    let mut cz = z.1 - half[1];
    while cz >= z.0 + half[1] - 1e-4 {
        let mut cx = x.0 + half[0];
        while cx <= x.1 - half[0] + 1e-4 {
            let in_circle = circle.is_none_or(|(c, r)| {
                let dx = (cx - c[0]).abs() + half[0];
                let dz = (cz - c[1]).abs() + half[1];
                dx * dx + dz * dz <= r * r
            });
            if !in_circle {
                cx += STEP;
                continue;
            }
            let blocker = taken.iter().find(|(c, h)| {
                (cx - c[0]).abs() < half[0] + h[0] + GAP && (cz - c[1]).abs() < half[1] + h[1] + GAP
            });
            let Some((c, h)) = blocker else {
                return Some([cx, y, cz]);
            };
            // Every spot of this row still over the same footprint is
            // taken too: step past it (the same spots as one at a time).
            cx += STEP;
            while (cx - c[0]).abs() < half[0] + h[0] + GAP && cx <= x.1 - half[0] + 1e-4 {
                cx += STEP;
            }
        }
        cz -= STEP;
    }
    None
}

/// Footprints of the bodies standing in or on `holder` (except `moving`).
fn taken(
    layout: &Layout,
    world: &World,
    holder: Pid,
    moving: &[crate::world::BodyId],
) -> Vec<([f32; 2], [f32; 2])> {
    world
        .bodies
        .iter()
        .filter(|(id, b)| b.holder == holder && !moving.contains(id))
        // A lining lies under what stands on it.
        .filter(|(_, b)| {
            !matches!(b.kind, BodyKind::Object { .. })
                || layout.shape(b.class).kind != crate::layout::ShapeKind::Sheet
        })
        .map(|(_, b)| {
            let (h, _) = footprint(layout, b);
            ([b.pose.position[0], b.pose.position[2]], h)
        })
        .collect()
}

/// A spot on a place's shelves (lowest shelf first) where a thing of half
/// extents `half` and height `height` fits.
pub fn spot_in_place(
    layout: &Layout,
    world: &World,
    place_pid: Pid,
    place: &PlaceLayout,
    half: [f32; 2],
    height: f32,
    moving: &[crate::world::BodyId],
) -> Option<Vec3> {
    for (i, &shelf) in place.shelves.iter().enumerate() {
        let top = place
            .shelves
            .get(i + 1)
            .copied()
            .unwrap_or(place.max[1] + 0.5);
        if top - shelf < height && i + 1 < place.shelves.len() {
            continue;
        }
        // Only footprints on this shelf are in the way.
        let here: Vec<_> = world
            .bodies
            .iter()
            .filter(|(id, b)| {
                b.holder == place_pid
                    && !moving.contains(id)
                    && b.pose.position[1] >= shelf - 0.02
                    && b.pose.position[1] < top - 0.02
            })
            .map(|(_, b)| {
                let (h, _) = footprint(layout, b);
                ([b.pose.position[0], b.pose.position[2]], h)
            })
            .collect();
        if let Some(s) = free_spot(
            (place.min[0] + 0.02, place.max[0] - 0.02),
            (place.min[2] + 0.02, place.max[2] - 0.02),
            shelf,
            half,
            &here,
        ) {
            return Some(s);
        }
    }
    None
}

/// A spot inside a container (its floor, in world coordinates) for a thing
/// of half extents `half`. Flat holders (trays, plates) get a free spot on
/// their floor; wells (bowls, pots) take things at their centre, where
/// they pile up.
pub fn spot_in_container(
    layout: &Layout,
    world: &World,
    holder: Pid,
    half: [f32; 2],
    _height: f32,
    moving: &[crate::world::BodyId],
) -> Option<Vec3> {
    let body = world.object(holder)?;
    let spec = layout.shape(body.class);
    let [x, y, z] = body.pose.position;
    let floor = y + spec.wall.max(0.002);
    let inner = spec.inner();
    if !spec.is_flat() {
        // The half diagonal: a box turned any way fits in that circle.
        let r = (half[0] * half[0] + half[1] * half[1]).sqrt();
        let p = heap_spot(
            layout,
            world,
            holder,
            moving,
            [x, floor, z],
            r,
            inner[0].min(inner[1]),
        );
        return Some(p);
    }
    let here = taken(layout, world, holder, moving);
    // Keep clear of the rim: touching it would shove the tray.
    let m = 0.006;
    let circle = spec.is_round().then_some(([x, z], inner[0] - m));
    let spot = free_spot_within(
        (x - inner[0] + m, x + inner[0] - m),
        (z - inner[1] + m, z + inner[1] - m),
        floor,
        half,
        &here,
        circle,
    );
    // A full tray takes no more: nothing is heaped on what it holds.
    spot
}

/// The spots of one layer of a pile of things of radius `r` in a well of
/// radius `inner` (relative to its middle): a square grid inside the
/// circle, the middle first, then outwards. Never empty.
fn pile_ring(r: f32, inner: f32) -> Vec<(f32, f32)> {
    let reach = (inner - r).max(0.0);
    let step = 2.0 * r + 0.002;
    let n = (reach / step).floor() as i32;
    let mut ring: Vec<(f32, f32)> = Vec::new();
    for i in -n..=n {
        for j in -n..=n {
            let (x, z) = (i as f32 * step, j as f32 * step);
            if x * x + z * z <= reach * reach + 1e-9 {
                ring.push((x, z));
            }
        }
    }
    ring.sort_by(|a, b| (a.0 * a.0 + a.1 * a.1).total_cmp(&(b.0 * b.0 + b.1 * b.1)));
    if ring.is_empty() {
        ring.push((0.0, 0.0));
    }
    ring
}

/// Where a thing of radius `r` goes in a well whose floor's middle is at
/// `base` (world frame): on the spot of a grid inside the circle it fits
/// in where what already lies there is lowest (the middle first among
/// equals), on top of it. Things of any size heap up as they would.
fn heap_spot(
    layout: &Layout,
    world: &World,
    holder: Pid,
    moving: &[crate::world::BodyId],
    base: Vec3,
    r: f32,
    inner: f32,
) -> Vec3 {
    let below: Vec<([f32; 2], f32, f32)> = world
        .bodies
        .iter()
        .filter(|(id, b)| b.holder == holder && !moving.contains(id))
        .map(|(_, b)| {
            let (h, height) = footprint(layout, b);
            let top = match b.kind {
                // A solid's origin is the middle of its base.
                BodyKind::Solid { half } => b.pose.position[1] + 2.0 * half[1],
                BodyKind::Object { .. } => b.pose.position[1] + height,
            };
            (
                [b.pose.position[0], b.pose.position[2]],
                h[0].max(h[1]),
                top,
            )
        })
        .collect();
    let mut best: Option<(f32, f32, Vec3)> = None;
    // The first layer's spots (the ring is built once: it is sorted, and
    // tiny things in a wide bowl have thousands of spots).
    for (px, pz) in pile_ring(r, inner) {
        let p = [px, 0.0, pz];
        let (x, z) = (base[0] + p[0], base[2] + p[2]);
        let level = below
            .iter()
            .filter(|(c, h, _)| (c[0] - x).abs() < r + h && (c[1] - z).abs() < r + h)
            .map(|(_, _, top)| *top)
            .fold(base[1], f32::max);
        let d = p[0] * p[0] + p[2] * p[2];
        if best.is_none_or(|(l, bd, _)| level < l - 1e-4 || (level < l + 1e-4 && d < bd)) {
            best = Some((level, d, [x, level, z]));
        }
    }
    best.map_or(base, |(_, _, p)| p)
}
