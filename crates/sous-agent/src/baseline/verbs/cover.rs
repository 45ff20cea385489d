//! `cover`: the last thing made, with a cover the sentence names.

use sous_lang::call::*;

use super::{Clause, Flow};
use crate::baseline::session::Session;
use sous_kitchen::Ontology;

pub(super) fn act(s: &mut Session, c: &Clause) -> Flow {
    let ws = &c.ws;
    s.mix_before_finishing();
    let Some(thing) = s.it() else {
        return Flow::Stop;
    };
    let onto = Ontology::get();
    let named = s.named_tool(ws, |c| {
        onto.id(c).is_some_and(|id| onto.is_a_name(id, "can-cover"))
    });
    let cover = match named.and_then(|c| s.fetch(c, "the cover the sentence names")) {
        Some(c) => c,
        None => "?cover".to_string(),
    };
    let call = Call::<Cover>::new()
        .with(cover::OBJECT, thing)
        .with(cover::COVER, cover);
    let why = "cover the last thing made";
    if let Some(out) = s.act(call, cover::OBJECT, cover::COVERED_OBJECT, "covered", why) {
        s.made(out);
    }
    Flow::Go
}
