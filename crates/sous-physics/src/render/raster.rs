//! A small software rasterizer: flat-shaded triangles into a depth-buffered
//! RGB image, seen through a perspective camera. No GPU, no window.

/// A pinhole camera looking from `eye` at `target` (y is up).
#[derive(Debug, Clone, Copy)]
pub struct Camera {
    /// Where the camera is (m).
    pub eye: [f32; 3],
    /// The point it looks at (m).
    pub target: [f32; 3],
    /// Vertical field of view in degrees.
    pub fov_degrees: f32,
}

/// Points closer to the eye than this are not drawn (metres).
const NEAR: f32 = 0.05;

/// Where the light comes from (normalised at use): above, front, right.
const LIGHT: [f32; 3] = [0.35, 1.0, 0.55];

fn sub(a: [f32; 3], b: [f32; 3]) -> [f32; 3] {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

fn dot(a: [f32; 3], b: [f32; 3]) -> f32 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

fn cross(a: [f32; 3], b: [f32; 3]) -> [f32; 3] {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

fn normalize(a: [f32; 3]) -> [f32; 3] {
    let l = dot(a, a).sqrt();
    if l > 0.0 {
        [a[0] / l, a[1] / l, a[2] / l]
    } else {
        a
    }
}

/// An RGB image with a depth buffer.
pub struct Canvas {
    pub width: usize,
    pub height: usize,
    pub rgb: Vec<[u8; 3]>,
    /// 1 / depth of the nearest surface drawn so far (0: nothing).
    inv_depth: Vec<f32>,
    camera: Camera,
    right: [f32; 3],
    up: [f32; 3],
    forward: [f32; 3],
    focal: f32,
}

impl Canvas {
    pub fn new(width: usize, height: usize, camera: Camera, background: [u8; 3]) -> Canvas {
        let forward = normalize(sub(camera.target, camera.eye));
        let right = normalize(cross(forward, [0.0, 1.0, 0.0]));
        let up = cross(right, forward);
        let focal = height as f32 / 2.0 / (camera.fov_degrees.to_radians() / 2.0).tan();
        Canvas {
            width,
            height,
            rgb: vec![background; width * height],
            inv_depth: vec![0.0; width * height],
            camera,
            right,
            up,
            forward,
            focal,
        }
    }

    /// Screen x, y and depth of a world point.
    pub fn project(&self, p: [f32; 3]) -> [f32; 3] {
        let d = sub(p, self.camera.eye);
        let z = dot(d, self.forward);
        let x = dot(d, self.right);
        let y = dot(d, self.up);
        [
            self.width as f32 / 2.0 + x / z * self.focal,
            self.height as f32 / 2.0 - y / z * self.focal,
            z,
        ]
    }

    /// Draws one triangle, lit from `LIGHT` whichever side faces the eye.
    pub fn triangle(&mut self, a: [f32; 3], b: [f32; 3], c: [f32; 3], color: [u8; 3]) {
        let mut n = normalize(cross(sub(b, a), sub(c, a)));
        if dot(n, sub(self.camera.eye, a)) < 0.0 {
            n = [-n[0], -n[1], -n[2]];
        }
        let light = 0.38 + 0.62 * dot(n, normalize(LIGHT)).max(0.0);
        let shade = color.map(|v| (v as f32 * light).min(255.0) as u8);
        let (pa, pb, pc) = (self.project(a), self.project(b), self.project(c));
        if pa[2] < NEAR || pb[2] < NEAR || pc[2] < NEAR {
            return;
        }
        let area = (pb[0] - pa[0]) * (pc[1] - pa[1]) - (pb[1] - pa[1]) * (pc[0] - pa[0]);
        if area.abs() < 1e-9 {
            return;
        }
        let min_x = pa[0].min(pb[0]).min(pc[0]).floor().max(0.0) as usize;
        let max_x = (pa[0].max(pb[0]).max(pc[0]).ceil() as isize).min(self.width as isize - 1);
        let min_y = pa[1].min(pb[1]).min(pc[1]).floor().max(0.0) as usize;
        let max_y = (pa[1].max(pb[1]).max(pc[1]).ceil() as isize).min(self.height as isize - 1);
        if max_x < 0 || max_y < 0 {
            return;
        }
        let (iza, izb, izc) = (1.0 / pa[2], 1.0 / pb[2], 1.0 / pc[2]);
        for y in min_y..=max_y as usize {
            let py = y as f32 + 0.5;
            for x in min_x..=max_x as usize {
                let px = x as f32 + 0.5;
                let w0 = ((pb[0] - px) * (pc[1] - py) - (pb[1] - py) * (pc[0] - px)) / area;
                let w1 = ((pc[0] - px) * (pa[1] - py) - (pc[1] - py) * (pa[0] - px)) / area;
                let w2 = 1.0 - w0 - w1;
                if w0 < 0.0 || w1 < 0.0 || w2 < 0.0 {
                    continue;
                }
                let inv_z = w0 * iza + w1 * izb + w2 * izc;
                let i = y * self.width + x;
                if inv_z > self.inv_depth[i] {
                    self.inv_depth[i] = inv_z;
                    self.rgb[i] = shade;
                }
            }
        }
    }

    /// Draws a particle as a shaded disc facing the eye: `radius` in
    /// metres, but never smaller than `min_px` pixels, so that a 2 mm
    /// grain still reads in a view of the whole counter. Depth is that of
    /// the sphere's front, so walls in front of it still hide it.
    pub fn sphere(&mut self, centre: [f32; 3], radius: f32, min_px: f32, color: [u8; 3]) {
        let p = self.project(centre);
        if p[2] < NEAR {
            return;
        }
        let r = (radius * self.focal / p[2]).max(min_px);
        if !(r.is_finite() && p[0].is_finite() && p[1].is_finite()) {
            return;
        }
        let (lo_x, hi_x) = ((p[0] - r).floor(), (p[0] + r).ceil());
        let (lo_y, hi_y) = ((p[1] - r).floor(), (p[1] + r).ceil());
        if hi_x < 0.0 || hi_y < 0.0 || lo_x >= self.width as f32 || lo_y >= self.height as f32 {
            return;
        }
        // The light in the eye's frame: up and to the left, towards the eye.
        let light = normalize([-0.35, 0.6, 0.72]);
        for y in lo_y.max(0.0) as usize..=(hi_y as usize).min(self.height - 1) {
            for x in lo_x.max(0.0) as usize..=(hi_x as usize).min(self.width - 1) {
                let dx = (x as f32 + 0.5 - p[0]) / r;
                let dy = (y as f32 + 0.5 - p[1]) / r;
                let d2 = dx * dx + dy * dy;
                if d2 > 1.0 {
                    continue;
                }
                let nz = (1.0 - d2).sqrt();
                // A darker rim outlines each grain, so that white sugar
                // still reads on a light grey bowl.
                let rim = if d2 > 0.7 { 0.62 } else { 1.0 };
                let lit = rim * (0.45 + 0.55 * dot([dx, -dy, nz], light).max(0.0));
                let inv_z = 1.0 / (p[2] - radius * nz).max(NEAR);
                let i = y * self.width + x;
                if inv_z > self.inv_depth[i] {
                    self.inv_depth[i] = inv_z;
                    self.rgb[i] = color.map(|v| (v as f32 * lit).min(255.0) as u8);
                }
            }
        }
    }

    /// The image shrunk by `factor` in each direction (box filter): the
    /// canvas is drawn larger than wanted, for smooth edges.
    pub fn downsample(&self, factor: usize) -> (usize, usize, Vec<[u8; 3]>) {
        let (w, h) = (self.width / factor, self.height / factor);
        let mut out = Vec::with_capacity(w * h);
        for y in 0..h {
            for x in 0..w {
                let mut sum = [0u32; 3];
                for dy in 0..factor {
                    for dx in 0..factor {
                        let p = self.rgb[(y * factor + dy) * self.width + x * factor + dx];
                        for k in 0..3 {
                            sum[k] += p[k] as u32;
                        }
                    }
                }
                let n = (factor * factor) as u32;
                out.push(sum.map(|s| (s / n) as u8));
            }
        }
        (w, h, out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_triangle_in_front_of_the_camera_is_drawn_and_the_nearer_one_wins() {
        let camera = Camera {
            eye: [0.0, 0.0, 2.0],
            target: [0.0, 0.0, 0.0],
            fov_degrees: 60.0,
        };
        let mut c = Canvas::new(40, 40, camera, [0, 0, 0]);
        c.triangle(
            [-1.0, -1.0, 0.0],
            [1.0, -1.0, 0.0],
            [0.0, 1.0, 0.0],
            [200, 0, 0],
        );
        c.triangle(
            [-1.0, -1.0, 0.5],
            [1.0, -1.0, 0.5],
            [0.0, 1.0, 0.5],
            [0, 200, 0],
        );
        c.triangle(
            [-1.0, -1.0, -0.5],
            [1.0, -1.0, -0.5],
            [0.0, 1.0, -0.5],
            [0, 0, 200],
        );
        let middle = c.rgb[20 * 40 + 20];
        assert!(
            middle[1] > 0 && middle[0] == 0 && middle[2] == 0,
            "{middle:?}"
        );
        assert_eq!(c.rgb[0], [0, 0, 0], "the corner stays background");
    }

    #[test]
    fn a_tiny_sphere_is_drawn_at_least_min_px_wide() {
        let camera = Camera {
            eye: [0.0, 0.0, 2.0],
            target: [0.0, 0.0, 0.0],
            fov_degrees: 60.0,
        };
        let mut c = Canvas::new(40, 40, camera, [0, 0, 0]);
        c.sphere([0.0, 0.0, 0.0], 0.0001, 3.0, [200, 200, 200]);
        let lit = c.rgb.iter().filter(|p| p[0] > 0).count();
        assert!((20..=40).contains(&lit), "{lit} pixels");
    }
}
