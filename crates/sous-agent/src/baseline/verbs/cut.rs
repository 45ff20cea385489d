//! `cut`, `chop`, `slice`, `dice`: the named ingredients cut (`cut in the
//! butter` works it into the mixture instead).

use sous_lang::call::*;

use super::{Clause, Flow};
use crate::baseline::session::Session;
use crate::instructions::{Stirring, Verb};
use sous_kitchen::Ontology;

pub(super) fn act(s: &mut Session, c: &Clause) -> Flow {
    let (verb, clause, ws) = (c.verb, c.text, &c.ws);
    // `Cut in the butter`: worked into the mixture, not cut.
    if ws
        .get(1)
        .is_some_and(|w| crate::clause_words::ClauseWords::get().r#in.has(w))
    {
        s.combine(&Verb::implied_mixing(), clause, ws);
        return Flow::Go;
    }
    s.cut_named(verb, ws);
    Flow::Go
}

impl Session {
    /// Cutting the named ingredients (or, for `them`, those cut last).
    fn cut_named(&mut self, verb: &Verb, ws: &[String]) {
        let pattern =
            crate::instructions::cut_pattern(ws, verb.pattern.as_deref().unwrap_or("chopped"));
        let r = self.refer(ws);
        let mut targets = r.fresh;
        if targets.is_empty() && r.pronoun {
            targets = self.loose().to_vec();
        }
        let together = crate::clause_words::ClauseWords::get()
            .together
            .in_clause(ws);
        if together && targets.len() >= 2 {
            // `Shred the cabbage and carrots together`: put together in a
            // bowl, mingled, and cut as one.
            self.want_new_bowl();
            for &i in &targets {
                if !self.ingredient(i).used() {
                    self.add(i, None);
                }
            }
            self.apply(Stirring::Mingle, ws);
            self.cut_bowl(&pattern);
            self.left_loose(Vec::new());
            return;
        }
        if targets.is_empty() && r.pronoun && self.something_in_hand() {
            // `then chop them up a bit`: what is in the bowl in hand.
            self.cut_bowl(&pattern);
            return;
        }
        if targets.is_empty() && self.in_vessel() {
            // `Slice with a bread knife`: what was baked.
            let Some(thing) = self.it() else {
                return;
            };
            let onto = Ontology::get();
            let named = self.named_tool(ws, |c| {
                onto.id(c).is_some_and(|id| onto.is_a_name(id, "can-cut"))
            });
            let knife = match named.and_then(|c| self.fetch(c, "the knife the sentence names")) {
                Some(k) => k,
                None => "?knife".to_string(),
            };
            let board = self.fresh("cutting-board");
            let call = Call::<Cut>::new()
                .with(cut::OBJECT, thing)
                .with(cut::CUT_PATTERN, pattern.as_str())
                .with(cut::CUTTING_TOOL, knife)
                .with(cut::CUTTING_SURFACE, board);
            let why = "cut what was baked";
            if let Some(out) = self.act(call, cut::OBJECT, cut::CUT_OBJECT, "cut", why) {
                self.made(out);
            }
            return;
        }
        if targets.is_empty() && self.in_hand().is_some_and(|w| r.bowls == [w]) {
            // `Cut the potatoes into cubes` once they are boiled and
            // drained: what the bowl in hand holds.
            self.cut_bowl(&pattern);
            return;
        }
        for &i in &targets {
            self.cut(i, &pattern);
        }
        self.left_loose(targets);
    }

    /// The bowl in hand's contents cut with `pattern`.
    fn cut_bowl(&mut self, pattern: &str) {
        let Some(w) = self.in_hand() else {
            return;
        };
        let input = self.bowl(w).var.clone();
        let board = self.fresh("cutting-board");
        if self
            .act(
                Call::<Cut>::new()
                    .with(cut::OBJECT, input)
                    .with(cut::CUT_PATTERN, pattern)
                    .with(cut::CUTTING_TOOL, "?knife")
                    .with(cut::CUTTING_SURFACE, board),
                cut::OBJECT,
                cut::CUT_OBJECT,
                "cut",
                "cut what is in the bowl",
            )
            .is_some()
        {
            for i in self.bowl(w).items.clone() {
                self.ingredient_mut(i).cut = true;
            }
        }
    }
}
