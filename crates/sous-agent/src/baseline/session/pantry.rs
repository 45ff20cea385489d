//! The ingredients fetched and the bowls they went into: plain records,
//! but an ingredient's `bowl` and its bowl's `items` change together, by
//! [`Session::put_in`] and [`Session::move_items`].

use sous_kitchen::ClassId;

use super::Session;

/// An ingredient the agent has fetched.
pub(crate) struct Fetched {
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
pub(crate) struct Bowl {
    /// The variable bound to it now.
    pub var: String,
    /// The fetched ingredients in it (put there by [`Session::put_in`]).
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

impl Bowl {
    /// An empty bowl bound to `var`, nothing done to it yet.
    pub fn new(var: String) -> Bowl {
        Bowl {
            var,
            items: Vec::new(),
            mixed: false,
            vessel: false,
            poured_into: false,
            dressed: false,
            topped: false,
            heatable: false,
        }
    }

    /// Something was added: it wants mixing again.
    pub fn added(&mut self) {
        self.mixed = false;
        self.poured_into = false;
    }

    /// Another bowl was poured in (a dressing over a salad).
    pub fn poured(&mut self) {
        self.mixed = false;
        self.poured_into = true;
        self.dressed = true;
    }

    /// Mixed, beaten or mingled: a topping is stirred in too.
    pub fn stirred(&mut self) {
        self.mixed = true;
        self.topped = false;
    }
}

#[derive(Default)]
pub(super) struct Pantry {
    fetched: Vec<Fetched>,
    bowls: Vec<Bowl>,
}

impl Session {
    /// The ingredients, in the order they were fetched.
    pub fn ingredients(&self) -> &[Fetched] {
        &self.pantry.fetched
    }

    pub fn ingredient(&self, i: usize) -> &Fetched {
        &self.pantry.fetched[i]
    }

    /// Ingredient `i`, to note what was done to it (peeled, cut).
    pub fn ingredient_mut(&mut self, i: usize) -> &mut Fetched {
        &mut self.pantry.fetched[i]
    }

    /// Keeps a newly fetched ingredient: its index.
    pub(super) fn keep_fetched(&mut self, f: Fetched) -> usize {
        self.pantry.fetched.push(f);
        self.pantry.fetched.len() - 1
    }

    /// Ingredient `i` is bound to `var` now (melted, cut, drained …).
    pub fn prepared(&mut self, i: usize, var: String) {
        self.pantry.fetched[i].var = var;
    }

    /// Ingredient `i` was used outside any bowl (sprinkled, dipped in,
    /// greased with).
    pub fn use_up(&mut self, i: usize) {
        self.pantry.fetched[i].spent = true;
    }

    pub fn bowl(&self, b: usize) -> &Bowl {
        &self.pantry.bowls[b]
    }

    /// The bowl bound to `var`, if one is.
    pub fn bowl_bound_to(&self, var: &str) -> Option<usize> {
        self.pantry.bowls.iter().position(|b| b.var == var)
    }

    /// Of the bowls `keep` accepts, the one started last.
    pub fn latest_bowl(&self, keep: impl Fn(&Bowl) -> bool) -> Option<usize> {
        self.pantry.bowls.iter().rposition(keep)
    }

    /// Bowl `b`, to rebind it or note what was done to it (mixed, topped);
    /// what it holds changes by [`Session::put_in`].
    pub fn bowl_mut(&mut self, b: usize) -> &mut Bowl {
        &mut self.pantry.bowls[b]
    }

    /// A bowl not in use before, holding `items` (which leave wherever
    /// they were): its index.
    pub fn new_bowl(&mut self, bowl: Bowl, items: &[usize]) -> usize {
        self.pantry.bowls.push(bowl);
        let b = self.pantry.bowls.len() - 1;
        for &i in items {
            self.put_in(b, i);
        }
        b
    }

    /// Ingredient `i` is in bowl `b` now.
    pub fn put_in(&mut self, b: usize, i: usize) {
        self.pantry.fetched[i].bowl = Some(b);
        self.pantry.bowls[b].items.push(i);
    }

    /// What bowl `b` holds, taken out of it (still said to be in `b` until
    /// put in another).
    pub fn take_items(&mut self, b: usize) -> Vec<usize> {
        std::mem::take(&mut self.pantry.bowls[b].items)
    }

    /// Everything in bowl `from` is in bowl `into` now.
    pub fn move_items(&mut self, from: usize, into: usize) {
        for i in self.take_items(from) {
            self.put_in(into, i);
        }
    }

    /// Every bowl bound to `before` is bound to `after` now.
    pub(super) fn rename_bowls(&mut self, before: &str, after: &str) {
        for b in &mut self.pantry.bowls {
            if b.var == before {
                b.var = after.to_string();
            }
        }
    }

    /// Whether bowl `b` holds mostly what makes a dressing (oil, vinegar,
    /// spices) and was never dressed itself: `the salad` is not this one.
    pub(super) fn mostly_dressing(&self, b: usize) -> bool {
        let habits = crate::habits::Habits::get();
        let items = &self.pantry.bowls[b].items;
        let dressing = items
            .iter()
            .filter(|&&i| habits.makes_dressing(self.pantry.fetched[i].class))
            .count();
        !items.is_empty() && dressing * 2 >= items.len() && !self.pantry.bowls[b].dressed
    }
}
