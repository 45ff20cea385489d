//! Preparing one fetched ingredient: what its ingredient line asks for
//! (room temperature, melted, mashed, beaten, a cutting pattern) and what
//! cooks do before cutting (peel onions, seed peppers, per `habits.toml`).

use super::session::Session;
use crate::habits::Habits;

fn is_cutting_pattern(name: &str) -> bool {
    let onto = sous_kitchen::Ontology::get();
    onto.id(name)
        .is_some_and(|c| onto.is_a_name(c, "cutting-pattern"))
}

impl Session {
    /// The steps ingredient `i`'s line asks for, in order.
    pub(super) fn prepare(&mut self, i: usize, preparations: &[String], temperature: Option<f64>) {
        if let Some(t) =
            temperature.filter(|_| !preparations.iter().any(|p| p == "room-temperature"))
        {
            let rest = format!("{} degrees-celsius", super::session::number(t));
            self.change(
                i,
                "bring-to-temperature",
                "warmed",
                &rest,
                "the line gives a temperature",
            );
        }
        for p in preparations {
            let why = format!("the line says {p}");
            match p.as_str() {
                "room-temperature" => {
                    let (q, u) = (
                        self.fresh("room-temp-quantity"),
                        self.fresh("room-temp-unit"),
                    );
                    self.change(
                        i,
                        "bring-to-temperature",
                        "at-room-temperature",
                        &format!("{q} {u}"),
                        &why,
                    );
                }
                "melted" => self.change(i, "melt", "melted", "?microwave", &why),
                "mashed" => self.change(i, "mash", "mashed", "?fork", &why),
                "peeled" => self.peel(i, &why),
                "washed" => self.change(i, "wash", "washed", "", &why),
                "drained" => {
                    let input = self.fetched[i].var.clone();
                    if let Some(out) = self.drain(&input, &why) {
                        self.fetched[i].var = out;
                    }
                }
                "sifted" => {
                    let target = self.fresh("bowl");
                    let input = self.fetched[i].var.clone();
                    let (out, ks) = (self.fresh("sifted"), self.fresh("ks"));
                    let action = format!(
                        "(sift {out} {ks} {} {target} {input} ?sifting-tool)",
                        self.kitchen
                    );
                    if self.attempt(action, ks, &why) {
                        self.fetched[i].var = out;
                    }
                }
                "ground" => self.change(i, "grind", "ground", "?grinding-tool", &why),
                "seeded" => self.seed(i, &why),
                "beaten" => self.beat_alone(i),
                // `grated mozzarella` comes grated: its class says so.
                _ if is_cutting_pattern(p) && !self.comes_prepared(i) => self.cut(i, p),
                _ => {}
            }
        }
    }

    /// Whether ingredient `i`'s class is a prepared form (`grated-mozzarella`,
    /// `chopped-…`): it is not cut again.
    fn comes_prepared(&self, i: usize) -> bool {
        let onto = sous_kitchen::Ontology::get();
        let name = onto.name(self.fetched[i].class);
        let prepared = [
            "grated", "shredded", "chopped", "sliced", "diced", "minced", "crushed",
        ];
        name.contains('-')
            && name
                .split('-')
                .next()
                .is_some_and(|w| prepared.contains(&w))
    }

    /// `(primitive ?out ?ks <kitchen> <ingredient i> rest)`: on success
    /// ingredient `i` is the output.
    pub(super) fn change(&mut self, i: usize, primitive: &str, stem: &str, rest: &str, why: &str) {
        let input = self.fetched[i].var.clone();
        if let Some(out) = self.act(primitive, stem, &input, rest, why) {
            self.fetched[i].var = out;
        }
    }

    /// Peel or seed: two outputs (the ingredient, its peel or seeds).
    fn remove_part(&mut self, i: usize, primitive: &str, stem: &str, part: &str, why: &str) {
        let input = self.fetched[i].var.clone();
        let (out, waste, ks) = (self.fresh(stem), self.fresh(part), self.fresh("ks"));
        let action = format!(
            "({primitive} {out} {waste} {ks} {} {input} ?knife)",
            self.kitchen
        );
        if self.attempt(action, ks, why) {
            self.fetched[i].var = out;
            match primitive {
                "peel" => self.fetched[i].peeled = true,
                _ => self.fetched[i].seeded = true,
            }
        }
    }

    pub(super) fn peel(&mut self, i: usize, why: &str) {
        if !self.fetched[i].peeled {
            self.remove_part(i, "peel", "peeled", "peel", why);
        }
    }

    pub(super) fn seed(&mut self, i: usize, why: &str) {
        if !self.fetched[i].seeded {
            self.remove_part(i, "seed", "seeded", "seeds", why);
        }
    }

    /// Cuts ingredient `i` with `pattern`, peeled and seeded first where
    /// cooks do that.
    pub(super) fn cut(&mut self, i: usize, pattern: &str) {
        let habits = Habits::get();
        let class = self.fetched[i].class;
        if habits.peel_before_cutting(class) && !self.fetched[i].peeled {
            self.peel(i, "peeled before it is cut (habits: peelable)");
        }
        if habits.seed_before_cutting(class) && !self.fetched[i].seeded {
            self.seed(i, "seeded before it is cut (habits: seedable)");
        }
        let board = self.fresh("cutting-board");
        let before = self.fetched[i].var.clone();
        self.change(
            i,
            "cut",
            "cut",
            &format!("{pattern} ?knife {board}"),
            &format!("cut, {pattern}"),
        );
        if self.fetched[i].var != before {
            self.fetched[i].cut = true;
        }
    }

    /// Eggs beaten on their own: cracked into a bowl of their own (whole
    /// eggs), beaten.
    fn beat_alone(&mut self, i: usize) {
        let onto = sous_kitchen::Ontology::get();
        if !onto.is_a_name(self.fetched[i].class, "crackable") || self.fetched[i].cracked {
            self.change(i, "beat", "beaten", "?mixing-tool", "the line says beaten");
            return;
        }
        let eggs = self.fetched[i].var.clone();
        let bowl = self.fresh("bowl");
        if let Some(out) = self.act(
            "crack",
            "cracked",
            &eggs,
            &bowl,
            "beaten eggs are cracked first",
        ) {
            self.fetched[i].var = out;
            self.fetched[i].cracked = true;
            self.change(i, "beat", "beaten", "?mixing-tool", "the line says beaten");
        }
    }
}
