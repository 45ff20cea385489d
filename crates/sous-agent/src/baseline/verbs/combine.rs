//! `combine`, `mix`, `beat`, `whisk`: the named ingredients into the
//! working bowl (a new one if the sentence asks), then mixed.

use super::{is_bowl, Clause, Flow};
use crate::baseline::refer::Referents;
use crate::baseline::session::Session;
use crate::instructions::{Kind, Stirring, Verb};
use sous_kitchen::Ontology;

pub(super) fn act(s: &mut Session, c: &Clause) -> Flow {
    let (verb, clause, ws) = (c.verb, c.text, &c.ws);
    s.combine(verb, clause, ws);
    Flow::Go
}

impl Session {
    /// Combining and adding: the fresh ingredients go into the working
    /// bowl (a new one if the sentence asks), bowls named through their
    /// ingredients are poured in, or the working bowl into them (`pour into
    /// the flour mixture`, `pour over the salad`).
    pub(super) fn combine(&mut self, verb: &Verb, clause: &str, ws: &[String]) {
        let words = crate::clause_words::ClauseWords::get();
        let mut r = self.refer(ws);
        // `Let cool, then combine with the beans`: what is combined with
        // them is the last thing made.
        if ws.get(1).is_some_and(|w| words.with.has(w)) && !r.pronoun && r.bowls.is_empty() {
            if let Some(b) = self.it().and_then(|v| self.bowl_bound_to(&v)) {
                r.bowls.push(b);
                r.bowl_at.push(0);
                r.why
                    .push("`… with`: the last thing made, with them".into());
            }
        }
        for why in &r.why {
            self.note(why);
        }
        self.maybe_new_bowl(ws);
        // `Combine the flour, soda and spices` while a batter is in hand:
        // several fresh ingredients put together, with nothing that points
        // at the bowl in hand, are a new bowl (to be stirred in later).
        let together =
            ws.first().is_some_and(|w| words.combine_first.has(w)) || words.together.in_clause(ws);
        let points_at_bowl = r.pronoun || !r.bowls.is_empty() || words.at_the_bowl.in_clause(ws);
        // `Whisk the oil, vinegar and oregano` while a salad is in hand: a
        // dressing is made on its own, to be poured over it.
        let habits = crate::habits::Habits::get();
        let dressing = |items: &[usize]| {
            items
                .iter()
                .all(|&i| habits.makes_dressing(self.ingredient(i).class))
        };
        let whisked = verb.primitive != Some(Stirring::Mingle);
        // `Rub the butter into the flour` once the fruit is in its baking
        // dish: mixing is not done in the dish.
        // (`until it resembles breadcrumbs` points at no bowl.)
        let in_vessel = self.in_hand().is_some_and(|w| self.bowl(w).vessel)
            && !r.fresh.is_empty()
            && r.bowls.is_empty();
        // (`In a cup, mix the mayonnaise …`: `in` names no bowl in hand.)
        let dressing_apart = whisked
            && !r.pronoun
            && r.bowls.is_empty()
            && dressing(&r.fresh)
            && self.work_has_pieces();
        let apart = (together && !points_at_bowl) || dressing_apart;
        if verb.kind == Kind::Combine
            && ((apart && r.fresh.len() >= 2) || in_vessel)
            && self.something_in_hand()
        {
            self.note("a new bowl: these are put together on their own");
            self.set_aside();
        }
        let bowl_class = self.named_tool(ws, is_bowl);
        let mut fresh = r.fresh.clone();
        // What was cut and has gone into a bowl since is no longer loose.
        let loose: Vec<usize> = self
            .take_loose()
            .into_iter()
            .filter(|&i| !self.ingredient(i).used())
            .collect();
        if fresh.is_empty() && r.bowls.is_empty() && r.pronoun && !loose.is_empty() {
            fresh = loose;
            self.note("`it`/`them`: what the last sentence cut");
        } else if r.pronoun && !loose.is_empty() && !fresh.iter().any(|i| loose.contains(i)) {
            fresh.splice(0..0, loose);
        } else {
            self.left_loose(loose);
        }
        // `pour into`, `over`, `onto`; `add the egg mixture to the dry ones`.
        let toward = words.toward.in_clause(ws)
            || (verb.kind == Kind::Add && words.toward_after_add.in_clause(ws));
        let others: Vec<usize> = r
            .bowls
            .iter()
            .copied()
            .filter(|b| Some(*b) != self.in_hand())
            .collect();
        if self.in_hand().is_none() && fresh.is_empty() && others.len() == 1 {
            // `Beat the butter mixture`: that bowl is worked in again.
            self.take_up(others[0]);
        } else {
            // A bowl named before some of the fresh ingredients (`add the
            // sweet potatoes, black beans …`) goes in at its place.
            let first_other = r
                .bowls
                .iter()
                .position(|b| Some(*b) != self.in_hand())
                .map(|k| (r.bowls[k], r.bowl_at[k]));
            let mut poured = false;
            for (k, &i) in fresh.iter().enumerate() {
                if let (Some((b, b_at)), false, Some(w)) = (first_other, toward, self.in_hand()) {
                    let i_at = r
                        .fresh
                        .iter()
                        .position(|x| *x == i)
                        .map_or(usize::MAX, |p| r.fresh_at[p]);
                    if !poured && b_at < i_at && k > 0 {
                        self.pour(b, w, "the named bowl, into the working bowl");
                        poured = true;
                    }
                }
                if !self.ingredient(i).used() {
                    self.add(i, bowl_class);
                }
            }
            if let Some(w) = self.in_hand() {
                if let Some(&b) = others.first() {
                    if toward {
                        self.pour(w, b, "poured into the bowl the sentence names");
                    } else if !poured {
                        self.pour(b, w, "the named bowl, into the working bowl");
                    }
                } else if (toward || (self.with_other_bowl(ws) && !r.named_any)) && fresh.is_empty()
                {
                    self.join_the_two_bowls(w, &r, ws);
                }
            }
        }
        self.mix_after_combining(verb, bowl_class, ws);
        let _ = clause;
    }

    /// `Pour over the salad`, `toss with the dressing`: the two bowls in
    /// hand (`w` and the one set aside) become one. Poured over the bowl in
    /// hand (`pour the vinaigrette over the salad`), the one set aside goes
    /// into it; else the one in hand goes over the one set aside.
    fn join_the_two_bowls(&mut self, w: usize, r: &Referents, ws: &[String]) {
        let words = crate::clause_words::ClauseWords::get();
        // `Add the butter and rub it into the dry ingredients`:
        // what the sentence pours into is the bowl in hand.
        let into_hand = ws
            .iter()
            .position(|x| words.toward.has(x))
            .is_some_and(|o| {
                r.bowls
                    .iter()
                    .zip(&r.bowl_at)
                    .any(|(&b, &at)| b == w && at > o)
            });
        if into_hand {
            self.note("poured into the bowl in hand");
        } else if let Some(p) = self.bowl_aside() {
            // `the salad` is whichever of the two is no dressing.
            let salad_in_hand = self.salad_bowl(w) == w;
            self.no_longer_aside(p);
            // (`stir into the creamed mixture` moves the bowl in
            // hand into the other: only `over` points back.)
            let over_in_hand = ws
                .iter()
                .position(|x| words.back_over.has(x))
                .is_some_and(|o| {
                    ws[o..]
                        .iter()
                        .any(|x| words.in_hand.has(x) || (salad_in_hand && words.salad.has(x)))
                });
            if over_in_hand {
                self.pour(p, w, "the bowl set aside, over the one in hand");
            } else {
                self.pour(w, p, "poured over what waits in the other bowl");
            }
        }
    }

    /// The working bowl mixed as the verb says, unless it is mixed already
    /// or will be shaken.
    fn mix_after_combining(&mut self, verb: &Verb, bowl_class: Option<&str>, ws: &[String]) {
        // `Combine the ingredients, mix well`: mixing what is mixed
        // already is the same step said twice.
        let mixed_already = self
            .in_hand()
            .is_some_and(|w| self.bowl(w).mixed && !self.bowl(w).topped);
        // `Combine … in a jar …; shake until blended`: the shaking mixes.
        let shaken_later =
            bowl_class == Some("jar") && self.sentence().to_lowercase().contains("shake");
        let mixed_already = mixed_already || shaken_later;
        if let (Kind::Combine, Some(p), false) = (verb.kind, verb.primitive, mixed_already) {
            let onto = Ontology::get();
            let beats = self.in_hand().is_some_and(|w| {
                self.bowl(w).items.iter().any(|&i| {
                    let c = self.ingredient(i).class;
                    verb.beats
                        .iter()
                        .any(|b| onto.id(b).is_some_and(|b| onto.is_a(c, b)))
                })
            });
            self.apply(if beats { Stirring::Beat } else { p }, ws);
        }
    }
}
