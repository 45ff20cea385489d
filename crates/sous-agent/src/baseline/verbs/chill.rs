//! `refrigerate`, `chill`: the last thing made, in the fridge.

use super::{Clause, Flow};
use crate::baseline::session::{number, Session};
use crate::instructions::duration;

pub(super) fn act(s: &mut Session, c: &Clause) -> Flow {
    let clause = c.text;
    s.mix_before_finishing();
    let Some(thing) = s.last.clone() else {
        return Flow::Stop;
    };
    // `Refrigerate and allow to stand 8 hours`: the time may be
    // elsewhere in the sentence.
    let (d, unit) = duration(clause)
        .or_else(|| duration(&s.sentence))
        .unwrap_or((1.0, "hour"));
    let rest = format!("?fridge {} {unit}", number(d));
    if let Some(out) = s.act(
        "refrigerate",
        "chilled",
        &thing,
        &rest,
        "the last thing made",
    ) {
        s.last = Some(out);
        s.chilled_in_sentence = true;
    }
    Flow::Go
}
