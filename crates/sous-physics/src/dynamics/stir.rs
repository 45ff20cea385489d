//! The `stir` trigger: beat, mix, mingle and mash take effect when the tool
//! has moved through the ingredients inside the container until they are
//! mixed, as read from the particles themselves.
//!
//! The tool's head runs an epicyclic path through the bed (round the
//! container and across it) for the action's duration. Particles that the
//! head sweeps through are carried along: they change places with one
//! another, which is how stirring moves matter at this scale. Mixing is
//! measured by the Lacey index of each ingredient's particles over a grid
//! of cells spanning the bed (0: the ingredients lie apart; 1: a random
//! mixture); the action's mixture takes place when the least-mixed
//! ingredient reaches the threshold of `dynamics.toml`.

use serde::Serialize;
use sous_kitchen::{Ontology, Pid};
use sous_sim::BackendError;

use super::{Check, Dynamics};
use crate::world::{BodyKind, Matter, Vec3, World};

/// What the stirring showed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StirEvidence {
    pub tool: String,
    pub container: String,
    /// Ingredients (portions) in the container before it was stirred.
    pub ingredients: Vec<String>,
    pub particles: usize,
    /// The Lacey index of the least-mixed ingredient, before and after.
    pub homogeneity_before: f64,
    pub homogeneity: f64,
    pub threshold: f64,
    pub index: &'static str,
    /// Frames of stirring (60 a second) and the head's path.
    pub frames: u64,
    pub path_m: f64,
    /// How deep the head went below the rim (m).
    pub depth_m: f64,
}

pub(super) type Found = super::Found<StirEvidence>;

pub(super) fn check(c: &mut Check<'_, '_, '_>) -> Result<Found, BackendError> {
    let params = &Dynamics::get().stir;
    let onto = Ontology::get();
    let layout = c.scene.layout;
    let Some(subject) = c.arg_pid(c.rule.subject.as_deref()) else {
        return Ok(Err(super::no_subject(c)));
    };
    // The subject may be the container or an ingredient in it (mash).
    let container = if c.world_in.objects.contains_key(&subject) {
        subject
    } else {
        match c.world_in.portions.iter().find(|p| p.pid == subject) {
            Some(p) => p.holder,
            None => {
                return Ok(Err(format!(
                    "the {} is neither a container nor in one",
                    c.name_of(subject)
                )))
            }
        }
    };
    let Some(cbody) = c.world_in.object(container) else {
        return Ok(Err(format!(
            "the {} has no body in the physics kitchen",
            c.name_of(container)
        )));
    };
    let spec = layout.shape(cbody.class);
    let cname = onto.name(cbody.class).to_string();
    let tool_pid = c.tool_pid(c.rule.tool.as_deref());
    let (tool_name, tool_len) = match tool_pid.and_then(|t| c.world_in.object(t)) {
        Some(t) => {
            let s = layout.shape(t.class);
            (
                onto.name(t.class).to_string(),
                s.size[0].max(s.radius * 2.0),
            )
        }
        None => ("hand".to_string(), 0.18),
    };
    // A cover keeps the tool out.
    if let Some((_, cover)) = c
        .inv
        .objects
        .iter()
        .find(|(_, o)| o.holder == container && o.covers)
    {
        return Err(BackendError::Failed(format!(
            "the {tool_name} cannot reach the contents: the {cname} is covered with the {}",
            onto.name(cover.class)
        )));
    }
    let depth = if spec.is_flat() { 0.0 } else { spec.rim() };
    if tool_len < depth + params.grip {
        return Err(BackendError::Failed(format!(
            "the {tool_name} ({:.0} cm) is too short to stir the {cname} ({:.0} cm deep; a hand needs {:.0} cm to hold it)",
            100.0 * tool_len,
            100.0 * depth,
            100.0 * params.grip
        )));
    }
    let (mut points, labels, names) = bed(c.world_in, container);
    if points.is_empty() {
        return Ok(Err(format!(
            "the {cname} is empty: there is nothing for the {tool_name} to move through"
        )));
    }
    let inner = spec.inner();
    let reach = inner[0].min(inner[1]);
    let top = points.iter().map(|p| p[1]).fold(f32::MIN, f32::max);
    let floor = points.iter().map(|p| p[1]).fold(f32::MAX, f32::min);
    let seconds = (c.ctx.end - c.ctx.start).max(1.0);
    let dt = layout.simulation.dt as f64;
    let frames = (seconds / dt).round() as u64;
    let mut lacey_now = lacey(
        &points,
        &labels,
        names.len(),
        params.cells,
        params.min_particles,
    );
    let before = lacey_now;
    let mut fired_at = (lacey_now >= params.threshold).then_some(0);
    let mut rng = SplitMix(container.0 as u64 ^ 0x5eed);
    let mut path = 0.0f64;
    let mut last: Option<Vec3> = None;
    // The path spans the floor: round containers evenly, trays along their length.
    let (ax, az) = if spec.is_round() {
        (reach, reach)
    } else {
        (inner[0], inner[1])
    };
    // Round the container at the cook's stirring speed.
    let omega = params.head_speed / (0.5 * ax.max(az)).max(0.01);
    let mut order: Vec<usize> = Vec::new();
    for f in 1..=frames {
        let t = f as f32 * dt as f32;
        // Round the container and, 3.3 times slower, across it; up and
        // down through the bed once a second.
        let head = [
            ax * (0.5 * (omega * t).cos() + 0.35 * (omega * 3.3 * t).cos()),
            floor + (top - floor) * 0.5 * (1.0 - (std::f32::consts::TAU * t).cos()),
            az * (0.5 * (omega * t).sin() + 0.35 * (omega * 3.3 * t).sin()),
        ];
        let step = last.map_or([0.0; 3], |l| [head[0] - l[0], 0.0, head[2] - l[2]]);
        if let Some(l) = last {
            path += dist(l, head) as f64;
        }
        last = Some(head);
        order.clear();
        let sweep = params.sweep_radius;
        order.extend((0..points.len()).filter(|&i| {
            let p = points[i];
            let dx = p[0] - head[0];
            let dz = p[2] - head[2];
            dx * dx + dz * dz <= sweep * sweep && (p[1] - head[1]).abs() <= 2.0 * sweep
        }));
        // Swept particles are dragged along by the head (kept within the
        // walls) and change places with one another.
        for &i in &order {
            let p = &mut points[i];
            p[0] += step[0];
            p[2] += step[2];
            keep_within(p, inner, spec.is_round());
        }
        for k in 0..order.len() {
            if rng.unit() < params.exchange {
                let j = order[(rng.next() % order.len() as u64) as usize];
                points.swap(order[k], j);
            }
        }
        if f % 30 == 0 || f == frames {
            lacey_now = lacey(
                &points,
                &labels,
                names.len(),
                params.cells,
                params.min_particles,
            );
            if fired_at.is_none() && lacey_now >= params.threshold {
                fired_at = Some(f);
            }
        }
    }
    c.stats.hand_path_m += path;
    let evidence = StirEvidence {
        tool: tool_name.clone(),
        container: cname.clone(),
        ingredients: names.clone(),
        particles: points.len(),
        homogeneity_before: round3(before),
        homogeneity: round3(lacey_now),
        threshold: params.threshold,
        index: "lacey",
        frames,
        path_m: (path * 1000.0).round() / 1000.0,
        depth_m: ((depth - floor.max(0.0)) * 1000.0).round() as f64 / 1000.0,
    };
    match fired_at {
        Some(f) => Ok(Ok((evidence, Some(f)))),
        None => Err(BackendError::Failed(format!(
            "the {tool_name} stirred the {cname} for {seconds:.0} s but the ingredients did not mix: homogeneity {:.2}, needs {:.2}",
            lacey_now, params.threshold
        ))),
    }
}

/// Pulls a point (container frame) back inside the container's walls.
fn keep_within(p: &mut Vec3, inner: [f32; 2], round: bool) {
    let margin = 0.004;
    if round {
        let r = (p[0] * p[0] + p[2] * p[2]).sqrt();
        let max = (inner[0] - margin).max(0.0);
        if r > max && r > 0.0 {
            p[0] *= max / r;
            p[2] *= max / r;
        }
    } else {
        p[0] = p[0].clamp(-(inner[0] - margin), inner[0] - margin);
        p[2] = p[2].clamp(-(inner[1] - margin), inner[1] - margin);
    }
}

fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

fn dist(a: Vec3, b: Vec3) -> f32 {
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}

/// The particles (and solid pieces, at their centres) in the container, in
/// its frame, with which ingredient each belongs to.
fn bed(world: &World, container: Pid) -> (Vec<Vec3>, Vec<usize>, Vec<String>) {
    let onto = Ontology::get();
    let origin = world
        .object(container)
        .map(|b| b.pose.position)
        .unwrap_or([0.0; 3]);
    let mut points = Vec::new();
    let mut labels = Vec::new();
    let mut names: Vec<String> = Vec::new();
    for p in world.portions.iter().filter(|p| p.holder == container) {
        // Portions of one ingredient (eight potatoes) are one ingredient.
        let name = onto.name(p.class).to_string();
        let label = match names.iter().position(|n| *n == name) {
            Some(l) => l,
            None => {
                names.push(name);
                names.len() - 1
            }
        };
        match &p.matter {
            Matter::Particles { local, .. } => {
                points.extend(local.iter().copied());
                labels.extend(std::iter::repeat_n(label, local.len()));
            }
            // A solid (a block of butter, pieces) is broken up by the tool:
            // it enters the bed as particles filling its own volume.
            Matter::Solids { bodies } => {
                for b in bodies.iter().filter_map(|b| world.bodies.get(b)) {
                    if let BodyKind::Solid { half } = b.kind {
                        let q = b.pose.position;
                        // Its origin is the middle of its base.
                        let centre = [
                            q[0] - origin[0],
                            q[1] - origin[1] + half[1],
                            q[2] - origin[2],
                        ];
                        for p in fill_box(centre, half) {
                            points.push(p);
                            labels.push(label);
                        }
                    }
                }
            }
        }
    }
    (points, labels, names)
}

/// Beds shallower than this (m) are judged across their surface only.
const SHALLOW: f32 = 0.06;

/// Grid points filling a box (at most 4 along each axis).
fn fill_box(centre: Vec3, half: Vec3) -> Vec<Vec3> {
    const SPACING: f32 = 0.012;
    let n: Vec<usize> = half
        .iter()
        .map(|h| ((2.0 * h / SPACING).ceil() as usize).clamp(1, 4))
        .collect();
    let mut out = Vec::with_capacity(n[0] * n[1] * n[2]);
    for i in 0..n[0] {
        for j in 0..n[1] {
            for k in 0..n[2] {
                let at = |c: f32, h: f32, n: usize, i: usize| {
                    c - h + (2.0 * h) * (i as f32 + 0.5) / n as f32
                };
                out.push([
                    at(centre[0], half[0], n[0], i),
                    at(centre[1], half[1], n[1], j),
                    at(centre[2], half[2], n[2], k),
                ]);
            }
        }
    }
    out
}

/// The Lacey mixing index of the least-mixed ingredient: per ingredient,
/// (S0² − S²) / (S0² − Sr²) over the cells of a grid spanning the points,
/// where S² is the variance of its share between cells, S0² = p(1 − p)
/// that of ingredients lying apart and Sr² = p(1 − p)/n that of a random
/// mixture with n particles a cell. One ingredient is mixed by definition;
/// one of fewer than `min_particles` is not judged.
pub fn lacey(
    points: &[Vec3],
    labels: &[usize],
    kinds: usize,
    cells: [usize; 3],
    min_particles: usize,
) -> f64 {
    if kinds < 2 || points.is_empty() {
        return 1.0;
    }
    let mut lo = [f32::MAX; 3];
    let mut hi = [f32::MIN; 3];
    for p in points {
        for a in 0..3 {
            lo[a] = lo[a].min(p[a]);
            hi[a] = hi[a].max(p[a]);
        }
    }
    // A bed shallower than `SHALLOW` (a layer on a tray) is judged across
    // its surface only: what lies under what there is not stirred apart.
    let mut cells = cells;
    if hi[1] - lo[1] < SHALLOW {
        cells[1] = 1;
    }
    let cell_of = |p: &Vec3| {
        let mut idx = 0;
        for a in 0..3 {
            let span = (hi[a] - lo[a]).max(1e-6);
            let k = (((p[a] - lo[a]) / span) * cells[a] as f32).floor() as usize;
            idx = idx * cells[a] + k.min(cells[a] - 1);
        }
        idx
    };
    let n_cells = cells[0] * cells[1] * cells[2];
    let mut count = vec![0usize; n_cells];
    let mut of_kind = vec![0usize; n_cells * kinds];
    for (p, &l) in points.iter().zip(labels) {
        let c = cell_of(p);
        count[c] += 1;
        of_kind[c * kinds + l] += 1;
    }
    let occupied: Vec<usize> = (0..n_cells).filter(|&c| count[c] > 0).collect();
    let n = points.len() as f64;
    let per_cell = n / occupied.len() as f64;
    let mut worst: f64 = 1.0;
    for k in 0..kinds {
        let total = labels.iter().filter(|&&l| l == k).count() as f64;
        if total < min_particles as f64 {
            continue;
        }
        let p = total / n;
        let s0 = p * (1.0 - p);
        let sr = s0 / per_cell;
        if s0 - sr <= 1e-12 {
            continue;
        }
        // Cell shares weighted by how many particles each cell holds.
        let s2: f64 = occupied
            .iter()
            .map(|&c| {
                let share = of_kind[c * kinds + k] as f64 / count[c] as f64;
                count[c] as f64 * (share - p).powi(2)
            })
            .sum::<f64>()
            / n;
        let m = ((s0 - s2) / (s0 - sr)).clamp(0.0, 1.0);
        worst = worst.min(m);
    }
    worst
}

/// A small deterministic generator (SplitMix64): stirring must give the
/// same result on every run and thread.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layers_are_unmixed_and_a_shuffle_is_mixed() {
        // Two layers: flour below, sugar above.
        let mut points = Vec::new();
        let mut labels = Vec::new();
        for i in 0..400 {
            let x = (i % 20) as f32 * 0.01;
            let z = (i / 20 % 20) as f32 * 0.01;
            let below = i < 200;
            points.push([x, if below { 0.0 } else { 0.05 }, z]);
            labels.push(usize::from(!below));
        }
        let apart = lacey(&points, &labels, 2, [4, 2, 4], 8);
        assert!(apart < 0.05, "{apart}");
        // Every other particle swapped between the layers.
        let mut rng = SplitMix(7);
        for i in 0..points.len() {
            let j = (rng.next() % points.len() as u64) as usize;
            points.swap(i, j);
        }
        let mixed = lacey(&points, &labels, 2, [4, 2, 4], 8);
        assert!(mixed > 0.8, "{mixed}");
    }
}
