//! What several verbs do alike: put things in the working bowl and pour
//! bowls together, mix, make a vessel ready and put batter in it,
//! portion and place, sprinkle a bowl over another, move things onto a
//! rack. Each verb's own work is in `verbs/`.

use sous_kitchen::Ontology;
use sous_lang::call::*;

use super::session::{number, Bowl, Session};
use crate::habits::Habits;
use crate::instructions::{grams, lexicon, words, Kind, Stirring};

/// An arrangement pattern of the ontology a clause names (`5 cm apart` →
/// 5-cm-apart).
fn spacing(ws: &[String]) -> Option<String> {
    let at = crate::clause_words::ClauseWords::get()
        .apart
        .position_in(ws)?;
    let name = ws[at.saturating_sub(2)..=at].join("-");
    Ontology::get().id(&name).map(|_| name)
}

/// The portion size a clause gives: grams, else a spoon, else the default.
fn portion_size(clause: &str, ws: &[String]) -> (f64, &'static str) {
    if let Some(g) = grams(clause) {
        return (g, "g");
    }
    // A spoon the unit table knows (`teaspoonful`, `tbsp`, `spoonful`).
    let spoons = crate::lexicon::Lexicon::get();
    for spoon in ["teaspoon", "tablespoon"] {
        if ws
            .iter()
            .any(|w| spoons.unit(w).is_some_and(|(u, f)| u == spoon && f == 1.0))
        {
            return (1.0, spoon);
        }
    }
    (lexicon().portion_grams, "g")
}

/// `into 6 (equal) portions`, `24 balls`: how many portions a clause asks
/// for.
fn portion_count(ws: &[String]) -> Option<usize> {
    let words = crate::clause_words::ClauseWords::get();
    ws.windows(3).find_map(|t| {
        let n = |w: &str| crate::quantity::read_quantity(&[w]).map(|(v, _)| v as usize);
        if words.portion_nouns.has(&t[1]) {
            return n(&t[0]).filter(|&k| k > 1);
        }
        // `6 equal portions`
        (words.portion_nouns.has(&t[2]) && words.portion_adjectives.has(&t[1]))
            .then(|| n(&t[0]))
            .flatten()
            .filter(|&k| k > 1)
    })
}

pub(super) fn is_bowl(class: &str) -> bool {
    class.ends_with("bowl") || class == "cooking-pot" || class == "jar"
}

/// A vessel things are baked or served on (a pan, a tray), not a bowl,
/// a rack or a utensil.
pub(super) fn is_vessel(class: &str) -> bool {
    let onto = Ontology::get();
    let container = onto
        .id(class)
        .is_some_and(|c| onto.is_a_name(c, "transferable-container"));
    container && !is_bowl(class) && class != "wire-rack"
}

impl Session {
    /// The tools a clause names, of the kind `keep` accepts.
    pub(super) fn named_tool(
        &self,
        ws: &[String],
        keep: impl Fn(&str) -> bool,
    ) -> Option<&'static str> {
        Habits::get().tools(ws).into_iter().find(|c| keep(c))
    }

    /// Starts a separate bowl when the sentence asks for one.
    pub(super) fn maybe_new_bowl(&mut self, ws: &[String]) {
        // `in a large bowl`, `In large bowl`: a bowl not referred to as one
        // in hand (`the bowl`, `this bowl`) is a new one.
        let mut mentions: Vec<usize> = Habits::get()
            .tool_mentions(ws)
            .into_iter()
            .filter(|(_, c)| is_bowl(c))
            .map(|(at, _)| at)
            .collect();
        // A bowl of no size the tools list knows (`in a bowl`).
        let words = crate::clause_words::ClauseWords::get();
        mentions.extend(
            (0..ws.len()).filter(|&k| {
                words.bowl.has(&ws[k]) && (k == 0 || !words.bowl_sizes.has(&ws[k - 1]))
            }),
        );
        let named_new = mentions.into_iter().any(|start| {
            let start = match start.checked_sub(1) {
                Some(j) if words.new_bowl_before.has(&ws[j]) => j,
                _ => start,
            };
            let det = start.checked_sub(1).map(|j| ws[j].as_str());
            !det.is_some_and(|d| words.known_bowl_determiners.has(d))
        });
        let separate = words.new_bowl.in_clause(ws);
        if separate || named_new {
            self.want_new_bowl();
        }
    }

    /// Puts ingredient `i` into the working bowl; eggs are cracked into it.
    pub(super) fn add(&mut self, i: usize, bowl_class: Option<&str>) {
        let w = self.work_bowl(bowl_class);
        let target = self.bowl(w).var.clone();
        let f = self.ingredient(i);
        let (source, eggs) = (f.var.clone(), f.class == Ontology::get().known().egg);
        let out = if eggs && !f.cracked {
            let call = Call::<Crack>::new()
                .with(crack::EGGS, &source)
                .with(crack::TARGET_CONTAINER, &target);
            let why = "eggs are cracked into the working bowl";
            self.act(
                call,
                crack::EGGS,
                crack::CONTAINER_WITH_CRACKED_EGGS,
                "container",
                why,
            )
        } else {
            self.transfer("container", &target, &source, "into the working bowl")
        };
        if let Some(out) = out {
            self.put_in(w, i);
            self.bowl_mut(w).added();
            self.worked(out);
        }
    }

    /// Pours bowl `from` into bowl `into`; `into` is then the working bowl.
    pub(super) fn pour(&mut self, from: usize, into: usize, why: &str) {
        let (source, target) = (self.bowl(from).var.clone(), self.bowl(into).var.clone());
        if let Some(out) = self.transfer("container", &target, &source, why) {
            self.move_items(from, into);
            self.no_longer_aside(from);
            self.bowl_mut(into).poured();
            self.take_up(into);
            self.worked(out);
        }
    }

    /// Mixes the working bowl with `primitive` (mingled if it holds pieces),
    /// with a tool the clause names if it can do that.
    pub(super) fn apply(&mut self, stirring: Stirring, ws: &[String]) {
        let Some(w) = self.in_hand() else { return };
        let onto = Ontology::get();
        // Beating is for what can be beaten (butter, sugar, eggs, cream);
        // whisked liquids are mixed.
        let items = &self.bowl(w).items;
        let beatable = items.iter().any(|&i| {
            let c = self.ingredient(i).class;
            onto.is_a_name(c, "beatable") || onto.is_a_name(c, "crackable")
        });
        let stirring = match stirring {
            Stirring::Mix if self.work_has_pieces() => Stirring::Mingle,
            Stirring::Beat if !beatable && !items.is_empty() => Stirring::Mix,
            p => p,
        };
        let capability = match stirring {
            Stirring::Mix => "can-mix",
            Stirring::Mingle => "can-mingle",
            Stirring::Beat => "can-beat",
        };
        let named = self.named_tool(ws, |c| {
            onto.id(c).is_some_and(|id| onto.is_a_name(id, capability))
        });
        let tool = match named.and_then(|t| self.fetch(t, "the tool the sentence names")) {
            Some(t) => t,
            None => "?mixing-tool".to_string(),
        };
        let input = self.bowl(w).var.clone();
        let out = match stirring {
            Stirring::Mix => {
                use mix::*;
                let roles = [
                    CONTAINER_WITH_INPUT_INGREDIENTS,
                    MIXING_TOOL,
                    CONTAINER_WITH_MIXTURE,
                ];
                self.stir(roles, input, tool, "mix, on the working bowl")
            }
            Stirring::Mingle => {
                use mingle::*;
                let roles = [
                    CONTAINER_WITH_INPUT_INGREDIENTS,
                    MINGLING_TOOL,
                    CONTAINER_WITH_MIXTURE,
                ];
                self.stir(roles, input, tool, "mingle, on the working bowl")
            }
            Stirring::Beat => {
                use beat::*;
                let roles = [
                    CONTAINER_WITH_INGREDIENTS,
                    TOOL,
                    CONTAINER_WITH_INGREDIENTS_BEATEN,
                ];
                self.stir(roles, input, tool, "beat, on the working bowl")
            }
        };
        if let Some(out) = out {
            self.bowl_mut(w).stirred();
            self.worked(out);
        }
    }

    /// A preparation verb (mash, peel, seed) on the named ingredients.
    pub(super) fn prepare_named(&mut self, kind: Kind, ws: &[String]) {
        let targets = self.refer(ws).fresh;
        // `In a mixing bowl, mash the bananas`: in that bowl.
        if let (Kind::Mash, Some(class)) = (kind, self.named_tool(ws, is_bowl)) {
            self.want_new_bowl();
            for &i in &targets {
                self.add(i, Some(class));
            }
            if let Some(input) = self.in_hand_var() {
                let onto = Ontology::get();
                let named = self.named_tool(ws, |c| {
                    onto.id(c).is_some_and(|id| onto.is_a_name(id, "can-mash"))
                });
                let tool = match named.and_then(|c| self.fetch(c, "the tool the sentence names")) {
                    Some(t) => t,
                    None => "?fork".to_string(),
                };
                let call = Call::<Mash>::new()
                    .with(mash::INPUT_INGREDIENT, input)
                    .with(mash::MASHING_TOOL, tool);
                let (input, output) = (mash::INPUT_INGREDIENT, mash::MASHED_INGREDIENT);
                if let Some(out) = self.act(call, input, output, "mashed", "mash, in the bowl") {
                    self.worked(out);
                }
            }
            return;
        }
        for &i in &targets {
            match kind {
                Kind::Mash => {
                    let onto = Ontology::get();
                    let named = self.named_tool(ws, |c| {
                        onto.id(c).is_some_and(|id| onto.is_a_name(id, "can-mash"))
                    });
                    let tool =
                        match named.and_then(|c| self.fetch(c, "the tool the sentence names")) {
                            Some(t) => t,
                            None => "?fork".to_string(),
                        };
                    let call = Call::<Mash>::new().with(mash::MASHING_TOOL, tool);
                    let (input, output) = (mash::INPUT_INGREDIENT, mash::MASHED_INGREDIENT);
                    self.change(i, call, input, output, "mashed", "mash")
                }
                Kind::Peel => self.peel(i, "the sentence says peel"),
                Kind::Wash => {
                    use wash::*;
                    let (input, output) = (
                        CONTAINER_WITH_INPUT_INGREDIENTS,
                        CONTAINER_WITH_WASHED_INGREDIENTS,
                    );
                    let why = "the sentence says rinse or wash";
                    self.change(i, Call::<Wash>::new(), input, output, "washed", why)
                }
                _ => self.seed(i, "the sentence says seed or core"),
            }
        }
        self.left_loose(targets);
    }

    /// A vessel for baking (`class`), fetched, greased if `greased`, lined
    /// if `lined`.
    pub(super) fn vessel(
        &mut self,
        class: &'static str,
        greased: bool,
        lined: bool,
        floured: bool,
    ) -> Option<String> {
        if let Some(v) = self.take_ready_vessel(class) {
            return Some(v);
        }
        let mut v = self.fetch(class, "a vessel to bake in")?;
        if greased {
            use grease::*;
            let call = Call::<Grease>::new()
                .with(CONTAINER_TO_GREASE, &v)
                .with(INGREDIENT_TO_GREASE_WITH, "?grease");
            if let Some(g) = self.act(
                call,
                CONTAINER_TO_GREASE,
                GREASED_CONTAINER,
                "greased",
                "greased",
            ) {
                v = g;
            }
            if floured {
                use flour::*;
                let call = Call::<Flour>::new()
                    .with(CONTAINER_TO_FLOUR, &v)
                    .with(INGREDIENT_TO_FLOUR_WITH, "?flour");
                if let Some(f) = self.act(
                    call,
                    CONTAINER_TO_FLOUR,
                    FLOURED_CONTAINER,
                    "floured",
                    "floured",
                ) {
                    v = f;
                }
            }
        }
        if lined {
            let lining = if class == "muffin-tins" {
                "paper-baking-cups"
            } else {
                "baking-paper"
            };
            use line::*;
            let call = Call::<Line>::new()
                .with(THING_TO_BE_LINED, &v)
                .with(LINING, lining);
            if let Some(l) = self.act(call, THING_TO_BE_LINED, LINED_THING, "lined", "lined") {
                v = l;
            }
        }
        Some(v)
    }

    /// Whether a clause asks for a greased or lined vessel.
    pub(super) fn vessel_words(ws: &[String]) -> (bool, bool, bool) {
        let words = crate::clause_words::ClauseWords::get();
        let greased = words.greased.in_clause(ws);
        let lined = words.lined.in_clause(ws);
        let floured = words.floured.in_clause(ws) || (greased && words.flour.in_clause(ws));
        (greased, lined, floured)
    }

    /// A batter into the vessel it is baked in (`spread into the prepared
    /// pan`; implied before baking a bowl's contents).
    pub(super) fn batter_into_vessel(&mut self, ws: &[String]) {
        self.mix_if_unmixed();
        let Some(thing) = self.it() else {
            return;
        };
        let habits = Habits::get();
        let named = self.named_tool(ws, is_vessel);
        let class = named.unwrap_or(habits.batter_vessel);
        let (greased, lined, floured) = Self::vessel_words(ws);
        let greased = greased || (named.is_none() && !lined);
        let Some(v) = self.vessel(class, greased, lined, floured) else {
            return;
        };
        let (out, ks) = (self.fresh("in-vessel"), self.fresh("ks"));
        use spread::*;
        let call = Call::<Spread>::new()
            .with(CONTAINER_WITH_OBJECTS_THAT_HAVE_BEEN_SPREAD, &out)
            .with(OBJECT_TO_BE_SPREAD, v)
            .with(CONTAINER_WITH_SPREAD, &thing)
            .with(CAN_SPREAD_KITCHEN_TOOL, "?spreading-tool");
        if self.attempt(call, ks, "the batter into the vessel it bakes in") {
            self.placed(out.clone());
            // What was in the bowl is in the vessel now, and is still named
            // by its ingredients (`scatter the crumble over the fruit`).
            match self.in_hand() {
                Some(w) if self.bowl(w).var == thing => {
                    let bowl = self.bowl_mut(w);
                    bowl.var = out;
                    bowl.vessel = true;
                }
                _ => self.put_down(),
            }
        }
    }

    /// `Spread the sweet potatoes onto a baking sheet`: the named
    /// ingredients into a vessel, which is worked in from then on.
    pub(super) fn spread_out(&mut self, ws: &[String]) {
        let fresh = self.refer(ws).fresh;
        let class = self
            .named_tool(ws, is_vessel)
            .unwrap_or(Habits::get().portion_vessel);
        let (greased, lined, floured) = Self::vessel_words(ws);
        let Some(v) = self.vessel(class, greased, lined, floured) else {
            return;
        };
        self.want_new_bowl();
        let vessel = Bowl {
            vessel: true,
            ..Bowl::new(v)
        };
        let b = self.new_bowl(vessel, &[]);
        self.take_up(b);
        for i in fresh {
            self.add(i, None);
        }
        self.in_its_vessel();
    }

    /// The working bowl sprinkled over another: one of `named`, else the
    /// bowl set aside before; that one is worked in after.
    pub(super) fn sprinkle_bowl(&mut self, named: &[usize], named_at: &[usize], ws: &[String]) {
        let Some(mut w) = self.in_hand() else {
            return;
        };
        // `Drizzle the dressing over the corn mixture`: the bowl named after
        // `over` is the one sprinkled, even when it is the one in hand; the
        // topping is then the bowl set aside.
        let words = crate::clause_words::ClauseWords::get();
        let over = words.onto.position_in(ws);
        if let Some(o) = over {
            // `over it`, `over the mixture`: the bowl in hand; `over the
            // salad`: the one of the two that is not the dressing.
            let in_hand = words.in_hand.in_clause(&ws[o..]);
            let salad = words.salad.in_clause(&ws[o..]);
            let after = named
                .iter()
                .zip(named_at)
                .find(|(_, &at)| at > o)
                .map(|(&b, _)| b)
                .or(salad.then(|| self.salad_bowl(w)))
                .or(in_hand.then_some(w));
            if let (Some(t), Some(p)) = (after, self.bowl_aside()) {
                if t == w && p != w {
                    self.exchange(p);
                    w = p;
                }
            }
        }
        let target = named.iter().copied().find(|&b| b != w);
        // `sprinkle over the tops`: over what stands in its vessel; `top
        // with croutons`: what was baked, over the bowl in hand.
        let held = self.bowl(w).var.clone();
        if let (None, Some(dish)) = (target, self.dish()) {
            let topped_with = words.with.in_clause(ws) && over.is_none();
            if topped_with {
                let why = "what was baked, over the bowl in hand";
                if let Some(out) = self.sprinkle(&held, &dish, why) {
                    self.worked(out);
                }
                return;
            }
            let why = "the bowl in hand, over what is in its vessel";
            if let Some(out) = self.sprinkle(&dish, &held, why) {
                self.topped_dish(out);
            }
            return;
        }
        let Some(t) = target.or(self.bowl_aside()) else {
            return;
        };
        let thing = self.bowl(t).var.clone();
        if let Some(out) = self.sprinkle(&thing, &held, "the bowl in hand, over the other") {
            self.move_items(w, t);
            // A topping on it now: tossing mixes it in.
            self.bowl_mut(t).mixed = false;
            self.no_longer_aside(t);
            self.take_up(t);
            self.worked(out);
        }
    }

    /// What was added last to the bowl in hand is mixed in before that bowl
    /// is sprinkled, chilled, covered or served (`Add salt and pepper.
    /// Sprinkle with sugar.`).
    pub(super) fn mix_before_finishing(&mut self) {
        // Only ingredients added as such (`Add salt and pepper`), not a
        // dressing poured over, which is left to soak in.
        let sentence = crate::instructions::words(self.sentence());
        let shaken_later = crate::clause_words::ClauseWords::get()
            .shake
            .in_clause(&sentence);
        let in_hand = self.in_hand().is_some_and(|w| {
            let bowl = self.bowl(w);
            self.is_it(&bowl.var) && !bowl.poured_into
        }) && !shaken_later;
        if in_hand {
            self.mix_if_unmixed();
        }
    }

    /// A dough or batter is mixed before it is portioned or poured out.
    pub(super) fn mix_if_unmixed(&mut self) {
        if let Some(w) = self.in_hand() {
            if !self.bowl(w).mixed && self.bowl(w).items.len() > 1 {
                self.note("implied: what was added is mixed first");
                self.apply(Stirring::Mix, &[]);
            }
        }
    }

    /// `Roll the dough into balls` while another bowl (a coating) is in
    /// hand: the dough's bowl is taken up again.
    pub(super) fn take_up_dough(&mut self, ws: &[String]) {
        if !crate::clause_words::ClauseWords::get().dough.in_clause(ws) {
            return;
        }
        let habits = Habits::get();
        let is_dough = |b: &Bowl| {
            !b.items.is_empty()
                && b.items
                    .iter()
                    .any(|&i| habits.makes_dough(self.ingredient(i).class))
        };
        if self.in_hand().is_some_and(|w| is_dough(self.bowl(w))) {
            return;
        }
        if let Some(d) = self.latest_bowl(is_dough) {
            self.note("`the dough`: the bowl the dough is in");
            self.exchange(d);
            self.made(self.bowl(d).var.clone());
        }
    }

    pub(super) fn portion(&mut self, clause: &str, ws: &[String]) {
        self.take_up_dough(ws);
        self.mix_if_unmixed();
        let Some(dough) = self.in_hand_var() else {
            return;
        };
        let (mut q, mut unit) = portion_size(clause, ws);
        if let (Some(n), None) = (portion_count(ws), grams(clause)) {
            // `into 6 equal portions`: the dough's weight, looked up in the
            // kitchen, shared out.
            if let Some(g) = self.grams_in(&dough) {
                (q, unit) = ((g / n as f64).round().max(1.0), "g");
                self.note(format!(
                    "{} g of dough in {n} portions: {} g each",
                    number(g),
                    number(q)
                ));
            }
        }
        // Spoonfuls of a dough the kitchen cannot measure by the spoon (nuts
        // in it) are weighed instead: as many grams as a spoonful holds.
        let mut sizes = vec![(q, unit)];
        if unit != "g" {
            if let Some(g) = lexicon().spoonful_grams.get(unit) {
                sizes.push((q * g, "g"));
            }
        }
        let mut made = None;
        for (q, unit) in sizes {
            let (pattern, dest) = (self.fresh("pattern"), self.fresh("countertop"));
            use portion_and_arrange::*;
            let call = Call::<PortionAndArrange>::new()
                .with(CONTAINER_WITH_DOUGH, &dough)
                .with(QUANTITY, q)
                .with(UNIT, unit)
                .with(ARRANGEMENT_PATTERN, pattern)
                .with(DESTINATION, dest);
            let why = "portions of the working bowl";
            made = self.act(call, CONTAINER_WITH_DOUGH, PORTIONS, "portions", why);
            if made.is_some() {
                break;
            }
        }
        if let Some(out) = made {
            self.portioned(out, false);
        }
    }

    /// The last thing made onto a baking tray (portions item by item).
    pub(super) fn place(&mut self, ws: &[String]) {
        let Some(thing) = self.it() else {
            return;
        };
        let habits = Habits::get();
        let named = self.named_tool(ws, is_vessel);
        // `on the prepared sheet`: the vessel made ready before.
        let class = named
            .or(self.ready_class())
            .unwrap_or(habits.portion_vessel);
        let (greased, lined, floured) = Self::vessel_words(ws);
        let greased = greased
            && !crate::clause_words::ClauseWords::get()
                .ungreased
                .in_clause(ws);
        let Some(target) = self.vessel(class, greased, lined, floured) else {
            return;
        };
        let placed = if self.portions() {
            let pattern = spacing(ws).unwrap_or_else(|| self.fresh("pattern"));
            self.transfer_items(&thing, pattern, target, "on-tray", "onto the tray")
        } else {
            self.transfer("on-tray", &target, &thing, "onto the tray")
        };
        if let Some(out) = placed {
            self.placed(out);
        }
    }

    /// Whether a clause puts the bowl in hand on what was baked (`on each
    /// cookie`, `over the top`).
    pub(super) fn over_dish(&self, ws: &[String]) -> bool {
        self.dish().is_some()
            && self.in_hand().is_some()
            && ws
                .iter()
                .any(|w| crate::clause_words::ClauseWords::get().on_the_dish.has(w))
    }

    /// The bowl in hand (an icing) spread over what was baked.
    pub(super) fn spread_over_dish(&mut self) {
        let (Some(dish), Some(topping)) = (self.dish(), self.in_hand_var()) else {
            return;
        };
        use spread::*;
        let call = Call::<Spread>::new()
            .with(OBJECT_TO_BE_SPREAD, dish)
            .with(CONTAINER_WITH_SPREAD, topping)
            .with(CAN_SPREAD_KITCHEN_TOOL, "?spreading-tool");
        let output = CONTAINER_WITH_OBJECTS_THAT_HAVE_BEEN_SPREAD;
        let why = "the bowl in hand, over what was baked";
        if let Some(out) = self.act(call, OBJECT_TO_BE_SPREAD, output, "spread", why) {
            self.topped_dish(out);
        }
    }

    /// `toss with the dressing` (another bowl), not `mix with a fork` (a
    /// tool).
    pub(super) fn with_other_bowl(&self, ws: &[String]) -> bool {
        crate::clause_words::ClauseWords::get()
            .with
            .position_in(ws)
            .is_some_and(|k| {
                let after = &ws[k + 1..(k + 4).min(ws.len())];
                Habits::get().tools(after).is_empty()
            })
    }

    /// Whether the clause names muffin tins (or cups).
    pub(super) fn tins_named(&self, ws: &[String]) -> bool {
        let ready_tins = self.ready_class() == Some("muffin-tins");
        self.named_tool(ws, is_vessel) == Some("muffin-tins")
            || (ready_tins && crate::clause_words::ClauseWords::get().tins.in_clause(ws))
    }

    /// Baked portions moved onto a wire rack, if the clause names one.
    pub(super) fn onto_rack(&mut self, ws: &[String]) {
        if !crate::clause_words::ClauseWords::get().rack.in_clause(ws)
            || !(self.portions() || self.in_vessel())
        {
            return;
        }
        let Some(thing) = self.it() else {
            return;
        };
        let Some(rack) = self.fetch("wire-rack", "the rack to cool on") else {
            return;
        };
        let p = self.fresh("pattern");
        if let Some(out) = self.transfer_items(&thing, p, rack, "on-rack", "onto the rack") {
            self.made(out);
        }
    }

    /// `input` stirred with `tool` by a mixing primitive, given its input,
    /// tool and output roles: the mixture's variable, if it ran.
    fn stir<P: Primitive>(
        &mut self,
        [input_role, tool_role, output]: [Role<P>; 3],
        input: String,
        tool: String,
        why: &str,
    ) -> Option<String> {
        let call = Call::<P>::new()
            .with(input_role, input)
            .with(tool_role, tool);
        self.act(call, input_role, output, "mixture", why)
    }

    /// `topping` sprinkled over `thing`: the sprinkled thing, if it ran.
    pub(super) fn sprinkle(&mut self, thing: &str, topping: &str, why: &str) -> Option<String> {
        use sprinkle::*;
        let call = Call::<Sprinkle>::new()
            .with(OBJECT, thing)
            .with(TOPPING_CONTAINER, topping);
        self.act(call, OBJECT, SPRINKLED_OBJECT, "sprinkled", why)
    }

    /// The items of `thing` moved onto `destination` in `pattern`.
    fn transfer_items(
        &mut self,
        thing: &str,
        pattern: String,
        destination: String,
        stem: &str,
        why: &str,
    ) -> Option<String> {
        use transfer_items::*;
        let call = Call::<TransferItems>::new()
            .with(ITEMS_TO_TRANSFER, thing)
            .with(ARRANGEMENT_PATTERN, pattern)
            .with(DESTINATION, destination);
        self.act(call, ITEMS_TO_TRANSFER, TRANSFERRED, stem, why)
    }

    /// What is in `input` boiled in a pot on the stove.
    pub(super) fn boil_on_the_stove(&mut self, input: &str, why: &str) -> Option<String> {
        use boil::*;
        let call = Call::<Boil>::new()
            .with(THING_TO_BOIL, input)
            .with(STOVE_TO_BOIL_ON, "?stove")
            .with(HEATING_MODE, "?heating-mode")
            .with(TIME_TO_BOIL_QUANTITY, "?boiling-quantity")
            .with(TIME_TO_BOIL_UNIT, "?boiling-unit");
        self.act(call, THING_TO_BOIL, THING_BOILED, "boiled", why)
    }

    /// Ingredients an instruction brings in with their amounts although the
    /// list lacks them (`boil in a pot with 500 ml of salted water`): fetched
    /// there and then.
    pub(super) fn introduced(&mut self, clause: &str) {
        let lex = crate::lexicon::Lexicon::get();
        let lower = clause.to_lowercase();
        let raw: Vec<&str> = lower.split_whitespace().collect();
        for at in 0..raw.len() {
            let Some((_, used)) = crate::quantity::read_quantity(&raw[at..]) else {
                continue;
            };
            if raw.get(at + used).and_then(|u| lex.unit(u)).is_none() {
                continue;
            }
            // The name: the words after the unit (and `of`, `the`) up to a
            // preposition, `and`, or a comma.
            let stop = &crate::clause_words::ClauseWords::get().name_stops;
            let mut end = at + used + 1;
            while end < raw.len() && end < at + used + 6 && !stop.has(raw[end]) {
                end += 1;
                if raw[end - 1].ends_with([',', '.', ';', ')']) {
                    break;
                }
            }
            let phrase = raw[at..end].join(" ");
            let phrase = phrase.trim_end_matches([',', '.', ';']);
            let Ok(read) = crate::ingredient_line::read_line(phrase) else {
                continue;
            };
            if read.matched == crate::lexicon::Match::Nearest || self.fetched_as(read.class) {
                continue;
            }
            let names = words(&read.name.join(" "));
            self.note(format!(
                "`{phrase}`: an ingredient the list lacks, fetched now"
            ));
            self.fetch_ingredient(
                &read,
                names,
                read.amount,
                false,
                "named with its amount in the instruction",
            );
        }
    }

    /// Whether an ingredient of `class` was fetched under another name
    /// (`sugar` for white sugar, `vanilla` for vanilla extract).
    fn fetched_as(&self, class: sous_kitchen::ClassId) -> bool {
        let onto = Ontology::get();
        self.ingredients().iter().any(|f| {
            onto.is_a(f.class, class)
                || onto.is_a(class, f.class)
                || onto
                    .name(f.class)
                    .split('-')
                    .any(|w| onto.name(class).split('-').any(|v| v == w))
        })
    }

    /// Seasonings an instruction adds although the list lacks them (`Add
    /// the lime juice, salt, and pepper`): a pinch of each
    /// (`habits.toml`, to-taste).
    pub(super) fn seasoned(&mut self, clause: &str) {
        use crate::lexicon::Match;
        let lex = crate::lexicon::Lexicon::get();
        let habits = crate::habits::Habits::get();
        let ws: Vec<String> = clause
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(str::to_lowercase)
            .collect();
        static NAMING: std::sync::OnceLock<std::collections::BTreeSet<String>> =
            std::sync::OnceLock::new();
        let naming = NAMING.get_or_init(|| lex.words_naming(|c| habits.to_taste(c)));
        let names_one = |w: &String| naming.contains(w) || naming.contains(w.trim_end_matches('s'));
        let mut at = 0;
        while at < ws.len() {
            // Looked up only near a word that may name a seasoning.
            if !names_one(&ws[at]) && ws.get(at + 1).is_none_or(|w| !names_one(w)) {
                at += 1;
                continue;
            }
            // The longer name first: `bell pepper` is no pepper to taste.
            let found = [2, 1].into_iter().find_map(|n| {
                let name = ws.get(at..at + n)?;
                let (class, how) = lex.ingredient(name)?;
                matches!(how, Match::Synonym | Match::Class).then_some((n, class, name))
            });
            let Some((n, class, name)) = found else {
                at += 1;
                continue;
            };
            at += n;
            if !habits.to_taste(class) || self.fetched_as(class) {
                continue;
            }
            let (amount, unit) = habits.to_taste_amount.clone();
            let phrase = format!("{amount} {unit} {}", name.join(" "));
            let Ok(read) = crate::ingredient_line::read_line(&phrase) else {
                continue;
            };
            self.log(format!(
                "seasoning `{}`: the instructions add it, the list lacks it: a pinch",
                name.join(" ")
            ));
            let names = words(&read.name.join(" "));
            self.fetch_ingredient(&read, names, read.amount, false, "added to taste");
        }
    }
}
