//! A second simulator behind the same engine.
//!
//! The paper's IRL engine hands each action to one of two simulators
//! according to the execution mode. Here the qualitative primitives always
//! decide what an action does to the symbolic kitchen; a [`Backend`] then
//! carries that change out in a world of its own (a physics kitchen, say),
//! may amend the output kitchen state with what it measured, and may fail
//! the action when it cannot carry it out. The engine keeps one world per
//! kitchen-state variable, so backtracking and networks that read an earlier
//! kitchen state work exactly as in qualitative mode.
//!
//! The world is type-erased ([`World`]) so that `sous-sim` knows nothing of
//! the backend's crate (rapier stays out of this one).

use std::any::Any;
use std::sync::Arc;

use sous_kitchen::{EntityRef, KitchenState};
use sous_lang::Signature;

/// A backend's world after some action: immutable, shared between the
/// bindings and search nodes that refer to it.
pub type World = Arc<dyn Any + Send + Sync>;

/// What a backend sees of one action that the qualitative primitive ran.
pub struct ActionContext<'a> {
    /// The action's primitive, in the form the network wrote it.
    pub signature: &'static Signature,
    /// The primitive's case (0-based, reference order).
    pub case: usize,
    /// The action's text, for messages.
    pub text: &'a str,
    /// Every argument's value after the action (`None` if still unbound).
    pub args: Vec<Option<EntityRef>>,
    /// The kitchen state the action started from.
    pub before: &'a KitchenState,
    /// When the cook starts on the action.
    pub start: f64,
    /// When its outputs are available.
    pub end: f64,
}

/// Why a backend could not carry out an action.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum BackendError {
    /// The simulation diverged (NaN, a body left the room).
    #[error("the physics diverged: {0}")]
    Diverged(String),
    /// The world ended in a state that contradicts the action.
    #[error("{0}")]
    Failed(String),
}

/// A simulator the engine delegates every executed action to.
pub trait Backend: Sync {
    /// The execution mode's name (`quantitative`).
    fn name(&self) -> &'static str;

    /// The world that goes with the initial kitchen (what `get-kitchen` binds).
    fn initial(&self, kitchen: &KitchenState) -> Result<World, BackendError>;

    /// Carries out one action on `world` (the world of the action's input
    /// kitchen state). `after` is the kitchen state the primitive produced;
    /// the backend may change it (its changes are what gets bound). Returns
    /// the world of the output kitchen state.
    fn realize(
        &self,
        world: &World,
        action: &ActionContext<'_>,
        after: &mut KitchenState,
    ) -> Result<World, BackendError>;
}
