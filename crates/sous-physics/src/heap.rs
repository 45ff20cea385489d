//! Heaps: grains that came to rest in a container pile up on the floor and
//! on each other instead of lying through each other in one layer.
//!
//! The pour simulates each grain's flight against the containers only (a
//! stream stays linear in its particle count); where a grain comes to rest
//! it is then deposited, in the order the grains landed: it drops straight
//! down at its landing spot onto the floor or the highest grain under it,
//! and rolls off a grain it rests on while the slope there is steeper than
//! the angle of repose, until a wall or the floor stops it (ballistic
//! deposition with rolling, a standard model of granular piles). Grains
//! touch at `heap-packing`^(1/3) of their diameter, where `heap-packing` is
//! the share of space this deposition fills with touching spheres: so a
//! heap takes up the ingredient's bulk volume, which the grains' size is
//! made from.

use crate::world::Vec3;

/// The inside of a container, in its own frame.
#[derive(Debug, Clone, Copy)]
pub struct Walls {
    /// The height of the inside of the floor.
    pub floor: f32,
    /// Radius (round) or half extents along x and z (boxy).
    pub inner: [f32; 2],
    pub round: bool,
}

impl Walls {
    /// The point moved back inside the walls, for a grain of radius `r`.
    fn clamp(&self, x: f32, z: f32, r: f32) -> (f32, f32) {
        if self.round {
            let reach = (self.inner[0] - r).max(0.0);
            let d = (x * x + z * z).sqrt();
            if d > reach && d > 0.0 {
                (x * reach / d, z * reach / d)
            } else {
                (x, z)
            }
        } else {
            let rx = (self.inner[0] - r).max(0.0);
            let rz = (self.inner[1] - r).max(0.0);
            (x.clamp(-rx, rx), z.clamp(-rz, rz))
        }
    }
}

/// How grains settle.
#[derive(Debug, Clone, Copy)]
pub struct Settling {
    /// The angle of repose (radians): a grain resting on one grain stays
    /// if the line between their centres is at most this far from vertical.
    pub repose: f32,
    /// The share of space the deposition fills with touching spheres
    /// (`heap-packing` in `layout.toml`).
    pub packing: f32,
}

/// Rolls per grain at most.
const MAX_ROLLS: usize = 48;

/// The grains at rest, hashed by column so that a drop looks only at the
/// grains near it.
struct Bed {
    grains: Vec<(Vec3, f32)>,
    cell: f32,
    columns: std::collections::HashMap<(i32, i32), Vec<usize>>,
}

impl Bed {
    fn new(cell: f32) -> Bed {
        Bed {
            grains: Vec::new(),
            cell,
            columns: std::collections::HashMap::new(),
        }
    }

    fn key(&self, x: f32, z: f32) -> (i32, i32) {
        (
            (x / self.cell).floor() as i32,
            (z / self.cell).floor() as i32,
        )
    }

    fn add(&mut self, at: Vec3, r: f32) {
        let k = self.key(at[0], at[2]);
        self.columns.entry(k).or_default().push(self.grains.len());
        self.grains.push((at, r));
    }

    /// The grains whose column is near (x, z), in a fixed order.
    fn near(&self, x: f32, z: f32) -> impl Iterator<Item = &(Vec3, f32)> + '_ {
        let (i, j) = self.key(x, z);
        (-1..=1)
            .flat_map(move |di| (-1..=1).map(move |dj| (i + di, j + dj)))
            .filter_map(|k| self.columns.get(&k))
            .flatten()
            .map(|&g| &self.grains[g])
    }
}

/// Deposits grains of radius `r` that landed at `landed` (container frame,
/// in landing order) onto the floor and onto the grains already at rest
/// there (`below`: centre and radius). Returns their resting positions,
/// in the same order.
///
/// Each grain drops at its landing spot onto the highest grain under it
/// and rolls down the way the grains it touches push it, in shrinking
/// steps, until every way is uphill (a pocket between grains, a wall) or it
/// reaches the floor. It leaves a pocket again while two grains' widths
/// away it would stand lower than the angle of repose allows, so that a pile's
/// slope is that angle.
pub fn settle(
    below: &[(Vec3, f32)],
    landed: &[Vec3],
    r: f32,
    walls: Walls,
    how: Settling,
) -> Vec<Vec3> {
    let touch = how.packing.clamp(0.1, 1.0).cbrt();
    let tan_repose = how.repose.tan();
    let widest = below.iter().map(|g| g.1).fold(r, f32::max);
    let mut bed = Bed::new(2.0 * widest * touch);
    for (at, rq) in below {
        bed.add(*at, *rq);
    }
    let drop = |bed: &Bed, x: f32, z: f32| {
        let mut y = walls.floor + r;
        for (q, rq) in bed.near(x, z) {
            let reach = (r + rq) * touch;
            let h2 = (x - q[0]).powi(2) + (z - q[2]).powi(2);
            if h2 < reach * reach {
                y = y.max(q[1] + (reach * reach - h2).sqrt());
            }
        }
        y
    };
    let mut out = Vec::with_capacity(landed.len());
    for (i, p) in landed.iter().enumerate() {
        let (mut x, mut z) = walls.clamp(p[0], p[2], r);
        let mut y = drop(&bed, x, z);
        for roll in 0..MAX_ROLLS {
            if y <= walls.floor + r + 1e-6 {
                break;
            }
            // The horizontal push of the contact normals of the grains it
            // rests on.
            let (mut push_x, mut push_z) = (0.0f32, 0.0f32);
            for (q, rq) in bed.near(x, z) {
                let reach = (r + rq) * touch;
                let (dx, dy, dz) = (x - q[0], y - q[1], z - q[2]);
                let d = (dx * dx + dy * dy + dz * dz).sqrt();
                if d > 0.0 && d <= reach * 1.001 {
                    push_x += dx / d;
                    push_z += dz / d;
                }
            }
            let push = (push_x * push_x + push_z * push_z).sqrt();
            let (ux, uz) = if push > 1e-4 {
                (push_x / push, push_z / push)
            } else {
                // Balanced on one grain's top: it falls off to some side.
                let a = 2.399_963 * (i + roll) as f32;
                (a.cos(), a.sin())
            };
            // Down that way, in shrinking steps; stuck when every step
            // would climb.
            let mut step = 0.5 * r;
            let mut moved = false;
            while step > 0.02 * r {
                let (nx, nz) = walls.clamp(x + step * ux, z + step * uz, r);
                let ny = drop(&bed, nx, nz);
                if ny < y - 1e-7 {
                    (x, y, z) = (nx, ny, nz);
                    moved = true;
                    break;
                }
                step *= 0.5;
            }
            if !moved {
                // In a pocket. A grain rolling down a slope steeper than
                // the angle of repose does not stop in the hollows between
                // the grains of that slope: it goes on if two grains' widths
                // away it would stand lower by more than the slope allows.
                let reach = 4.0 * r;
                let best = (0..8)
                    .map(|k| {
                        let a = std::f32::consts::FRAC_PI_4 * k as f32;
                        let (nx, nz) = walls.clamp(x + reach * a.cos(), z + reach * a.sin(), r);
                        (nx, drop(&bed, nx, nz), nz)
                    })
                    .min_by(|a, b| a.1.total_cmp(&b.1));
                match best {
                    Some((nx, ny, nz))
                        if {
                            let run = ((nx - x).powi(2) + (nz - z).powi(2)).sqrt();
                            run > 0.0 && y - ny > tan_repose * run
                        } =>
                    {
                        (x, y, z) = (nx, ny, nz);
                    }
                    _ => break,
                }
            }
        }
        let at = [x, y, z];
        bed.add(at, r);
        out.push(at);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOWL: Walls = Walls {
        floor: 0.003,
        inner: [0.08, 0.08],
        round: true,
    };
    const SAND: Settling = Settling {
        repose: 0.61,
        packing: 0.47,
    };

    /// The share of a box's space that grains deposited in it fill, as
    /// spheres that touch at their full diameter.
    fn packing_reached(n: usize, half: f32) -> f32 {
        let walls = Walls {
            floor: 0.0,
            inner: [half, half],
            round: false,
        };
        let r = 0.005;
        let side = (n as f32).sqrt() as usize;
        let landed: Vec<Vec3> = (0..n)
            .map(|i| {
                let k = (i * 7919) % n;
                let at = |j: usize| -half + 2.0 * half * j as f32 / (side - 1) as f32;
                [at(k % side), 0.0, at(k / side)]
            })
            .collect();
        let how = Settling {
            repose: SAND.repose,
            packing: 1.0,
        };
        let heap = settle(&[], &landed, r, walls, how);
        // Below the surface's roughness: the lowest 80 %.
        let mut ys: Vec<f32> = heap.iter().map(|p| p[1]).collect();
        ys.sort_by(f32::total_cmp);
        let depth = ys[ys.len() * 8 / 10];
        let under = ys.iter().filter(|&&y| y <= depth).count();
        under as f32 * 4.0 / 3.0 * std::f32::consts::PI * r.powi(3) / ((2.0 * half).powi(2) * depth)
    }

    #[test]
    fn the_layouts_heap_packing_is_what_the_deposition_reaches() {
        let layout = crate::layout::Layout::get();
        for (n, half) in [(400, 0.05), (1600, 0.1)] {
            let reached = packing_reached(n, half);
            assert!(
                (reached - layout.simulation.heap_packing).abs() < 0.03,
                "the deposition packs {reached:.3}; layout.toml says {}",
                layout.simulation.heap_packing
            );
        }
    }

    #[test]
    fn a_pile_stands_at_about_the_angle_of_repose() {
        let r = 0.005;
        let walls = Walls {
            floor: 0.0,
            inner: [0.2, 0.2],
            round: true,
        };
        let heap = settle(&[], &vec![[0.0, 0.0, 0.0]; 200], r, walls, SAND);
        let top = heap.iter().map(|p| p[1]).fold(0.0f32, f32::max) - r;
        let wide = heap
            .iter()
            .map(|p| (p[0] * p[0] + p[2] * p[2]).sqrt())
            .fold(0.0f32, f32::max)
            + r;
        let slope = (top / wide).atan();
        assert!(
            (slope - SAND.repose).abs() < 0.12,
            "{} degrees",
            slope.to_degrees()
        );
    }

    #[test]
    fn grains_landing_on_one_spot_make_a_heap_not_a_column_or_a_layer() {
        let r = 0.005;
        let landed = vec![[0.0, 0.0, 0.0]; 60];
        let heap = settle(&[], &landed, r, BOWL, SAND);
        let top = heap.iter().map(|p| p[1]).fold(f32::MIN, f32::max);
        let wide = heap
            .iter()
            .map(|p| (p[0] * p[0] + p[2] * p[2]).sqrt())
            .fold(0.0, f32::max);
        // Higher than one layer, lower than a column of 60, and spread.
        assert!(top > BOWL.floor + 3.0 * r, "top {top}");
        assert!(top < BOWL.floor + 20.0 * r, "top {top}");
        assert!(wide > 3.0 * r, "wide {wide}");
        // The slope is no steeper than the angle of repose allows, roughly:
        // the heap is at least as wide as it is high.
        assert!(wide >= 0.8 * (top - BOWL.floor), "{wide} vs {top}");
        // Every grain is inside the walls and on or above the floor.
        assert!(heap
            .iter()
            .all(|p| (p[0] * p[0] + p[2] * p[2]).sqrt() <= 0.08 - r + 1e-6
                && p[1] >= BOWL.floor + r - 1e-6));
    }

    #[test]
    fn grains_do_not_sink_into_each_other_beyond_the_packing() {
        let r = 0.004;
        let landed: Vec<Vec3> = (0..96)
            .map(|i| {
                [
                    0.01 * ((i % 7) as f32 - 3.0),
                    0.0,
                    0.01 * ((i % 5) as f32 - 2.0),
                ]
            })
            .collect();
        let heap = settle(&[], &landed, r, BOWL, SAND);
        let closest = 2.0 * r * SAND.packing.cbrt();
        for (i, a) in heap.iter().enumerate() {
            for b in &heap[..i] {
                let d =
                    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt();
                assert!(d >= closest - 1e-4, "{d} < {closest}");
            }
        }
    }

    #[test]
    fn a_bulk_volume_fills_a_box_to_about_its_height() {
        // 1,000 cm³ of grains in a 10 × 10 cm box: about 10 cm deep.
        let walls = Walls {
            floor: 0.0,
            inner: [0.05, 0.05],
            round: false,
        };
        let n = 400;
        let each_m3 = 1e-3 / n as f32;
        let r = (3.0 * each_m3 / (4.0 * std::f32::consts::PI)).cbrt();
        // Spread evenly as they land, as a pour moving over a box would.
        let landed: Vec<Vec3> = (0..n)
            .map(|i| {
                let k = (i * 7919) % n;
                [
                    -0.045 + 0.09 * (k % 20) as f32 / 19.0,
                    0.0,
                    -0.045 + 0.09 * (k / 20) as f32 / 19.0,
                ]
            })
            .collect();
        let heap = settle(&[], &landed, r, walls, SAND);
        let mut ys: Vec<f32> = heap.iter().map(|p| p[1]).collect();
        ys.sort_by(f32::total_cmp);
        let depth = ys[ys.len() * 9 / 10] + r;
        assert!((0.06..0.16).contains(&depth), "depth {depth}");
    }
}
