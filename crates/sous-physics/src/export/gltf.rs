//! glTF 2.0 (binary, `.glb`) of a physics world, for looking at a step in
//! any 3D viewer (Blender, three.js, online glTF viewers).
//!
//! The meshes are the rasterizer's ([`render`](mod@crate::render)): the
//! same convex pieces, the same colours. One node per place, per body
//! (objects named `medium-bowl-291`, solid pieces `butter-512-piece-1`) and
//! per particle portion (`white-sugar-520-(particles)`, its particles merged
//! into one mesh of small icosahedra). Coordinates are the kitchen's:
//! metres, y up, which is glTF's convention too, so vertices are written in
//! world coordinates and nodes carry no transform.

use std::collections::BTreeMap;

use gltf_json as json;
use json::validation::{Checked, USize64};

use crate::render::{scene, Triangle};
use crate::world::World;

/// Why a world could not be exported.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// The glTF document could not be written.
    #[error("glTF JSON: {0}")]
    Json(#[from] json::Error),
    /// The scene's geometry does not fit in one buffer of a `.glb` file.
    #[error("the scene is too large for one glTF buffer ({0} bytes)")]
    TooLarge(usize),
}

/// The world as a binary glTF (`.glb`) file.
pub fn world_glb(world: &World) -> Result<Vec<u8>, ExportError> {
    let scene = scene(world);
    let mut b = Builder::default();
    let mut nodes = Vec::new();
    for part in &scene.parts {
        let mesh = b.flat_mesh(&part.name, &part.triangles);
        nodes.push(b.node(&part.name, mesh));
    }
    for grains in &scene.grains {
        let mesh = b.spheres_mesh(&grains.name, &grains.centres, grains.radius, grains.color);
        nodes.push(b.node(&grains.name, mesh));
    }
    let scene_index = b.root.push(json::Scene {
        extensions: None,
        extras: Default::default(),
        name: Some("kitchen".into()),
        nodes,
    });
    b.root.scene = Some(scene_index);
    b.finish()
}

/// A glTF document and its binary buffer, built up together.
#[derive(Default)]
struct Builder {
    root: json::Root,
    bin: Vec<u8>,
    materials: BTreeMap<[u8; 3], json::Index<json::Material>>,
}

impl Builder {
    fn node(
        &mut self,
        name: &str,
        mesh: Option<json::Index<json::Mesh>>,
    ) -> json::Index<json::Node> {
        self.root.push(json::Node {
            mesh,
            name: Some(name.to_string()),
            ..Default::default()
        })
    }

    /// The material of a colour (one per colour, shared).
    fn material(&mut self, color: [u8; 3]) -> json::Index<json::Material> {
        if let Some(m) = self.materials.get(&color) {
            return *m;
        }
        let [r, g, b] = color.map(srgb_to_linear);
        let m = self.root.push(json::Material {
            name: Some(format!("rgb-{}-{}-{}", color[0], color[1], color[2])),
            pbr_metallic_roughness: json::material::PbrMetallicRoughness {
                base_color_factor: json::material::PbrBaseColorFactor([r, g, b, 1.0]),
                metallic_factor: json::material::StrengthFactor(0.0),
                roughness_factor: json::material::StrengthFactor(0.8),
                ..Default::default()
            },
            double_sided: true,
            ..Default::default()
        });
        self.materials.insert(color, m);
        m
    }

    /// Appends `data` to the binary buffer as a view (4-byte aligned, as
    /// glTF requires for float and u32 accessors).
    fn view(
        &mut self,
        data: &[u8],
        target: json::buffer::Target,
    ) -> json::Index<json::buffer::View> {
        while !self.bin.len().is_multiple_of(4) {
            self.bin.push(0);
        }
        let offset = self.bin.len();
        self.bin.extend_from_slice(data);
        self.root.push(json::buffer::View {
            buffer: json::Index::new(0),
            byte_length: USize64::from(data.len()),
            byte_offset: Some(USize64::from(offset)),
            byte_stride: None,
            extensions: None,
            extras: Default::default(),
            name: None,
            target: Some(Checked::Valid(target)),
        })
    }

    fn accessor(
        &mut self,
        view: json::Index<json::buffer::View>,
        count: usize,
        component: json::accessor::ComponentType,
        type_: json::accessor::Type,
        bounds: Option<([f32; 3], [f32; 3])>,
    ) -> json::Index<json::Accessor> {
        self.root.push(json::Accessor {
            buffer_view: Some(view),
            byte_offset: Some(USize64(0)),
            count: USize64::from(count),
            component_type: Checked::Valid(json::accessor::GenericComponentType(component)),
            extensions: None,
            extras: Default::default(),
            type_: Checked::Valid(type_),
            min: bounds.map(|(lo, _)| json::Value::from(lo.to_vec())),
            max: bounds.map(|(_, hi)| json::Value::from(hi.to_vec())),
            name: None,
            normalized: false,
            sparse: None,
        })
    }

    /// An indexed primitive of positions. No normals: a viewer then shades
    /// each face flat, as the rasterizer does, and the file stays small.
    fn primitive(
        &mut self,
        positions: &[[f32; 3]],
        indices: &[u32],
        color: [u8; 3],
    ) -> json::mesh::Primitive {
        use json::accessor::{ComponentType, Type};
        let bounds = bounds(positions);
        let v = self.view(&floats(positions), json::buffer::Target::ArrayBuffer);
        let pos = self.accessor(
            v,
            positions.len(),
            ComponentType::F32,
            Type::Vec3,
            Some(bounds),
        );
        let mut attributes = BTreeMap::new();
        attributes.insert(Checked::Valid(json::mesh::Semantic::Positions), pos);
        // 16-bit indices when they fit: half the size of the index data.
        let (bytes, component): (Vec<u8>, _) = if positions.len() <= usize::from(u16::MAX) {
            let b = indices
                .iter()
                .flat_map(|&i| (i as u16).to_le_bytes())
                .collect();
            (b, ComponentType::U16)
        } else {
            let b = indices.iter().flat_map(|i| i.to_le_bytes()).collect();
            (b, ComponentType::U32)
        };
        let v = self.view(&bytes, json::buffer::Target::ElementArrayBuffer);
        let indices = self.accessor(v, indices.len(), component, Type::Scalar, None);
        json::mesh::Primitive {
            attributes,
            extensions: None,
            extras: Default::default(),
            indices: Some(indices),
            material: Some(self.material(color)),
            mode: Checked::Valid(json::mesh::Mode::Triangles),
            targets: None,
        }
    }

    fn mesh(
        &mut self,
        name: &str,
        primitives: Vec<json::mesh::Primitive>,
    ) -> Option<json::Index<json::Mesh>> {
        if primitives.is_empty() {
            return None;
        }
        Some(self.root.push(json::Mesh {
            extensions: None,
            extras: Default::default(),
            name: Some(name.to_string()),
            primitives,
            weights: None,
        }))
    }

    /// Flat-shaded triangles, one primitive per colour, corners shared
    /// (a third of the size of one vertex per corner).
    fn flat_mesh(&mut self, name: &str, triangles: &[Triangle]) -> Option<json::Index<json::Mesh>> {
        type Corners = (Vec<[f32; 3]>, Vec<u32>, BTreeMap<[u32; 3], u32>);
        let mut by_color: BTreeMap<[u8; 3], Corners> = BTreeMap::new();
        for (t, color) in triangles {
            if is_degenerate(t) {
                continue;
            }
            let (points, indices, seen) = by_color.entry(*color).or_default();
            for p in t {
                let key = p.map(f32::to_bits);
                let i = *seen.entry(key).or_insert_with(|| {
                    points.push(*p);
                    points.len() as u32 - 1
                });
                indices.push(i);
            }
        }
        let primitives = by_color
            .into_iter()
            .map(|(color, (p, ix, _))| self.primitive(&p, &ix, color))
            .collect();
        self.mesh(name, primitives)
    }

    /// One small icosahedron per particle, merged into one primitive.
    fn spheres_mesh(
        &mut self,
        name: &str,
        centres: &[[f32; 3]],
        radius: f32,
        color: [u8; 3],
    ) -> Option<json::Index<json::Mesh>> {
        if centres.is_empty() {
            return None;
        }
        let (unit, faces) = icosahedron();
        let r = radius.max(0.001);
        let mut positions = Vec::with_capacity(centres.len() * unit.len());
        let mut indices = Vec::with_capacity(centres.len() * faces.len() * 3);
        for c in centres {
            let base = positions.len() as u32;
            for u in &unit {
                positions.push([c[0] + u[0] * r, c[1] + u[1] * r, c[2] + u[2] * r]);
            }
            for f in &faces {
                indices.extend(f.iter().map(|i| base + i));
            }
        }
        let primitive = self.primitive(&positions, &indices, color);
        self.mesh(name, vec![primitive])
    }

    /// The GLB container: header, JSON chunk, BIN chunk (each padded to 4).
    fn finish(mut self) -> Result<Vec<u8>, ExportError> {
        while !self.bin.len().is_multiple_of(4) {
            self.bin.push(0);
        }
        self.root.push(json::Buffer {
            byte_length: USize64::from(self.bin.len()),
            extensions: None,
            extras: Default::default(),
            name: None,
            uri: None,
        });
        let mut text = self.root.to_vec()?;
        while !text.len().is_multiple_of(4) {
            text.push(b' ');
        }
        let total = 12 + 8 + text.len() + 8 + self.bin.len();
        let len32 = |n: usize| u32::try_from(n).map_err(|_| ExportError::TooLarge(total));
        let mut out = Vec::with_capacity(total);
        out.extend_from_slice(b"glTF");
        out.extend_from_slice(&2u32.to_le_bytes());
        out.extend_from_slice(&len32(total)?.to_le_bytes());
        out.extend_from_slice(&len32(text.len())?.to_le_bytes());
        out.extend_from_slice(b"JSON");
        out.extend_from_slice(&text);
        out.extend_from_slice(&len32(self.bin.len())?.to_le_bytes());
        out.extend_from_slice(b"BIN\0");
        out.extend_from_slice(&self.bin);
        Ok(out)
    }
}

fn floats(v: &[[f32; 3]]) -> Vec<u8> {
    v.iter().flatten().flat_map(|x| x.to_le_bytes()).collect()
}

fn bounds(v: &[[f32; 3]]) -> ([f32; 3], [f32; 3]) {
    let mut lo = [f32::INFINITY; 3];
    let mut hi = [f32::NEG_INFINITY; 3];
    for p in v {
        for k in 0..3 {
            lo[k] = lo[k].min(p[k]);
            hi[k] = hi[k].max(p[k]);
        }
    }
    (lo, hi)
}

/// A triangle without area has no flat normal for a viewer to compute.
fn is_degenerate(t: &[[f32; 3]; 3]) -> bool {
    let u = [t[1][0] - t[0][0], t[1][1] - t[0][1], t[1][2] - t[0][2]];
    let v = [t[2][0] - t[0][0], t[2][1] - t[0][1], t[2][2] - t[0][2]];
    let n = [
        u[1] * v[2] - u[2] * v[1],
        u[2] * v[0] - u[0] * v[2],
        u[0] * v[1] - u[1] * v[0],
    ];
    n[0] * n[0] + n[1] * n[1] + n[2] * n[2] < 1e-18
}

/// glTF colour factors are linear; layout colours are sRGB.
fn srgb_to_linear(c: u8) -> f32 {
    let c = c as f32 / 255.0;
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

/// The unit icosahedron: 12 vertices, 20 counter-clockwise faces.
fn icosahedron() -> ([[f32; 3]; 12], [[u32; 3]; 20]) {
    let t = (1.0 + 5f32.sqrt()) / 2.0;
    let raw = [
        [-1.0, t, 0.0],
        [1.0, t, 0.0],
        [-1.0, -t, 0.0],
        [1.0, -t, 0.0],
        [0.0, -1.0, t],
        [0.0, 1.0, t],
        [0.0, -1.0, -t],
        [0.0, 1.0, -t],
        [t, 0.0, -1.0],
        [t, 0.0, 1.0],
        [-t, 0.0, -1.0],
        [-t, 0.0, 1.0],
    ];
    let l = (1.0 + t * t).sqrt();
    let unit = raw.map(|p: [f32; 3]| p.map(|x| x / l));
    let faces = [
        [0, 11, 5],
        [0, 5, 1],
        [0, 1, 7],
        [0, 7, 10],
        [0, 10, 11],
        [1, 5, 9],
        [5, 11, 4],
        [11, 10, 2],
        [10, 7, 6],
        [7, 1, 8],
        [3, 9, 4],
        [3, 4, 2],
        [3, 2, 6],
        [3, 6, 8],
        [3, 8, 9],
        [4, 9, 5],
        [2, 4, 11],
        [6, 2, 10],
        [8, 6, 7],
        [9, 8, 1],
    ];
    (unit, faces)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_initial_kitchen_exports_to_a_valid_glb_with_one_node_per_body_and_place() {
        let world = crate::initial::full_kitchen_world().expect("the initial world");
        let glb = world_glb(world).expect("a glb");
        let doc = gltf::Gltf::from_slice(&glb).expect("a valid glTF");
        let names: Vec<String> = doc
            .nodes()
            .map(|n| n.name().unwrap_or_default().to_string())
            .collect();
        let places = crate::layout::Layout::get().places.len();
        // The room, every place, every body, every particle portion.
        let particles = world
            .portions
            .iter()
            .filter(|p| matches!(p.matter, crate::world::Matter::Particles { .. }))
            .count();
        assert_eq!(
            names.len(),
            1 + places + world.bodies.len() + particles + world.spills.len()
        );
        assert!(names.iter().any(|n| n == "place-oven"));
        assert!(
            names.iter().any(|n| n.starts_with("medium-bowl-")),
            "{names:?}"
        );
        assert!(doc.blob.as_ref().is_some_and(|b| !b.is_empty()));
        for mesh in doc.meshes() {
            for p in mesh.primitives() {
                assert!(p.get(&gltf::Semantic::Positions).is_some());
            }
        }
    }

    #[test]
    fn the_icosahedron_is_closed_and_unit() {
        let (unit, faces) = icosahedron();
        for p in unit {
            let l = (p[0] * p[0] + p[1] * p[1] + p[2] * p[2]).sqrt();
            assert!((l - 1.0).abs() < 1e-5);
        }
        // Every edge is shared by exactly two faces.
        let mut edges = BTreeMap::new();
        for f in faces {
            for k in 0..3 {
                let (a, b) = (f[k], f[(k + 1) % 3]);
                *edges.entry((a.min(b), a.max(b))).or_insert(0) += 1;
            }
        }
        assert_eq!(edges.len(), 30);
        assert!(edges.values().all(|&n| n == 2));
    }
}
