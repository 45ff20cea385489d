//! `sous demo`: example networks that ship with sous, so it runs with no data.

use crate::{run, Format};
use sous_eval::source::load_text;

/// A simple salad and a simple cookie dough, written for sous.
pub const DEMO: &str = include_str!("../demo/demo.solution");

/// The demo's recipes, for the page of `sous serve` to offer.
pub fn examples() -> Vec<sous_server::Preloaded> {
    let loaded = load_text("demo.solution".into(), DEMO.as_bytes().to_vec());
    (0..loaded.recipes.len())
        .map(|i| sous_server::Preloaded {
            recipe_id: loaded.recipes[i].0.id.clone(),
            network: loaded.recipe_text(i).to_string(),
            report: None,
        })
        .collect()
}

pub fn run(format: Format) -> u8 {
    if format == Format::Text {
        println!("sous demo: two small recipes from crates/sous-cli/demo/demo.solution, executed in the simulated full kitchen.\n");
    }
    run::run_loaded(
        load_text("demo.solution".into(), DEMO.as_bytes().to_vec()),
        None,
        format,
        crate::Mode::Qualitative,
        run::Action::Execute {
            export_gltf: None,
            render: None,
            profile: sous_sim::Profile::Reference,
        },
    )
}
