//! `cook until tender`: what is in the pot on the stove, boiled.

use super::{Clause, Flow};
use crate::baseline::session::Session;

pub(super) fn act(s: &mut Session, _c: &Clause) -> Flow {
    // `Add potatoes and cook until tender`: boiled, in the pot on.
    let Some(w) = s.in_hand().filter(|&w| s.bowl(w).heatable) else {
        return Flow::Stop;
    };
    let input = s.bowl(w).var.clone();
    if let Some(out) = s.boil_on_the_stove(&input, "cooked in the pot on the stove") {
        s.worked(out);
    }
    Flow::Go
}
