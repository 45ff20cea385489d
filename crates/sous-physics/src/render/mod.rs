//! Pictures of the physics kitchen: a perspective view of where the step
//! happened and an overview of the whole kitchen, side by side in one PNG,
//! with a caption strip saying which step it is. Pure Rust (a software
//! rasterizer), so it runs headless anywhere.
//!
//! Objects are drawn from the same convex pieces the simulation uses
//! (`shapes.rs`); ingredients in their class colours (`layout.toml`,
//! mixtures blended by mass), particles as small shaded spheres; places as
//! their shelves and back panels, cut away at the front so that what stands
//! inside shows. The scene description (`scene`) is shared with the glTF
//! export, so both show the same kitchen.

mod raster;
mod text;

use std::collections::BTreeMap;

use rapier3d::parry::shape::SharedShape;
use rapier3d::prelude::{Pose, Vector};
use sous_kitchen::{ClassId, Num, Ontology};

use crate::layout::{Layout, PlaceLayout};
use crate::scene::to_pose;
use crate::shapes;
use crate::world::{BodyKind, Matter, World};
use raster::Canvas;

pub use raster::Camera;
pub use raster::Camera as ViewCamera;

/// The left view of a picture: the counter top, from above the cook.
pub const COUNTER_VIEW: Camera = Camera {
    eye: [2.8, 2.25, 2.05],
    target: [2.8, 0.9, 0.45],
    fov_degrees: 52.0,
};
/// The right view: the whole kitchen, from the room.
pub const OVERVIEW: Camera = Camera {
    eye: [2.2, 2.5, 5.4],
    target: [2.2, 0.95, 0.3],
    fov_degrees: 52.0,
};

/// Size of each view in the picture, in pixels.
pub const VIEW_WIDTH: usize = 720;
/// Height of each view in the picture, in pixels.
pub const VIEW_HEIGHT: usize = 450;
/// Gap between the two views.
const GAP: usize = 8;
/// Width of the whole picture.
pub const PICTURE_WIDTH: usize = 2 * VIEW_WIDTH + GAP;
/// Height of the caption strip laid over the bottom of the picture (the
/// picture keeps its size; the strip covers floor).
pub const CAPTION_HEIGHT: usize = 44;
/// Each view is drawn this many times larger and shrunk (smooth edges).
const SUPERSAMPLE: usize = 2;
/// The smallest radius a particle is drawn with, in output pixels: real
/// grains are 2 to 5 mm, a pixel of the counter view is about 3 mm.
const MIN_PARTICLE_PX: f32 = 1.6;

const BACKGROUND: [u8; 3] = [250, 250, 247];
const FLOOR: [u8; 3] = [214, 208, 196];
const WALL: [u8; 3] = [236, 233, 226];
const SPILL: [u8; 3] = [200, 30, 30];
const CAPTION_BACK: [u8; 3] = [38, 38, 44];
const CAPTION_TEXT: [u8; 3] = [250, 250, 250];
const CAPTION_DIM: [u8; 3] = [190, 200, 215];
/// Appliance trims: oven doors, handles, burners.
const DOOR: [u8; 3] = [28, 28, 30];
const HANDLE: [u8; 3] = [175, 178, 185];
const BURNER: [u8; 3] = [22, 22, 22];
const BURNER_RING: [u8; 3] = [105, 45, 35];

/// Why a picture could not be written.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// The PNG could not be encoded.
    #[error("PNG encoding: {0}")]
    Png(#[from] png::EncodingError),
}

/// What a picture is of, in words: the strip under the views.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Caption {
    /// 1-based step number.
    pub step: usize,
    /// The action in the cooking language, e.g. `(beat ?b ?ks ...)`.
    pub action: String,
    /// The line of the network file the action is on.
    pub line: Option<usize>,
    /// The recipe's instruction sentence, when the caller knows it.
    pub sentence: Option<String>,
}

/// One picture to draw: the world after a step, optionally the world
/// before it (then the left view frames what the step changed) and a
/// caption.
#[derive(Debug, Clone, Copy)]
pub struct RenderRequest<'a> {
    /// The world after the step.
    pub world: &'a World,
    /// The world before it, so the left view can frame what changed.
    pub before: Option<&'a World>,
    /// The strip of words under the views.
    pub caption: Option<&'a Caption>,
}

/// The PNG of `world`: the counter top on the left, the kitchen on the
/// right, no caption (for callers that only have a world).
pub fn render_png(world: &World) -> Result<Vec<u8>, RenderError> {
    render(&RenderRequest {
        world,
        before: None,
        caption: None,
    })
}

/// The PNG of one step: the left view frames what changed between
/// `before` and `after` (the counter when nothing moved), with a caption.
pub fn render_step_png(
    before: &World,
    after: &World,
    caption: &Caption,
) -> Result<Vec<u8>, RenderError> {
    render(&RenderRequest {
        world: after,
        before: Some(before),
        caption: Some(caption),
    })
}

/// The PNG of a request.
pub fn render(req: &RenderRequest<'_>) -> Result<Vec<u8>, RenderError> {
    let rgb = render_rgb(req);
    let mut out = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut out, PICTURE_WIDTH as u32, VIEW_HEIGHT as u32);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.set_compression(png::Compression::Best);
        let mut writer = encoder.write_header()?;
        writer.write_image_data(&rgb)?;
    }
    Ok(out)
}

/// The picture as raw RGB, `PICTURE_WIDTH` × `VIEW_HEIGHT` (tests compare
/// pixels without decoding).
pub fn render_rgb(req: &RenderRequest<'_>) -> Vec<u8> {
    let scene = scene(req.world);
    let left = req
        .before
        .and_then(|before| work_area(before, req.world))
        .map(|(lo, hi)| frame(lo, hi))
        .unwrap_or(COUNTER_VIEW);
    let views: Vec<(usize, usize, Vec<[u8; 3]>)> = [left, OVERVIEW]
        .into_iter()
        .map(|camera| draw(&scene, camera))
        .collect();
    let mut rgb = vec![255u8; PICTURE_WIDTH * VIEW_HEIGHT * 3];
    for (k, (w, h, pixels)) in views.iter().enumerate() {
        let x0 = k * (VIEW_WIDTH + GAP);
        for y in 0..*h {
            for x in 0..*w {
                let i = (y * PICTURE_WIDTH + x0 + x) * 3;
                rgb[i..i + 3].copy_from_slice(&pixels[y * w + x]);
            }
        }
    }
    if let Some(caption) = req.caption {
        draw_caption(&mut rgb, caption);
    }
    rgb
}

/// One view of the scene, supersampled and shrunk.
fn draw(scene: &Scene, camera: Camera) -> (usize, usize, Vec<[u8; 3]>) {
    let mut canvas = Canvas::new(
        VIEW_WIDTH * SUPERSAMPLE,
        VIEW_HEIGHT * SUPERSAMPLE,
        camera,
        BACKGROUND,
    );
    for part in &scene.parts {
        for (t, color) in &part.triangles {
            canvas.triangle(t[0], t[1], t[2], *color);
        }
    }
    let min_px = MIN_PARTICLE_PX * SUPERSAMPLE as f32;
    for grains in &scene.grains {
        for c in &grains.centres {
            canvas.sphere(*c, grains.radius, min_px, grains.color);
        }
    }
    canvas.downsample(SUPERSAMPLE)
}

/// The caption strip over the bottom of the picture: the step and its
/// line (and sentence) large, the action below it.
fn draw_caption(rgb: &mut [u8], caption: &Caption) {
    let mut s = text::Surface {
        rgb,
        width: PICTURE_WIDTH,
        height: VIEW_HEIGHT,
    };
    let top = VIEW_HEIGHT - CAPTION_HEIGHT;
    s.fill(0, top, PICTURE_WIDTH, CAPTION_HEIGHT, CAPTION_BACK);
    let mut head = format!("Step {}", caption.step);
    if let Some(line) = caption.line {
        head.push_str(&format!(" - line {line}"));
    }
    if let Some(sentence) = &caption.sentence {
        head.push_str(": ");
        head.push_str(sentence);
    }
    let margin = 10;
    let room = (PICTURE_WIDTH - 2 * margin) / text::GLYPH;
    s.text(
        margin,
        top + 6,
        2,
        &text::fit(&head, room / 2),
        CAPTION_TEXT,
    );
    s.text(
        margin,
        top + 6 + 2 * text::GLYPH + 6,
        1,
        &text::fit(&caption.action, room),
        CAPTION_DIM,
    );
}

/// A triangle in world coordinates and its colour.
pub(crate) type Triangle = ([[f32; 3]; 3], [u8; 3]);

/// One named thing of the kitchen: an object, a solid piece, a place.
#[derive(Debug, Clone)]
pub(crate) struct Part {
    pub name: String,
    pub triangles: Vec<Triangle>,
}

/// One particle portion (or spill): equal spheres of one colour.
#[derive(Debug, Clone)]
pub(crate) struct Grains {
    pub name: String,
    pub color: [u8; 3],
    pub radius: f32,
    pub centres: Vec<[f32; 3]>,
}

/// Everything to draw or export, in world coordinates.
#[derive(Debug, Clone, Default)]
pub(crate) struct Scene {
    pub parts: Vec<Part>,
    pub grains: Vec<Grains>,
}

/// The colour of matter made of `composition` (grams per starting
/// ingredient): the mass-weighted mean of their colours; `class`'s own
/// colour when the composition is empty or weighs nothing.
pub fn matter_color(class: ClassId, composition: &[(ClassId, Num)]) -> [u8; 3] {
    let layout = Layout::get();
    let mut sum = [0.0f64; 3];
    let mut total = 0.0f64;
    for (c, g) in composition {
        let g = g.to_f64();
        if !(g.is_finite() && g > 0.0) {
            continue;
        }
        let color = layout.ingredient_color(*c);
        for k in 0..3 {
            sum[k] += color[k] as f64 * g;
        }
        total += g;
    }
    if total <= 0.0 {
        return layout.ingredient_color(class);
    }
    sum.map(|v| (v / total).round().clamp(0.0, 255.0) as u8)
}

/// The scene of a world: the room, the places, every body and every
/// particle portion and spill.
pub(crate) fn scene(world: &World) -> Scene {
    let layout = Layout::get();
    let onto = Ontology::get();
    let mut scene = Scene::default();
    scene.parts.push(room(layout));
    for (name, place) in &layout.places {
        scene.parts.push(place_part(layout, name, place));
    }
    // Which portion each solid piece belongs to (its colour and name).
    let mut pieces: BTreeMap<_, (String, [u8; 3], usize)> = BTreeMap::new();
    for portion in &world.portions {
        if let Matter::Solids { bodies } = &portion.matter {
            let color = matter_color(portion.class, &portion.composition);
            let base = format!("{}-{}", onto.name(portion.class), portion.pid.0);
            for (k, id) in bodies.iter().enumerate() {
                pieces.insert(*id, (base.clone(), color, k + 1));
            }
        }
    }
    for (id, body) in &world.bodies {
        let pose = to_pose(&body.pose);
        let mut part = Part {
            name: String::new(),
            triangles: Vec::new(),
        };
        match &body.kind {
            BodyKind::Object { pid } => {
                part.name = format!("{}-{}", onto.name(body.class), pid.0);
                let spec = layout.shape(body.class);
                for (piece_pose, shape) in shapes::pieces(spec) {
                    mesh(
                        &mut part.triangles,
                        &(pose * piece_pose),
                        &shape,
                        spec.color,
                    );
                }
            }
            BodyKind::Solid { half } => {
                let (name, color) = match pieces.get(id) {
                    Some((base, color, k)) => (format!("{base}-piece-{k}"), *color),
                    None => (
                        format!("{}-body-{}", onto.name(body.class), id.0),
                        layout.ingredient_color(body.class),
                    ),
                };
                part.name = name;
                let shape = if half[0] == half[1] && half[1] == half[2] {
                    SharedShape::ball(half[0])
                } else {
                    SharedShape::cuboid(half[0], half[1], half[2])
                };
                let centre = pose * Pose::translation(0.0, half[1], 0.0);
                mesh(&mut part.triangles, &centre, &shape, color);
            }
        }
        scene.parts.push(part);
    }
    for portion in &world.portions {
        let Matter::Particles { radius, local, .. } = &portion.matter else {
            continue;
        };
        let Some(holder) = world.object(portion.holder) else {
            continue;
        };
        let pose = to_pose(&holder.pose);
        let centres = local
            .iter()
            .map(|p| {
                let w = pose.transform_point(Vector::new(p[0], p[1], p[2]));
                [w.x, w.y, w.z]
            })
            .collect();
        scene.grains.push(Grains {
            name: format!("{}-{}-(particles)", onto.name(portion.class), portion.pid.0),
            color: matter_color(portion.class, &portion.composition),
            radius: *radius,
            centres,
        });
    }
    for (k, spill) in world.spills.iter().enumerate() {
        scene.grains.push(Grains {
            name: format!("spill-{}", k + 1),
            color: SPILL,
            radius: 0.006,
            centres: spill.positions.clone(),
        });
    }
    unique_names(&mut scene);
    scene
}

/// Makes every name unique (one entity can be in two holders: a portion
/// split between bowls keeps its pid) by numbering repeats `-2`, `-3`, …,
/// so that exported nodes can be told apart by name.
fn unique_names(scene: &mut Scene) {
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let names = scene
        .parts
        .iter_mut()
        .map(|p| &mut p.name)
        .chain(scene.grains.iter_mut().map(|g| &mut g.name));
    for name in names {
        let n = seen.entry(name.clone()).or_insert(0);
        *n += 1;
        if *n > 1 {
            name.push_str(&format!("-{n}"));
        }
    }
}

/// The floor and the back wall.
fn room(layout: &Layout) -> Part {
    let mut t = Vec::new();
    let [x0, _, _] = layout.room.min;
    let [x1, _, z1] = layout.room.max;
    quad(
        &mut t,
        [x0, 0.0, 0.0],
        [x1, 0.0, 0.0],
        [x1, 0.0, z1],
        [x0, 0.0, z1],
        FLOOR,
    );
    quad(
        &mut t,
        [x0, 0.0, -0.01],
        [x1, 0.0, -0.01],
        [x1, 2.6, -0.01],
        [x0, 2.6, -0.01],
        WALL,
    );
    Part {
        name: "room".into(),
        triangles: t,
    }
}

/// How a place looks. Every place shows its shelves. Closed places are cut
/// away at the front and get a back panel and a ceiling inside their box
/// (never above it: the oven sits under the worktop, and a lid drawn above
/// its box would cover what stands on the counter). Appliances get their
/// fronts: the oven and the microwave a dark door frame around a window,
/// the fridge and freezer side walls and a handle, the stove a body with
/// burners. Which place is which appliance is known by its class name.
fn place_part(layout: &Layout, name: &str, place: &PlaceLayout) -> Part {
    let mut t = Vec::new();
    let (min, max) = (place.min, place.max);
    let color = place.color;
    let darker = color.map(|c| (c as f32 * 0.85) as u8);
    for &y in &place.shelves {
        cuboid(
            &mut t,
            [min[0], y - 0.03, min[2]],
            [max[0], y, max[2]],
            color,
        );
    }
    // A place right under another place's shelf (the oven under the
    // worktop) gets no ceiling, and its walls stop short of that shelf:
    // faces in the shelf's plane would flicker through it.
    let covered = layout.places.values().any(|other| {
        !std::ptr::eq(other, place)
            && other.min[0] < max[0]
            && other.max[0] > min[0]
            && other.min[2] < max[2]
            && other.max[2] > min[2]
            && other.shelves.iter().any(|&y| (y - max[1]).abs() < 0.05)
    });
    let max = if covered {
        [max[0], max[1] - 0.035, max[2]]
    } else {
        max
    };
    let side_walls = |t: &mut Vec<Triangle>, c| {
        cuboid(t, min, [min[0] + 0.02, max[1], max[2]], c);
        cuboid(t, [max[0] - 0.02, min[1], min[2]], max, c);
    };
    if place.closed {
        cuboid(&mut t, min, [max[0], max[1], min[2] + 0.015], darker);
    }
    if place.closed && !covered {
        cuboid(
            &mut t,
            [min[0], max[1] - 0.025, min[2]],
            [max[0], max[1] - 0.005, max[2]],
            color,
        );
    }
    match name {
        "oven" | "microwave" => {
            side_walls(&mut t, color);
            cuboid(&mut t, min, [max[0], min[1] + 0.02, max[2]], color);
            let z = [max[2] - 0.005, max[2] + 0.02];
            let h = max[1] - min[1];
            let band = |t: &mut Vec<Triangle>, x0: f32, x1: f32, y0: f32, y1: f32| {
                cuboid(t, [x0, y0, z[0]], [x1, y1, z[1]], DOOR);
            };
            // Control panel on top, the door's frame around its window.
            band(&mut t, min[0], max[0], max[1] - 0.22 * h, max[1]);
            band(&mut t, min[0], max[0], min[1], min[1] + 0.14 * h);
            band(&mut t, min[0], min[0] + 0.06, min[1], max[1]);
            band(&mut t, max[0] - 0.06, max[0], min[1], max[1]);
            let y = max[1] - 0.25 * h;
            cuboid(
                &mut t,
                [min[0] + 0.08, y - 0.012, z[1]],
                [max[0] - 0.08, y, z[1] + 0.025],
                HANDLE,
            );
        }
        "fridge" | "freezer" => {
            side_walls(&mut t, color);
            cuboid(&mut t, min, [max[0], min[1] + 0.02, max[2]], color);
            let h = max[1] - min[1];
            let x = max[0] - 0.06;
            cuboid(
                &mut t,
                [x, min[1] + 0.3 * h, max[2]],
                [x + 0.025, max[1] - 0.3 * h, max[2] + 0.035],
                HANDLE,
            );
        }
        "stove" => {
            let top = place.shelves.last().copied().unwrap_or(max[1]);
            // The stove's body under its top, and four burners on it.
            cuboid(&mut t, min, [max[0], top - 0.03, max[2]], darker);
            let (w, d) = (max[0] - min[0], max[2] - min[2]);
            let r = (w.min(d) * 0.18).max(0.03);
            for (fx, fz) in [(0.28, 0.3), (0.72, 0.3), (0.28, 0.72), (0.72, 0.72)] {
                let (x, z) = (min[0] + fx * w, min[2] + fz * d);
                disc(&mut t, [x, top + 0.004, z], r, 0.004, BURNER);
                disc(&mut t, [x, top + 0.009, z], r * 0.55, 0.002, BURNER_RING);
            }
        }
        "pantry" => side_walls(&mut t, darker),
        _ => {}
    }
    Part {
        name: format!("place-{name}"),
        triangles: t,
    }
}

/// A flat cylinder standing on `centre` (its bottom face's centre).
fn disc(out: &mut Vec<Triangle>, centre: [f32; 3], r: f32, half_height: f32, color: [u8; 3]) {
    mesh(
        out,
        &Pose::translation(centre[0], centre[1], centre[2]),
        &SharedShape::cylinder(half_height, r),
        color,
    );
}

/// What a step changed, as a box in world coordinates: bodies that moved
/// or appeared, portions that appeared or changed holder or mass (their
/// particles and the containers involved). `None` when nothing moved.
pub fn work_area(before: &World, after: &World) -> Option<([f32; 3], [f32; 3])> {
    let mut points: Vec<[f32; 3]> = Vec::new();
    for (id, body) in &after.bodies {
        let moved = match before.bodies.get(id) {
            None => true,
            Some(b) => {
                let d = (0..3)
                    .map(|k| (b.pose.position[k] - body.pose.position[k]).powi(2))
                    .sum::<f32>()
                    .sqrt();
                d > 0.005 || b.holder != body.holder
            }
        };
        if moved {
            points.push(body.pose.position);
            if let Some(h) = after.object(body.holder) {
                points.push(h.pose.position);
            }
        }
    }
    // A portion is an entity in one holder: one entity can be in several
    // (the stock jar and the bowl its proportion went to).
    let key = |p: &crate::world::Portion| (p.pid, p.holder);
    let old: BTreeMap<_, _> = before.portions.iter().map(|p| (key(p), p)).collect();
    let new: BTreeMap<_, _> = after.portions.iter().map(|p| (key(p), p)).collect();
    let holder_at = |pid| after.object(pid).map(|b| b.pose.position);
    for (k, p) in &new {
        let changed = match old.get(k) {
            None => true,
            Some(o) => o.grams != p.grams || o.matter != p.matter,
        };
        if !changed {
            continue;
        }
        points.extend(holder_at(p.holder));
        if let (Matter::Particles { local, .. }, Some(h)) = (&p.matter, after.object(p.holder)) {
            let pose = to_pose(&h.pose);
            for q in local.iter().step_by(8) {
                let w = pose.transform_point(Vector::new(q[0], q[1], q[2]));
                points.push([w.x, w.y, w.z]);
            }
        }
    }
    for (k, o) in &old {
        if !new.contains_key(k) {
            points.extend(holder_at(o.holder));
        }
    }
    if after.spills.len() > before.spills.len() {
        for s in &after.spills[before.spills.len()..] {
            points.extend(s.positions.iter().step_by(8).copied());
        }
    }
    // What the cook took from closed storage (a stock jar in the pantry)
    // is not where the work is: keep such points only when nothing else
    // moved.
    let layout = Layout::get();
    let in_storage = |p: &[f32; 3]| {
        after
            .place_at(layout, *p)
            .and_then(|name| layout.places.get(name))
            .is_some_and(|pl| pl.closed)
    };
    if points.iter().any(|p| !in_storage(p)) {
        points.retain(|p| !in_storage(p));
    }
    let first = *points.first()?;
    let (mut lo, mut hi) = (first, first);
    for p in &points {
        for k in 0..3 {
            lo[k] = lo[k].min(p[k]);
            hi[k] = hi[k].max(p[k]);
        }
    }
    Some((lo, hi))
}

/// A camera that frames the box `lo`..`hi` from the cook's side: steeply
/// from above for the worktop and shelves, almost level for what is under the
/// worktop (the oven, the base cupboards), which the worktop would hide.
pub fn frame(lo: [f32; 3], hi: [f32; 3]) -> Camera {
    let centre = [
        (lo[0] + hi[0]) / 2.0,
        (lo[1] + hi[1]) / 2.0,
        (lo[2] + hi[2]) / 2.0,
    ];
    let half_diag = (0..3)
        .map(|k| ((hi[k] - lo[k]) / 2.0).powi(2))
        .sum::<f32>()
        .sqrt();
    // Room for the objects around the points (a bowl is ~0.2 m across)
    // and some of what stands around them, for context.
    let radius = (half_diag + 0.18).max(0.3);
    let fov: f32 = 46.0;
    let distance = (radius / (fov.to_radians() / 2.0).sin()).clamp(0.6, 4.5);
    let under_worktop = centre[1] < 0.85;
    let dir: [f32; 3] = if under_worktop {
        [0.0, 0.22, 1.0]
    } else {
        // Steep (about 55°), to see the floor of bowls: contents lie low,
        // often against a wall, where a flatter view meets the front wall.
        [0.0, 1.45, 1.0]
    };
    let len = (dir[1] * dir[1] + dir[2] * dir[2]).sqrt();
    let mut target = centre;
    if !under_worktop {
        // Look at the surface things stand on, not at their middles.
        target[1] = target[1].max(0.0);
    }
    Camera {
        eye: [
            centre[0],
            centre[1] + dir[1] / len * distance,
            centre[2] + dir[2] / len * distance,
        ],
        target,
        fov_degrees: fov,
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    #[test]
    fn the_initial_kitchen_renders_to_a_png_of_two_views() {
        let world = crate::initial::full_kitchen_world().expect("the initial world");
        let png = render_png(world).expect("a picture");
        assert_eq!(&png[1..4], b"PNG");
        let decoder = png::Decoder::new(std::io::Cursor::new(&png));
        let reader = decoder.read_info().expect("a readable PNG");
        let info = reader.info();
        assert_eq!(info.width as usize, PICTURE_WIDTH);
        assert_eq!(info.height as usize, VIEW_HEIGHT);
    }

    /// The initial kitchen with a medium bowl taken out onto the middle of
    /// the counter top (in sight of the counter view).
    fn bowl_on_counter() -> (World, sous_kitchen::Pid) {
        let world = crate::initial::full_kitchen_world().expect("the initial world");
        let onto = Ontology::get();
        let (pid, id) = world
            .objects
            .iter()
            .find(|(_, id)| onto.name(world.bodies[id].class) == "medium-bowl")
            .map(|(p, id)| (*p, *id))
            .expect("a medium bowl");
        let mut w = world.clone();
        if let Some(b) = w.bodies.get_mut(&id) {
            b.pose = crate::world::Pose::at([2.8, 0.9, 0.45]);
        }
        (w, pid)
    }

    /// `world` with a pile of sugar particles in the bowl `pid`.
    fn with_sugar(world: &World, pid: sous_kitchen::Pid) -> World {
        let onto = Ontology::get();
        let mut local = Vec::new();
        for i in 0..6 {
            for j in 0..6 {
                local.push([i as f32 * 0.01 - 0.025, 0.01, j as f32 * 0.01 - 0.025]);
            }
        }
        let sugar = onto.id("white-sugar").unwrap();
        let mut w = world.clone();
        w.portions.push(crate::world::Portion {
            pid: sous_kitchen::Pid(99_999),
            class: sugar,
            holder: pid,
            grams: Num::from(100),
            composition: vec![(sugar, Num::from(100))],
            matter: Matter::Particles {
                count: 36,
                radius: 0.002,
                local: Arc::new(local),
            },
        });
        w
    }

    fn differing(a: &[u8], b: &[u8], x0: usize, x1: usize, y0: usize, y1: usize) -> usize {
        (y0..y1)
            .flat_map(|y| (x0..x1).map(move |x| (y * PICTURE_WIDTH + x) * 3))
            .filter(|&i| a[i..i + 3] != b[i..i + 3])
            .count()
    }

    #[test]
    fn a_particle_portion_changes_pixels_of_the_counter_view() {
        let (world, bowl) = bowl_on_counter();
        let sugar = with_sugar(&world, bowl);
        let req = |w| RenderRequest {
            world: w,
            before: None,
            caption: None,
        };
        let (a, b) = (render_rgb(&req(&world)), render_rgb(&req(&sugar)));
        let n = differing(&a, &b, 0, VIEW_WIDTH, 0, VIEW_HEIGHT);
        assert!(n >= 30, "only {n} pixels of the counter view changed");
    }

    #[test]
    fn the_work_area_is_where_the_new_portion_is_and_none_when_nothing_moved() {
        let (world, bowl) = bowl_on_counter();
        assert_eq!(work_area(&world, &world), None);
        let sugar = with_sugar(&world, bowl);
        let (lo, hi) = work_area(&world, &sugar).expect("a work area");
        let bowl = sugar.object(sugar.portions.last().unwrap().holder).unwrap();
        for k in 0..3 {
            assert!(lo[k] <= bowl.pose.position[k] + 0.03 && hi[k] >= bowl.pose.position[k] - 0.03);
            assert!(hi[k] - lo[k] < 0.2, "{lo:?}..{hi:?}");
        }
        // The framed view differs from the fixed counter view.
        let step = render_rgb(&RenderRequest {
            world: &sugar,
            before: Some(&world),
            caption: None,
        });
        let plain = render_rgb(&RenderRequest {
            world: &sugar,
            before: None,
            caption: None,
        });
        assert!(differing(&step, &plain, 0, VIEW_WIDTH, 0, VIEW_HEIGHT) > 1000);
    }

    #[test]
    fn a_caption_is_drawn_in_the_strip_and_its_text_matters() {
        let world = crate::initial::full_kitchen_world().expect("the initial world");
        let caption = |action: &str| Caption {
            step: 3,
            action: action.into(),
            line: Some(4),
            sentence: None,
        };
        let (c1, c2) = (
            caption("(beat ?b ?ks ?ks0 ?bowl ?whisk)"),
            caption("(mix ?m)"),
        );
        let render = |c| {
            render_rgb(&RenderRequest {
                world,
                before: None,
                caption: c,
            })
        };
        let (plain, a, b) = (render(None), render(Some(&c1)), render(Some(&c2)));
        let strip = VIEW_HEIGHT - CAPTION_HEIGHT;
        assert!(differing(&plain, &a, 0, PICTURE_WIDTH, strip, VIEW_HEIGHT) > 1000);
        assert_eq!(differing(&plain, &a, 0, PICTURE_WIDTH, 0, strip), 0);
        // Different actions, different text in the strip.
        assert!(differing(&a, &b, 0, PICTURE_WIDTH, strip, VIEW_HEIGHT) > 50);
    }

    #[test]
    fn a_mixture_takes_the_mass_weighted_colour_of_its_ingredients() {
        let onto = Ontology::get();
        let layout = Layout::get();
        let (t, c) = (onto.id("tomato").unwrap(), onto.id("cucumber").unwrap());
        let (ct, cc) = (layout.ingredient_color(t), layout.ingredient_color(c));
        let mix = matter_color(
            onto.known().mixture,
            &[(t, Num::from(1)), (c, Num::from(3))],
        );
        for k in 0..3 {
            let want = (ct[k] as f64 + 3.0 * cc[k] as f64) / 4.0;
            assert!((mix[k] as f64 - want).abs() <= 1.0, "{mix:?}");
        }
        assert_eq!(matter_color(t, &[]), ct);
    }
}
