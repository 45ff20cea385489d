//! Matter with volume: what a pour leaves behind is shaped by the grains
//! colliding with what already lies there.

use sous_kitchen::Ontology;
use sous_physics::world::Matter;
use sous_physics::{execute, world_after};

fn gold_with(id: &str, edits: &str) -> sous_lang::Recipe {
    let dir = sous_testdata::gold_current_dir();
    let spec = format!("gold:{id}{edits}");
    let text = sous_testdata::edits::network(&spec, &dir, &dir);
    let (file, diags) = sous_lang::parse(id, &text);
    assert!(diags.is_empty(), "{diags:?}");
    file.recipes.into_iter().next().expect("a recipe")
}

/// Grains heap up: 340 g of flour poured into a bowl come to rest on one
/// another, more than one layer deep, rather than all on the floor through each
/// other (as when the particles of a pour did not collide).
#[test]
fn poured_grains_rest_on_one_another() {
    // Up to the flour's fetch-and-proportion.
    let x = execute(&gold_with("almond-crescent-cookies", "; drop-last 20"));
    assert!(x.failures.is_empty(), "{:?}", x.failures);
    let world = world_after(&x, x.steps.len() - 1).expect("a world");
    let flour = Ontology::get().id("all-purpose-flour").unwrap();
    let portion = world
        .portions
        .iter()
        .filter(|p| p.class == flour)
        .min_by(|a, b| a.grams.to_f64().total_cmp(&b.grams.to_f64()))
        .expect("the flour proportioned");
    assert!(
        (portion.grams.to_f64() - 340.0).abs() < 1.0,
        "{}",
        portion.grams.to_f64()
    );
    let Matter::Particles {
        radius: r, local, ..
    } = &portion.matter
    else {
        panic!("flour is poured as particles");
    };
    let low = local.iter().map(|p| p[1]).fold(f32::MAX, f32::min);
    let high = local.iter().map(|p| p[1]).fold(f32::MIN, f32::max);
    assert!(high - low > 1.5 * r, "one layer only: {low}..{high}, r {r}");
    let mut close = 0;
    let mut pairs = 0;
    for (i, a) in local.iter().enumerate() {
        for b in &local[i + 1..] {
            let d = ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt();
            pairs += 1;
            if d < 1.5 * r {
                close += 1;
            }
        }
    }
    // Grains still on their way do not collide with one another (only with
    // the heap), so some that land together overlap: about 9 % of pairs.
    assert!(
        close * 100 < 15 * pairs.max(1),
        "{close} of {pairs} pairs overlap by more than a quarter of a grain"
    );
}
