//! `preheat the oven to 180 °C`.

use sous_lang::call::*;

use super::{Clause, Flow};
use crate::baseline::session::Session;
use crate::instructions::temperature;

pub(super) fn act(s: &mut Session, c: &Clause) -> Flow {
    let (clause, ws) = (c.text, &c.ws);
    // `Heat the milk` is not about the oven.
    if !crate::clause_words::ClauseWords::get().oven.in_clause(ws) {
        return Flow::Go;
    }
    let t = temperature(clause).unwrap_or(180.0);
    use preheat_oven::*;
    let call = Call::<PreheatOven>::new()
        .with(OVEN, "?oven")
        .with(QUANTITY, t)
        .with(UNIT, "degrees-celsius");
    s.oven = s.act(call, OVEN, PREHEATED_OVEN, "oven", "preheat");
    Flow::Go
}

#[cfg(test)]
mod tests {
    use super::super::fixture::{actions, network};

    const ING: &[&str] = &["200 grams flour"];
    const INS: &[&str] = &["Preheat the oven to 350 degrees F.", "Heat the milk."];

    #[test]
    fn preheat_fixture() {
        let n = network(ING, INS);
        let preheat = actions(&n, "preheat-oven");
        assert_eq!(
            preheat.len(),
            1,
            "heating the milk is not about the oven: {n}"
        );
        assert!(preheat[0].ends_with(" 177 degrees-celsius)"), "{n}");
    }
}
