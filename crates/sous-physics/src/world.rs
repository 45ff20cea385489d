//! The physical kitchen between actions: every object's pose and
//! velocities, and every ingredient portion as particles or rigid bodies.
//!
//! A `World` is plain data (no rapier state): each action builds the rapier
//! scene it needs from it and writes the outcome back (`scene.rs`). It is
//! immutable once made and shared through `Arc` by the engine, so branches of
//! the search never see each other's changes.

use std::collections::BTreeMap;
use std::sync::Arc;

use serde::Serialize;
use sous_kitchen::{ClassId, Num, Pid};

/// A point or a vector in the kitchen's frame (m): x along the back wall,
/// y up, z into the room.
pub type Vec3 = [f32; 3];

/// Where a body is and how it moves (position in metres, orientation as a
/// unit quaternion x, y, z, w; velocities in m/s and rad/s).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Pose {
    /// Where the body's centre is (m).
    pub position: Vec3,
    /// Its rotation, a unit quaternion (x, y, z, w).
    pub orientation: [f32; 4],
    /// Its velocity (m/s).
    pub linear_velocity: Vec3,
    /// Its spin (rad/s).
    pub angular_velocity: Vec3,
}

impl Pose {
    /// At rest at `position`, upright.
    pub fn at(position: Vec3) -> Pose {
        Pose {
            position,
            orientation: [0.0, 0.0, 0.0, 1.0],
            linear_velocity: [0.0; 3],
            angular_velocity: [0.0; 3],
        }
    }
}

/// A world-unique body number (objects keep theirs for the whole run).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct BodyId(pub u32);

/// What a rigid body is.
#[derive(Debug, Clone, PartialEq)]
pub enum BodyKind {
    /// A kitchen object (container, tool, sheet) of the qualitative kitchen.
    Object {
        /// The object's persistent id.
        pid: Pid,
    },
    /// A solid piece of an ingredient portion: a box of butter, an egg, a
    /// shaped portion of dough.
    Solid {
        /// Its half extents (m).
        half: Vec3,
    },
}

/// A rigid body of the world.
#[derive(Debug, Clone, PartialEq)]
pub struct Body {
    /// The class of what it is (`medium-bowl`, `butter`).
    pub class: ClassId,
    /// A kitchen object or a piece of an ingredient.
    pub kind: BodyKind,
    /// Where it is and how it moves.
    pub pose: Pose,
    /// The object (or place) it stands in or on.
    pub holder: Pid,
}

/// An ingredient portion's matter.
#[derive(Debug, Clone, PartialEq)]
pub enum Matter {
    /// Particles at rest, positions in the holder's frame. Each has mass
    /// `grams / count`, so the masses add up exactly to the portion's.
    Particles {
        /// How many particles.
        count: u32,
        /// Their radius (m).
        radius: f32,
        /// Their positions in the holder's frame (m), shared between worlds
        /// while they do not move.
        local: Arc<Vec<Vec3>>,
    },
    /// Rigid bodies of equal mass (see `BodyKind::Solid`).
    Solids {
        /// The bodies, by number.
        bodies: Vec<BodyId>,
    },
}

/// One ingredient entity's physical presence in one holder.
#[derive(Debug, Clone, PartialEq)]
pub struct Portion {
    /// The ingredient entity's persistent id.
    pub pid: Pid,
    /// Its class.
    pub class: ClassId,
    /// The object or place it is in or on.
    pub holder: Pid,
    /// Exact mass in grams.
    pub grams: Num,
    /// Mass per ingredient the matter was at the start (mixtures unfolded,
    /// a cracked egg still counts as egg), exact; sums to `grams`.
    pub composition: Vec<(ClassId, Num)>,
    /// Its particles or rigid bodies.
    pub matter: Matter,
}

impl Portion {
    /// How many particles or solid pieces the portion is.
    pub fn particle_count(&self) -> u32 {
        match &self.matter {
            Matter::Particles { count, .. } => *count,
            Matter::Solids { bodies } => bodies.len() as u32,
        }
    }
}

/// Mass that left every container (landed on a surface or the floor).
#[derive(Debug, Clone, PartialEq)]
pub struct Spill {
    /// Mass per starting ingredient, exact; sums to `grams`.
    pub composition: Vec<(ClassId, Num)>,
    /// Exact mass in grams.
    pub grams: Num,
    /// Where it lies (m).
    pub positions: Vec<Vec3>,
}

/// One pour: where the matter went.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct PourRecord {
    /// The ingredient poured.
    pub ingredient: String,
    /// The container it was poured from.
    pub from: String,
    /// The object it was poured into.
    pub to: String,
    /// How much was poured (g).
    pub grams: f64,
    /// How much landed in the target (g).
    pub landed_g: f64,
    /// How much ended outside every container (g).
    pub spilled_g: f64,
    /// Of what spilled, what landed in the target and did not fit.
    pub overflowed_g: f64,
    /// Still in the source when it was righted.
    pub stayed_g: f64,
}

/// What carrying out one action took.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct ActionPhysics {
    /// Frames simulated (each `dt` long).
    pub frames: u64,
    /// Simulated seconds of motion (frames × dt).
    pub simulated_seconds: f64,
    /// Seconds of passive phases advanced analytically (baking, chilling).
    pub passive_seconds: f64,
    /// The quantitative time cost: motion plus passive phases.
    pub time_cost_seconds: f64,
    /// How far the hand travelled.
    pub hand_path_m: f64,
    /// Particles and solid pieces moved.
    pub particles_moved: u64,
    /// Their mass (g).
    pub moved_g: f64,
    /// Mass that left every container in the action (g).
    pub spilled_g: f64,
    /// The deepest overlap between bodies when the action ended.
    pub max_penetration_m: f64,
    /// The fastest body when the action ended.
    pub max_speed_at_rest: f64,
    /// The deepest contact a carried body made between lifting off and
    /// setting down (m): carried things touch nothing on their way.
    pub max_carry_contact_m: f64,
    /// Every pour of the action.
    pub pours: Vec<PourRecord>,
    /// Whether the action's custom dynamics fired, and why.
    pub trigger: Option<crate::dynamics::TriggerReport>,
    /// What was done, in words, in order.
    pub operations: Vec<String>,
    /// Bodies the hand carried (for the custom dynamics' checks).
    #[serde(skip)]
    pub carried: Vec<BodyId>,
    /// A container that stood in an appliance during the action (the tray
    /// in the oven), the place and where it stood there: the hand takes it
    /// back, as the reference keeps it, so only a picture of the action's
    /// middle ([`crate::step_glb`]) shows it there.
    #[serde(skip)]
    pub held_in: Option<(BodyId, String, [f32; 3])>,
}

/// The physical kitchen after some action.
#[derive(Debug, Clone)]
pub struct World {
    /// Every rigid body, by number.
    pub bodies: BTreeMap<BodyId, Body>,
    /// The body of each kitchen object.
    pub objects: BTreeMap<Pid, BodyId>,
    /// Ingredient portions, in a stable order.
    pub portions: Vec<Portion>,
    /// Matter that left every container, for the mass balance.
    pub spills: Vec<Spill>,
    /// The number the next body gets.
    pub next_body: u32,
    /// What the action that made this world took (zero for the initial one).
    pub last: ActionPhysics,
    /// Temperatures the heat law gave portions, by the portion's identity:
    /// the next heating or cooling starts from these, not from the
    /// symbolic kitchen's.
    pub temperatures: BTreeMap<Pid, Thermal>,
}

/// A temperature the heat law reached, and when.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Thermal {
    /// The temperature (°C).
    pub celsius: f64,
    /// The kitchen time (s) at which it was reached.
    pub at_s: f64,
}

impl World {
    /// Adds `body` under a fresh number.
    pub fn new_body(&mut self, body: Body) -> BodyId {
        let id = BodyId(self.next_body);
        self.next_body += 1;
        self.bodies.insert(id, body);
        id
    }

    /// The body of kitchen object `pid`, if it has one.
    pub fn object(&self, pid: Pid) -> Option<&Body> {
        self.bodies.get(self.objects.get(&pid)?)
    }

    /// Where a body is, from geometry alone: the place whose box holds its
    /// position and whose highest shelf under it is nearest (a bowl on the
    /// worktop is on the counter top, not in the cupboard below it). An
    /// open place also holds what stands above it, however high.
    pub fn place_at<'l>(&self, layout: &'l crate::layout::Layout, p: Vec3) -> Option<&'l str> {
        let ceiling = layout.room.max[1];
        layout
            .places
            .iter()
            .filter(|(_, pl)| {
                let mut reach = (*pl).clone();
                if !pl.closed {
                    reach.max[1] = ceiling;
                }
                reach.contains(p, 0.02)
            })
            .filter_map(|(name, pl)| {
                let shelf = pl
                    .shelves
                    .iter()
                    .copied()
                    .filter(|&y| y <= p[1] + 0.02)
                    .fold(f32::NEG_INFINITY, f32::max);
                shelf.is_finite().then_some((name.as_str(), shelf))
            })
            .max_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(name, _)| name)
    }

    /// Total mass per ingredient class: portions and spills.
    pub fn mass_by_class(&self) -> BTreeMap<ClassId, Num> {
        let mut out: BTreeMap<ClassId, Num> = BTreeMap::new();
        let all = self
            .portions
            .iter()
            .map(|p| &p.composition)
            .chain(self.spills.iter().map(|s| &s.composition));
        for comp in all {
            for (c, g) in comp {
                *out.entry(*c).or_insert(Num::ZERO) += *g;
            }
        }
        out
    }
}
