//! Evaluation of predicted recipe networks against the benchmark's gold
//! standard, with the reference evaluator's four metrics.
//!
//! * [`smatch`]: structural overlap of the network texts (no simulation).
//! * goal-condition success, dish approximation score and execution time:
//!   computed from the simulated executions of the prediction and the gold.

pub mod aliasing;
pub mod dish;
pub mod errata;
pub mod evaluate;
pub mod goals;
pub mod gold;
pub mod location;
pub mod metric;
pub mod nodes;
pub mod points;
pub mod report;
pub mod rounding;
pub mod session;
pub mod similar;
pub mod smatch;
mod smatch_report;
pub mod source;

pub use evaluate::{evaluate_recipe, evaluate_text, Options, Simulator};
pub use gold::{GoldNetwork, GoldStandard};
pub use metric::{Metric, MetricSet};
pub use report::RecipeReport;
pub mod batch;
pub mod benchmark;
pub mod csv;
pub mod text;
