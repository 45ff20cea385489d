//! `melt`: the named ingredient (butter, chocolate) melted.

use sous_lang::call::*;

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
                self.want_new_bowl();
                for &i in &fresh {
                    self.add(i, Some(class));
                }
                if let Some(input) = self.in_hand_var() {
                    let call = microwave().with(melt::CONTAINER_WITH_INPUT_INGREDIENTS, input);
                    let (input, output) = (
                        melt::CONTAINER_WITH_INPUT_INGREDIENTS,
                        melt::CONTAINER_WITH_MELTED_INGREDIENTS,
                    );
                    if let Some(out) = self.act(call, input, output, "melted", "melt what is in it")
                    {
                        self.worked(out);
                    }
                }
            }
            None => {
                for &i in &fresh {
                    let (input, output) = (
                        melt::CONTAINER_WITH_INPUT_INGREDIENTS,
                        melt::CONTAINER_WITH_MELTED_INGREDIENTS,
                    );
                    let why = "the sentence says melt";
                    self.change(i, microwave(), input, output, "melted", why);
                }
            }
        }
    }
}

/// Melting in the microwave.
fn microwave() -> Call<Melt> {
    Call::<Melt>::new().with(melt::MELTING_TOOL, "?microwave")
}
