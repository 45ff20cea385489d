//! `shake`: the jar in hand, covered and shaken (`shake the vinegar and
//! oil in a jar`: they go into it first).

use sous_lang::call::*;

use super::{Clause, Flow};
use crate::baseline::session::Session;
use crate::instructions::{Kind, Verb};

pub(super) fn act(s: &mut Session, c: &Clause) -> Flow {
    if !s.refer(&c.ws).fresh.is_empty() {
        s.combine(&Verb::implied(Kind::Add), c.text, &c.ws);
    }
    let Some(w) = s.in_hand() else {
        return Flow::Stop;
    };
    let jar = s.bowl(w).var.clone();
    // `Cover and shake`: covered once.
    let covered = if s.last_action().is_some_and(|a| {
        a.signature.kind == Cover::KIND && a.variable(cover::COVERED_OBJECT) == Some(jar.as_str())
    }) {
        Some(jar)
    } else {
        let call = Call::<Cover>::new()
            .with(cover::OBJECT, &jar)
            .with(cover::COVER, "?lid");
        let why = "covered to shake";
        s.act(call, cover::OBJECT, cover::COVERED_OBJECT, "covered", why)
    };
    if let Some(c) = covered {
        let call = Call::<Shake>::new().with(shake::CONTAINER_WITH_INPUT_INGREDIENTS, c);
        let (input, output) = (
            shake::CONTAINER_WITH_INPUT_INGREDIENTS,
            shake::CONTAINER_WITH_MIXTURE,
        );
        if let Some(out) = s.act(call, input, output, "shaken", "shaken") {
            s.bowl_mut(w).mixed = true;
            s.worked(out);
        }
    }
    Flow::Go
}
