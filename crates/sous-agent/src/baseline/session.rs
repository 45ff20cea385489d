//! The agent's working memory while it reads one recipe: the network so
//! far (every action executed), the ingredients it fetched, the bowls it
//! combined them in, and what "it" is.

use sous_kitchen::{ClassId, Ontology};
use sous_lang::call::*;

use crate::habits::Part;
use crate::ingredient_line::IngredientLine;

/// A number as the language writes it (`230`, `0.125`).
pub(super) use sous_lang::call::number_text as number;

/// Grams of everything in `bowl` (a container's binding).
fn grams_of(bowl: &sous_kitchen::EntityRef) -> Option<f64> {
    let grams = bowl
        .contents()
        .iter()
        .map(|c| sous_kitchen::grams_of(c).map(|g| g.to_f64()))
        .sum::<Result<f64, _>>()
        .ok()?;
    (grams > 0.0).then_some(grams)
}

/// An ingredient the agent has fetched.
pub(super) struct Fetched {
    /// The variable bound to it (to its prepared form once prepared).
    pub var: String,
    /// The words that name it in the recipe, singular.
    pub names: Vec<String>,
    /// The bowl it went into, once an instruction used it.
    pub bowl: Option<usize>,
    /// Whether it was used some other way (sprinkled, dipped in).
    pub spent: bool,
    /// Whether it has been cut (pieces are mingled, not mixed).
    pub cut: bool,
    pub peeled: bool,
    pub seeded: bool,
    /// Whether its eggs are out of their shells.
    pub cracked: bool,
    /// Whether its line keeps it for later (a coating, a topping).
    pub reserved: bool,
    /// How much was fetched, in the language's unit (`2 tablespoons
    /// flour` tells two flours apart).
    pub amount: f64,
    pub unit: String,
    pub class: ClassId,
}

impl Fetched {
    pub fn used(&self) -> bool {
        self.bowl.is_some() || self.spent
    }
}

/// A container the agent combined ingredients in.
pub(super) struct Bowl {
    /// The variable bound to it now.
    pub var: String,
    /// The fetched ingredients in it.
    pub items: Vec<usize>,
    /// Whether it was mixed since something was last added.
    pub mixed: bool,
    /// Whether it is a vessel baked in (a tray), not a bowl.
    pub vessel: bool,
    /// Whether the last thing into it was another bowl poured in.
    pub poured_into: bool,
    /// Whether another bowl was ever poured into it (a dressing).
    pub dressed: bool,
    /// Whether something was sprinkled on it since it was last mixed: an
    /// explicit `mix in` mixes it again.
    pub topped: bool,
    /// Whether it goes on the stove (a pot, a frying pan).
    pub heatable: bool,
}

pub(super) struct Session {
    pub actions: Vec<String>,
    /// The last action kept.
    last_action: Option<Action>,
    /// The network so far, executed: each attempt adds one action to it
    /// and runs only that action (`sous_sim::Session`).
    kitchen_so_far: sous_sim::Session<'static>,
    pub trace: Vec<String>,
    /// The kitchen state the next action starts from.
    pub kitchen: String,
    /// Fresh variable numbers.
    next: usize,
    pub fetched: Vec<Fetched>,
    pub bowls: Vec<Bowl>,
    /// The bowl everything is being combined in.
    pub work: Option<usize>,
    /// The bowl worked in before a separate one was started.
    pub previous: Option<usize>,
    /// The last thing made (what "it" is).
    pub last: Option<String>,
    /// Ingredients the last clause acted on outside any bowl (cut, mashed):
    /// what "them" is when the next clause combines.
    pub loose: Vec<usize>,
    /// Whether the last thing made is a set of portions (placed item by
    /// item rather than poured).
    pub portions: bool,
    /// Whether the last thing made stands in the vessel it is baked in.
    pub in_vessel: bool,
    /// A vessel made ready before it is needed (a greased cookie sheet),
    /// and its class.
    pub ready_vessel: Option<(String, &'static str)>,
    /// What stands in a vessel to be baked or served (portions in tins, a
    /// crumble in its pan): `the tops`.
    pub dish: Option<String>,
    /// The oven preheated earlier ("the oven", "the preheated oven").
    pub oven: Option<String>,
    /// The instruction being read (a clause may take a time from it).
    pub sentence: String,
    /// Whether this instruction already put something in the fridge.
    pub chilled_in_sentence: bool,
    /// The words of the clause being read, lower case but not made
    /// singular (`the flours` are several).
    pub raw_words: Vec<String>,
}

impl Session {
    pub fn new(id: &str) -> Session {
        let mut kitchen_so_far = sous_sim::Session::new(id, sous_sim::Options::default(), None);
        let start = Call::<GetKitchen>::new()
            .with(get_kitchen::KITCHEN, "?kitchen")
            .complete(|_| unreachable!("its one argument is set"));
        kitchen_so_far
            .add_action(&start)
            .expect("get-kitchen is a primitive");
        Session {
            actions: vec![start.to_string()],
            last_action: Some(start),
            kitchen_so_far,
            trace: Vec::new(),
            kitchen: "?kitchen".to_string(),
            next: 0,
            fetched: Vec::new(),
            bowls: Vec::new(),
            work: None,
            previous: None,
            last: None,
            loose: Vec::new(),
            portions: false,
            in_vessel: false,
            ready_vessel: None,
            oven: None,
            dish: None,
            sentence: String::new(),
            chilled_in_sentence: false,
            raw_words: Vec::new(),
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
            self.fetched.push(Fetched {
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
            self.prepare(self.fetched.len() - 1, &preparations, read.temperature);
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

    pub fn fresh(&mut self, stem: &str) -> String {
        self.next += 1;
        format!("?{stem}-{}", self.next)
    }

    /// Tries `call` from the kitchen so far, its output kitchen state
    /// `ks_out`: keeps it if it runs (an argument left unset gets a fresh
    /// variable named after it).
    pub fn attempt<P: Primitive>(&mut self, call: Call<P>, ks_out: String, why: &str) -> bool {
        let call = call.in_kitchen(&self.kitchen, &ks_out);
        let action = call.complete(|spec| self.fresh(spec.name));
        let text = action.to_string();
        match self.run(&action) {
            Ok(()) => {
                self.last_action = Some(action);
                let action = text;
                self.actions.push(action.clone());
                self.kitchen = ks_out;
                self.trace.push(format!("  {action}  ({why})"));
                true
            }
            Err(e) => {
                self.trace.push(format!("  dropped {text}: {e}"));
                false
            }
        }
    }

    /// Adds `action` to the network so far if it runs there without a
    /// failure; else leaves the network as it was and says why.
    fn run(&mut self, action: &Action) -> Result<(), String> {
        let added = self
            .kitchen_so_far
            .add_action(action)
            .map_err(|e| e.0[0].message.clone())?;
        if added.is_ok() && self.kitchen_so_far.solved() {
            return Ok(());
        }
        let why = match added.failures.first() {
            Some(f) => f.message.clone(),
            None => self
                .kitchen_so_far
                .execution()
                .failures
                .first()
                .map_or_else(|| "it did not run".to_string(), |f| f.message.clone()),
        };
        self.kitchen_so_far.undo();
        Err(why)
    }

    /// The last action kept.
    pub fn last_action(&self) -> Option<&Action> {
        self.last_action.as_ref()
    }

    /// Looks at the kitchen: the grams in the container bound to `var`
    /// (`divide the dough into 6 portions` needs the dough's weight).
    pub fn grams_in(&self, var: &str) -> Option<f64> {
        grams_of(&self.kitchen_so_far.binding(var)?.value)
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
        if P::INDEX != PortionAndArrange::INDEX {
            for b in &mut self.bowls {
                if b.var == input {
                    b.var = out.clone();
                }
            }
            if self.dish.as_deref() == Some(input.as_str()) {
                self.dish = Some(out.clone());
            }
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

    /// `out` is now the working bowl's variable and the last thing made.
    pub fn worked(&mut self, out: String) {
        if let Some(w) = self.work {
            self.bowls[w].var = out.clone();
        }
        self.last = Some(out);
        self.portions = false;
        self.in_vessel = false;
    }

    /// The working bowl, started (empty, unbound or fetched as `class`) if
    /// there is none.
    pub fn work_bowl(&mut self, class: Option<&str>) -> usize {
        if let Some(w) = self.work {
            return w;
        }
        let var = match class.and_then(|c| self.fetch(c, "the bowl the sentence names")) {
            Some(v) => v,
            None => self.fresh("bowl"),
        };
        let onto = Ontology::get();
        let heatable = class
            .and_then(|c| onto.id(c))
            .is_some_and(|c| onto.is_a_name(c, "heatable-container"));
        self.bowls.push(Bowl {
            var,
            items: Vec::new(),
            mixed: false,
            vessel: false,
            poured_into: false,
            dressed: false,
            topped: false,
            heatable,
        });
        self.work = Some(self.bowls.len() - 1);
        self.bowls.len() - 1
    }

    /// Whether bowl `b` holds mostly what makes a dressing (oil, vinegar,
    /// spices) and was never dressed itself: `the salad` is not this one.
    pub fn mostly_dressing(&self, b: usize) -> bool {
        let habits = crate::habits::Habits::get();
        let items = &self.bowls[b].items;
        let dressing = items
            .iter()
            .filter(|&&i| habits.makes_dressing(self.fetched[i].class))
            .count();
        !items.is_empty() && dressing * 2 >= items.len() && !self.bowls[b].dressed
    }

    /// Of the bowl in hand `w` and the one set aside, the one `the salad`
    /// names: the one that is not a dressing.
    pub fn salad_bowl(&self, w: usize) -> usize {
        match self.previous {
            Some(p) if self.mostly_dressing(w) && !self.mostly_dressing(p) => p,
            _ => w,
        }
    }

    /// Whether the working bowl holds pieces (cut ingredients) and is no
    /// dough and no dressing: those are mingled rather than mixed.
    pub fn work_has_pieces(&self) -> bool {
        let habits = crate::habits::Habits::get();
        self.work.is_some_and(|w| {
            let items = &self.bowls[w].items;
            // A dressing poured over the pieces is one thing among them.
            let mostly_dressing = self.mostly_dressing(w);
            items.iter().any(|&i| self.fetched[i].cut)
                && !items
                    .iter()
                    .any(|&i| habits.makes_dough(self.fetched[i].class))
                && !mostly_dressing
        })
    }
}
