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
    let mut cz = z.1 - half[1];
    while cz >= z.0 + half[1] - 1e-4 {
        let mut cx = x.0 + half[0];
        while cx <= x.1 - half[0] + 1e-4 {
            let clear = taken.iter().all(|(c, h)| {
                (cx - c[0]).abs() >= half[0] + h[0] + GAP
                    || (cz - c[1]).abs() >= half[1] + h[1] + GAP
            });
            if clear {
                return Some([cx, y, cz]);
            }
            cx += STEP;
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
    height: f32,
    moving: &[crate::world::BodyId],
) -> Option<Vec3> {
    let body = world.object(holder)?;
    let spec = layout.shape(body.class);
    let [x, y, z] = body.pose.position;
    let floor = y + spec.wall.max(0.002);
    let inner = spec.inner();
    if !spec.is_flat() {
        let k = taken(layout, world, holder, moving).len();
        // The half diagonal: a box turned any way fits in that circle.
        let r = (half[0] * half[0] + half[1] * half[1]).sqrt();
        let p = pile_spot(k, r, height, inner[0].min(inner[1]));
        return Some([x + p[0], floor + p[1], z + p[2]]);
    }
    let here = taken(layout, world, holder, moving);
    // Keep clear of the rim: touching it would shove the tray.
    let m = 0.006;
    let spot = free_spot(
        (x - inner[0] + m, x + inner[0] - m),
        (z - inner[1] + m, z + inner[1] - m),
        floor,
        half,
        &here,
    );
    if std::env::var_os("SOUS_PHYSICS_DEBUG").is_some() {
        eprintln!(
            "  spot in {holder:?} at {:?} for {half:?}: taken {here:?} -> {spot:?}",
            body.pose.position
        );
    }
    // A full tray takes no more: nothing is heaped on what it holds.
    spot
}

/// Where the `k`-th thing of radius `r` and height `height` goes in a well
/// of inner radius `inner` (container frame, base of the thing): the middle
/// first, then a ring along the wall when there is room for one, then the
/// next layer, one height up.
pub fn pile_spot(k: usize, r: f32, height: f32, inner: f32) -> Vec3 {
    let reach = (inner - r).max(0.0);
    let ring = if reach >= 2.0 * r {
        ((std::f32::consts::TAU * reach) / (2.0 * r)).floor() as usize
    } else {
        0
    };
    let per_layer = 1 + ring;
    let layer = k / per_layer;
    let i = k % per_layer;
    // A layer is a little more than one thing high, and for round things
    // up to the old half-diagonal rule (a ball set on top of another rolls
    // off an exact stack into the gap beside it).
    let rise = (1.05 * height + 0.002).max((1.9 * r).min(1.35 * height));
    let y = layer as f32 * rise;
    if i == 0 {
        return [0.0, y, 0.0];
    }
    let a = (i - 1) as f32 / ring as f32 * std::f32::consts::TAU + layer as f32 * 0.5;
    [reach * a.cos(), y, reach * a.sin()]
}
