//! `sprinkle`, `dust`, `drizzle`: the named things over the last thing
//! made (or stirred into a batter).

use sous_lang::call::*;

use super::{Clause, Flow};
use crate::baseline::session::Session;
use crate::instructions::{words, Kind, Verb};

pub(super) fn act(s: &mut Session, c: &Clause) -> Flow {
    let (clause, ws) = (c.text, &c.ws);
    s.mix_before_finishing();
    let r = s.refer(ws);
    if r.fresh.is_empty() {
        // `Drizzle (the) dressing over the corn mixture`: what is
        // in hand, over the other bowl.
        s.sprinkle_bowl(&r.bowls, &r.bowl_at, ws);
        return Flow::Stop;
    }
    // `Sprinkle the soda and salt over the mixture and stir them
    // in`: sprinkled onto a batter that is then stirred, they
    // are added to it.
    let stirred_in = words(s.sentence())
        .iter()
        .any(|x| crate::clause_words::ClauseWords::get().stirred_in.has(x));
    let onto_batter = s.in_hand().is_some_and(|w| {
        let b = s.bowl(w);
        !b.vessel && !b.items.is_empty() && s.is_it(&b.var)
    }) && !s.work_has_pieces();
    if stirred_in && onto_batter {
        s.combine(&Verb::implied(Kind::Add), clause, ws);
        return Flow::Stop;
    }
    let Some(mut thing) = s.it() else {
        return Flow::Stop;
    };
    for i in r.fresh {
        let topping = s.ingredient(i).var.clone();
        let call = Call::<Sprinkle>::new()
            .with(sprinkle::OBJECT, &thing)
            .with(sprinkle::TOPPING_CONTAINER, topping);
        let (input, output) = (sprinkle::OBJECT, sprinkle::SPRINKLED_OBJECT);
        if let Some(out) = s.act(call, input, output, "sprinkled", "over the last thing made") {
            s.use_up(i);
            if let Some(w) = s.in_hand().filter(|&w| s.bowl(w).var == out) {
                s.bowl_mut(w).topped = true;
            }
            s.made(out.clone());
            thing = out;
        }
    }
    Flow::Go
}
