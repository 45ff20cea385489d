//! Pictures of the physics kitchen: a perspective view of the counter top
//! and an overview of the whole kitchen, side by side in one PNG. Pure Rust
//! (a software rasterizer), so it runs headless anywhere.
//!
//! Objects are drawn from the same convex pieces the simulation uses
//! (`shapes.rs`); places are their shelves and back panels, cut away at the
//! front so that what stands inside shows.

mod raster;

use rapier3d::parry::shape::SharedShape;
use rapier3d::prelude::{Pose, Vector};

use crate::layout::Layout;
use crate::scene::to_pose;
use crate::shapes;
use crate::world::{BodyKind, Matter, World};
use raster::{Camera, Canvas};

pub use raster::Camera as ViewCamera;

/// The two views of a picture.
pub const COUNTER_VIEW: Camera = Camera {
    eye: [2.8, 2.25, 2.05],
    target: [2.8, 0.9, 0.45],
    fov_degrees: 52.0,
};
pub const OVERVIEW: Camera = Camera {
    eye: [2.2, 2.5, 5.4],
    target: [2.2, 0.95, 0.3],
    fov_degrees: 52.0,
};

/// Size of each view in the picture, in pixels.
pub const VIEW_WIDTH: usize = 720;
pub const VIEW_HEIGHT: usize = 450;
/// Each view is drawn this many times larger and shrunk (smooth edges).
const SUPERSAMPLE: usize = 2;

const BACKGROUND: [u8; 3] = [250, 250, 247];
const FLOOR: [u8; 3] = [214, 208, 196];
const WALL: [u8; 3] = [236, 233, 226];
const SPILL: [u8; 3] = [190, 60, 50];

/// Why a picture could not be written.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error("PNG encoding: {0}")]
    Png(#[from] png::EncodingError),
}

/// The PNG of `world`: the counter top on the left, the kitchen on the right.
pub fn render_png(world: &World) -> Result<Vec<u8>, RenderError> {
    let triangles = triangles(world);
    let views: Vec<(usize, usize, Vec<[u8; 3]>)> = [COUNTER_VIEW, OVERVIEW]
        .into_iter()
        .map(|camera| {
            let mut canvas = Canvas::new(
                VIEW_WIDTH * SUPERSAMPLE,
                VIEW_HEIGHT * SUPERSAMPLE,
                camera,
                BACKGROUND,
            );
            for (t, color) in &triangles {
                canvas.triangle(t[0], t[1], t[2], *color);
            }
            canvas.downsample(SUPERSAMPLE)
        })
        .collect();
    let gap = 8;
    let width = VIEW_WIDTH * views.len() + gap * (views.len() - 1);
    let mut rgb = vec![255u8; width * VIEW_HEIGHT * 3];
    for (k, (w, h, pixels)) in views.iter().enumerate() {
        let x0 = k * (VIEW_WIDTH + gap);
        for y in 0..*h {
            for x in 0..*w {
                let i = (y * width + x0 + x) * 3;
                rgb[i..i + 3].copy_from_slice(&pixels[y * w + x]);
            }
        }
    }
    let mut out = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut out, width as u32, VIEW_HEIGHT as u32);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header()?;
        writer.write_image_data(&rgb)?;
    }
    Ok(out)
}

type Triangle = ([[f32; 3]; 3], [u8; 3]);

/// Everything to draw, in world coordinates.
fn triangles(world: &World) -> Vec<Triangle> {
    let layout = Layout::get();
    let mut out = Vec::new();
    // The room: floor and back wall.
    let [x0, _, _] = layout.room.min;
    let [x1, _, z1] = layout.room.max;
    quad(
        &mut out,
        [x0, 0.0, 0.0],
        [x1, 0.0, 0.0],
        [x1, 0.0, z1],
        [x0, 0.0, z1],
        FLOOR,
    );
    quad(
        &mut out,
        [x0, 0.0, -0.01],
        [x1, 0.0, -0.01],
        [x1, 2.6, -0.01],
        [x0, 2.6, -0.01],
        WALL,
    );
    // Places: shelves, and for closed ones a back panel and a top.
    for place in layout.places.values() {
        let (min, max) = (place.min, place.max);
        let slab = |out: &mut Vec<Triangle>, y: f32, color| {
            cuboid(out, [min[0], y - 0.03, min[2]], [max[0], y, max[2]], color);
        };
        for &y in &place.shelves {
            slab(&mut out, y, place.color);
        }
        if place.closed {
            let darker = place.color.map(|c| (c as f32 * 0.85) as u8);
            cuboid(
                &mut out,
                [min[0], min[1], min[2]],
                [max[0], max[1], min[2] + 0.015],
                darker,
            );
            slab(&mut out, max[1] + 0.03, place.color);
        }
    }
    // Objects and solid pieces.
    for body in world.bodies.values() {
        let pose = to_pose(&body.pose);
        match &body.kind {
            BodyKind::Object { .. } => {
                let spec = layout.shape(body.class);
                for (piece_pose, shape) in shapes::pieces(spec) {
                    mesh(&mut out, &(pose * piece_pose), &shape, spec.color);
                }
            }
            BodyKind::Solid { half } => {
                let color = layout.ingredient(body.class).color;
                let shape = if half[0] == half[1] && half[1] == half[2] {
                    SharedShape::ball(half[0])
                } else {
                    SharedShape::cuboid(half[0], half[1], half[2])
                };
                let centre = pose * Pose::translation(0.0, half[1], 0.0);
                mesh(&mut out, &centre, &shape, color);
            }
        }
    }
    // Particles, in their holder's frame.
    for portion in &world.portions {
        let Matter::Particles { radius, local, .. } = &portion.matter else {
            continue;
        };
        let Some(holder) = world.object(portion.holder) else {
            continue;
        };
        let pose = to_pose(&holder.pose);
        let color = layout.ingredient(portion.class).color;
        for p in local.iter() {
            let w = pose.transform_point(Vector::new(p[0], p[1], p[2]));
            octahedron(&mut out, [w.x, w.y, w.z], radius.max(0.003), color);
        }
    }
    for spill in &world.spills {
        for p in &spill.positions {
            octahedron(&mut out, *p, 0.006, SPILL);
        }
    }
    out
}

fn quad(
    out: &mut Vec<Triangle>,
    a: [f32; 3],
    b: [f32; 3],
    c: [f32; 3],
    d: [f32; 3],
    color: [u8; 3],
) {
    out.push(([a, b, c], color));
    out.push(([a, c, d], color));
}

/// An axis-aligned box between two corners.
fn cuboid(out: &mut Vec<Triangle>, lo: [f32; 3], hi: [f32; 3], color: [u8; 3]) {
    let half = [
        (hi[0] - lo[0]) / 2.0,
        (hi[1] - lo[1]) / 2.0,
        (hi[2] - lo[2]) / 2.0,
    ];
    let centre = Pose::translation(lo[0] + half[0], lo[1] + half[1], lo[2] + half[2]);
    mesh(
        out,
        &centre,
        &SharedShape::cuboid(half[0], half[1], half[2]),
        color,
    );
}

/// A shape's surface, placed at `pose`.
fn mesh(out: &mut Vec<Triangle>, pose: &Pose, shape: &SharedShape, color: [u8; 3]) {
    let (points, indices) = if let Some(c) = shape.as_cuboid() {
        c.to_trimesh()
    } else if let Some(c) = shape.as_cylinder() {
        c.to_trimesh(20)
    } else if let Some(b) = shape.as_ball() {
        b.to_trimesh(10, 6)
    } else {
        return;
    };
    let world: Vec<[f32; 3]> = points
        .iter()
        .map(|p| {
            let w = pose.transform_point(*p);
            [w.x, w.y, w.z]
        })
        .collect();
    for [a, b, c] in indices {
        out.push((
            [world[a as usize], world[b as usize], world[c as usize]],
            color,
        ));
    }
}

/// A particle: an octahedron of radius `r` (eight triangles).
fn octahedron(out: &mut Vec<Triangle>, c: [f32; 3], r: f32, color: [u8; 3]) {
    let p = |dx: f32, dy: f32, dz: f32| [c[0] + dx * r, c[1] + dy * r, c[2] + dz * r];
    let (top, bottom) = (p(0.0, 1.0, 0.0), p(0.0, -1.0, 0.0));
    let ring = [
        p(1.0, 0.0, 0.0),
        p(0.0, 0.0, 1.0),
        p(-1.0, 0.0, 0.0),
        p(0.0, 0.0, -1.0),
    ];
    for i in 0..4 {
        let (a, b) = (ring[i], ring[(i + 1) % 4]);
        out.push(([top, a, b], color));
        out.push(([bottom, b, a], color));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_initial_kitchen_renders_to_a_png_of_two_views() {
        let world = crate::initial::full_kitchen_world().expect("the initial world");
        let png = render_png(world).expect("a picture");
        assert_eq!(&png[1..4], b"PNG");
        let decoder = png::Decoder::new(std::io::Cursor::new(&png));
        let reader = decoder.read_info().expect("a readable PNG");
        let info = reader.info();
        assert_eq!(info.width as usize, 2 * VIEW_WIDTH + 8);
        assert_eq!(info.height as usize, VIEW_HEIGHT);
    }
}
