//! A rapier scene for one operation, built from a [`World`] and written
//! back into it.
//!
//! The places are fixed slabs (shelves, the counter, the floor). Bodies that
//! stand directly on an open place (the counter-top, the stove, the sink) are
//! dynamic; what stands inside a container moves with it and is not
//! simulated on its own; what is stored in a closed place stays where it is
//! until the hand takes it out. That keeps each scene small, so a recipe runs
//! in well under a second.

use std::collections::BTreeMap;

use rapier3d::prelude::*;
use sous_kitchen::{Ontology, Pid};

use crate::layout::Layout;
use crate::shapes;
use crate::world::{BodyId, BodyKind, Pose as WPose, Vec3, World};
use crate::BackendError;

const SHELF_HALF_THICKNESS: f32 = 0.03;

pub struct Scene<'w> {
    pub world: &'w mut World,
    pub layout: &'static Layout,
    pub physics: PhysicsWorld,
    pub handles: BTreeMap<BodyId, RigidBodyHandle>,
    /// Frames stepped so far.
    pub frames: u64,
    /// Places by pid (open ones are where dynamic bodies stand).
    pub places: BTreeMap<Pid, &'static str>,
    /// The deepest contact a carried body made on its way (m).
    pub max_carry_contact: f64,
}

pub fn to_pose(p: &WPose) -> Pose {
    let [x, y, z, w] = p.orientation;
    Pose::from_parts(
        Vector::new(p.position[0], p.position[1], p.position[2]),
        Rot3::from_xyzw(x, y, z, w).normalize(),
    )
}

pub fn v3(v: Vector) -> Vec3 {
    [v.x, v.y, v.z]
}

impl<'w> Scene<'w> {
    /// The scene around the open places, with `extra` bodies included too
    /// (dynamic unless the caller makes them kinematic).
    pub fn build(
        world: &'w mut World,
        places: &BTreeMap<Pid, &'static str>,
        extra: &[BodyId],
    ) -> Scene<'w> {
        let layout = Layout::get();
        let mut physics = PhysicsWorld::new();
        physics.integration_parameters.dt = layout.simulation.dt;
        physics.integration_parameters.length_unit = layout.simulation.length_unit;
        physics.integration_parameters.num_solver_iterations = layout.simulation.solver_iterations;
        physics
            .integration_parameters
            .contact_softness
            .natural_frequency = layout.simulation.contact_frequency;
        physics.gravity = Vector::new(0.0, -9.81, 0.0);
        let ground = physics.insert_body(RigidBodyBuilder::fixed());
        // The floor and every shelf of every place.
        physics.insert_collider(
            ColliderBuilder::cuboid(20.0, 0.05, 20.0).translation(Vector::new(
                0.0,
                layout.room.floor - 0.05,
                0.0,
            )),
            Some(ground),
        );
        for place in layout.places.values() {
            let hx = (place.max[0] - place.min[0]) / 2.0;
            let hz = (place.max[2] - place.min[2]) / 2.0;
            let cx = (place.max[0] + place.min[0]) / 2.0;
            let cz = (place.max[2] + place.min[2]) / 2.0;
            // Slabs 6 cm thick: a thin thing knocked into a thin slab
            // could end up in its middle, with no side to be pushed out of.
            for &y in &place.shelves {
                physics.insert_collider(
                    ColliderBuilder::cuboid(hx, SHELF_HALF_THICKNESS, hz)
                        .translation(Vector::new(cx, y - SHELF_HALF_THICKNESS, cz))
                        .friction(layout.simulation.body_friction),
                    Some(ground),
                );
            }
        }
        let mut scene = Scene {
            world,
            layout,
            physics,
            handles: BTreeMap::new(),
            frames: 0,
            places: places.clone(),
            max_carry_contact: 0.0,
        };
        let open: Vec<BodyId> = scene
            .world
            .bodies
            .iter()
            .filter(|(_, b)| {
                scene
                    .places
                    .get(&b.holder)
                    .and_then(|n| layout.places.get(*n))
                    .is_some_and(|p| !p.closed)
            })
            .map(|(id, _)| *id)
            .collect();
        for id in open.into_iter().chain(extra.iter().copied()) {
            scene.add(id);
        }
        scene
    }

    /// The collider of a world body: an object's shape, or a solid piece's box.
    fn collider(&self, body: &crate::world::Body) -> ColliderBuilder {
        let friction = self.layout.simulation.body_friction;
        match &body.kind {
            BodyKind::Object { .. } => shapes::collider(self.layout.shape(body.class), friction),
            BodyKind::Solid { half } => {
                shapes::solid_collider(*half, self.layout.ingredient(body.class).density, friction)
            }
        }
    }

    /// Puts a body of the world into the scene (dynamic; it falls asleep
    /// after a few frames at rest).
    pub fn add(&mut self, id: BodyId) {
        if self.handles.contains_key(&id) {
            return;
        }
        let Some(body) = self.world.bodies.get(&id) else {
            return;
        };
        let collider = self.collider(body);
        let damping = match &body.kind {
            BodyKind::Solid { .. } => self.layout.simulation.rolling_damping,
            BodyKind::Object { .. } => 0.5,
        };
        let rb = RigidBodyBuilder::dynamic()
            .pose(to_pose(&body.pose))
            .ccd_enabled(false)
            .angular_damping(damping);
        // Not inserted asleep: rapier 0.36 then misses its first contacts
        // (a bowl sank 1.3 cm into the counter, a disc fell through it).
        let (h, _) = self.physics.insert(rb, collider);
        self.handles.insert(id, h);
    }

    /// Puts a body of the world into the scene as a fixed obstacle (what
    /// stands in a closed place the hand reaches into).
    pub fn add_fixed(&mut self, id: BodyId) {
        if self.handles.contains_key(&id) {
            return;
        }
        let Some(body) = self.world.bodies.get(&id) else {
            return;
        };
        let collider = self.collider(body);
        let (h, _) = self.physics.insert(
            RigidBodyBuilder::fixed().pose(to_pose(&body.pose)),
            collider,
        );
        self.handles.insert(id, h);
    }

    /// One frame.
    pub fn step(&mut self) {
        self.physics.step();
        self.frames += 1;
        if let Some(t) = std::env::var("SOUS_PHYSICS_TRACE")
            .ok()
            .and_then(|v| v.parse::<u32>().ok())
        {
            if let Some(b) = self.body(BodyId(t)) {
                eprintln!(
                    "    frame {} body {t}: {:?} v {:?} {:?}",
                    self.frames,
                    b.translation(),
                    b.linvel(),
                    b.body_type()
                );
            }
        }
    }

    /// Steps until every dynamic body is asleep (or `max` frames).
    pub fn settle(&mut self, max: u32) {
        for _ in 0..max {
            self.step();
            if self
                .physics
                .bodies
                .iter()
                .all(|(_, b)| !b.is_dynamic() || b.is_sleeping())
            {
                break;
            }
        }
    }

    pub fn body(&self, id: BodyId) -> Option<&RigidBody> {
        self.physics.bodies.get(*self.handles.get(&id)?)
    }

    pub fn body_mut(&mut self, id: BodyId) -> Option<&mut RigidBody> {
        self.physics.bodies.get_mut(*self.handles.get(&id)?)
    }

    /// Writes every scene body's pose and velocities back into the world
    /// (after each operation, so the next one plans from where things are)
    /// (contents of a moved container move with it), and checks the scene
    /// did not blow up.
    pub fn write_back(&mut self) -> Result<(), BackendError> {
        let room = &self.layout.room;
        let mut moved: Vec<(Pid, Pose, Pose)> = Vec::new();
        for (id, h) in &self.handles {
            let rb = &self.physics.bodies[*h];
            let t = rb.translation();
            let p = [t.x, t.y, t.z];
            if !p.iter().all(|c| c.is_finite()) {
                return Err(BackendError::Diverged(format!(
                    "body {} has a position that is not a number",
                    id.0
                )));
            }
            if (0..3).any(|i| p[i] < room.min[i] || p[i] > room.max[i]) {
                return Err(BackendError::Diverged(format!(
                    "a {} left the room (at {:.2}, {:.2}, {:.2})",
                    Ontology::get().name(self.world.bodies[id].class),
                    p[0],
                    p[1],
                    p[2]
                )));
            }
            let r = rb.rotation();
            let body = self
                .world
                .bodies
                .get_mut(id)
                .expect("scene bodies come from the world");
            let old = to_pose(&body.pose);
            body.pose = WPose {
                position: p,
                orientation: [r.x, r.y, r.z, r.w],
                linear_velocity: v3(rb.linvel()),
                angular_velocity: v3(rb.angvel()),
            };
            if let BodyKind::Object { pid } = body.kind {
                moved.push((pid, old, to_pose(&body.pose)));
            }
        }
        // Things inside a container that moved ride along with it.
        for (pid, old, new) in moved {
            self.carry_contents(pid, &old, &new);
        }
        Ok(())
    }

    /// Moves every body held (directly or not) by `holder` rigidly from
    /// `old` to `new` (the holder's poses), unless the scene simulates it.
    pub fn carry_contents(&mut self, holder: Pid, old: &Pose, new: &Pose) {
        if old == new {
            return;
        }
        let rel = *new * old.inverse();
        let held: Vec<BodyId> = self
            .world
            .bodies
            .iter()
            .filter(|(id, b)| b.holder == holder && !self.handles.contains_key(id))
            .map(|(id, _)| *id)
            .collect();
        for id in held {
            let body = self.world.bodies.get_mut(&id).expect("listed above");
            let before = to_pose(&body.pose);
            let after = rel * before;
            body.pose.position = v3(after.translation);
            let r = after.rotation;
            body.pose.orientation = [r.x, r.y, r.z, r.w];
            if let BodyKind::Object { pid } = body.kind {
                self.carry_contents(pid, &before, &after);
            }
        }
    }

    /// The deepest overlap between any two colliders, and the fastest
    /// dynamic body: the sanity figures of the end of an action.
    pub fn rest_figures(&self) -> (f64, f64) {
        let mut pen = 0.0f64;
        for pair in self.physics.narrow_phase.contact_pairs() {
            for m in pair.manifolds() {
                for p in &m.points {
                    if (-p.dist) as f64 > pen {
                        pen = (-p.dist) as f64;
                    }
                }
            }
        }
        let speed = self
            .physics
            .bodies
            .iter()
            .filter(|(_, b)| b.is_dynamic())
            .map(|(_, b)| b.linvel().length() as f64)
            .fold(0.0, f64::max);
        (pen, speed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_body_that_leaves_the_room_is_a_divergence() {
        let mut world = crate::initial::full_kitchen_world()
            .expect("the initial world")
            .clone();
        let id = *world.objects.values().next().expect("an object");
        world.bodies.get_mut(&id).expect("its body").pose.position = [50.0, 1.0, 1.0];
        let mut scene = Scene::build(&mut world, &BTreeMap::new(), &[id]);
        scene.step();
        let e = scene.write_back().expect_err("out of the room");
        assert!(matches!(e, BackendError::Diverged(_)), "{e:?}");
    }
}
