//! The four metrics by name, and which of them a run computes.

use serde::Serialize;

/// One of the benchmark's four metrics, named as the reference names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Metric {
    /// Overlap of the network texts' triples (no simulation).
    SmatchScore,
    /// The share of the gold network's intermediate states the prediction reaches.
    GoalConditionSuccess,
    /// How close the prediction's best dish comes to the gold dish.
    DishApproximationScore,
    /// When the prediction's last output is ready, in simulated seconds.
    ExecutionTime,
}

impl Metric {
    /// In the reference's fixed column order.
    pub const ALL: [Metric; 4] = [
        Metric::SmatchScore,
        Metric::GoalConditionSuccess,
        Metric::DishApproximationScore,
        Metric::ExecutionTime,
    ];

    /// The name on the command line and in the CSV header.
    pub fn name(self) -> &'static str {
        match self {
            Metric::SmatchScore => "smatch-score",
            Metric::GoalConditionSuccess => "goal-condition-success",
            Metric::DishApproximationScore => "dish-approximation-score",
            Metric::ExecutionTime => "execution-time",
        }
    }

    /// The label of the console output.
    pub fn label(self) -> &'static str {
        match self {
            Metric::SmatchScore => "Smatch Score",
            Metric::GoalConditionSuccess => "Goal-Condition Success",
            Metric::DishApproximationScore => "Dish Approximation Score",
            Metric::ExecutionTime => "Recipe Execution Time",
        }
    }

    /// Case-insensitive, as the reference reads its `-metrics` symbols.
    pub fn parse(name: &str) -> Option<Metric> {
        Metric::ALL
            .into_iter()
            .find(|m| m.name().eq_ignore_ascii_case(name))
    }
}

/// The metrics to compute, always reported in [`Metric::ALL`] order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MetricSet([bool; 4]);

impl MetricSet {
    /// No metric: the start of a set built with [`MetricSet::with`].
    pub const NONE: MetricSet = MetricSet([false; 4]);
    /// All four metrics.
    pub const ALL: MetricSet = MetricSet([true; 4]);

    /// The set with `m` added.
    pub fn with(mut self, m: Metric) -> MetricSet {
        self.0[m as usize] = true;
        self
    }

    /// Whether `m` is to be computed.
    pub fn contains(self, m: Metric) -> bool {
        self.0[m as usize]
    }

    /// Whether no metric is to be computed.
    pub fn is_empty(self) -> bool {
        self == MetricSet::NONE
    }

    /// The metrics of the set, in [`Metric::ALL`] order.
    pub fn iter(self) -> impl Iterator<Item = Metric> {
        Metric::ALL.into_iter().filter(move |m| self.contains(*m))
    }

    /// Whether any metric needs the simulation.
    pub fn needs_simulation(self) -> bool {
        self.iter().any(|m| m != Metric::SmatchScore)
    }
}

impl Default for MetricSet {
    /// As the reference: every metric but Smatch.
    fn default() -> Self {
        MetricSet([false, true, true, true])
    }
}

impl FromIterator<Metric> for MetricSet {
    fn from_iter<I: IntoIterator<Item = Metric>>(iter: I) -> Self {
        iter.into_iter().fold(MetricSet::NONE, MetricSet::with)
    }
}
