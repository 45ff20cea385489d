//! The `blade` trigger: cut, peel and seed take effect when the tool's
//! blade passes through each piece. A cut piece is replaced by its parts:
//! separate bodies whose size and arrangement follow the cutting pattern
//! (`[cuts.*]` in `dynamics.toml`: slices are slabs along the piece,
//! shreds are strips, cubes are cubes), and which share its mass.

use serde::Serialize;
use sous_kitchen::Ontology;
use sous_sim::BackendError;

use super::{Check, Dynamics};
use crate::world::{Body, BodyId, BodyKind, Matter, Pose};

/// What the blade did.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BladeEvidence {
    pub tool: String,
    pub blade_m: f64,
    pub pattern: Option<String>,
    /// Pieces the blade went through, and the parts they became.
    pub pieces: usize,
    pub parts: usize,
    /// Passes of the blade through the pieces.
    pub strokes: usize,
    /// The parts' size along each cut axis (m): the pattern's, or coarser
    /// where the pattern would make more than `max-parts` a piece.
    pub part_size_m: f64,
    pub grams: f64,
}

pub(super) type Found = super::Found<BladeEvidence>;

/// Of a tool's length, the part that is blade (the rest is handle).
const BLADE_SHARE: f32 = 0.6;
/// The gap left between parts (m): cut parts are separate bodies.
const GAP: f32 = 0.001;

pub(super) fn check(c: &mut Check<'_, '_, '_>) -> Result<Found, BackendError> {
    let dynamics = Dynamics::get();
    let onto = Ontology::get();
    let layout = c.scene.layout;
    let Some(subject) = c.arg_pid(c.rule.subject.as_deref()) else {
        return Ok(Err(super::no_subject(c)));
    };
    let tool = c
        .arg_pid(c.rule.tool.as_deref())
        .and_then(|t| c.scene.world.object(t));
    let (tool_name, blade) = match tool {
        Some(t) => {
            let s = layout.shape(t.class);
            (onto.name(t.class).to_string(), BLADE_SHARE * s.size[0])
        }
        None => ("knife".to_string(), 0.18),
    };
    let pattern = c
        .ctx
        .signature
        .index_of("cut-pattern")
        .and_then(|i| c.ctx.args.get(i)?.as_ref())
        .map(|e| e.class_name().to_string());
    let cut = pattern.as_ref().and_then(|p| dynamics.cuts.get(p));
    // The pieces: solid bodies of the subject's contents (or of the
    // subject itself when it is an ingredient).
    let portions: Vec<usize> = c
        .scene
        .world
        .portions
        .iter()
        .enumerate()
        .filter(|(_, p)| (p.holder == subject || p.pid == subject) && !coating(c, p.pid, p.holder))
        .map(|(i, _)| i)
        .collect();
    let mut pieces = 0;
    let mut parts_made = 0;
    let mut strokes = 0;
    let mut grams = 0.0;
    let mut part_size = cut.map_or(0.0, |k| k.size as f64);
    for i in portions {
        let (class, bodies) = {
            let p = &c.scene.world.portions[i];
            grams += p.grams.to_f64();
            match &p.matter {
                Matter::Solids { bodies } => (p.class, bodies.clone()),
                Matter::Particles {
                    count,
                    radius,
                    local,
                } => {
                    let heap = cut_heap(*count, *radius, local, cut, c.scene.layout);
                    pieces += heap.pieces;
                    parts_made += heap.parts;
                    strokes += heap.strokes;
                    if let Some(matter) = heap.matter {
                        c.scene.world.portions[i].matter = matter;
                    }
                    continue;
                }
            }
        };
        let mut new_bodies: Vec<BodyId> = Vec::new();
        for id in bodies {
            let Some(body) = c.scene.world.bodies.get(&id).cloned() else {
                continue;
            };
            let BodyKind::Solid { half } = body.kind else {
                new_bodies.push(id);
                continue;
            };
            pieces += 1;
            let across = 2.0 * half[0].min(half[2]);
            if blade < across {
                return Err(BackendError::Failed(format!(
                    "the {tool_name}'s blade ({:.0} cm) is shorter than the {} is wide ({:.0} cm): it cannot pass through",
                    100.0 * blade,
                    onto.name(class),
                    100.0 * across
                )));
            }
            let Some(cut) = cut else {
                // Peeling and seeding: the blade goes round the piece once.
                strokes += 1;
                new_bodies.push(id);
                continue;
            };
            let counts = part_counts(half, cut, dynamics.blade.max_parts);
            part_size = part_size.max(counts.1 as f64);
            let [nx, ny, nz] = counts.0;
            strokes += (nx - 1) + (ny - 1) + (nz - 1);
            if nx * ny * nz == 1 {
                new_bodies.push(id);
                continue;
            }
            c.scene.world.bodies.remove(&id);
            let size = [
                2.0 * half[0] / nx as f32,
                2.0 * half[1] / ny as f32,
                2.0 * half[2] / nz as f32,
            ];
            let centre = body.pose.position;
            for (ix, iy, iz) in
                (0..nx).flat_map(|x| (0..ny).flat_map(move |y| (0..nz).map(move |z| (x, y, z))))
            {
                let offset =
                    |n: usize, k: usize, s: f32| (k as f32 - (n as f32 - 1.0) / 2.0) * (s + GAP);
                // A solid's origin is the middle of its base: layers stack up.
                let at = [
                    centre[0] + offset(nx, ix, size[0]),
                    centre[1] + iy as f32 * (size[1] + GAP),
                    centre[2] + offset(nz, iz, size[2]),
                ];
                let part = c.scene.world.new_body(Body {
                    class: body.class,
                    kind: BodyKind::Solid {
                        half: [size[0] / 2.0, size[1] / 2.0, size[2] / 2.0],
                    },
                    pose: Pose::at(at),
                    holder: body.holder,
                });
                new_bodies.push(part);
                parts_made += 1;
            }
        }
        c.scene.world.portions[i].matter = Matter::Solids { bodies: new_bodies };
    }
    if pieces == 0 {
        return Ok(Err(format!(
            "the {} holds no piece to cut",
            c.name_of(subject)
        )));
    }
    if cut.is_none() {
        // Peeling and seeding leave each piece whole.
        parts_made = pieces;
    }
    Ok(Ok((
        BladeEvidence {
            tool: tool_name,
            blade_m: (blade as f64 * 1000.0).round() / 1000.0,
            pattern,
            pieces,
            parts: parts_made,
            strokes,
            part_size_m: (part_size * 10000.0).round() / 10000.0,
            grams: (grams * 100.0).round() / 100.0,
        },
        Some(c.scene.frames),
    )))
}

/// A heap of grains cut through: what the blade did, and the finer
/// grains it left where the particle budget allows.
struct HeapCut {
    pieces: usize,
    parts: usize,
    strokes: usize,
    matter: Option<Matter>,
}

/// Cuts a heap of particles (chopped herbs, nuts, diced bacon). Each
/// particle stands for a lump of the ingredient as wide as the particle;
/// the blade crosses the heap once per part-width along each horizontal
/// cut axis (a heap wider than the blade is cut in passes, as a cook
/// does), and each lump falls into parts of the pattern's size. Where the
/// portion's particle budget (`max-particles-per-portion`, and no particle
/// under `min-particle-volume-cm3`) allows, each particle is replaced by
/// two or four smaller ones of the same total volume, side by side on the
/// same footing, so the heap is finer in the simulation too.
fn cut_heap(
    count: u32,
    radius: f32,
    local: &[crate::world::Vec3],
    cut: Option<&super::rules::Cut>,
    layout: &crate::layout::Layout,
) -> HeapCut {
    let pieces = count as usize;
    let Some(cut) = cut else {
        return HeapCut {
            pieces,
            parts: pieces,
            strokes: pieces,
            matter: None,
        };
    };
    let across = |axis: usize| {
        let (lo, hi) = local.iter().fold((f32::MAX, f32::MIN), |(lo, hi), p| {
            (lo.min(p[axis]), hi.max(p[axis]))
        });
        if local.is_empty() {
            0.0
        } else {
            hi - lo + 2.0 * radius
        }
    };
    let per_axis = |extent: f32| {
        if cut.halves {
            2
        } else {
            ((extent / cut.size.max(1e-4)).round() as usize).max(1)
        }
    };
    let mut parts_each = 1;
    let mut strokes = 0;
    for (axis, i) in [('x', 0), ('y', 1), ('z', 2)] {
        if !cut.axes.contains(axis) {
            continue;
        }
        let n = per_axis(2.0 * radius);
        parts_each *= n;
        // Vertical cuts go down through the heap; a horizontal pattern
        // axis is crossed pass by pass.
        if i != 1 {
            strokes += per_axis(across(i)).max(n) - 1;
        }
    }
    if parts_each == 1 {
        return HeapCut {
            pieces,
            parts: pieces,
            strokes: 0,
            matter: None,
        };
    }
    let sim = &layout.simulation;
    let volume_cm3 = 4.0 / 3.0 * std::f32::consts::PI * (100.0 * radius).powi(3);
    let split = [4u32, 2].into_iter().find(|&k| {
        k as usize <= parts_each
            && count * k <= sim.max_particles_per_portion
            && volume_cm3 / k as f32 >= sim.min_particle_volume_cm3
    });
    let matter = split.map(|k| {
        let r = radius / (k as f32).cbrt();
        let offsets: &[[f32; 2]] = if k == 4 {
            &[[-0.5, -0.5], [-0.5, 0.5], [0.5, -0.5], [0.5, 0.5]]
        } else {
            &[[-0.5, 0.0], [0.5, 0.0]]
        };
        let finer = local
            .iter()
            .flat_map(|p| {
                offsets.iter().map(move |o| {
                    [
                        p[0] + o[0] * radius,
                        // The same footing: the bottom stays where it was.
                        p[1] - radius + r,
                        p[2] + o[1] * radius,
                    ]
                })
            })
            .collect();
        Matter::Particles {
            count: count * k,
            radius: r,
            local: std::sync::Arc::new(finer),
        }
    });
    HeapCut {
        pieces,
        parts: pieces * parts_each,
        strokes: strokes.max(1),
        matter,
    }
}

/// Whether the portion lies on its holder as a coating (not cut with it).
fn coating(c: &Check<'_, '_, '_>, pid: sous_kitchen::Pid, holder: sous_kitchen::Pid) -> bool {
    c.inv
        .portions
        .iter()
        .any(|e| e.pid == pid && e.holder == holder && e.coating)
}

/// Parts along x, y and z for a piece of half extents `half`, and the
/// parts' size: the pattern's, coarsened evenly until there are at most
/// `max` parts.
fn part_counts(half: [f32; 3], cut: &super::rules::Cut, max: usize) -> ([usize; 3], f32) {
    if cut.halves {
        return ([2, 1, 1], half[0]);
    }
    let mut size = cut.size.max(1e-4);
    loop {
        let along = |axis: char, extent: f32| {
            if cut.axes.contains(axis) {
                ((2.0 * extent / size).round() as usize).max(1)
            } else {
                1
            }
        };
        let n = [
            along('x', half[0]),
            along('y', half[1]),
            along('z', half[2]),
        ];
        if n[0] * n[1] * n[2] <= max.max(1) {
            return (n, size);
        }
        size *= 1.15;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dynamics::rules::Cut;

    #[test]
    fn patterns_make_their_shapes_and_stay_under_the_cap() {
        let half = [0.1, 0.03, 0.03];
        let slices = Cut {
            axes: "x".into(),
            size: 0.008,
            halves: false,
        };
        let (n, s) = part_counts(half, &slices, 64);
        assert_eq!(n, [25, 1, 1]);
        assert!((s - 0.008).abs() < 1e-6);
        let minced = Cut {
            axes: "xyz".into(),
            size: 0.003,
            halves: false,
        };
        let (n, s) = part_counts(half, &minced, 64);
        assert!(
            n[0] * n[1] * n[2] <= 64 && n.iter().all(|&k| k > 1),
            "{n:?}"
        );
        assert!(s > 0.003);
        let halves = Cut {
            axes: "x".into(),
            size: 0.0,
            halves: true,
        };
        assert_eq!(part_counts(half, &halves, 64).0, [2, 1, 1]);
    }

    #[test]
    fn a_chopped_heap_gets_finer_grains_of_the_same_volume_on_the_same_footing() {
        let layout = crate::layout::Layout::get();
        let r = 0.01;
        // Ten lumps 2 cm wide in a row on a board, resting on it.
        let heap: Vec<crate::world::Vec3> = (0..10).map(|i| [0.02 * i as f32, r, 0.0]).collect();
        let chopped = Cut {
            axes: "xyz".into(),
            size: 0.012,
            halves: false,
        };
        let cut = cut_heap(10, r, &heap, Some(&chopped), layout);
        // Each 2 cm lump falls into 2 × 2 × 2 parts; the blade crosses the
        // 20 cm heap in 1.2 cm steps along x (17 parts, 16 passes) and
        // once along z.
        assert_eq!((cut.pieces, cut.parts), (10, 80));
        assert_eq!(cut.strokes, 16 + 1);
        let Some(Matter::Particles {
            count,
            radius,
            local,
        }) = cut.matter
        else {
            panic!("a heap under its particle budget gets finer particles");
        };
        assert_eq!(count, 40);
        let volume = |n: u32, r: f32| n as f32 * r.powi(3);
        assert!((volume(count, radius) - volume(10, r)).abs() < 1e-9);
        assert!(local.iter().all(|p| (p[1] - radius).abs() < 1e-6));
        // A heap at its budget keeps its particles; peeling leaves lumps whole.
        assert!(cut_heap(96, r, &heap, Some(&chopped), layout)
            .matter
            .is_none());
        let peeled = cut_heap(10, r, &heap, None, layout);
        assert_eq!((peeled.parts, peeled.matter.is_none()), (10, true));
    }
}
