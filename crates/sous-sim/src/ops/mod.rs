//! Kitchen operations shared by several primitives.

pub mod cutting;
pub mod heat;
pub mod mixture;
pub mod portions;
pub mod temperature;
pub mod weigh;

use sous_kitchen::ConversionError;

use crate::SimError;

/// Most objects one action may make (portions, pieces, cracked eggs). The
/// reference makes as many as the numbers say, so a mistyped amount
/// (`50888888880 g` of dough in 20 g portions) runs it out of memory; here
/// the action stops with an error instead. Recipes need a few dozen.
pub const MAX_NEW_OBJECTS: f64 = 10_000.0;

/// Fails when an action would make `count` objects, more than
/// [`MAX_NEW_OBJECTS`].
#[inline]
pub fn check_new_objects(count: f64, what: &str) -> Result<(), SimError> {
    if count > MAX_NEW_OBJECTS {
        return Err(too_many_objects(count, what));
    }
    Ok(())
}

#[cold]
#[inline(never)]
fn too_many_objects(count: f64, what: &str) -> SimError {
    SimError::Crash(format!(
        "{count:.0} {what}: more than the {MAX_NEW_OBJECTS} objects one action may make"
    ))
}

impl From<ConversionError> for SimError {
    fn from(e: ConversionError) -> Self {
        SimError::Crash(e.to_string())
    }
}
