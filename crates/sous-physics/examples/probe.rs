use rapier3d::prelude::*;
fn main() {
    let layout = sous_physics::Layout::get();
    let spec = layout.shapes["medium-bowl"].clone();
    let pieces = sous_physics::shapes_for_probe(&spec);
    let cases: Vec<(&str, ColliderBuilder)> = vec![
        (
            "cuboid",
            ColliderBuilder::cuboid(0.05, 0.05, 0.05).translation(Vector::new(0.0, 0.05, 0.0)),
        ),
        (
            "cyl",
            ColliderBuilder::cylinder(0.0025, 0.095).translation(Vector::new(0.0, 0.0025, 0.0)),
        ),
        (
            "compound-cyl",
            ColliderBuilder::compound(vec![pieces[0].clone()]),
        ),
        (
            "compound-ring",
            ColliderBuilder::compound(pieces[1..].to_vec()),
        ),
        ("compound", ColliderBuilder::compound(pieces.clone())),
        (
            "compound-friction",
            ColliderBuilder::compound(pieces.clone()).friction(0.8),
        ),
    ];
    for (name, c) in cases {
        let mut w = PhysicsWorld::new();
        let ground = w.insert_body(RigidBodyBuilder::fixed());
        w.insert_collider(
            ColliderBuilder::cuboid(1.1, 0.01, 0.31).translation(Vector::new(2.5, 0.89, 0.31)),
            Some(ground),
        );
        let (h, _) = w.insert(
            RigidBodyBuilder::dynamic()
                .translation(Vector::new(1.52, 0.9, 0.47))
                .sleeping(std::env::args().count() > 1),
            c.density(2400.0),
        );
        for _ in 0..300 {
            w.step();
        }
        println!("{name} {:?}", w.bodies[h].translation());
    }
}
