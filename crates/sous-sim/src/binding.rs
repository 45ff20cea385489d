use sous_kitchen::EntityRef;

/// A variable's value and the time at which it becomes available
/// (`None` for constants and the defaults the reference gives no time).
#[derive(Debug, Clone, PartialEq)]
pub struct Binding {
    pub value: EntityRef,
    pub available_at: Option<f64>,
}
