//! `flatten`: the portions in hand, flattened.

use sous_lang::call::*;

use super::{Clause, Flow};
use crate::baseline::session::Session;

pub(super) fn act(s: &mut Session, _c: &Clause) -> Flow {
    let Some(thing) = s.it().filter(|_| s.portions()) else {
        return Flow::Stop;
    };
    use flatten::*;
    let call = Call::<Flatten>::new()
        .with(PORTIONS, thing)
        .with(CAN_FLATTEN_TOOL, "?rolling-pin");
    let why = "flatten the portions";
    if let Some(out) = s.act(
        call,
        PORTIONS,
        CONTAINER_WITH_FLATTENED_ITEMS,
        "flattened",
        why,
    ) {
        s.made(out);
    }
    Flow::Go
}
