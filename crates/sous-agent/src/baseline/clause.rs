//! One clause of an instruction, acted out: the verb's kind (from
//! `data/verbs.toml`) decides what is done to the clause's referents.

use sous_kitchen::Ontology;

use super::session::{number, Bowl, Session};
use crate::habits::Habits;
use crate::instructions::{duration, grams, lexicon, shape, temperature, words, Kind, Verb};

/// An arrangement pattern of the ontology a clause names (`5 cm apart` →
/// 5-cm-apart).
fn spacing(ws: &[String]) -> Option<String> {
    let at = ws.iter().position(|w| w == "apart")?;
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
    let counted = [
        "portion", "piece", "ball", "cookie", "round", "part", "mound", "biscuit",
    ];
    ws.windows(3).find_map(|t| {
        let n = |w: &str| crate::quantity::read_quantity(&[w]).map(|(v, _)| v as usize);
        if counted.contains(&t[1].as_str()) {
            return n(&t[0]).filter(|&k| k > 1);
        }
        // `6 equal portions`
        (counted.contains(&t[2].as_str())
            && matches!(t[1].as_str(), "equal" | "even" | "small" | "large"))
        .then(|| n(&t[0]))
        .flatten()
        .filter(|&k| k > 1)
    })
}

fn is_bowl(class: &str) -> bool {
    class.ends_with("bowl") || class == "cooking-pot" || class == "jar"
}

/// A vessel things are baked or served on (a pan, a tray), not a bowl,
/// a rack or a utensil.
fn is_vessel(class: &str) -> bool {
    let onto = Ontology::get();
    let container = onto
        .id(class)
        .is_some_and(|c| onto.is_a_name(c, "transferable-container"));
    container && !is_bowl(class) && class != "wire-rack"
}

impl Session {
    /// The tools a clause names, of the kind `keep` accepts.
    fn named_tool(&self, ws: &[String], keep: impl Fn(&str) -> bool) -> Option<&'static str> {
        Habits::get().tools(ws).into_iter().find(|c| keep(c))
    }

    /// Starts a separate bowl when the sentence asks for one.
    fn maybe_new_bowl(&mut self, ws: &[String]) {
        let Some(w) = self.work else { return };
        // `in a large bowl`, `In large bowl`: a bowl not referred to as one
        // in hand (`the bowl`, `this bowl`) is a new one.
        let mut mentions: Vec<usize> = Habits::get()
            .tool_mentions(ws)
            .into_iter()
            .filter(|(_, c)| is_bowl(c))
            .map(|(at, _)| at)
            .collect();
        // A bowl of no size the tools list knows (`in a bowl`).
        mentions.extend((0..ws.len()).filter(|&k| {
            ws[k] == "bowl"
                && (k == 0 || ws[k - 1] != "large" && ws[k - 1] != "medium" && ws[k - 1] != "small")
        }));
        let named_new = mentions.into_iter().any(|start| {
            let start = match start.checked_sub(1).map(|j| ws[j].as_str()) {
                Some("separate" | "another" | "clean") => start - 1,
                _ => start,
            };
            let det = start.checked_sub(1).map(|j| ws[j].as_str());
            !matches!(det, Some("the" | "this" | "that" | "same"))
        });
        let separate = ws
            .iter()
            .any(|w| w == "separate" || w == "another" || w == "second");
        if (separate || named_new) && !self.bowls[w].items.is_empty() {
            self.previous = self.work.take();
        }
    }

    /// Puts ingredient `i` into the working bowl; eggs are cracked into it.
    fn add(&mut self, i: usize, bowl_class: Option<&str>) {
        let w = self.work_bowl(bowl_class);
        let target = self.bowls[w].var.clone();
        let source = self.fetched[i].var.clone();
        let out =
            if self.fetched[i].class == Ontology::get().must("egg") && !self.fetched[i].cracked {
                self.act(
                    "crack",
                    "container",
                    &source,
                    &target,
                    "eggs are cracked into the working bowl",
                )
            } else {
                self.transfer("container", &target, &source, "into the working bowl")
            };
        if let Some(out) = out {
            self.fetched[i].bowl = Some(w);
            self.bowls[w].items.push(i);
            self.bowls[w].mixed = false;
            self.bowls[w].poured_into = false;
            self.worked(out);
        }
    }

    /// Pours bowl `from` into bowl `into`; `into` is then the working bowl.
    fn pour(&mut self, from: usize, into: usize, why: &str) {
        let (source, target) = (self.bowls[from].var.clone(), self.bowls[into].var.clone());
        if let Some(out) = self.transfer("container", &target, &source, why) {
            let moved = std::mem::take(&mut self.bowls[from].items);
            for &i in &moved {
                self.fetched[i].bowl = Some(into);
            }
            self.bowls[into].items.extend(moved);
            if self.previous == Some(from) {
                self.previous = None;
            }
            self.bowls[into].mixed = false;
            self.bowls[into].poured_into = true;
            self.bowls[into].dressed = true;
            self.work = Some(into);
            self.worked(out);
        }
    }

    /// Mixes the working bowl with `primitive` (mingled if it holds pieces),
    /// with a tool the clause names if it can do that.
    fn apply(&mut self, primitive: &str, ws: &[String]) {
        let Some(w) = self.work else { return };
        let onto = Ontology::get();
        // Beating is for what can be beaten (butter, sugar, eggs, cream);
        // whisked liquids are mixed.
        let beatable = self.bowls[w].items.iter().any(|&i| {
            let c = self.fetched[i].class;
            onto.is_a_name(c, "beatable") || onto.is_a_name(c, "crackable")
        });
        let primitive = match primitive {
            "mix" if self.work_has_pieces() => "mingle",
            "beat" if !beatable && !self.bowls[w].items.is_empty() => "mix",
            p => p,
        };
        let capability = format!("can-{primitive}");
        let named = self.named_tool(ws, |c| {
            onto.id(c).is_some_and(|id| onto.is_a_name(id, &capability))
        });
        let tool = match named.and_then(|t| self.fetch(t, "the tool the sentence names")) {
            Some(t) => t,
            None => "?mixing-tool".to_string(),
        };
        let input = self.bowls[w].var.clone();
        if let Some(out) = self.act(
            primitive,
            "mixture",
            &input,
            &tool,
            &format!("{primitive}, on the working bowl"),
        ) {
            self.bowls[w].mixed = true;
            self.bowls[w].topped = false;
            self.worked(out);
        }
    }

    /// Combining and adding: the fresh ingredients go into the working
    /// bowl (a new one if the sentence asks), bowls named through their
    /// ingredients are poured in, or the working bowl into them (`pour into
    /// the flour mixture`, `pour over the salad`).
    fn combine(&mut self, verb: &Verb, clause: &str, ws: &[String]) {
        let r = self.refer(ws);
        for why in &r.why {
            self.trace.push(format!("  ({why})"));
        }
        self.maybe_new_bowl(ws);
        // `Combine the flour, soda and spices` while a batter is in hand:
        // several fresh ingredients put together, with nothing that points
        // at the bowl in hand, are a new bowl (to be stirred in later).
        let together =
            ws.first().is_some_and(|w| w == "combine") || ws.iter().any(|w| w == "together");
        let points_at_bowl = r.pronoun
            || !r.bowls.is_empty()
            || ws.iter().any(|w| w == "in" || w == "into" || w == "bowl");
        if verb.kind == Kind::Combine
            && together
            && !points_at_bowl
            && r.fresh.len() >= 2
            && self.work.is_some_and(|w| !self.bowls[w].items.is_empty())
        {
            self.trace
                .push("  (a new bowl: these are put together on their own)".into());
            self.previous = self.work.take();
        }
        let bowl_class = self.named_tool(ws, is_bowl);
        let mut fresh = r.fresh.clone();
        // What was cut and has gone into a bowl since is no longer loose.
        let loose: Vec<usize> = std::mem::take(&mut self.loose)
            .into_iter()
            .filter(|&i| !self.fetched[i].used())
            .collect();
        self.loose = loose;
        if fresh.is_empty() && r.bowls.is_empty() && r.pronoun && !self.loose.is_empty() {
            fresh = std::mem::take(&mut self.loose);
            self.trace
                .push("  (`it`/`them`: what the last sentence cut)".into());
        } else if r.pronoun
            && !self.loose.is_empty()
            && !fresh.iter().any(|i| self.loose.contains(i))
        {
            let loose = std::mem::take(&mut self.loose);
            fresh.splice(0..0, loose);
        }
        // `pour into`, `over`, `onto`; `add the egg mixture to the dry ones`.
        let toward = ws.iter().any(|w| w == "into" || w == "over" || w == "onto")
            || (verb.kind == Kind::Add && ws.iter().any(|w| w == "to"));
        let others: Vec<usize> = r
            .bowls
            .iter()
            .copied()
            .filter(|b| Some(*b) != self.work)
            .collect();
        if self.work.is_none() && fresh.is_empty() && others.len() == 1 {
            // `Beat the butter mixture`: that bowl is worked in again.
            self.work = Some(others[0]);
        } else {
            // A bowl named before some of the fresh ingredients (`add the
            // sweet potatoes, black beans …`) goes in at its place.
            let first_other = r
                .bowls
                .iter()
                .position(|b| Some(*b) != self.work)
                .map(|k| (r.bowls[k], r.bowl_at[k]));
            let mut poured = false;
            for (k, &i) in fresh.iter().enumerate() {
                if let (Some((b, b_at)), false, Some(w)) = (first_other, toward, self.work) {
                    let i_at = r
                        .fresh
                        .iter()
                        .position(|x| *x == i)
                        .map_or(usize::MAX, |p| r.fresh_at[p]);
                    if !poured && b_at < i_at && k > 0 {
                        self.pour(b, w, "the named bowl, into the working bowl");
                        poured = true;
                    }
                }
                if !self.fetched[i].used() {
                    self.add(i, bowl_class);
                }
            }
            if let Some(w) = self.work {
                if let Some(&b) = others.first() {
                    if toward {
                        self.pour(w, b, "poured into the bowl the sentence names");
                    } else if !poured {
                        self.pour(b, w, "the named bowl, into the working bowl");
                    }
                } else if (toward || (self.with_other_bowl(ws) && !r.named_any)) && fresh.is_empty()
                {
                    // `Pour over the salad`, `toss with the dressing`: the
                    // two bowls in hand become one. Poured over the bowl in
                    // hand (`pour the vinaigrette over the salad`), the one
                    // set aside goes into it; else the one in hand goes over
                    // the one set aside.
                    // `Add the butter and rub it into the dry ingredients`:
                    // what the sentence pours into is the bowl in hand.
                    let into_hand = ws
                        .iter()
                        .position(|x| matches!(x.as_str(), "into" | "over" | "onto"))
                        .is_some_and(|o| {
                            r.bowls
                                .iter()
                                .zip(&r.bowl_at)
                                .any(|(&b, &at)| b == w && at > o)
                        });
                    if into_hand {
                        self.trace.push("  (poured into the bowl in hand)".into());
                    } else if let Some(p) = self.previous {
                        // `the salad` is whichever of the two is no dressing.
                        let salad_in_hand = self.salad_bowl(w) == w;
                        self.previous = None;
                        // (`stir into the creamed mixture` moves the bowl in
                        // hand into the other: only `over` points back.)
                        let over_in_hand = ws
                            .iter()
                            .position(|x| matches!(x.as_str(), "over" | "onto" | "to"))
                            .is_some_and(|o| {
                                ws[o..].iter().any(|x| match x.as_str() {
                                    "mixture" | "it" | "them" => true,
                                    "salad" | "slaw" => salad_in_hand,
                                    _ => false,
                                })
                            });
                        if over_in_hand {
                            self.pour(p, w, "the bowl set aside, over the one in hand");
                        } else {
                            self.pour(w, p, "poured over what waits in the other bowl");
                        }
                    }
                }
            }
        }
        // `Combine the ingredients, mix well`: mixing what is mixed
        // already is the same step said twice.
        let mixed_already = self
            .work
            .is_some_and(|w| self.bowls[w].mixed && !self.bowls[w].topped);
        // `Combine … in a jar …; shake until blended`: the shaking mixes.
        let shaken_later =
            bowl_class == Some("jar") && self.sentence.to_lowercase().contains("shake");
        let mixed_already = mixed_already || shaken_later;
        if let (Kind::Combine, Some(p), false) =
            (verb.kind, verb.primitive.as_deref(), mixed_already)
        {
            let onto = Ontology::get();
            let beats = self.work.is_some_and(|w| {
                self.bowls[w].items.iter().any(|&i| {
                    let c = self.fetched[i].class;
                    verb.beats
                        .iter()
                        .any(|b| onto.id(b).is_some_and(|b| onto.is_a(c, b)))
                })
            });
            self.apply(if beats { "beat" } else { p }, ws);
        }
        let _ = clause;
    }

    /// Cutting the named ingredients (or, for `them`, those cut last).
    fn cut_named(&mut self, verb: &Verb, ws: &[String]) {
        let pattern =
            crate::instructions::cut_pattern(ws, verb.pattern.as_deref().unwrap_or("chopped"));
        let r = self.refer(ws);
        let mut targets = r.fresh;
        if targets.is_empty() && r.pronoun {
            targets = self.loose.clone();
        }
        let together = ws.iter().any(|w| w == "together");
        if together && targets.len() >= 2 {
            // `Shred the cabbage and carrots together`: put together in a
            // bowl, mingled, and cut as one.
            if self.work.is_some_and(|w| !self.bowls[w].items.is_empty()) {
                self.previous = self.work.take();
            }
            for &i in &targets {
                if !self.fetched[i].used() {
                    self.add(i, None);
                }
            }
            self.apply("mingle", ws);
            self.cut_bowl(&pattern);
            self.loose.clear();
            return;
        }
        if targets.is_empty()
            && r.pronoun
            && self.work.is_some_and(|w| !self.bowls[w].items.is_empty())
        {
            // `then chop them up a bit`: what is in the bowl in hand.
            self.cut_bowl(&pattern);
            return;
        }
        if targets.is_empty() && self.in_vessel {
            // `Slice with a bread knife`: what was baked.
            let Some(thing) = self.last.clone() else {
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
            if let Some(out) = self.act(
                "cut",
                "cut",
                &thing,
                &format!("{pattern} {knife} {board}"),
                "cut what was baked",
            ) {
                self.last = Some(out);
            }
            return;
        }
        for &i in &targets {
            self.cut(i, &pattern);
        }
        self.loose = targets;
    }

    /// The bowl in hand's contents cut with `pattern`.
    fn cut_bowl(&mut self, pattern: &str) {
        let Some(w) = self.work else {
            return;
        };
        let input = self.bowls[w].var.clone();
        let board = self.fresh("cutting-board");
        if self
            .act(
                "cut",
                "cut",
                &input,
                &format!("{pattern} ?knife {board}"),
                "cut what is in the bowl",
            )
            .is_some()
        {
            for &i in &self.bowls[w].items.clone() {
                self.fetched[i].cut = true;
            }
        }
    }

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

    /// A preparation verb (mash, peel, seed) on the named ingredients.
    fn prepare_named(&mut self, kind: Kind, ws: &[String]) {
        let targets = self.refer(ws).fresh;
        // `In a mixing bowl, mash the bananas`: in that bowl.
        if let (Kind::Mash, Some(class)) = (kind, self.named_tool(ws, is_bowl)) {
            if self.work.is_some_and(|w| !self.bowls[w].items.is_empty()) {
                self.previous = self.work.take();
            }
            for &i in &targets {
                self.add(i, Some(class));
            }
            if let Some(w) = self.work {
                let input = self.bowls[w].var.clone();
                let onto = Ontology::get();
                let named = self.named_tool(ws, |c| {
                    onto.id(c).is_some_and(|id| onto.is_a_name(id, "can-mash"))
                });
                let tool = match named.and_then(|c| self.fetch(c, "the tool the sentence names")) {
                    Some(t) => t,
                    None => "?fork".to_string(),
                };
                if let Some(out) = self.act("mash", "mashed", &input, &tool, "mash, in the bowl") {
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
                    self.change(i, "mash", "mashed", &tool, "mash")
                }
                Kind::Peel => self.peel(i, "the sentence says peel"),
                Kind::Wash => {
                    self.change(i, "wash", "washed", "", "the sentence says rinse or wash")
                }
                _ => self.seed(i, "the sentence says seed or core"),
            }
        }
        self.loose = targets;
    }

    /// A vessel for baking (`class`), fetched, greased if `greased`, lined
    /// if `lined`.
    fn vessel(
        &mut self,
        class: &'static str,
        greased: bool,
        lined: bool,
        floured: bool,
    ) -> Option<String> {
        if let Some((v, c)) = self.ready_vessel.take() {
            if c == class || !self.portions {
                return Some(v);
            }
            self.ready_vessel = Some((v, c));
        }
        let mut v = self.fetch(class, "a vessel to bake in")?;
        if greased {
            if let Some(g) = self.act("grease", "greased", &v.clone(), "?grease", "greased") {
                v = g;
            }
            if floured {
                if let Some(f) = self.act("flour", "floured", &v.clone(), "?flour", "floured") {
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
            if let Some(l) = self.act("line", "lined", &v.clone(), lining, "lined") {
                v = l;
            }
        }
        Some(v)
    }

    /// Whether a clause asks for a greased or lined vessel.
    fn vessel_words(ws: &[String]) -> (bool, bool, bool) {
        let greased = ws.iter().any(|w| w == "greased" || w == "grease");
        let lined = ws
            .iter()
            .any(|w| w == "lined" || w == "parchment" || w == "paper");
        let floured =
            ws.iter().any(|w| w == "floured") || (greased && ws.iter().any(|w| w == "flour"));
        (greased, lined, floured)
    }

    /// A batter into the vessel it is baked in (`spread into the prepared
    /// pan`; implied before baking a bowl's contents).
    fn batter_into_vessel(&mut self, ws: &[String]) {
        self.mix_if_unmixed();
        let Some(thing) = self.last.clone() else {
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
        let action = format!(
            "(spread {out} {ks} {} {v} {thing} ?spreading-tool)",
            self.kitchen
        );
        if self.attempt(action, ks, "the batter into the vessel it bakes in") {
            self.last = Some(out.clone());
            self.in_vessel = true;
            self.dish = self.last.clone();
            // What was in the bowl is in the vessel now, and is still named
            // by its ingredients (`scatter the crumble over the fruit`).
            match self.work {
                Some(w) if self.bowls[w].var == thing => {
                    self.bowls[w].var = out;
                    self.bowls[w].vessel = true;
                }
                _ => self.work = None,
            }
        }
    }

    /// `Spread the sweet potatoes onto a baking sheet`: the named
    /// ingredients into a vessel, which is worked in from then on.
    fn spread_out(&mut self, ws: &[String]) {
        let fresh = self.refer(ws).fresh;
        let class = self
            .named_tool(ws, is_vessel)
            .unwrap_or(Habits::get().portion_vessel);
        let (greased, lined, floured) = Self::vessel_words(ws);
        let Some(v) = self.vessel(class, greased, lined, floured) else {
            return;
        };
        if self.work.is_some_and(|w| !self.bowls[w].items.is_empty()) {
            self.previous = self.work.take();
        }
        self.bowls.push(Bowl {
            var: v,
            items: Vec::new(),
            mixed: false,
            vessel: true,
            poured_into: false,
            dressed: false,
            topped: false,
            heatable: false,
        });
        self.work = Some(self.bowls.len() - 1);
        for i in fresh {
            self.add(i, None);
        }
        self.in_vessel = true;
        self.dish = self.last.clone();
    }

    /// The working bowl sprinkled over another: one of `named`, else the
    /// bowl set aside before; that one is worked in after.
    fn sprinkle_bowl(&mut self, named: &[usize], named_at: &[usize], ws: &[String]) {
        let Some(mut w) = self.work else {
            return;
        };
        // `Drizzle the dressing over the corn mixture`: the bowl named after
        // `over` is the one sprinkled, even when it is the one in hand; the
        // topping is then the bowl set aside.
        let over = ws
            .iter()
            .position(|x| matches!(x.as_str(), "over" | "onto" | "on" | "across"));
        if let Some(o) = over {
            // `over it`, `over the mixture`: the bowl in hand; `over the
            // salad`: the one of the two that is not the dressing.
            let in_hand = ws[o..]
                .iter()
                .any(|x| matches!(x.as_str(), "mixture" | "it" | "them"));
            let salad = ws[o..]
                .iter()
                .any(|x| matches!(x.as_str(), "salad" | "slaw"));
            let after = named
                .iter()
                .zip(named_at)
                .find(|(_, &at)| at > o)
                .map(|(&b, _)| b)
                .or(salad.then(|| self.salad_bowl(w)))
                .or(in_hand.then_some(w));
            if let (Some(t), Some(p)) = (after, self.previous) {
                if t == w && p != w {
                    self.previous = Some(w);
                    self.work = Some(p);
                    w = p;
                }
            }
        }
        let target = named.iter().copied().find(|&b| b != w);
        // `sprinkle over the tops`: over what stands in its vessel; `top
        // with croutons`: what was baked, over the bowl in hand.
        if let (None, Some(dish)) = (target, self.dish.clone()) {
            let topped_with = ws.iter().any(|x| x == "with") && over.is_none();
            if topped_with {
                let bowl = self.bowls[w].var.clone();
                if let Some(out) = self.act(
                    "sprinkle",
                    "sprinkled",
                    &bowl,
                    &dish,
                    "what was baked, over the bowl in hand",
                ) {
                    self.bowls[w].var = out.clone();
                    self.worked(out);
                }
                return;
            }
            let topping = self.bowls[w].var.clone();
            if let Some(out) = self.act(
                "sprinkle",
                "sprinkled",
                &dish,
                &topping,
                "the bowl in hand, over what is in its vessel",
            ) {
                self.last = Some(out.clone());
                self.dish = Some(out);
                self.work = None;
            }
            return;
        }
        let Some(t) = target.or(self.previous) else {
            return;
        };
        let (thing, topping) = (self.bowls[t].var.clone(), self.bowls[w].var.clone());
        if let Some(out) = self.act(
            "sprinkle",
            "sprinkled",
            &thing,
            &topping,
            "the bowl in hand, over the other",
        ) {
            let moved = std::mem::take(&mut self.bowls[w].items);
            for &i in &moved {
                self.fetched[i].bowl = Some(t);
            }
            self.bowls[t].items.extend(moved);
            self.bowls[t].var = out.clone();
            // A topping on it now: tossing mixes it in.
            self.bowls[t].mixed = false;
            if self.previous == Some(t) {
                self.previous = None;
            }
            self.work = Some(t);
            self.worked(out);
        }
    }

    /// What was added last to the bowl in hand is mixed in before that bowl
    /// is sprinkled, chilled, covered or served (`Add salt and pepper.
    /// Sprinkle with sugar.`).
    pub(super) fn mix_before_finishing(&mut self) {
        // Only ingredients added as such (`Add salt and pepper`), not a
        // dressing poured over, which is left to soak in.
        let shaken_later = self.sentence.to_lowercase().contains("shake");
        let in_hand = self.work.is_some_and(|w| {
            Some(&self.bowls[w].var) == self.last.as_ref() && !self.bowls[w].poured_into
        }) && !shaken_later;
        if in_hand {
            self.mix_if_unmixed();
        }
    }

    /// A dough or batter is mixed before it is portioned or poured out.
    pub(super) fn mix_if_unmixed(&mut self) {
        if let Some(w) = self.work {
            if !self.bowls[w].mixed && self.bowls[w].items.len() > 1 {
                self.trace
                    .push("  (implied: what was added is mixed first)".into());
                self.apply("mix", &[]);
            }
        }
    }

    /// `Roll the dough into balls` while another bowl (a coating) is in
    /// hand: the dough's bowl is taken up again.
    fn take_up_dough(&mut self, ws: &[String]) {
        if !ws.iter().any(|w| w == "dough" || w == "batter") {
            return;
        }
        let habits = Habits::get();
        let is_dough = |b: &Bowl| {
            !b.items.is_empty()
                && b.items
                    .iter()
                    .any(|&i| habits.makes_dough(self.fetched[i].class))
        };
        if self.work.is_some_and(|w| is_dough(&self.bowls[w])) {
            return;
        }
        if let Some(d) = (0..self.bowls.len())
            .rev()
            .find(|&b| is_dough(&self.bowls[b]))
        {
            self.trace
                .push("  (`the dough`: the bowl the dough is in)".into());
            self.previous = self.work.replace(d);
            self.last = Some(self.bowls[d].var.clone());
        }
    }

    fn portion(&mut self, clause: &str, ws: &[String]) {
        self.take_up_dough(ws);
        self.mix_if_unmixed();
        let Some(w) = self.work else { return };
        let (mut q, mut unit) = portion_size(clause, ws);
        if let (Some(n), None) = (portion_count(ws), grams(clause)) {
            // `into 6 equal portions`: the dough's weight, looked up in the
            // kitchen, shared out.
            if let Some(g) = self.grams_in(&self.bowls[w].var) {
                (q, unit) = ((g / n as f64).round().max(1.0), "g");
                self.trace.push(format!(
                    "  ({} g of dough in {n} portions: {} g each)",
                    number(g),
                    number(q)
                ));
            }
        }
        let dough = self.bowls[w].var.clone();
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
            let rest = format!("{} {unit} {pattern} {dest}", number(q));
            made = self.act(
                "portion-and-arrange",
                "portions",
                &dough,
                &rest,
                "portions of the working bowl",
            );
            if made.is_some() {
                break;
            }
        }
        if let Some(out) = made {
            self.last = Some(out);
            self.portions = true;
            self.dish = self.last.clone();
            self.in_vessel = false;
            self.work = None;
        }
    }

    /// The last thing made onto a baking tray (portions item by item).
    fn place(&mut self, ws: &[String]) {
        let Some(thing) = self.last.clone() else {
            return;
        };
        let habits = Habits::get();
        let named = self.named_tool(ws, is_vessel);
        // `on the prepared sheet`: the vessel made ready before.
        let ready = self.ready_vessel.as_ref().map(|(_, c)| *c);
        let class = named.or(ready).unwrap_or(habits.portion_vessel);
        let (greased, lined, floured) = Self::vessel_words(ws);
        let greased = greased && !ws.iter().any(|w| w == "ungreased");
        let Some(target) = self.vessel(class, greased, lined, floured) else {
            return;
        };
        let placed = if self.portions {
            let pattern = spacing(ws).unwrap_or_else(|| self.fresh("pattern"));
            self.act(
                "transfer-items",
                "on-tray",
                &thing,
                &format!("{pattern} {target}"),
                "onto the tray",
            )
        } else {
            self.transfer("on-tray", &target, &thing, "onto the tray")
        };
        if let Some(out) = placed {
            self.last = Some(out);
            self.in_vessel = true;
            self.dish = self.last.clone();
        }
    }

    pub(super) fn clause(&mut self, verb: &Verb, clause: &str) {
        let ws = words(clause);
        self.raw_words = clause
            .split(|c: char| !c.is_alphanumeric() && c != '\'')
            .filter(|w| !w.is_empty())
            .map(str::to_lowercase)
            .collect();
        if matches!(
            verb.kind,
            Kind::Combine | Kind::Add | Kind::Boil | Kind::Soak
        ) {
            self.introduced(clause);
        }
        match verb.kind {
            // `Pour the batter into the prepared pan`.
            Kind::Add
                if ws.iter().any(|w| w == "into" || w == "in")
                    && (self.named_tool(&ws, is_vessel).is_some()
                        || ws.iter().any(|w| w == "prepared"))
                    && self.refer(&ws).fresh.is_empty() =>
            {
                self.batter_into_vessel(&ws)
            }
            Kind::Combine | Kind::Add => self.combine(verb, clause, &ws),
            // `Cut in the butter`: worked into the mixture, not cut.
            Kind::Cut if ws.get(1).is_some_and(|w| w == "in") => {
                self.combine(&Verb::implied_mixing(), clause, &ws)
            }
            Kind::Cut => self.cut_named(verb, &ws),
            Kind::Mash | Kind::Peel | Kind::Seed | Kind::Wash => self.prepare_named(verb.kind, &ws),
            Kind::Melt => self.melt(&ws),
            // `Bring a large pot of salted water to a boil`: the pot is put
            // on, and what is added next goes into it.
            Kind::Heat => {
                if !ws.iter().any(|w| w == "boil") {
                    return;
                }
                let class = self
                    .named_tool(&ws, is_bowl)
                    .unwrap_or(Habits::get().boiling_vessel);
                if self.work.is_some_and(|w| !self.bowls[w].items.is_empty()) {
                    self.previous = self.work.take();
                }
                self.work = None;
                let w = self.work_bowl(Some(class));
                // `a pot of water` with no amount: a potful, from the tap.
                let water_known = self
                    .fetched
                    .iter()
                    .any(|f| Ontology::get().name(f.class) == "water");
                if ws.iter().any(|x| x == "water") && !water_known {
                    let ml = Habits::get().boiling_water_ml;
                    if let Ok(read) = crate::ingredient_line::read_line(&format!("{ml} ml water")) {
                        self.fetch_ingredient(
                            &read,
                            vec!["water".into()],
                            ml,
                            false,
                            "water for the pot, no amount given",
                        );
                        if let Some(i) = self.fetched.len().checked_sub(1) {
                            if self.fetched[i].bowl.is_none()
                                && Ontology::get().name(self.fetched[i].class) == "water"
                            {
                                self.work = Some(w);
                                self.add(i, None);
                            }
                        }
                    }
                }
            }
            // `Add potatoes and cook until tender`: boiled, in the pot on.
            Kind::Cook => {
                let Some(w) = self.work.filter(|&w| self.bowls[w].heatable) else {
                    return;
                };
                let input = self.bowls[w].var.clone();
                let rest = "?stove ?heating-mode ?boiling-quantity ?boiling-unit";
                if let Some(out) = self.act(
                    "boil",
                    "boiled",
                    &input,
                    rest,
                    "cooked in the pot on the stove",
                ) {
                    self.worked(out);
                }
            }
            Kind::Drain => {
                let Some(w) = self.work else {
                    return;
                };
                let input = self.bowls[w].var.clone();
                if let Some(out) = self.drain(&input, "drain what is in the pot") {
                    self.bowls[w].var = out.clone();
                    self.worked(out);
                }
            }
            Kind::Remove => self.onto_rack(&ws),
            // `Heat the milk` is not about the oven.
            Kind::Preheat if !ws.iter().any(|w| w == "oven" || w == "preheat") => {}
            Kind::Preheat => {
                let t = temperature(clause).unwrap_or(180.0);
                let rest = format!("{} degrees-celsius", number(t));
                self.oven = self.act("preheat-oven", "oven", "?oven", &rest, "preheat");
            }
            Kind::Sift => self.sift(&ws),
            Kind::Soak => self.soak(&ws),
            Kind::Boil => self.boil(&ws),
            Kind::Grease | Kind::Line => {
                // A vessel made ready before it is needed.
                let named = self.named_tool(&ws, is_vessel);
                let class = named.unwrap_or(Habits::get().portion_vessel);
                let greased = verb.kind == Kind::Grease;
                let floured = greased && ws.iter().any(|w| w == "flour" || w == "floured");
                // `Grease a cookie sheet with butter`: that butter.
                let fat = self
                    .refer(&ws)
                    .fresh
                    .into_iter()
                    .find(|&i| {
                        Ontology::get().is_a_name(self.fetched[i].class, "can-be-brushed-with")
                    })
                    .filter(|_| greased && ws.iter().any(|w| w == "with"));
                let fetched = match fat {
                    Some(_) => self.fetch(class, "a vessel to grease"),
                    None => None,
                };
                if let (Some(i), Some(v)) = (fat, fetched) {
                    let fat_var = self.fetched[i].var.clone();
                    if let Some(g) = self.act(
                        "grease",
                        "greased",
                        &v,
                        &fat_var,
                        "greased with the named fat",
                    ) {
                        self.fetched[i].spent = true;
                        self.ready_vessel = Some((g, class));
                    }
                } else if let Some(v) = self.vessel(class, greased, !greased, floured) {
                    self.ready_vessel = Some((v, class));
                }
            }
            Kind::Flatten => {
                let Some(thing) = self.last.clone().filter(|_| self.portions) else {
                    return;
                };
                if let Some(out) = self.act(
                    "flatten",
                    "flattened",
                    &thing,
                    "?rolling-pin",
                    "flatten the portions",
                ) {
                    self.last = Some(out);
                }
            }
            Kind::Spread if self.over_dish(&ws) => self.spread_over_dish(),
            Kind::Spread if !self.refer(&ws).fresh.is_empty() => self.spread_out(&ws),
            Kind::Spread => self.batter_into_vessel(&ws),
            // `to fill the cup` fills no tins.
            Kind::Fill if !self.tins_named(&ws) && self.named_tool(&ws, is_vessel).is_none() => {}
            Kind::Fill => {
                self.mix_if_unmixed();
                let Some(w) = self.work else { return };
                let class = self.named_tool(&ws, is_vessel).unwrap_or("muffin-tins");
                let (greased, lined, floured) = Self::vessel_words(&ws);
                let Some(v) = self.vessel(class, greased, lined, floured) else {
                    return;
                };
                let dough = self.bowls[w].var.clone();
                let (q, u, p) = (
                    self.fresh("quantity"),
                    self.fresh("unit"),
                    self.fresh("pattern"),
                );
                let rest = format!("{q} {u} {p} {v}");
                if let Some(out) = self.act(
                    "portion-and-arrange",
                    "filled",
                    &dough,
                    &rest,
                    "the batter into the tins",
                ) {
                    self.last = Some(out);
                    self.in_vessel = true;
                    self.dish = self.last.clone();
                    self.portions = true;
                    self.dish = self.last.clone();
                    self.work = None;
                }
            }
            Kind::Bake => {
                if self.portions && !self.in_vessel {
                    self.place(&ws);
                } else if !self.in_vessel && self.work.is_some_and(|w| !self.bowls[w].vessel) {
                    self.batter_into_vessel(&ws);
                }
                let Some(thing) = self.last.clone() else {
                    return;
                };
                let (d, unit) = match duration(clause).unwrap_or((20.0, "minute")) {
                    // The kitchen reads a baking time in minutes, whatever
                    // its unit: `1 hour` is written as 60 minutes.
                    (h, "hour") => (h * 60.0, "minute"),
                    other => other,
                };
                // No temperature given: the preheated oven's.
                let rest = match (temperature(clause), self.oven.clone()) {
                    (None, Some(oven)) => {
                        let (q, u) = (
                            self.fresh("temperature-quantity"),
                            self.fresh("temperature-unit"),
                        );
                        format!("{oven} {} {unit} {q} {u}", number(d))
                    }
                    (t, _) => format!(
                        "?oven {} {unit} {} degrees-celsius",
                        number(d),
                        number(t.unwrap_or(180.0))
                    ),
                };
                let mut baked =
                    self.act("bake", "baked", &thing, &rest, "bake the last thing made");
                if baked.is_none() {
                    // Raw pieces in a dish cannot be baked as they are (the
                    // kitchen keeps no temperature for an apple slice): what
                    // is in the dish is tossed together first.
                    if let Some(w) = self.bowls.iter().position(|b| b.var == thing) {
                        let in_hand = self.work.replace(w);
                        self.trace.push(
                            "  (implied: what is in the dish is tossed together before baking)"
                                .into(),
                        );
                        self.apply("mingle", &[]);
                        let thing = self.bowls[w].var.clone();
                        baked =
                            self.act("bake", "baked", &thing, &rest, "bake the last thing made");
                        if in_hand != Some(w) {
                            self.work = in_hand;
                        }
                    }
                }
                if let Some(out) = baked {
                    self.last = Some(out);
                }
            }
            Kind::Sprinkle => {
                self.mix_before_finishing();
                let r = self.refer(&ws);
                if r.fresh.is_empty() {
                    // `Drizzle (the) dressing over the corn mixture`: what is
                    // in hand, over the other bowl.
                    self.sprinkle_bowl(&r.bowls, &r.bowl_at, &ws);
                    return;
                }
                // `Sprinkle the soda and salt over the mixture and stir them
                // in`: sprinkled onto a batter that is then stirred, they
                // are added to it.
                let stirred_in = words(&self.sentence)
                    .iter()
                    .any(|x| matches!(x.as_str(), "stir" | "mix" | "fold" | "whisk" | "beat"));
                let onto_batter = self.work.is_some_and(|w| {
                    let b = &self.bowls[w];
                    !b.vessel && !b.items.is_empty() && self.last.as_deref() == Some(&b.var)
                }) && !self.work_has_pieces();
                if stirred_in && onto_batter {
                    self.combine(&Verb::implied(Kind::Add), clause, &ws);
                    return;
                }
                let Some(mut thing) = self.last.clone() else {
                    return;
                };
                for i in r.fresh {
                    let topping = self.fetched[i].var.clone();
                    if let Some(out) = self.act(
                        "sprinkle",
                        "sprinkled",
                        &thing,
                        &topping,
                        "over the last thing made",
                    ) {
                        self.fetched[i].spent = true;
                        if let Some(w) = self.work.filter(|&w| self.bowls[w].var == out) {
                            self.bowls[w].topped = true;
                        }
                        self.last = Some(out.clone());
                        thing = out;
                    }
                }
            }
            Kind::Chill => {
                self.mix_before_finishing();
                let Some(thing) = self.last.clone() else {
                    return;
                };
                // `Refrigerate and allow to stand 8 hours`: the time may be
                // elsewhere in the sentence.
                let (d, unit) = duration(clause)
                    .or_else(|| duration(&self.sentence))
                    .unwrap_or((1.0, "hour"));
                let rest = format!("?fridge {} {unit}", number(d));
                if let Some(out) = self.act(
                    "refrigerate",
                    "chilled",
                    &thing,
                    &rest,
                    "the last thing made",
                ) {
                    self.last = Some(out);
                    self.chilled_in_sentence = true;
                }
            }
            Kind::Cool => self.cool(clause, &ws),
            Kind::Cover => {
                self.mix_before_finishing();
                let Some(thing) = self.last.clone() else {
                    return;
                };
                let onto = Ontology::get();
                let named = self.named_tool(&ws, |c| {
                    onto.id(c).is_some_and(|id| onto.is_a_name(id, "can-cover"))
                });
                let cover = match named.and_then(|c| self.fetch(c, "the cover the sentence names"))
                {
                    Some(c) => c,
                    None => "?cover".to_string(),
                };
                if let Some(out) = self.act(
                    "cover",
                    "covered",
                    &thing,
                    &cover,
                    "cover the last thing made",
                ) {
                    self.last = Some(out);
                }
            }
            Kind::Place
                if !self.in_vessel && !self.portions && self.named_tool(&ws, is_bowl).is_some() =>
            {
                let r = self.refer(&ws);
                let class = self.named_tool(&ws, is_bowl);
                match self.work {
                    // `Place in a large bowl`: the bowl in hand, moved.
                    Some(w) if r.fresh.is_empty() && self.loose.is_empty() => {
                        let Some(bowl) =
                            class.and_then(|c| self.fetch(c, "the bowl the sentence names"))
                        else {
                            return;
                        };
                        let source = self.bowls[w].var.clone();
                        if let Some(out) =
                            self.transfer("container", &bowl, &source, "moved into the bowl")
                        {
                            self.worked(out);
                        }
                    }
                    // `put in a large bowl`: what was just cut (said or not),
                    // into a new bowl.
                    _ => {
                        if self.work.is_some_and(|w| !self.bowls[w].items.is_empty()) {
                            self.previous = self.work.take();
                        }
                        if r.fresh.is_empty() && !self.loose.is_empty() {
                            let loose = std::mem::take(&mut self.loose);
                            let class = self.named_tool(&ws, is_bowl);
                            for i in loose {
                                if !self.fetched[i].used() {
                                    self.add(i, class);
                                }
                            }
                        } else {
                            self.combine(&Verb::implied(Kind::Add), clause, &ws);
                        }
                    }
                }
            }
            Kind::Shake => {
                let Some(w) = self.work else {
                    return;
                };
                let jar = self.bowls[w].var.clone();
                // `Cover and shake`: covered once.
                let covered = if self.actions.last().is_some_and(|a| {
                    a.starts_with("(cover ") && a.contains(&format!("(cover {jar} "))
                }) {
                    Some(jar)
                } else {
                    self.act("cover", "covered", &jar, "?lid", "covered to shake")
                };
                if let Some(c) = covered {
                    if let Some(out) = self.act("shake", "shaken", &c, "", "shaken") {
                        self.bowls[w].mixed = true;
                        self.worked(out);
                    }
                }
            }
            Kind::Place if self.in_vessel && self.named_tool(&ws, is_bowl).is_some() => {
                // `put them in a large bowl`: what was baked, into a bowl.
                let class = self.named_tool(&ws, is_bowl).unwrap_or("large-bowl");
                let Some(thing) = self.last.clone() else {
                    return;
                };
                let Some(bowl) = self.fetch(class, "the bowl the sentence names") else {
                    return;
                };
                if let Some(out) = self.transfer("container", &bowl, &thing, "into the bowl") {
                    self.last = Some(out);
                }
            }
            // `Place the apples in the prepared pan`.
            Kind::Place
                if !self.refer(&ws).fresh.is_empty()
                    && ((self.ready_vessel.is_some() && ws.iter().any(|w| w == "prepared"))
                        || self.named_tool(&ws, is_vessel).is_some()) =>
            {
                self.spread_out(&ws)
            }
            // `Place the oil in a measuring cup`: ingredients put into a
            // container of their own.
            Kind::Place
                if !self.refer(&ws).fresh.is_empty()
                    && !self.portions
                    && self.named_tool(&ws, is_vessel).is_none() =>
            {
                if self.work.is_some_and(|w| !self.bowls[w].items.is_empty()) {
                    self.previous = self.work.take();
                }
                self.combine(&Verb::implied(Kind::Add), clause, &ws);
            }
            // `Remove from the pan to a wire rack`.
            Kind::Place if self.in_vessel && ws.iter().any(|w| w == "rack") => self.onto_rack(&ws),
            // `Place paper liners in 12 muffin cups`: the vessel lined.
            Kind::Place
                if ws.iter().any(|w| w == "liner" || w == "paper")
                    && self.named_tool(&ws, is_vessel).is_some() =>
            {
                self.clause(&Verb::implied(Kind::Line), clause)
            }
            Kind::Place => {
                if !self.portions && self.work.is_some() {
                    self.portion(clause, &ws);
                }
                self.place(&ws);
            }
            // `Divide the batter among the 12 muffin cups`: the tins are filled.
            Kind::Drop | Kind::Portion if self.tins_named(&ws) => {
                self.clause(&Verb::implied(Kind::Fill), clause)
            }
            // `Spoon the topping over the apples`: sprinkled over them.
            Kind::Drop
                if self.work.is_some()
                    && ws.iter().any(|w| w == "over")
                    && self.refer(&ws).fresh.is_empty() =>
            {
                let r = self.refer(&ws);
                self.sprinkle_bowl(&r.bowls, &r.bowl_at, &ws)
            }
            // `Spoon a little icing on each cookie`.
            Kind::Drop if self.over_dish(&ws) => self.spread_over_dish(),
            Kind::Drop => {
                self.portion(clause, &ws);
                self.place(&ws);
            }
            Kind::Portion => self.portion(clause, &ws),
            Kind::Shape => self.shape(clause, &ws),
            Kind::Dip => self.dip(&ws),
        }
        if ws.windows(2).any(|w| w[0] == "set" && w[1] == "aside") && self.work.is_some() {
            // What was set aside waits; the next combining starts a new bowl.
            self.previous = self.work.take();
        }
        if verb.kind != Kind::Chill
            && ws
                .iter()
                .any(|w| crate::lexicon::Lexicon::get().is_fridge(w))
        {
            self.clause(&Verb::implied(Kind::Chill), clause);
        }
    }

    /// Whether a clause puts the bowl in hand on what was baked (`on each
    /// cookie`, `over the top`).
    fn over_dish(&self, ws: &[String]) -> bool {
        self.dish.is_some()
            && self.work.is_some()
            && ws
                .iter()
                .any(|w| matches!(w.as_str(), "each" | "top" | "over" | "on"))
    }

    /// The bowl in hand (an icing) spread over what was baked.
    fn spread_over_dish(&mut self) {
        let (Some(dish), Some(w)) = (self.dish.clone(), self.work) else {
            return;
        };
        let topping = self.bowls[w].var.clone();
        let rest = format!("{topping} ?spreading-tool");
        if let Some(out) = self.act(
            "spread",
            "spread",
            &dish,
            &rest,
            "the bowl in hand, over what was baked",
        ) {
            self.last = Some(out.clone());
            self.dish = Some(out);
            self.work = None;
        }
    }

    /// `toss with the dressing` (another bowl), not `mix with a fork` (a
    /// tool).
    fn with_other_bowl(&self, ws: &[String]) -> bool {
        ws.iter().position(|w| w == "with").is_some_and(|k| {
            let after = &ws[k + 1..(k + 4).min(ws.len())];
            Habits::get().tools(after).is_empty()
        })
    }

    /// Whether the clause names muffin tins (or cups).
    fn tins_named(&self, ws: &[String]) -> bool {
        let ready_tins = self
            .ready_vessel
            .as_ref()
            .is_some_and(|(_, c)| *c == "muffin-tins");
        self.named_tool(ws, is_vessel) == Some("muffin-tins")
            || (ready_tins
                && ws
                    .iter()
                    .any(|w| matches!(w.as_str(), "muffin" | "prepared" | "tin" | "pan")))
    }

    /// Baked portions moved onto a wire rack, if the clause names one.
    fn onto_rack(&mut self, ws: &[String]) {
        if !ws.iter().any(|w| w == "rack") || !(self.portions || self.in_vessel) {
            return;
        }
        let Some(thing) = self.last.clone() else {
            return;
        };
        let Some(rack) = self.fetch("wire-rack", "the rack to cool on") else {
            return;
        };
        let p = self.fresh("pattern");
        if let Some(out) = self.act(
            "transfer-items",
            "on-rack",
            &thing,
            &format!("{p} {rack}"),
            "onto the rack",
        ) {
            self.last = Some(out);
        }
    }

    /// Cooling: for a time where it stands (`cool for 5 minutes`), onto a
    /// wire rack if one is named, to room temperature if `completely`.
    fn cool(&mut self, clause: &str, ws: &[String]) {
        if self.chilled_in_sentence {
            // Standing after `refrigerate` in one sentence is in the fridge.
            return;
        }
        // What cools is what was baked, if anything was.
        if let Some(dish) = self.dish.clone() {
            self.last = Some(dish);
        }
        if let Some((d, unit)) = duration(clause) {
            let Some(thing) = self.last.clone() else {
                return;
            };
            let rest = format!("{} {unit}", number(d));
            if let Some(out) = self.act(
                "leave-for-time",
                "cooling",
                &thing,
                &rest,
                "left to cool for the time given",
            ) {
                self.last = Some(out);
            }
        }
        self.onto_rack(ws);
        let has = |p: &str| ws.windows(2).any(|w| w.join(" ") == p);
        // Cooling with no time given: until it is at room temperature.
        let timed = duration(clause).is_some();
        if ws.iter().any(|w| w == "completely") || has("room temperature") || !timed {
            let Some(thing) = self.last.clone() else {
                return;
            };
            let (q, u) = (
                self.fresh("room-temp-quantity"),
                self.fresh("room-temp-unit"),
            );
            if let Some(out) = self.act(
                "bring-to-temperature",
                "cooled",
                &thing,
                &format!("{q} {u}"),
                "cooled completely",
            ) {
                self.last = Some(out);
            }
        }
    }

    fn shape(&mut self, clause: &str, ws: &[String]) {
        let r = self.refer(ws);
        if ws.iter().any(|w| w == "in" || w == "into")
            && (!r.fresh.is_empty() || !r.bowls.is_empty())
            && self.portions
        {
            // "Roll in powdered sugar": the portions are dipped in it.
            self.dip(ws);
            return;
        }
        if !self.portions {
            // Shaping what is still in the bowl: portion it first.
            self.portion(clause, ws);
        }
        let Some(thing) = self.last.clone().filter(|_| self.portions) else {
            return;
        };
        if let Some(out) = self.act(
            "shape",
            "shaped",
            &thing,
            &shape(clause),
            "shape the portions",
        ) {
            self.last = Some(out);
        }
    }

    /// The last thing made (portions) dipped in the named ingredient.
    fn dip(&mut self, ws: &[String]) {
        // What was baked or shaped is dipped, even when a coating was made
        // after it (`Sift the sugar into a bowl. Dip the crescents in it`).
        let Some(thing) = self.dish.clone().or_else(|| self.last.clone()) else {
            return;
        };
        let r = self.refer(ws);
        let (coating, spent) = match (r.fresh.first(), r.bowls.first()) {
            (Some(&i), _) => (self.fetched[i].var.clone(), Some(i)),
            (None, Some(&b)) => (self.bowls[b].var.clone(), None),
            (None, None) => return,
        };
        if let Some(out) = self.act("dip", "dipped", &thing, &coating, "dipped in an ingredient") {
            if let Some(i) = spent {
                self.fetched[i].spent = true;
            }
            self.last = Some(out);
        }
    }

    /// `Sift the flour with the soda and salt (into a large bowl)`: the
    /// others go into the first one's bowl, which is sifted into a new bowl.
    fn sift(&mut self, ws: &[String]) {
        let mut r = self.refer(ws);
        // `Sift the flour and soda over the butter mixture`: what follows
        // `over` or `into` is the bowl sifted onto, not one more thing sifted.
        let onto = self.sifted_onto(ws, &r);
        if let Some(o) = ws
            .iter()
            .position(|x| matches!(x.as_str(), "over" | "into" | "onto"))
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
            let mut base = self.fetched[first].var.clone();
            let mut items = vec![first];
            for &i in rest {
                let from = self.fetched[i].var.clone();
                if let Some(out) = self.transfer("container", &base, &from, "with what is sifted") {
                    base = out;
                    items.push(i);
                }
            }
            (base, items)
        } else if let Some(w) = named_before.or(self.work).filter(|&w| Some(w) != onto) {
            let items = std::mem::take(&mut self.bowls[w].items);
            (self.bowls[w].var.clone(), items)
        } else {
            return;
        };
        if let Some(b) = onto {
            let target = self.bowls[b].var.clone();
            // Without a sift given, sifting replaces what the target held;
            // with one, it adds to it.
            let Some(tool) = self.fetch("sift", "a sift, to sift onto what the bowl holds") else {
                return;
            };
            let (out, ks) = (self.fresh("sifted"), self.fresh("ks"));
            let action = format!(
                "(sift {out} {ks} {} {target} {source} {tool})",
                self.kitchen
            );
            if self.attempt(action, ks, "sift, over the bowl the text names") {
                let bowl = &mut self.bowls[b];
                bowl.var = out.clone();
                bowl.mixed = false;
                bowl.poured_into = false;
                bowl.items.extend(items.iter().copied());
                for i in items {
                    self.fetched[i].bowl = Some(b);
                }
                self.work = Some(b);
                self.worked(out);
            }
            return;
        }
        let class = self.named_tool(ws, is_bowl).unwrap_or("large-bowl");
        let Some(target) = self.fetch(class, "the bowl to sift into") else {
            return;
        };
        let (out, ks) = (self.fresh("sifted"), self.fresh("ks"));
        let action = format!(
            "(sift {out} {ks} {} {target} {source} ?sifting-tool)",
            self.kitchen
        );
        if self.attempt(action, ks, "sift") {
            if let Some(w) = self.work {
                if !self.bowls[w].items.is_empty() {
                    self.previous = Some(w);
                }
            }
            self.bowls.push(Bowl {
                var: out.clone(),
                items: items.clone(),
                mixed: true,
                vessel: false,
                poured_into: false,
                dressed: false,
                topped: false,
                heatable: false,
            });
            let b = self.bowls.len() - 1;
            for i in items {
                self.fetched[i].bowl = Some(b);
            }
            self.work = Some(b);
            self.worked(out);
        }
    }

    /// The bowl named after `over`/`into`/`onto` in a sift clause: a bowl
    /// an ingredient names (`over the butter mixture`), or the bowl in hand
    /// for `over the mixture`, `over it`.
    fn sifted_onto(&self, ws: &[String], r: &super::refer::Referents) -> Option<usize> {
        let o = ws
            .iter()
            .position(|x| matches!(x.as_str(), "over" | "into" | "onto"))?;
        if let Some((&b, _)) = r.bowls.iter().zip(&r.bowl_at).find(|(_, &at)| at > o) {
            return Some(b);
        }
        let in_hand = ws[o..]
            .iter()
            .any(|x| matches!(x.as_str(), "mixture" | "batter" | "it" | "them"));
        self.work
            .filter(|&w| in_hand && !self.bowls[w].items.is_empty())
    }

    /// `Soak the raisins in the hot water`: the first into the second's
    /// container, set aside.
    fn soak(&mut self, ws: &[String]) {
        let r = self.refer(ws);
        let [what, liquid, ..] = r.fresh[..] else {
            return;
        };
        let (source, target) = (
            self.fetched[what].var.clone(),
            self.fetched[liquid].var.clone(),
        );
        if let Some(out) = self.transfer("soaking", &target, &source, "soaked in the liquid") {
            self.bowls.push(Bowl {
                var: out.clone(),
                items: vec![liquid, what],
                mixed: true,
                vessel: false,
                poured_into: false,
                dressed: false,
                topped: false,
                heatable: false,
            });
            let b = self.bowls.len() - 1;
            self.fetched[what].bowl = Some(b);
            self.fetched[liquid].bowl = Some(b);
            self.last = Some(out);
        }
    }

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
        if let Some(w) = self.work.take() {
            self.previous = Some(w);
        }
        let w = self.work_bowl(Some(class));
        for i in r.fresh {
            let (target, source) = (self.bowls[w].var.clone(), self.fetched[i].var.clone());
            if let Some(out) = self.transfer("container", &target, &source, "into the pot") {
                self.fetched[i].bowl = Some(w);
                self.bowls[w].items.push(i);
                self.worked(out);
            }
        }
        let input = self.bowls[w].var.clone();
        let rest = "?stove ?heating-mode ?boiling-quantity ?boiling-unit";
        if let Some(out) = self.act("boil", "boiled", &input, rest, "boil") {
            self.worked(out);
        }
        // Solids boiled in water are drained (potatoes, eggs); a boiled
        // dressing is not.
        let habits = Habits::get();
        let onto = Ontology::get();
        let items = &self.bowls[w].items;
        let water = items
            .iter()
            .any(|&i| onto.is_a_name(self.fetched[i].class, "water"));
        let solid = items
            .iter()
            .any(|&i| !habits.makes_dressing(self.fetched[i].class));
        if water && solid {
            let input = self.bowls[w].var.clone();
            if let Some(out) = self.drain(&input, "what was boiled in water is drained") {
                self.bowls[w].var = out.clone();
                self.worked(out);
            }
        }
    }

    /// Ingredients an instruction brings in with their amounts although the
    /// list lacks them (`boil in a pot with 500 ml of salted water`): fetched
    /// there and then.
    fn introduced(&mut self, clause: &str) {
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
            let stop = [
                "and", "in", "into", "until", "with", "to", "on", "over", "for", "or",
            ];
            let mut end = at + used + 1;
            while end < raw.len() && end < at + used + 6 && !stop.contains(&raw[end]) {
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
            // Not another name for one fetched (`sugar` for white sugar,
            // `vanilla` for vanilla extract).
            let onto = Ontology::get();
            let known = self.fetched.iter().any(|f| {
                onto.is_a(f.class, read.class)
                    || onto.is_a(read.class, f.class)
                    || onto
                        .name(f.class)
                        .split('-')
                        .any(|w| onto.name(read.class).split('-').any(|v| v == w))
            });
            if read.matched == crate::lexicon::Match::Nearest || known {
                continue;
            }
            let names = words(&read.name.join(" "));
            self.trace.push(format!(
                "  (`{phrase}`: an ingredient the list lacks, fetched now)"
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
}
