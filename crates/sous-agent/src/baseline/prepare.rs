//! Preparing one fetched ingredient: what its ingredient line asks for
//! (room temperature, melted, mashed, beaten, a cutting pattern) and what
//! cooks do before cutting (peel onions, seed peppers, per `habits.toml`).

use sous_lang::call::*;

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
            let call = Call::<BringToTemperature>::new()
                .with(bring_to_temperature::TEMPERATURE_QUANTITY, t)
                .with(bring_to_temperature::TEMPERATURE_UNIT, "degrees-celsius");
            self.change(
                i,
                call,
                bring_to_temperature::CONTAINER_WITH_INGREDIENTS,
                bring_to_temperature::CONTAINER_WITH_INGREDIENTS_AT_TEMPERATURE,
                "warmed",
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
                    let call = Call::<BringToTemperature>::new()
                        .with(bring_to_temperature::TEMPERATURE_QUANTITY, q)
                        .with(bring_to_temperature::TEMPERATURE_UNIT, u);
                    self.change(
                        i,
                        call,
                        bring_to_temperature::CONTAINER_WITH_INGREDIENTS,
                        bring_to_temperature::CONTAINER_WITH_INGREDIENTS_AT_TEMPERATURE,
                        "at-room-temperature",
                        &why,
                    );
                }
                "melted" => self.change(
                    i,
                    Call::<Melt>::new().with(melt::MELTING_TOOL, "?microwave"),
                    melt::CONTAINER_WITH_INPUT_INGREDIENTS,
                    melt::CONTAINER_WITH_MELTED_INGREDIENTS,
                    "melted",
                    &why,
                ),
                "mashed" => self.change(
                    i,
                    Call::<Mash>::new().with(mash::MASHING_TOOL, "?fork"),
                    mash::INPUT_INGREDIENT,
                    mash::MASHED_INGREDIENT,
                    "mashed",
                    &why,
                ),
                "peeled" => self.peel(i, &why),
                "washed" => self.change(
                    i,
                    Call::<Wash>::new(),
                    wash::CONTAINER_WITH_INPUT_INGREDIENTS,
                    wash::CONTAINER_WITH_WASHED_INGREDIENTS,
                    "washed",
                    &why,
                ),
                "drained" => {
                    let input = self.ingredient(i).var.clone();
                    if let Some(out) = self.drain(&input, &why) {
                        self.prepared(i, out);
                    }
                }
                "sifted" => {
                    let target = self.fresh("bowl");
                    let input = self.ingredient(i).var.clone();
                    let (out, ks) = (self.fresh("sifted"), self.fresh("ks"));
                    let call = Call::<Sift>::new()
                        .with(sift::CONTAINER_WITH_SIFTED_CONTENTS, &out)
                        .with(sift::TARGET_CONTAINER, target)
                        .with(sift::CONTAINER_WITH_INGREDIENTS_TO_BE_SIFTED, input)
                        .with(sift::SIFTING_TOOL, "?sifting-tool");
                    if self.attempt(call, ks, &why) {
                        self.prepared(i, out);
                    }
                }
                "ground" => self.change(
                    i,
                    Call::<Grind>::new().with(grind::GRINDING_TOOL, "?grinding-tool"),
                    grind::CONTAINER_WITH_INGREDIENTS_TO_BE_GROUND,
                    grind::CONTAINER_WITH_GROUND_CONTENTS,
                    "ground",
                    &why,
                ),
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
        let name = onto.name(self.ingredient(i).class);
        let prepared = &crate::clause_words::ClauseWords::get().prepared_forms;
        name.contains('-') && name.split('-').next().is_some_and(|w| prepared.has(w))
    }

    /// `call` on ingredient `i` (its `input`): on success ingredient `i`
    /// is the `output`.
    pub(super) fn change<P: Primitive>(
        &mut self,
        i: usize,
        call: Call<P>,
        input: Role<P>,
        output: Role<P>,
        stem: &str,
        why: &str,
    ) {
        let call = call.with(input, &self.ingredient(i).var);
        if let Some(out) = self.act(call, input, output, stem, why) {
            self.prepared(i, out);
        }
    }

    /// Peel or seed: two outputs (the ingredient, named after `stem`, and
    /// its peel or seeds, after `part`), with a knife.
    fn remove_part<P: Primitive>(
        &mut self,
        i: usize,
        [input, output, waste, tool]: [Role<P>; 4],
        (stem, part): (&str, &str),
        why: &str,
    ) -> bool {
        let (out, rest, ks) = (self.fresh(stem), self.fresh(part), self.fresh("ks"));
        let call = Call::<P>::new()
            .with(output, &out)
            .with(waste, rest)
            .with(input, &self.ingredient(i).var)
            .with(tool, "?knife");
        let ran = self.attempt(call, ks, why);
        if ran {
            self.prepared(i, out);
        }
        ran
    }

    pub(super) fn peel(&mut self, i: usize, why: &str) {
        if !self.ingredient(i).peeled {
            use peel::*;
            let roles = [
                INPUT_INGREDIENT,
                PEELED_INGREDIENT,
                PEEL_OF_INGREDIENT,
                PEELING_TOOL,
            ];
            let peeled = self.remove_part(i, roles, ("peeled", "peel"), why);
            self.ingredient_mut(i).peeled = peeled;
        }
    }

    pub(super) fn seed(&mut self, i: usize, why: &str) {
        if !self.ingredient(i).seeded {
            use seed::*;
            let roles = [
                INPUT_INGREDIENT,
                SEEDED_INGREDIENT,
                SEED_OF_INGREDIENT,
                SEEDING_TOOL,
            ];
            let seeded = self.remove_part(i, roles, ("seeded", "seeds"), why);
            self.ingredient_mut(i).seeded = seeded;
        }
    }

    /// Cuts ingredient `i` with `pattern`, peeled and seeded first where
    /// cooks do that.
    pub(super) fn cut(&mut self, i: usize, pattern: &str) {
        let habits = Habits::get();
        let class = self.ingredient(i).class;
        if habits.peel_before_cutting(class) && !self.ingredient(i).peeled {
            self.peel(i, "peeled before it is cut (habits: peelable)");
        }
        if habits.seed_before_cutting(class) && !self.ingredient(i).seeded {
            self.seed(i, "seeded before it is cut (habits: seedable)");
        }
        let board = self.fresh("cutting-board");
        let before = self.ingredient(i).var.clone();
        let call = Call::<Cut>::new()
            .with(cut::CUT_PATTERN, pattern)
            .with(cut::CUTTING_TOOL, "?knife")
            .with(cut::CUTTING_SURFACE, board);
        self.change(
            i,
            call,
            cut::OBJECT,
            cut::CUT_OBJECT,
            "cut",
            &format!("cut, {pattern}"),
        );
        if self.ingredient(i).var != before {
            self.ingredient_mut(i).cut = true;
        }
    }

    /// Eggs beaten on their own: cracked into a bowl of their own (whole
    /// eggs), beaten.
    fn beat_alone(&mut self, i: usize) {
        let onto = sous_kitchen::Ontology::get();
        let beat = |s: &mut Session| {
            let call = Call::<Beat>::new().with(beat::TOOL, "?mixing-tool");
            let (input, output) = (
                beat::CONTAINER_WITH_INGREDIENTS,
                beat::CONTAINER_WITH_INGREDIENTS_BEATEN,
            );
            s.change(i, call, input, output, "beaten", "the line says beaten");
        };
        let f = self.ingredient(i);
        if !onto.is_a_name(f.class, "crackable") || f.cracked {
            beat(self);
            return;
        }
        let bowl = self.fresh("bowl");
        let call = Call::<Crack>::new().with(crack::TARGET_CONTAINER, bowl);
        let (input, output) = (crack::EGGS, crack::CONTAINER_WITH_CRACKED_EGGS);
        let why = "beaten eggs are cracked first";
        let eggs = self.ingredient(i).var.clone();
        if let Some(out) = self.act(call.with(input, eggs), input, output, "cracked", why) {
            self.prepared(i, out);
            self.ingredient_mut(i).cracked = true;
            beat(self);
        }
    }
}
