//! `sift`: the named dry ingredients sifted, into a bowl or over what is in hand.

use sous_lang::call::*;

use super::{is_bowl, Clause, Flow};
use crate::baseline::session::{Bowl, Session};

pub(super) fn act(s: &mut Session, c: &Clause) -> Flow {
    let ws = &c.ws;
    s.sift(ws);
    Flow::Go
}

impl Session {
    /// `Sift the flour with the soda and salt (into a large bowl)`: the
    /// others go into the first one's bowl, which is sifted into a new bowl.
    fn sift(&mut self, ws: &[String]) {
        let mut r = self.refer(ws);
        // `Sift the flour and soda over the butter mixture`: what follows
        // `over` or `into` is the bowl sifted onto, not one more thing sifted.
        let onto = self.sifted_onto(ws, &r);
        if let Some(o) = ws
            .iter()
            .position(|x| crate::clause_words::ClauseWords::get().sift_onto.has(x))
        {
            if onto.is_some() {
                let keep: Vec<bool> = r.fresh_at.iter().map(|&at| at < o).collect();
                let mut k = keep.iter();
                r.fresh.retain(|_| *k.next().unwrap_or(&true));
            }
        }
        // `Sift the flour mixture over …`: a bowl named before the target.
        let named_before = onto.and_then(|b| {
            let first = r.bowls.first().copied();
            first.filter(|&f| f != b)
        });
        let (source, items) = if let Some((&first, rest)) = r.fresh.split_first() {
            let mut base = self.ingredient(first).var.clone();
            let mut items = vec![first];
            for &i in rest {
                let from = self.ingredient(i).var.clone();
                if let Some(out) = self.transfer("container", &base, &from, "with what is sifted") {
                    base = out;
                    items.push(i);
                }
            }
            (base, items)
        } else if let Some(w) = named_before.or(self.in_hand()).filter(|&w| Some(w) != onto) {
            (self.bowl(w).var.clone(), self.take_items(w))
        } else {
            return;
        };
        if let Some(b) = onto {
            let target = self.bowl(b).var.clone();
            // Without a sift given, sifting replaces what the target held;
            // with one, it adds to it.
            let Some(tool) = self.fetch("sift", "a sift, to sift onto what the bowl holds") else {
                return;
            };
            let (out, ks) = (self.fresh("sifted"), self.fresh("ks"));
            let call = sifting(&out, target, &source, tool);
            if self.attempt(call, ks, "sift, over the bowl the text names") {
                self.bowl_mut(b).added();
                for i in items {
                    self.put_in(b, i);
                }
                self.take_up(b);
                self.worked(out);
            }
            return;
        }
        let class = self.named_tool(ws, is_bowl).unwrap_or("large-bowl");
        let Some(target) = self.fetch(class, "the bowl to sift into") else {
            return;
        };
        let (out, ks) = (self.fresh("sifted"), self.fresh("ks"));
        let call = sifting(&out, target, &source, "?sifting-tool".into());
        if self.attempt(call, ks, "sift") {
            self.want_new_bowl();
            let sifted = Bowl {
                mixed: true,
                ..Bowl::new(out.clone())
            };
            let b = self.new_bowl(sifted, &items);
            self.take_up(b);
            self.worked(out);
        }
    }

    /// The bowl named after `over`/`into`/`onto` in a sift clause: a bowl
    /// an ingredient names (`over the butter mixture`), or the bowl in hand
    /// for `over the mixture`, `over it`.
    fn sifted_onto(&self, ws: &[String], r: &crate::baseline::refer::Referents) -> Option<usize> {
        let o = ws
            .iter()
            .position(|x| crate::clause_words::ClauseWords::get().sift_onto.has(x))?;
        if let Some((&b, _)) = r.bowls.iter().zip(&r.bowl_at).find(|(_, &at)| at > o) {
            return Some(b);
        }
        let in_hand = ws[o..].iter().any(|x| {
            crate::clause_words::ClauseWords::get()
                .in_hand_sifted
                .has(x)
        });
        self.in_hand()
            .filter(|&w| in_hand && !self.bowl(w).items.is_empty())
    }
}

/// `source` sifted into `target` with `tool`, into `out`.
fn sifting(out: &str, target: String, source: &str, tool: String) -> Call<Sift> {
    Call::<Sift>::new()
        .with(sift::CONTAINER_WITH_SIFTED_CONTENTS, out)
        .with(sift::TARGET_CONTAINER, target)
        .with(sift::CONTAINER_WITH_INGREDIENTS_TO_BE_SIFTED, source)
        .with(sift::SIFTING_TOOL, tool)
}
