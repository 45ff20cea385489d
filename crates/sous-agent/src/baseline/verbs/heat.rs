//! `bring to a boil`, `heat`: a pot put on; what is added next goes in.

use super::{is_bowl, Clause, Flow};
use crate::baseline::session::Session;
use crate::habits::Habits;
use sous_kitchen::Ontology;

pub(super) fn act(s: &mut Session, c: &Clause) -> Flow {
    let ws = &c.ws;
    // `Bring a large pot of salted water to a boil`: the pot is put
    // on, and what is added next goes into it.
    let words = crate::clause_words::ClauseWords::get();
    if !words.to_a_boil.in_clause(ws) {
        return Flow::Stop;
    }
    let named = s.named_tool(ws, is_bowl);
    // `Place the potatoes in a pot of water and bring to a boil`: the pot
    // in hand is the one put on.
    let in_hand = s
        .in_hand()
        .filter(|&w| named.is_none() && s.bowl(w).heatable);
    let w = match in_hand {
        Some(w) => w,
        None => {
            s.want_new_bowl();
            s.put_down();
            s.work_bowl(Some(named.unwrap_or(Habits::get().boiling_vessel)))
        }
    };
    // `a pot of water` with no amount: a potful, from the tap.
    let water_known = s
        .ingredients()
        .iter()
        .any(|f| Ontology::get().name(f.class) == "water");
    let sentence = crate::instructions::words(s.sentence());
    if words.water.in_clause(&sentence) && !water_known {
        let ml = Habits::get().boiling_water_ml;
        if let Ok(read) = crate::ingredient_line::read_line(&format!("{ml} ml water")) {
            s.fetch_ingredient(
                &read,
                vec!["water".into()],
                ml,
                false,
                "water for the pot, no amount given",
            );
            if let Some(i) = s.ingredients().len().checked_sub(1) {
                let f = s.ingredient(i);
                if f.bowl.is_none() && Ontology::get().name(f.class) == "water" {
                    s.take_up(w);
                    s.add(i, None);
                }
            }
        }
    }
    Flow::Go
}
