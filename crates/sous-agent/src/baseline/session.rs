//! The agent's working memory while it reads one recipe, in four parts
//! that each keep their fields to their own file: the network being
//! written (`network`), the ingredients fetched and their bowls
//! (`pantry`), what the text is about (`focus`: the bowl in hand, "it",
//! the dish) and the sentence being read (`sentence`). Verbs see only
//! the methods, named for what the recipe did.

mod focus;
mod network;
mod pantry;
mod sentence;

use sous_kitchen::Ontology;
use sous_lang::call::*;

use crate::habits::Part;
use crate::ingredient_line::IngredientLine;
pub(super) use pantry::{Bowl, Fetched};

/// A number as the language writes it (`230`, `0.125`).
pub(super) use sous_lang::call::number_text as number;

pub(super) struct Session {
    net: network::Network,
    pantry: pantry::Pantry,
    focus: focus::Focus,
    sentence: sentence::Sentence,
}

impl Session {
    pub fn new(id: &str) -> Session {
        Session {
            net: network::Network::new(id),
            pantry: pantry::Pantry::default(),
            focus: focus::Focus::default(),
            sentence: sentence::Sentence::default(),
        }
    }

    /// Fetches `amount` of the ingredient a line names, and prepares it as
    /// the line says.
    pub fn fetch_ingredient(
        &mut self,
        read: &IngredientLine,
        names: Vec<String>,
        amount: f64,
        reserved: bool,
        why: &str,
    ) {
        let class = read.class_name();
        // The line's unit first, then the same amount in other units the
        // kitchen may weigh this ingredient in (`½ cup milk` as 8 tablespoons).
        let lex = crate::lexicon::Lexicon::get();
        let mut tries = vec![(amount, read.unit.clone(), why.to_string())];
        for (unit, per) in lex.equivalents(&read.unit) {
            let why = format!("the kitchen weighs no {} of {class}: in {unit}", read.unit);
            tries.push((amount * per, unit.clone(), why));
        }
        // A volume of what the kitchen only weighs: weighed out, at what a
        // cup of it weighs (`data/cup-weights.toml`).
        if let Some(g) = lex.grams_of_volume(read.class, amount, &read.unit) {
            let why = format!(
                "the kitchen measures no {} of {class}: weighed, {g} g",
                read.unit
            );
            tries.push((g, "g".to_string(), why));
        }
        let mut var = None;
        for (amount, unit, why) in tries {
            let (out_ks, v, bowl) = (self.fresh("ks"), self.fresh(class), self.fresh("bowl"));
            let call = Call::<FetchAndProportion>::new()
                .with(fetch_and_proportion::CONTAINER_WITH_INGREDIENT, &v)
                .with(fetch_and_proportion::TARGET_CONTAINER, bowl)
                .with(fetch_and_proportion::INGREDIENT_CONCEPT, class)
                .with(fetch_and_proportion::QUANTITY, amount)
                .with(fetch_and_proportion::UNIT, unit.as_str());
            if self.attempt(call, out_ks, &why) {
                var = Some(v);
                break;
            }
        }
        let made = var.is_none();
        let var = var.or_else(|| self.make_from_other(read, amount));
        if let Some(var) = var {
            let i = self.keep_fetched(Fetched {
                var,
                names,
                bowl: None,
                spent: false,
                cut: false,
                peeled: false,
                seeded: false,
                cracked: false,
                reserved,
                amount,
                unit: read.unit.clone(),
                class: read.class,
            });
            // Made by draining: drained already.
            let drained = made
                && crate::habits::Habits::get()
                    .made_from(read.class)
                    .is_some_and(|(_, p)| p == Part::Drained);
            let preparations: Vec<String> = read
                .preparations
                .iter()
                .filter(|p| !(drained && p.as_str() == "drained"))
                .cloned()
                .collect();
            self.prepare(i, &preparations, read.temperature);
        }
    }

    /// An ingredient the kitchen lacks, made from one it has (`1 egg
    /// yolk`: an egg cracked and separated): the variable of the result.
    fn make_from_other(&mut self, read: &IngredientLine, amount: f64) -> Option<String> {
        let onto = Ontology::get();
        let (from, part) = crate::habits::Habits::get().made_from(read.class)?;
        let eggs = matches!(part, Part::Yolk | Part::White);
        if eggs && read.unit != "piece" {
            return None;
        }
        let from = onto.name(from);
        let (var, ks, bowl) = (self.fresh(from), self.fresh("ks"), self.fresh("bowl"));
        let call = Call::<FetchAndProportion>::new()
            .with(fetch_and_proportion::CONTAINER_WITH_INGREDIENT, &var)
            .with(fetch_and_proportion::TARGET_CONTAINER, bowl)
            .with(fetch_and_proportion::INGREDIENT_CONCEPT, from)
            .with(fetch_and_proportion::QUANTITY, amount)
            .with(fetch_and_proportion::UNIT, read.unit.as_str());
        let why = format!(
            "the kitchen has no {}: made from {from}",
            onto.name(read.class)
        );
        if !self.attempt(call, ks, &why) {
            return None;
        }
        if part == Part::Drained {
            return self.drain(&var, "drained of its syrup");
        }
        let target = self.fresh("bowl");
        let crack = Call::<Crack>::new()
            .with(crack::EGGS, &var)
            .with(crack::TARGET_CONTAINER, target);
        let cracked = self.act(
            crack,
            crack::EGGS,
            crack::CONTAINER_WITH_CRACKED_EGGS,
            "cracked",
            "cracked to separate",
        )?;
        let (yolks, whites, ks) = (self.fresh("yolks"), self.fresh("whites"), self.fresh("ks"));
        let (b1, b2, sep) = (
            self.fresh("bowl"),
            self.fresh("bowl"),
            self.fresh("egg-separator"),
        );
        let call = Call::<SeparateEggs>::new()
            .with(separate_eggs::CONTAINER_WITH_EGG_YOLKS, &yolks)
            .with(separate_eggs::CONTAINER_WITH_EGG_WHITES, &whites)
            .with(separate_eggs::EGGS, cracked)
            .with(separate_eggs::TARGET_CONTAINER_FOR_YOLKS, b1)
            .with(separate_eggs::TARGET_CONTAINER_FOR_WHITES, b2)
            .with(separate_eggs::EGG_SEPARATOR, sep);
        let part = match part {
            Part::Yolk => yolks,
            _ => whites,
        };
        self.attempt(call, ks, "separated").then_some(part)
    }

    /// Tries `call`, its `output` a fresh variable named after `stem`: that
    /// variable if it ran. What was in hand as its `input` is the output
    /// now (a bowl chilled or sprinkled is the same bowl after), but for
    /// portioning, whose portions are something else.
    pub fn act<P: Primitive>(
        &mut self,
        call: Call<P>,
        input: Role<P>,
        output: Role<P>,
        stem: &str,
        why: &str,
    ) -> Option<String> {
        let (out, ks) = (self.fresh(stem), self.fresh("ks"));
        let input = call.get(input).map(|t| t.to_string()).unwrap_or_default();
        if !self.attempt(call.with(output, &out), ks, why) {
            return None;
        }
        if P::KIND != PortionAndArrange::KIND {
            self.rename_bowls(&input, &out);
            self.rename_dish(&input, &out);
        }
        Some(out)
    }

    /// Drains what `input` holds through a colander (the liquid goes to a
    /// bowl of its own): the drained container's variable, if it ran.
    pub fn drain(&mut self, input: &str, why: &str) -> Option<String> {
        let (out, liquid, ks) = (
            self.fresh("drained"),
            self.fresh("liquid"),
            self.fresh("ks"),
        );
        let call = Call::<Drain>::new()
            .with(drain::DRAINED_INGREDIENT, &out)
            .with(drain::LIQUID_RESTS, liquid)
            .with(drain::CONTAINER_WITH_INGREDIENTS, input)
            .with(drain::DRAINING_TOOL, "?colander");
        self.attempt(call, ks, why).then_some(out)
    }

    /// Fetches one `class` (a tool or vessel): its variable if it ran.
    pub fn fetch(&mut self, class: &str, why: &str) -> Option<String> {
        let call = Call::<Fetch>::new()
            .with(fetch::CONCEPT_TO_FETCH, class)
            .with(fetch::QUANTITY, 1.0);
        self.act(
            call,
            fetch::CONCEPT_TO_FETCH,
            fetch::THING_FETCHED,
            class,
            why,
        )
    }

    /// `source`'s contents poured into `target`: the output container's
    /// variable (named after `stem`), if the action ran.
    pub fn transfer(
        &mut self,
        stem: &str,
        target: &str,
        source: &str,
        why: &str,
    ) -> Option<String> {
        let (out, rest, ks) = (self.fresh(stem), self.fresh("rest"), self.fresh("ks"));
        let (q, u) = (self.fresh("quantity"), self.fresh("unit"));
        let call = Call::<TransferContents>::new()
            .with(transfer_contents::CONTAINER_WITH_ALL_INGREDIENTS, &out)
            .with(transfer_contents::CONTAINER_WITH_REST, rest)
            .with(transfer_contents::TARGET_CONTAINER, target)
            .with(transfer_contents::CONTAINER_WITH_INPUT_INGREDIENTS, source)
            .with(transfer_contents::QUANTITY, q)
            .with(transfer_contents::UNIT, u);
        self.attempt(call, ks, why).then_some(out)
    }
}
