//! Kitchen operations shared by several primitives.

pub mod cutting;
pub mod heat;
pub mod mixture;
pub mod portions;
pub mod temperature;
pub mod weigh;

use sous_kitchen::ConversionError;

use crate::SimError;

impl From<ConversionError> for SimError {
    fn from(e: ConversionError) -> Self {
        SimError::Crash(e.to_string())
    }
}
