//! A dish taken apart into its base ingredients (`unfold-dish`): every
//! mixture is opened up to the ingredients it was made of, with their share
//! of the mixture's grams and the chain of mixtures around them.

use std::sync::Arc;

use sous_kitchen::{
    convert_to_g, slot, Amount, ConversionError, Entity, EntityRef, Num, Ontology, Value,
};

use crate::similar::{kind_hash, similar, Ignore};

/// A base ingredient of a dish.
#[derive(Debug, Clone)]
pub struct Unfolded {
    /// The ingredient, its amount in grams.
    pub ingredient: Entity,
    /// The mixtures it is part of, outermost first.
    pub hierarchy: Vec<EntityRef>,
    /// For a sprinkle or dip of a mixture's component: that component's
    /// place in the unfolded list and the slot holding this very object.
    shared_with: Option<(usize, sous_kitchen::SlotId)>,
}

impl Unfolded {
    pub fn new(ingredient: Entity, hierarchy: Vec<EntityRef>) -> Unfolded {
        Unfolded {
            ingredient,
            hierarchy,
            shared_with: None,
        }
    }
}

/// The items of a container (`contents`) or of a list (`items`).
pub fn contents_or_items(dish: &Entity) -> &[EntityRef] {
    if dish.has_slot(slot::ITEMS) {
        dish.items()
    } else {
        dish.contents()
    }
}

/// What was dipped in or sprinkled on an ingredient, dip first, with the
/// slot each sits in.
fn additions_in_slots(x: &Entity) -> Vec<(EntityRef, sous_kitchen::SlotId)> {
    let onto = Ontology::get();
    let mut out = Vec::new();
    if x.is_a(onto.known().dippable) {
        if let Value::Entity(d) = x.get(slot::DIPPED_IN) {
            out.push((d.clone(), slot::DIPPED_IN));
        }
    }
    if x.is_a(onto.known().can_be_sprinkled_on) {
        if let Value::Entity(s) = x.get(slot::SPRINKLED_WITH) {
            out.push((s.clone(), slot::SPRINKLED_WITH));
        }
    }
    out
}

/// What was dipped in or sprinkled on an ingredient, dip first.
fn additions(x: &Entity) -> Vec<EntityRef> {
    additions_in_slots(x).into_iter().map(|(a, _)| a).collect()
}

/// The dish's items with sprinkles and dips counted as ingredients: the
/// additions of the last item come first, then those of the one before, …,
/// then the items themselves (`all-ingredients`).
pub fn all_ingredients(dish: &Entity) -> Vec<EntityRef> {
    let items = contents_or_items(dish);
    let mut out = Vec::new();
    for x in items.iter().rev() {
        out.extend(additions(x));
    }
    out.extend(items.iter().cloned());
    out
}

/// The base ingredients of a container or list, similar ones merged.
pub fn unfold_dish(dish: &Entity) -> Result<Vec<Unfolded>, ConversionError> {
    let onto = Ontology::get();
    let (mixture, ingredient) = (onto.known().mixture, onto.known().ingredient);
    let mut unfolded = Vec::new();
    for item in all_ingredients(dish) {
        if item.is_a(mixture) {
            unfold_mixture(convert_to_g(&item)?, Vec::new(), &mut unfolded);
        } else if item.is_a(ingredient) {
            unfolded.push(Unfolded::new(convert_to_g(&item)?, Vec::new()));
        }
    }
    Ok(merge(unfolded))
}

/// Appends the base ingredients of `mixture` (whose amount is real, not a
/// fraction) to `out`; `above` are the mixtures around it. Each component's
/// amount is its fraction × the mixture's amount, exact when both are (the
/// fractions are exact when the grams they were made from were).
fn unfold_mixture(mixture: Entity, above: Vec<EntityRef>, out: &mut Vec<Unfolded>) {
    let onto = Ontology::get();
    let (mixture_class, ingredient) = (onto.known().mixture, onto.known().ingredient);
    let amount = mixture
        .amount()
        .unwrap_or(Amount::new(Num::ZERO, onto.known().g));
    let components = mixture.get(slot::COMPONENTS).as_list().to_vec();
    let mut hierarchy = above;
    hierarchy.push(Arc::new(mixture));
    for c in components {
        let mut c = (*c).clone();
        let fraction = c.amount().map_or(Num::ZERO, |a| a.value);
        c.set_amount(Amount {
            value: fraction * amount.value,
            unit: amount.unit,
        });
        let extra = additions_in_slots(&c);
        let mut host = None;
        if c.is_a(mixture_class) {
            unfold_mixture(c, hierarchy.clone(), out);
        } else if c.is_a(ingredient) {
            host = Some(out.len());
            out.push(Unfolded::new(c, hierarchy.clone()));
        }
        // Quirk: sprinkles and dips on a component start a new hierarchy and
        // keep their own amount (not converted to grams). They are the very
        // objects in the component's slot, so a merge that changes their
        // amount changes what the component was sprinkled with too.
        for (a, in_slot) in extra {
            if a.is_a(mixture_class) {
                unfold_mixture((*a).clone(), Vec::new(), out);
            } else if a.is_a(ingredient) {
                out.push(Unfolded {
                    ingredient: (*a).clone(),
                    hierarchy: Vec::new(),
                    shared_with: host.map(|h| (h, in_slot)),
                });
            }
        }
    }
}

/// Whether two unfolded ingredients are the same apart from their amounts.
/// `memo` keeps the verdicts on pairs of mixtures: each portion of a dish
/// shares its mixture object with all its ingredients, so the same two
/// mixtures come up once per ingredient.
fn same_kind(x: &Unfolded, y: &Unfolded, memo: &mut Memo) -> bool {
    similar(&x.ingredient, &y.ingredient, Ignore::IDS_AND_AMOUNT)
        && x.hierarchy.len() == y.hierarchy.len()
        && x.hierarchy.iter().zip(&y.hierarchy).all(|(a, b)| {
            Arc::ptr_eq(a, b)
                || *memo
                    .entry((Arc::as_ptr(a) as usize, Arc::as_ptr(b) as usize))
                    .or_insert_with(|| similar(a, b, Ignore::IDS_AND_AMOUNT))
        })
}

/// Verdicts of [`similar`] on pairs of mixtures, by address (they stay
/// alive, held by the hierarchies, for as long as the memo is used).
type Memo = rustc_hash::FxHashMap<(usize, usize), bool>;

/// A hash equal for any two unfolded ingredients of the same kind (see
/// [`kind_hash`]): the merge compares in full only pairs whose keys agree.
fn kind_key(x: &Unfolded, mixtures: &mut rustc_hash::FxHashMap<usize, u64>) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = rustc_hash::FxHasher::default();
    kind_hash(&x.ingredient, Ignore::IDS_AND_AMOUNT).hash(&mut h);
    x.hierarchy.len().hash(&mut h);
    for m in &x.hierarchy {
        // The mixtures are shared by all their ingredients: hash each once.
        mixtures
            .entry(Arc::as_ptr(m) as usize)
            .or_insert_with(|| kind_hash(m, Ignore::IDS_AND_AMOUNT))
            .hash(&mut h);
    }
    h.finish()
}

/// Adds up the amounts of ingredients that are the same apart from their
/// amount and sit in the same kind of mixtures. The order follows the
/// reference exactly (it decides ties later): each merged group is pushed
/// to the front of the result, and after a merge the remaining list is
/// reversed (SBCL's `set-difference` returns its result reversed). The
/// others' amounts are summed from the integer 0 and added to the first's.
///
/// Quirk: the sum is written into the first one's own object; when that is
/// a component's sprinkle or dip, the component (compared slot by slot
/// later) now shows the summed amount in that slot.
/// An unfolded ingredient with its place in the list before merging.
type Numbered = (usize, Unfolded);

fn merge(unfolded: Vec<Unfolded>) -> Vec<Unfolded> {
    // Keys by original place: amounts change in merges, keys ignore them.
    let mut mixtures = rustc_hash::FxHashMap::default();
    let keys: Vec<u64> = unfolded
        .iter()
        .map(|u| kind_key(u, &mut mixtures))
        .collect();
    let mut rest: Vec<Numbered> = unfolded.into_iter().enumerate().collect();
    let mut merged: Vec<Numbered> = Vec::new();
    let mut memo = Memo::default();
    let mut absorbed: Vec<Numbered> = Vec::new();
    while !rest.is_empty() {
        let (id, mut x) = rest.remove(0);
        let (same, others): (Vec<Numbered>, Vec<Numbered>) = rest
            .into_iter()
            .partition(|(i, y)| keys[*i] == keys[id] && same_kind(&x, y, &mut memo));
        rest = others;
        if !same.is_empty() {
            let extra: Num = same
                .iter()
                .map(|(_, y)| y.ingredient.amount().map_or(Num::ZERO, |a| a.value))
                .sum();
            if let Some(mut a) = x.ingredient.amount() {
                a.value += extra;
                x.ingredient.set_amount(a);
                if let Some((host, in_slot)) = x.shared_with {
                    let holder = merged
                        .iter_mut()
                        .chain(rest.iter_mut())
                        .find(|(i, _)| *i == host);
                    if let Some((_, h)) = holder {
                        if let Value::Entity(e) = h.ingredient.get(in_slot) {
                            let mut e = (**e).clone();
                            e.set_amount(a);
                            h.ingredient.set(in_slot, Value::Entity(Arc::new(e)));
                        }
                    }
                }
            }
            rest.reverse();
        }
        // Kept to the end: the memo knows their mixtures by address.
        absorbed.extend(same);
        merged.push((id, x));
    }
    drop(absorbed);
    merged.reverse();
    merged.into_iter().map(|(_, u)| u).collect()
}
