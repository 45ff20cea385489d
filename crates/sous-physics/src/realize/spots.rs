//! Where a carried thing goes: a free spot in a place or a container, on a
//! rim (covers), or on top of a stack of its kind.

use std::collections::BTreeMap;

use sous_kitchen::Pid;

use crate::layout::Layout;
use crate::placement::{spot_in_container, spot_in_place};
use crate::world::{Body, BodyId, BodyKind, Vec3, World};

/// On top of a container's rim, at its middle (where a cover lies).
pub(super) fn on_rim(layout: &Layout, world: &World, holder: Pid) -> Option<Vec3> {
    let b = world.object(holder)?;
    let [x, y, z] = b.pose.position;
    Some([x, y + layout.shape(b.class).extent().1 + 0.002, z])
}

/// A free spot in or on `holder` (a place or an object).
pub(super) fn spot_for(
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

/// When a surface is full, an empty thing goes on top of an empty one of
/// its kind standing there (as a cook stacks plates), else on an empty flat
/// thing at least as large (a plate on an unused board); on the lowest
/// such stack.
pub(super) fn stack_on_like(
    layout: &Layout,
    world: &World,
    holder: Pid,
    moving: &[BodyId],
) -> Option<Vec3> {
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
