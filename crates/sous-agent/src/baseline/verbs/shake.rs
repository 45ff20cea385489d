//! `shake`: the jar in hand, covered and shaken.

use super::{Clause, Flow};
use crate::baseline::session::Session;

pub(super) fn act(s: &mut Session, _c: &Clause) -> Flow {
    let Some(w) = s.work else {
        return Flow::Stop;
    };
    let jar = s.bowls[w].var.clone();
    // `Cover and shake`: covered once.
    let covered = if s
        .actions
        .last()
        .is_some_and(|a| a.starts_with("(cover ") && a.contains(&format!("(cover {jar} ")))
    {
        Some(jar)
    } else {
        s.act("cover", "covered", &jar, "?lid", "covered to shake")
    };
    if let Some(c) = covered {
        if let Some(out) = s.act("shake", "shaken", &c, "", "shaken") {
            s.bowls[w].mixed = true;
            s.worked(out);
        }
    }
    Flow::Go
}
