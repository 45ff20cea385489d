use sous_kitchen::EntityRef;

/// A variable's value and the time at which it becomes available
/// (`None` for constants and the defaults the reference gives no time).
#[derive(Debug, Clone, PartialEq)]
pub struct Binding {
    /// The entity bound: an object of the kitchen state it was made in, a
    /// kitchen state, or a constant's concept.
    pub value: EntityRef,
    /// When it is ready; the latest of these is the recipe's execution time.
    pub available_at: Option<f64>,
}
