//! The qualitative kitchen simulator.
//!
//! [`execute`] turns a parsed recipe network into an [`Execution`]: it binds
//! the network's constants, then repeatedly runs an applicable action (one
//! whose kitchen-state input and every required input are bound and whose
//! bound arguments match one of the primitive's cases), exactly as the
//! reference's IRL search does, but in a fixed order (see [`engine`]).
//! The primitives live one per module under [`primitives`]; what they bind to
//! an optional argument left unbound is described by [`argument_default`].

pub mod backend;
mod binding;
mod defaults;
pub mod engine;
mod exec;
mod graph;
mod mode;
mod network;
pub mod ops;
pub mod primitives;
mod profile;
pub mod reference;
mod report;
mod session;

pub use backend::{ActionContext, Backend, BackendError, World};
pub use binding::Binding;
pub use defaults::{argument_default, argument_defaults, ArgumentDefault, Defaults, DEFAULTS_TOML};
pub use engine::{
    execute, execute_in, execute_with, Execution, Failure, FailureKind, Options, Step,
};
pub use exec::{Call, Exec, SimError};
pub use graph::{action_graph, ActionGraph, GraphEdge, GraphNode};
pub use mode::{Mode, Named, UnknownName};
pub use network::{Action, ArgClass, Network, Variable};
pub use profile::Profile;
pub use reference::{primitive_reference, reference_text, ArgumentDoc, PrimitiveDoc};
pub use report::{execution_json, execution_json_with, ExecutionView, LeanExecutionView};
pub use session::{AddError, Added, Session, TextError};
