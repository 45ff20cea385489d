//! The quantitative kitchen: the second simulator of the benchmark.
//!
//! The engine of `sous-sim` runs each action's qualitative primitive and
//! then hands it to [`Quantitative`], which carries it out in a 3D kitchen
//! on rapier (`scene.rs`): the hand carries objects along waypoints
//! (`hand.rs`), liquids and granular ingredients are particles that are
//! poured (`pour.rs`), solids are rigid bodies, and merging, cooking and
//! waiting are custom dynamics (`realize.rs`). The kitchen's geometry is
//! data (`data/layout.toml`, `layout.rs`); the physical state between
//! actions is plain data (`world.rs`), one per kitchen state.
//!
//! Scores are computed as always, on the qualitative attributes; this crate
//! adds poses, particle counts, spills and a mass balance (`report.rs`).

pub mod dynamics;
mod hand;
mod initial;
mod inventory;
pub mod layout;
mod placement;
mod pour;
mod realize;
pub mod render;
mod report;
mod scene;
mod shapes;
pub mod world;

use std::sync::Arc;

use sous_kitchen::KitchenState;
use sous_lang::Recipe;
use sous_sim::{ActionContext, Backend, BackendError, Execution, Options, World as AnyWorld};

pub use layout::{Layout, LAYOUT_TOML};
pub use render::{render_png, RenderError};
pub use report::{
    add_poses_after, physics_json, physics_summary, MassBalance, Misplaced, PhysicsSummary,
};
pub use world::World;

/// The physics backend (stateless: every world it makes is plain data).
#[derive(Debug, Default, Clone, Copy)]
pub struct Quantitative;

/// The backend as a `'static` reference, for options that keep one.
pub static QUANTITATIVE: Quantitative = Quantitative;

impl Backend for Quantitative {
    fn name(&self) -> &'static str {
        "quantitative"
    }

    fn initial(&self, kitchen: &KitchenState) -> Result<AnyWorld, BackendError> {
        Ok(Arc::new(initial::initial_world(kitchen)?))
    }

    fn realize(
        &self,
        world: &AnyWorld,
        action: &ActionContext<'_>,
        after: &mut KitchenState,
    ) -> Result<AnyWorld, BackendError> {
        let world = world
            .downcast_ref::<World>()
            .ok_or_else(|| BackendError::Failed("the world is not a physics world".into()))?;
        if action.signature.name == "get-kitchen" {
            return Ok(Arc::new(world.clone()));
        }
        Ok(Arc::new(realize::realize(world, action, after)?))
    }
}

/// Executes a recipe in quantitative mode.
pub fn execute(recipe: &Recipe) -> Execution {
    sous_sim::execute_in(recipe, Options::default(), &Quantitative)
}

/// The physics world after step `step` of a quantitative execution.
pub fn world_after(x: &Execution, step: usize) -> Option<&World> {
    x.world_after(step)?.downcast_ref::<World>()
}

/// Which simulator carries out the actions.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Mode {
    /// The symbolic kitchen alone (the reference's default).
    #[default]
    Qualitative,
    /// The symbolic kitchen carried out in the physics kitchen.
    Quantitative,
}

/// Executes a recipe in the given mode.
pub fn execute_in_mode(recipe: &Recipe, mode: Mode) -> Execution {
    execute_in_mode_with(recipe, mode, Options::default())
}

/// Executes a recipe in the given mode with the given options (e.g. the
/// corrected profile): the physics carries out whatever the symbolic
/// kitchen of that profile decides.
pub fn execute_in_mode_with(recipe: &Recipe, mode: Mode, options: Options) -> Execution {
    match mode {
        Mode::Qualitative => sous_sim::execute_with(recipe, options),
        Mode::Quantitative => sous_sim::execute_in(recipe, options, &Quantitative),
    }
}
