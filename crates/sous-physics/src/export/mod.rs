//! Exports of the physics kitchen for other tools: glTF 2.0 scenes.

pub mod gltf;

pub use self::gltf::{world_glb, ExportError};
