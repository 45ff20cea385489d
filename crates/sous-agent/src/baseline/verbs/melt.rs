//! `melt`: the named ingredient (butter, chocolate) melted.

use super::{is_bowl, Clause, Flow};
use crate::baseline::session::Session;

pub(super) fn act(s: &mut Session, c: &Clause) -> Flow {
    let ws = &c.ws;
    s.melt(ws);
    Flow::Go
}

impl Session {
    /// `Melt the butter` (`in a large saucepan`: in it, which is then the
    /// bowl in hand).
    fn melt(&mut self, ws: &[String]) {
        let fresh = self.refer(ws).fresh;
        match self.named_tool(ws, is_bowl) {
            Some(class) => {
                if self.work.is_some_and(|w| !self.bowls[w].items.is_empty()) {
                    self.previous = self.work.take();
                }
                for &i in &fresh {
                    self.add(i, Some(class));
                }
                if let Some(w) = self.work {
                    let input = self.bowls[w].var.clone();
                    if let Some(out) =
                        self.act("melt", "melted", &input, "?microwave", "melt what is in it")
                    {
                        self.worked(out);
                    }
                }
            }
            None => {
                for &i in &fresh {
                    self.change(i, "melt", "melted", "?microwave", "the sentence says melt");
                }
            }
        }
    }
}
