//! `preheat the oven to 180 °C`.

use super::{Clause, Flow};
use crate::baseline::session::{number, Session};
use crate::instructions::temperature;

pub(super) fn act(s: &mut Session, c: &Clause) -> Flow {
    let (clause, ws) = (c.text, &c.ws);
    // `Heat the milk` is not about the oven.
    if !ws.iter().any(|w| w == "oven" || w == "preheat") {
        return Flow::Go;
    }
    let t = temperature(clause).unwrap_or(180.0);
    let rest = format!("{} degrees-celsius", number(t));
    s.oven = s.act("preheat-oven", "oven", "?oven", &rest, "preheat");
    Flow::Go
}
