//! `refrigerate`, `chill`: the last thing made, in the fridge.

use sous_lang::call::*;

use super::{Clause, Flow};
use crate::baseline::session::Session;
use crate::instructions::duration;

pub(super) fn act(s: &mut Session, c: &Clause) -> Flow {
    let clause = c.text;
    s.mix_before_finishing();
    let Some(thing) = s.it() else {
        return Flow::Stop;
    };
    // `Refrigerate and allow to stand 8 hours`: the time may be
    // elsewhere in the sentence.
    let (d, unit) = duration(clause)
        .or_else(|| duration(s.sentence()))
        .unwrap_or((1.0, "hour"));
    use refrigerate::*;
    let call = Call::<Refrigerate>::new()
        .with(CONTAINER_WITH_INGREDIENTS, thing)
        .with(REFRIGERATOR, "?fridge")
        .with(COOLING_QUANTITY, d)
        .with(COOLING_UNIT, unit);
    let (input, output) = (
        CONTAINER_WITH_INGREDIENTS,
        CONTAINER_WITH_INGREDIENTS_AT_TEMPERATURE,
    );
    if let Some(out) = s.act(call, input, output, "chilled", "the last thing made") {
        s.made(out);
        s.chilled();
    }
    Flow::Go
}
