//! `line` (a tray with paper, tins with cups): a vessel made ready, as
//! [`super::grease`] does.

use super::{Clause, Flow};
use crate::baseline::session::Session;

pub(super) fn act(s: &mut Session, c: &Clause) -> Flow {
    super::grease::ready_vessel(s, c)
}
