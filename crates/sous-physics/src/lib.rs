//! The quantitative kitchen: the second simulator of the benchmark.
//!
//! The engine of `sous-sim` runs each action's qualitative primitive and
//! then hands it to [`Quantitative`], which carries it out in a 3D kitchen
//! on rapier (`scene.rs`): the hand carries objects along waypoints
//! (`hand.rs`), liquids and granular ingredients are particles that are
//! poured (`pour.rs`), solids are rigid bodies, and merging, cooking and
//! waiting are custom dynamics (`realize/mod.rs`, `dynamics/`). The kitchen's geometry is
//! data (`data/layout.toml`, `layout.rs`); the physical state between
//! actions is plain data (`world.rs`), one per kitchen state.
//!
//! Scores are computed as always, on the qualitative attributes; this crate
//! adds poses, particle counts, spills and a mass balance (`report.rs`).
//!
//! It sits beside `sous-eval`, on `sous-sim` (whose [`Backend`] it is, so
//! that rapier stays out of the simulator), `sous-kitchen` and `sous-lang`.
//! The front ends reach it through `--mode quantitative`: the `physics`
//! JSON of the HTTP API, and the PNG and glTF files of `sous run`.
//!
//! # Entry points
//!
//! - [`backend`]: the simulator a [`Mode`] runs on, the one place a mode is
//!   mapped to one; [`Quantitative`] is the backend itself;
//! - [`execute`] and [`execute_in_mode_with`]: a whole network;
//! - [`World`]: the physical kitchen after an action; [`physics_json`] and
//!   [`physics_summary`]: what a run adds to its report;
//! - [`dynamics::fire`]: whether an action's custom dynamics take effect;
//! - [`render_step`] and [`world_glb`]: pictures and 3D files of a step.
//!
//! # Example
//!
//! Run the first of the example recipes that ship with sous in the physics
//! kitchen, check its mass balance, and score it with `sous-eval`:
//!
//! ```
//! use sous_eval::{evaluate_text, source::load_text, Metric, MetricSet, Options, Simulator};
//!
//! let demo = load_text("demo.solution".into(), include_str!("../../sous-cli/demo/demo.solution").into());
//! let (salad, _) = &demo.recipes[0]; // parsed and validated
//! let run = sous_physics::execute(salad);
//! assert!(run.solved);
//! let physics = sous_physics::physics_summary(&run).expect("a quantitative run");
//! assert_eq!(physics.spilled_mass_g, 0.0);
//! assert!(physics.mass_balance.iter().all(|m| m.exact));
//!
//! // No gold network exists for it: scored against itself (the prediction
//! // carried out in the physics kitchen too), it is perfect.
//! let quantitative = sous_physics::backend(sous_physics::Mode::Quantitative).map(Simulator);
//! let options = Options { metrics: MetricSet::ALL, backend: quantitative, ..Options::default() };
//! let report = evaluate_text(demo.recipe_text(0), demo.recipe_text(0), &options)?;
//! assert_eq!(report.value(Metric::DishApproximationScore), Some(1.0));
//! # Ok::<(), sous_eval::source::NotOneNetwork>(())
//! ```

#![warn(missing_docs)]

pub mod budget;
pub mod dynamics;
pub mod export;
mod hand;
mod heap;
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

pub use export::{world_glb, ExportError};
pub use layout::{Layout, LAYOUT_TOML};
pub use render::{render, render_png, render_step_png, Caption, RenderError, RenderRequest};
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
        if action.signature.kind == sous_lang::PrimitiveKind::GetKitchen {
            return Ok(Arc::new(world.clone()));
        }
        budget::check()?;
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

/// The physics world step `step` started from (its kitchen-state input),
/// so that a picture can frame what the step changed.
pub fn world_before(x: &Execution, step: usize) -> Option<&World> {
    let a = &x.network.actions[x.steps.get(step)?.action];
    let i =
        (0..a.args.len()).find(|&i| a.signature.role(i) == sous_lang::ArgRole::KitchenStateIn)?;
    x.worlds.get(a.args[i])?.as_ref()?.downcast_ref::<World>()
}

/// The caption of step `step`: its number (1-based), its action's text
/// and the line of the network it is on.
pub fn step_caption(x: &Execution, step: usize) -> Option<Caption> {
    let a = &x.network.actions[x.steps.get(step)?.action];
    Some(Caption {
        step: step + 1,
        action: a.text.clone(),
        line: (a.span.line > 0).then_some(a.span.line as usize),
        sentence: None,
    })
}

/// The picture of step `step`: what it changed framed on the left (the
/// counter when it moved nothing, or when its start is unknown), with its
/// caption. `None` when the execution has no physics world for that step.
pub fn render_step(x: &Execution, step: usize) -> Option<Result<Vec<u8>, RenderError>> {
    let after = world_after(x, step)?;
    let caption = step_caption(x, step)?;
    Some(render(&RenderRequest {
        world: after,
        before: world_before(x, step),
        caption: Some(&caption),
    }))
}

/// A step's binary glTF, and the name of the node to frame (if any).
pub type StepGlb = (Vec<u8>, Option<String>);

/// The 3D file (binary glTF) of step `step`, and the node to frame.
///
/// A container that stood in an appliance during the step (the tray in the
/// oven while it baked) is shown there, with everything it holds: the hand
/// takes it back afterwards, as the reference keeps it, so the world after
/// the step has it where it came from. The node to frame is then that
/// place's (`place-oven`). `None` when the execution has no physics world
/// for that step.
pub fn step_glb(x: &Execution, step: usize) -> Option<Result<StepGlb, ExportError>> {
    let after = world_after(x, step)?;
    let Some((id, place, spot)) = after.last.held_in.clone() else {
        return Some(world_glb(after).map(|b| (b, None)));
    };
    let mut w = after.clone();
    if let Some(from) = w.bodies.get(&id).map(|b| b.pose.position) {
        let d = [spot[0] - from[0], spot[1] - from[1], spot[2] - from[2]];
        // The body and everything it holds, however deep.
        let mut moved = vec![id];
        let mut i = 0;
        while i < moved.len() {
            let holders: Vec<sous_kitchen::Pid> = w
                .objects
                .iter()
                .filter(|(_, b)| **b == moved[i])
                .map(|(p, _)| *p)
                .collect();
            for (bid, b) in &w.bodies {
                if holders.contains(&b.holder) && !moved.contains(bid) {
                    moved.push(*bid);
                }
            }
            i += 1;
        }
        for bid in moved {
            if let Some(b) = w.bodies.get_mut(&bid) {
                for (p, dp) in b.pose.position.iter_mut().zip(d) {
                    *p += dp;
                }
            }
        }
    }
    Some(world_glb(&w).map(|b| (b, Some(format!("place-{place}")))))
}

pub use sous_sim::Mode;

/// The backend a mode runs on (`None`: the symbolic kitchen alone). The one
/// place a mode is mapped to a simulator: every front end asks here.
pub fn backend(mode: Mode) -> Option<&'static dyn sous_sim::Backend> {
    match mode {
        Mode::Qualitative => None,
        Mode::Quantitative => Some(&QUANTITATIVE),
    }
}

/// Executes a recipe in the given mode.
pub fn execute_in_mode(recipe: &Recipe, mode: Mode) -> Execution {
    execute_in_mode_with(recipe, mode, Options::default())
}

/// Executes a recipe in the given mode with the given options (e.g. the
/// corrected profile): the physics carries out whatever the symbolic
/// kitchen of that profile decides.
pub fn execute_in_mode_with(recipe: &Recipe, mode: Mode, options: Options) -> Execution {
    match backend(mode) {
        None => sous_sim::execute_with(recipe, options),
        Some(b) => sous_sim::execute_in(recipe, options, b),
    }
}
