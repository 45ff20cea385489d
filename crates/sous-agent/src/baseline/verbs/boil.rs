//! `boil`: the named ingredients boiled in a pot.

use super::{is_bowl, Clause, Flow};
use crate::baseline::session::Session;
use crate::habits::Habits;
use sous_kitchen::Ontology;

pub(super) fn act(s: &mut Session, c: &Clause) -> Flow {
    let ws = &c.ws;
    s.boil(ws);
    Flow::Go
}

impl Session {
    /// `Boil the vinegar, sugar and spices`: into a pot, boiled; the pot is
    /// the working bowl after.
    fn boil(&mut self, ws: &[String]) {
        let r = self.refer(ws);
        if r.fresh.is_empty() {
            return;
        }
        let class = self
            .named_tool(ws, is_bowl)
            .unwrap_or(Habits::get().boiling_vessel);
        self.set_aside();
        let w = self.work_bowl(Some(class));
        for i in r.fresh {
            let (target, source) = (self.bowl(w).var.clone(), self.ingredient(i).var.clone());
            if let Some(out) = self.transfer("container", &target, &source, "into the pot") {
                self.put_in(w, i);
                self.worked(out);
            }
        }
        let input = self.bowl(w).var.clone();
        if let Some(out) = self.boil_on_the_stove(&input, "boil") {
            self.worked(out);
        }
        // Solids boiled in water are drained (potatoes, eggs); a boiled
        // dressing is not.
        let habits = Habits::get();
        let onto = Ontology::get();
        let class = |i: &usize| self.ingredient(*i).class;
        let items = &self.bowl(w).items;
        let water = items.iter().any(|i| onto.is_a_name(class(i), "water"));
        let solid = items.iter().any(|i| !habits.makes_dressing(class(i)));
        if water && solid {
            let input = self.bowl(w).var.clone();
            if let Some(out) = self.drain(&input, "what was boiled in water is drained") {
                self.worked(out);
            }
        }
    }
}
