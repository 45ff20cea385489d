//! What the text is about at this point: the bowl in hand and the one set
//! aside, what "it" and "them" are, and what waits in a vessel (one made
//! ready, the dish, the oven). A verb changes several of these at once,
//! so they change through methods named for what happened.

use super::{Bowl, Session};

#[derive(Default)]
pub(super) struct Focus {
    /// The bowl everything is being combined in.
    work: Option<usize>,
    /// The bowl worked in before a separate one was started.
    previous: Option<usize>,
    /// The last thing made (what "it" is).
    last: Option<String>,
    /// Ingredients the last clause acted on outside any bowl (cut, mashed):
    /// what "them" is when the next clause combines.
    loose: Vec<usize>,
    /// Whether the last thing made is a set of portions (placed item by
    /// item rather than poured).
    portions: bool,
    /// Whether the last thing made stands in the vessel it is baked in.
    in_vessel: bool,
    /// A vessel made ready before it is needed (a greased cookie sheet),
    /// and its class.
    ready_vessel: Option<(String, &'static str)>,
    /// What stands in a vessel to be baked or served (portions in tins, a
    /// crumble in its pan): `the tops`.
    dish: Option<String>,
    /// The oven preheated earlier ("the oven", "the preheated oven").
    oven: Option<String>,
}

/// The bowl in hand.
impl Session {
    /// The bowl everything is being combined in, if one is.
    pub fn in_hand(&self) -> Option<usize> {
        self.focus.work
    }

    /// The variable of the bowl in hand.
    pub fn in_hand_var(&self) -> Option<String> {
        self.focus.work.map(|w| self.bowl(w).var.clone())
    }

    /// Whether the bowl in hand holds anything.
    pub fn something_in_hand(&self) -> bool {
        self.focus
            .work
            .is_some_and(|w| !self.bowl(w).items.is_empty())
    }

    /// The bowl in hand, started (empty, unbound or fetched as `class`) if
    /// there is none.
    pub fn work_bowl(&mut self, class: Option<&str>) -> usize {
        if let Some(w) = self.focus.work {
            return w;
        }
        let var = match class.and_then(|c| self.fetch(c, "the bowl the sentence names")) {
            Some(v) => v,
            None => self.fresh("bowl"),
        };
        let onto = sous_kitchen::Ontology::get();
        let heatable = class
            .and_then(|c| onto.id(c))
            .is_some_and(|c| onto.is_a_name(c, "heatable-container"));
        let bowl = Bowl {
            heatable,
            ..Bowl::new(var)
        };
        let w = self.new_bowl(bowl, &[]);
        self.focus.work = Some(w);
        w
    }

    /// Bowl `b` is the one worked in now.
    pub fn take_up(&mut self, b: usize) {
        self.focus.work = Some(b);
    }

    /// No bowl is in hand: the next combining starts one.
    pub fn put_down(&mut self) {
        self.focus.work = None;
    }

    /// The bowl in hand waits (`set aside`); the next combining starts a
    /// new one.
    pub fn set_aside(&mut self) {
        if let Some(w) = self.focus.work.take() {
            self.focus.previous = Some(w);
        }
    }

    /// A separate bowl is wanted: the one in hand is set aside if it holds
    /// anything (an empty one serves).
    pub fn want_new_bowl(&mut self) {
        if self.something_in_hand() {
            self.set_aside();
        }
    }

    /// Bowl `b` is taken up again, and the one in hand (if any) waits in
    /// its place.
    pub fn exchange(&mut self, b: usize) {
        self.focus.previous = self.focus.work.replace(b);
    }

    /// The bowl set aside before a separate one was started.
    pub fn bowl_aside(&self) -> Option<usize> {
        self.focus.previous
    }

    /// Bowl `b` no longer waits (it was poured out, or taken up).
    pub fn no_longer_aside(&mut self, b: usize) {
        if self.focus.previous == Some(b) {
            self.focus.previous = None;
        }
    }

    /// `f` done with bowl `b` in hand; the bowl in hand before is in hand
    /// again after.
    pub fn with_in_hand<T>(&mut self, b: usize, f: impl FnOnce(&mut Session) -> T) -> T {
        let in_hand = self.focus.work.replace(b);
        let out = f(self);
        self.focus.work = in_hand;
        out
    }

    /// Of the bowl in hand `w` and the one set aside, the one `the salad`
    /// names: the one that is not a dressing.
    pub fn salad_bowl(&self, w: usize) -> usize {
        match self.focus.previous {
            Some(p) if self.mostly_dressing(w) && !self.mostly_dressing(p) => p,
            _ => w,
        }
    }

    /// Whether the bowl in hand holds pieces (cut ingredients) and is no
    /// dough and no dressing: those are mingled rather than mixed.
    pub fn work_has_pieces(&self) -> bool {
        let habits = crate::habits::Habits::get();
        self.focus.work.is_some_and(|w| {
            let items = &self.bowl(w).items;
            // A dressing poured over the pieces is one thing among them.
            let mostly_dressing = self.mostly_dressing(w);
            items.iter().any(|&i| self.ingredient(i).cut)
                && !items
                    .iter()
                    .any(|&i| habits.makes_dough(self.ingredient(i).class))
                && !mostly_dressing
        })
    }
}

/// What "it" and "them" are.
impl Session {
    /// The last thing made: what "it" is.
    pub fn it(&self) -> Option<String> {
        self.focus.last.clone()
    }

    /// Whether `var` is the last thing made.
    pub fn is_it(&self, var: &str) -> bool {
        self.focus.last.as_deref() == Some(var)
    }

    /// `out` is the last thing made.
    pub fn made(&mut self, out: String) {
        self.focus.last = Some(out);
    }

    /// `out` is now the bowl in hand's variable and the last thing made.
    pub fn worked(&mut self, out: String) {
        if let Some(w) = self.focus.work {
            self.bowl_mut(w).var = out.clone();
        }
        self.focus.last = Some(out);
        self.focus.portions = false;
        self.focus.in_vessel = false;
    }

    /// Whether the last thing made is a set of portions.
    pub fn portions(&self) -> bool {
        self.focus.portions
    }

    /// Whether the last thing made stands in the vessel it is baked in.
    pub fn in_vessel(&self) -> bool {
        self.focus.in_vessel
    }

    /// The ingredients acted on outside any bowl (`them`).
    pub fn loose(&self) -> &[usize] {
        &self.focus.loose
    }

    /// `targets` were acted on outside any bowl: they are `them` now.
    pub fn left_loose(&mut self, targets: Vec<usize>) {
        self.focus.loose = targets;
    }

    /// The loose ingredients, taken up (nothing is loose after).
    pub fn take_loose(&mut self) -> Vec<usize> {
        std::mem::take(&mut self.focus.loose)
    }
}

/// Vessels, the dish and the oven.
impl Session {
    /// The bowl in hand portioned (`out`), onto the counter or into a
    /// vessel: the portions are the dish, and no bowl is in hand.
    pub fn portioned(&mut self, out: String, in_vessel: bool) {
        let focus = &mut self.focus;
        focus.last = Some(out.clone());
        focus.portions = true;
        focus.dish = Some(out);
        focus.in_vessel = in_vessel;
        focus.work = None;
    }

    /// The last thing made stands in its vessel: it is the dish.
    pub fn in_its_vessel(&mut self) {
        self.focus.in_vessel = true;
        self.focus.dish = self.focus.last.clone();
    }

    /// `out` was put in its vessel (or on its tray): the dish.
    pub fn placed(&mut self, out: String) {
        self.focus.last = Some(out);
        self.in_its_vessel();
    }

    /// What stands in its vessel.
    pub fn dish(&self) -> Option<String> {
        self.focus.dish.clone()
    }

    /// The dish, topped with the bowl in hand, is `out`; that bowl is
    /// used up.
    pub fn topped_dish(&mut self, out: String) {
        self.focus.last = Some(out.clone());
        self.focus.dish = Some(out);
        self.focus.work = None;
    }

    /// What was baked is what "it" is again (`cool`).
    pub fn take_up_dish(&mut self) {
        if let Some(dish) = self.focus.dish.clone() {
            self.focus.last = Some(dish);
        }
    }

    /// The dish, if bound to `before`, is bound to `after` now.
    pub(super) fn rename_dish(&mut self, before: &str, after: &str) {
        if self.focus.dish.as_deref() == Some(before) {
            self.focus.dish = Some(after.to_string());
        }
    }

    /// `v`, of `class`, made ready before it is needed.
    pub fn ready(&mut self, v: String, class: &'static str) {
        self.focus.ready_vessel = Some((v, class));
    }

    /// The class of the vessel made ready, if one is.
    pub fn ready_class(&self) -> Option<&'static str> {
        self.focus.ready_vessel.as_ref().map(|(_, c)| *c)
    }

    /// The vessel made ready, taken if it is of `class` (or whatever its
    /// class, unless portions are to go on it).
    pub fn take_ready_vessel(&mut self, class: &str) -> Option<String> {
        let (v, c) = self.focus.ready_vessel.take()?;
        if c == class || !self.focus.portions {
            return Some(v);
        }
        self.focus.ready_vessel = Some((v, c));
        None
    }

    /// The oven preheated (`None` if preheating failed).
    pub fn preheated(&mut self, oven: Option<String>) {
        self.focus.oven = oven;
    }

    pub fn oven(&self) -> Option<String> {
        self.focus.oven.clone()
    }
}
