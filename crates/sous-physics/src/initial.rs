//! The physics kitchen at the start: every object of the full kitchen on
//! the shelves of its place (identical empty objects stacked, as bowls nest
//! and plates pile up), every stock ingredient in its container.

use std::collections::BTreeMap;
use std::sync::Arc;

use sous_kitchen::{ClassId, KitchenState, Ontology, Pid};

use crate::inventory::Inventory;
use crate::layout::{Form, Layout};
use crate::placement::spot_in_place;
use crate::pour::{lattice, particles_for};
use crate::world::{ActionPhysics, Body, BodyId, BodyKind, Matter, Portion, Pose, Vec3, World};
use crate::BackendError;

/// The physical world of the full kitchen, made once (`None` if the
/// layout cannot place it, which the layout's tests rule out).
pub fn full_kitchen_world() -> Option<&'static World> {
    static WORLD: std::sync::OnceLock<Option<World>> = std::sync::OnceLock::new();
    WORLD
        .get_or_init(|| {
            let root = sous_kitchen::full_kitchen().0.root().clone();
            initial_world(&KitchenState::from_entity(root)).ok()
        })
        .as_ref()
}

pub fn initial_world(ks: &KitchenState) -> Result<World, BackendError> {
    let layout = Layout::get();
    let onto = Ontology::get();
    let inv = Inventory::of(ks);
    let mut world = World {
        bodies: BTreeMap::new(),
        objects: BTreeMap::new(),
        portions: Vec::new(),
        spills: Vec::new(),
        next_body: 0,
        last: ActionPhysics::default(),
        temperatures: BTreeMap::new(),
    };
    // Objects standing directly in places, in kitchen order; a run of
    // identical empty ones forms a stack.
    for (place_pid, place_class) in &inv.places {
        let Some(place) = layout.place(*place_class) else {
            continue;
        };
        let mut here: Vec<(&Pid, &crate::inventory::ObjectEntry)> = inv
            .objects
            .iter()
            .filter(|(_, o)| o.holder == *place_pid)
            .collect();
        here.sort_by_key(|(_, o)| o.index);
        let mut stack: Option<(ClassId, Vec3, u32)> = None;
        for (pid, o) in here {
            let empty = inv.held_by(*pid).next().is_none()
                && !inv.objects.values().any(|c| c.holder == *pid);
            let spec = layout.shape(o.class);
            let (half, height) = spec.extent();
            let position = match stack {
                Some((c, base, n)) if empty && c == o.class && spec.nest > 0.0 => {
                    stack = Some((c, base, n + 1));
                    [base[0], base[1] + spec.nest * n as f32, base[2]]
                }
                _ => {
                    let id = BodyId(u32::MAX);
                    let spot =
                        spot_in_place(layout, &world, *place_pid, place, half, height, &[id])
                            .ok_or_else(|| {
                                BackendError::Failed(format!(
                                    "the layout has no room for the {} in the {}",
                                    onto.name(o.class),
                                    onto.name(*place_class)
                                ))
                            })?;
                    stack = empty.then_some((o.class, spot, 1));
                    spot
                }
            };
            let id = world.new_body(Body {
                class: o.class,
                kind: BodyKind::Object { pid: *pid },
                pose: Pose::at(position),
                holder: *place_pid,
            });
            world.objects.insert(*pid, id);
        }
    }
    // Objects inside objects (none in the full kitchen, but a kitchen file may have them).
    for (pid, o) in &inv.objects {
        if world.objects.contains_key(pid) {
            continue;
        }
        let at = world
            .object(o.holder)
            .map(|b| b.pose.position)
            .unwrap_or([0.0, 1.0, 0.5]);
        let id = world.new_body(Body {
            class: o.class,
            kind: BodyKind::Object { pid: *pid },
            pose: Pose::at([at[0], at[1] + 0.01, at[2]]),
            holder: o.holder,
        });
        world.objects.insert(*pid, id);
    }
    // Stock ingredients.
    for e in &inv.portions {
        let spec = layout.ingredient(e.class);
        let (inner, floor, base, top) = match world.object(e.holder) {
            Some(b) => {
                let s = layout.shape(b.class);
                (
                    s.inner()[0].min(s.inner()[1]),
                    s.wall.max(0.002),
                    b.pose.position,
                    0.7 * s.rim(),
                )
            }
            None => (0.1, 0.0, [0.0, 1.0, 0.5], 0.1),
        };
        let matter = match (e.pieces, spec.form) {
            (Some(n), _) if n > 0 => {
                let each = e.grams.to_f64() / n as f64;
                let r = ((3.0 * each / spec.density as f64 * 1e-3 / (4.0 * std::f64::consts::PI))
                    .cbrt()) as f32;
                // A squat, rounded-off box of the piece's volume: pieces do not roll.
                let a = r * 0.887;
                let spots = lattice(n, r, inner, floor, f32::MAX);
                let bodies = spots
                    .iter()
                    .map(|p| {
                        world.new_body(Body {
                            class: e.class,
                            kind: BodyKind::Solid {
                                half: [a, 0.75 * a, a],
                            },
                            pose: Pose::at([base[0] + p[0], base[1] + p[1] - r, base[2] + p[2]]),
                            holder: e.holder,
                        })
                    })
                    .collect();
                Matter::Solids { bodies }
            }
            (_, Form::Block) => {
                let volume = e.grams.to_f64() / spec.density as f64 * 1e-3;
                // A block twice as long as it is wide and high.
                let a = ((volume / 2.0).cbrt() / 2.0) as f32;
                let id = world.new_body(Body {
                    class: e.class,
                    kind: BodyKind::Solid {
                        half: [2.0 * a, a, a],
                    },
                    pose: Pose::at([base[0], base[1] + floor, base[2]]),
                    holder: e.holder,
                });
                Matter::Solids { bodies: vec![id] }
            }
            _ => {
                let (n, r) = particles_for(layout, e.grams.to_f64(), spec.density);
                Matter::Particles {
                    count: n,
                    radius: r,
                    local: Arc::new(lattice(n, r, inner, floor, top)),
                }
            }
        };
        world.portions.push(Portion {
            pid: e.pid,
            class: e.class,
            holder: e.holder,
            grams: e.grams,
            composition: e.composition.clone(),
            matter,
        });
    }
    Ok(world)
}
