//! The qualitative kitchen simulator.
//!
//! [`execute`] turns a parsed recipe network into an [`Execution`]: it binds
//! the network's constants, then repeatedly runs an applicable action (one
//! whose kitchen-state input and every required input are bound and whose
//! bound arguments match one of the primitive's cases), exactly as the
//! reference's IRL search does, but in a fixed order (see [`engine`]).
//! The primitives live one per module under [`primitives`]; what they bind to
//! an optional argument left unbound is described by [`argument_default`].
//!
//! It sits on `sous-lang` (the networks) and `sous-kitchen` (the kitchen
//! states its primitives change). `sous-eval` scores its executions,
//! `sous-physics` is a second [`Backend`] that carries every action out in
//! a physics kitchen, and the front ends report its [`Execution`]s as JSON
//! ([`ExecutionView`]).
//!
//! # Entry points
//!
//! - [`execute`], [`execute_with`] (a [`Profile`], a search limit) and
//!   [`execute_in`] (with a [`Backend`]): a whole network at once;
//! - [`Session`]: a network built one action at a time, each run as it
//!   becomes possible (agents, the HTTP API's sessions);
//! - [`Exec`] and [`Call`]: what a primitive sees of its action;
//!   [`primitives::run`] dispatches to the primitives.
//!
//! # Example
//!
//! Run the first of the example recipes that ship with sous, step by step,
//! and score it with `sous-eval`:
//!
//! ```
//! use sous_eval::{evaluate_text, source::load_text, Metric, MetricSet, Options};
//!
//! let demo = load_text("demo.solution".into(), include_str!("../../sous-cli/demo/demo.solution").into());
//! let (salad, _) = &demo.recipes[0]; // parsed and validated
//! let run = sous_sim::execute(salad);
//! assert!(run.solved && run.failures.is_empty());
//! for step in &run.steps {
//!     let action = &run.network.actions[step.action];
//!     println!("{:>5} {:>5}  {}", step.start, step.end, action.text);
//! }
//! // When the last output is ready, in simulated seconds.
//! assert_eq!(run.execution_time(), Some(300.0));
//!
//! // No gold network exists for it: scored against itself, it is perfect.
//! let options = Options { metrics: MetricSet::ALL, ..Options::default() };
//! let report = evaluate_text(demo.recipe_text(0), demo.recipe_text(0), &options)?;
//! assert_eq!(report.value(Metric::GoalConditionSuccess), Some(1.0));
//! # Ok::<(), sous_eval::source::NotOneNetwork>(())
//! ```

#![warn(missing_docs)]

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
