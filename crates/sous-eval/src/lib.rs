//! Evaluation of predicted recipe networks against the benchmark's gold
//! standard, with the reference evaluator's four metrics.
//!
//! * [`smatch`]: structural overlap of the network texts (no simulation).
//! * goal-condition success, dish approximation score and execution time:
//!   computed from the simulated executions of the prediction and the gold.

pub mod smatch;
