//! Evaluation of predicted recipe networks against the benchmark's gold
//! standard, with the reference evaluator's four metrics.
//!
//! * [`smatch`]: structural overlap of the network texts (no simulation).
//! * goal-condition success, dish approximation score and execution time:
//!   computed from the simulated executions of the prediction and the gold.
//!
//! It sits on `sous-lang` (reading predictions, [`source`]), `sous-sim`
//! (running them and the gold networks) and `sous-kitchen` (comparing the
//! objects they make). The front ends all score through it: `sous
//! evaluate`, `POST /api/evaluate` and the Python package's `sous.evaluate`
//! return its [`RecipeReport`], and [`csv::results_csv`] writes the
//! reference evaluator's CSV.
//!
//! # Entry points
//!
//! - [`evaluate_recipe`]: one parsed prediction against a [`GoldStandard`]
//!   folder ([`GoldStandard::load`]); [`batch`]: a whole file in parallel;
//! - [`evaluate_text`]: one network's text against another's, for a gold
//!   network that is in no folder;
//! - [`source::load`]: a `.solution` file as recipes, each with its problems;
//! - [`session::Session`]: a network built call by call, evaluated when asked;
//! - [`RecipeReport`]: the scores, the problems and their explanation.
//!
//! # Example
//!
//! The example recipes that ship with sous have no gold network, so the
//! first one stands as its own gold here, against a prediction that puts
//! in four times its salt:
//!
//! ```
//! use sous_eval::{evaluate_text, source::load_text, Metric, MetricSet, Options};
//!
//! let demo = load_text("demo.solution".into(), include_str!("../../sous-cli/demo/demo.solution").into());
//! let gold = demo.recipe_text(0); // #simple-cucumber-salad, parsed and validated
//! // Line 6 fetches the salt; its token 6 is the amount, 0.5 teaspoon.
//! let salty = sous_lang::edits::edited(gold, "salty-salad", ["set 6 6 2"])?;
//!
//! // Both are run in the simulated kitchen, then compared.
//! let options = Options { metrics: MetricSet::ALL, explain: true, ..Options::default() };
//! let report = evaluate_text(&salty, gold, &options)?;
//! println!("{}", sous_eval::text::scores(&report, options.metrics));
//! let dish = report.value(Metric::DishApproximationScore).expect("both ran");
//! assert!(0.5 < dish && dish < 1.0);
//! assert!(report.value(Metric::SmatchScore).is_some_and(|f1| f1 < 1.0));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![warn(missing_docs)]

pub mod aliasing;
pub mod dish;
pub mod errata;
pub mod errors;
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
