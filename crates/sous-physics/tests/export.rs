//! The glTF export and the step pictures on a real run: the almond-crescent
//! gold network, its last step exported and read back with the `gltf`
//! crate (which validates the document), and its pictures captioned.

use sous_physics::world::Matter;
use sous_physics::{execute, world_after, world_glb};

fn almond() -> sous_sim::Execution {
    let dir = sous_testdata::gold_current_dir();
    let recipe =
        sous_testdata::parse_one(&sous_testdata::gold_file(&dir, "almond-crescent-cookies"));
    execute(&recipe)
}

#[test]
fn the_last_step_of_almond_exports_to_a_valid_gltf_with_a_node_per_body_and_portion() {
    let x = almond();
    let last = x.steps.len() - 1;
    let world = world_after(&x, last).expect("the last world");
    let glb = world_glb(world).expect("a glb");
    let doc = gltf::Gltf::from_slice(&glb).expect("a valid glTF 2.0 binary");
    let names: Vec<String> = doc
        .nodes()
        .map(|n| n.name().unwrap_or_default().to_string())
        .collect();
    let particle_portions = world
        .portions
        .iter()
        .filter(|p| matches!(p.matter, Matter::Particles { .. }))
        .count();
    let places = sous_physics::Layout::get().places.len();
    assert_eq!(
        names.len(),
        1 + places + world.bodies.len() + particle_portions + world.spills.len()
    );
    // Every node is named, and names are unique.
    let mut unique = names.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), names.len(), "duplicate node names");
    for want in ["place-oven", "place-counter-top", "room"] {
        assert!(names.iter().any(|n| n == want), "{want}");
    }
    assert!(names.iter().any(|n| n.starts_with("baking-tray-")));
    assert!(names.iter().any(|n| n.starts_with("medium-bowl-")));
    // The crescents are solid pieces of the dough on the tray.
    let pieces = names.iter().filter(|n| n.contains("-piece-")).count();
    assert!(pieces >= 30, "{pieces} pieces");
    // Every mesh has positions inside the room.
    for mesh in doc.meshes() {
        for p in mesh.primitives() {
            let b = p.bounding_box();
            assert!(b.min[1] >= -0.2 && b.max[1] <= 3.0, "{:?}", b);
        }
    }
    assert!(doc.materials().count() >= 5, "colours become materials");
}

#[test]
fn every_step_picture_has_its_caption_and_pours_frame_the_bowls() {
    let x = almond();
    // Step 17 (0-based 16) pours the almond flour: the picture differs
    // from the plain counter view of the same world.
    let step = 16;
    let framed = sous_physics::render_step(&x, step).unwrap().unwrap();
    let plain = sous_physics::render_png(world_after(&x, step).unwrap()).unwrap();
    assert_ne!(framed, plain);
    let caption = sous_physics::step_caption(&x, step).unwrap();
    assert_eq!(caption.step, 17);
    assert_eq!(caption.line, Some(18));
    assert!(caption.action.contains("?proportioned-almond-flour"));
    assert!(
        caption.action.starts_with("(transfer-contents"),
        "{}",
        caption.action
    );
    assert!(framed.len() < 300_000, "{} bytes", framed.len());
}
