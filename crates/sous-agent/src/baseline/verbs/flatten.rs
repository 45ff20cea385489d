//! `flatten`: the portions in hand, flattened.

use super::{Clause, Flow};
use crate::baseline::session::Session;

pub(super) fn act(s: &mut Session, _c: &Clause) -> Flow {
    let Some(thing) = s.last.clone().filter(|_| s.portions) else {
        return Flow::Stop;
    };
    if let Some(out) = s.act(
        "flatten",
        "flattened",
        &thing,
        "?rolling-pin",
        "flatten the portions",
    ) {
        s.last = Some(out);
    }
    Flow::Go
}
