//! A dish taken apart into its base ingredients (`unfold-dish`): every
//! mixture is opened up to the ingredients it was made of, with their share
//! of the mixture's grams and the chain of mixtures around them.

use std::sync::Arc;

use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use sous_kitchen::{
    convert_to_g, slot, Amount, ConversionError, Entity, EntityRef, Num, Ontology, SlotId, Value,
};

use crate::similar::{kind_hash, similar, Ignore};

/// A base ingredient of a dish.
#[derive(Debug, Clone)]
pub struct Unfolded {
    /// The ingredient, its amount in grams.
    pub ingredient: Entity,
    /// The mixtures it is part of, outermost first.
    pub hierarchy: Vec<EntityRef>,
}

impl Unfolded {
    /// A base ingredient (its amount in grams) inside `hierarchy`, outermost
    /// mixture first.
    pub fn new(ingredient: Entity, hierarchy: Vec<EntityRef>) -> Unfolded {
        Unfolded {
            ingredient,
            hierarchy,
        }
    }
}

/// What was dipped in or sprinkled on an ingredient, dip first, with the
/// slot each sits in (at most one of each: no allocation for the many
/// components that have neither).
fn additions_in_slots(x: &Entity) -> Additions {
    let onto = Ontology::get();
    let mut out = Additions::new();
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

type Additions = SmallVec<[(EntityRef, SlotId); 2]>;

/// What was dipped in or sprinkled on an ingredient, dip first.
fn additions(x: &Entity) -> impl Iterator<Item = EntityRef> {
    additions_in_slots(x).into_iter().map(|(a, _)| a)
}

/// The dish's items with sprinkles and dips counted as ingredients: the
/// additions of the last item come first, then those of the one before, …,
/// then the items themselves (`all-ingredients`).
pub fn all_ingredients(dish: &Entity) -> Vec<EntityRef> {
    let items = dish.contents_or_items();
    // Room for the items and a few additions.
    let mut out = Vec::with_capacity(items.len() + 4);
    for x in items.iter().rev() {
        out.extend(additions(x));
    }
    out.extend(items.iter().cloned());
    out
}

/// The base ingredients of a container or list, similar ones merged.
pub fn unfold_dish(dish: &Entity) -> Result<Vec<Unfolded>, ConversionError> {
    // The vectors of the last unfolding on this thread, emptied but with
    // their room: a dish of many portions unfolds to hundreds of pieces
    // before the merge, and growing them anew cost more than filling them.
    thread_local! {
        static SPARE: std::cell::Cell<Option<Box<Unfolding>>> = const { std::cell::Cell::new(None) };
    }
    let mut unfolding = SPARE.take().unwrap_or_default();
    let unfolded = unfolding.unfold(dish);
    unfolding.clear();
    SPARE.set(Some(unfolding));
    unfolded
}

/// [`convert_to_g`] of a shared object; one already in grams is shared
/// rather than copied (the conversion would return an exact copy).
fn in_grams(item: &EntityRef) -> Result<EntityRef, ConversionError> {
    match item.amount() {
        Some(a) if a.unit == Ontology::get().known().g => Ok(item.clone()),
        _ => convert_to_g(item).map(Arc::new),
    }
}

/// An unfolded base ingredient before the merge, not yet copied: the object
/// it is a copy of and the amount the copy gets. The merge compares kinds,
/// which ignore amounts at every depth, so comparing the originals gives the
/// same verdicts; only the ingredients left after it are copied (most are
/// absorbed: every portion of a dish unfolds to the same ingredients).
struct Piece {
    /// The object copied, with its own amount.
    source: EntityRef,
    /// The copy's amount (`None` when the copy has none).
    amount: Option<Amount>,
    /// Index of its chain of mixtures in [`Unfolding::chains`].
    hierarchy: usize,
    /// For a sprinkle or dip of a mixture's component: that component's
    /// place in the list and the slot holding this very object.
    shared_with: Option<(usize, SlotId)>,
    /// Amounts a merge gave the sprinkle or dip in these slots of the copy.
    slot_amounts: Vec<(SlotId, Amount)>,
}

impl Piece {
    /// The copy of `source` keeps its own amount.
    fn new(source: EntityRef, hierarchy: usize, shared_with: Option<(usize, SlotId)>) -> Piece {
        Piece {
            amount: source.amount(),
            source,
            hierarchy,
            shared_with,
            slot_amounts: Vec::new(),
        }
    }

    /// The copy, as the merge leaves it.
    fn into_unfolded(self, hierarchy: &[EntityRef]) -> Unfolded {
        let mut ingredient = Arc::unwrap_or_clone(self.source);
        if let Some(a) = self.amount {
            ingredient.set_amount(a);
        }
        for (in_slot, a) in self.slot_amounts {
            if let Value::Entity(e) = ingredient.get(in_slot) {
                let mut e = (**e).clone();
                e.set_amount(a);
                ingredient.set(in_slot, Value::Entity(Arc::new(e)));
            }
        }
        Unfolded::new(ingredient, hierarchy.to_vec())
    }
}

/// The index of the empty chain of mixtures in [`Unfolding::chains`].
const NO_MIXTURES: usize = 0;

/// A dish being unfolded: its base ingredients in the reference's order,
/// and the chains of mixtures around them (one per mixture, shared by its
/// ingredients instead of copied to each), with what the merge works in.
/// Every vector is kept between dishes (see [`unfold_dish`]).
#[derive(Default)]
struct Unfolding {
    pieces: Vec<Piece>,
    chains: Chains,
    merge: MergeSpace,
}

/// The chains of mixtures of a dish, each outermost first, stored as runs
/// of one vector of links (a chain is its parent's links and one more).
#[derive(Default)]
struct Chains {
    runs: Vec<std::ops::Range<usize>>,
    links: Vec<EntityRef>,
}

impl Chains {
    /// Starts with the empty chain ([`NO_MIXTURES`]).
    fn start(&mut self) {
        self.runs.push(0..0);
    }

    /// Adds the chain `above` followed by `mixture`; returns its index.
    fn push(&mut self, above: usize, mixture: &EntityRef) -> usize {
        let start = self.links.len();
        self.links.extend_from_within(self.runs[above].clone());
        self.links.push(mixture.clone());
        self.runs.push(start..self.links.len());
        self.runs.len() - 1
    }

    fn get(&self, i: usize) -> &[EntityRef] {
        &self.links[self.runs[i].clone()]
    }

    fn len(&self) -> usize {
        self.runs.len()
    }

    fn clear(&mut self) {
        self.runs.clear();
        self.links.clear();
    }
}

/// The merge's working vectors and maps (see [`Unfolding::merge`]).
#[derive(Default)]
struct MergeSpace {
    keys: Vec<u64>,
    objects: FxHashMap<usize, u64>,
    chain_keys: Vec<u64>,
    memo: Memo,
    rest: Vec<usize>,
    others: Vec<usize>,
    same: Vec<usize>,
    absorbed: Vec<bool>,
    merged: Vec<usize>,
    /// Each piece's place in the result (`usize::MAX`: absorbed).
    rank: Vec<usize>,
}

impl Unfolding {
    fn unfold(&mut self, dish: &Entity) -> Result<Vec<Unfolded>, ConversionError> {
        let onto = Ontology::get();
        let (mixture, ingredient) = (onto.known().mixture, onto.known().ingredient);
        self.chains.start();
        for item in all_ingredients(dish) {
            if item.is_a(mixture) {
                let item = in_grams(&item)?;
                self.mixture(&item, item.amount(), NO_MIXTURES);
            } else if item.is_a(ingredient) {
                let source = in_grams(&item)?;
                self.pieces.push(Piece::new(source, NO_MIXTURES, None));
            }
        }
        Ok(self.merge())
    }

    /// Empties every vector that holds objects, keeping its room (the
    /// merge's own are emptied when it starts).
    fn clear(&mut self) {
        self.pieces.clear();
        self.chains.clear();
        self.merge.objects.clear();
        self.merge.memo.clear();
    }

    /// Appends the base ingredients of `mixture`, whose real amount (not a
    /// fraction) is `amount`; `above` is the chain of mixtures around it.
    /// Each component's amount is its fraction × the mixture's amount,
    /// exact when both are (the fractions are exact when the grams they
    /// were made from were).
    ///
    /// The chain holds the mixtures as they are, with their own amounts, not
    /// copies with the real ones: nothing reads a chain's amounts (the merge
    /// and the comparisons ignore them, reports name the mixtures' kinds),
    /// and the portions of a dish then share their mixtures' objects.
    fn mixture(&mut self, mixture: &EntityRef, amount: Option<Amount>, above: usize) {
        let onto = Ontology::get();
        let (mixture_class, ingredient) = (onto.known().mixture, onto.known().ingredient);
        let amount = amount.unwrap_or(Amount::new(Num::ZERO, onto.known().g));
        let here = self.chains.push(above, mixture);
        for c in mixture.get(slot::COMPONENTS).as_list() {
            let fraction = c.amount().map_or(Num::ZERO, |a| a.value);
            let scaled = Amount {
                value: fraction * amount.value,
                unit: amount.unit,
            };
            let extra = additions_in_slots(c);
            let mut host = None;
            if c.is_a(mixture_class) {
                // A class without an amount slot has none to scale.
                let scaled = c.has_slot(slot::AMOUNT).then_some(scaled);
                self.mixture(c, scaled, here);
            } else if c.is_a(ingredient) {
                host = Some(self.pieces.len());
                self.pieces.push(Piece {
                    // A class without an amount slot keeps none.
                    amount: c.has_slot(slot::AMOUNT).then_some(scaled),
                    source: c.clone(),
                    hierarchy: here,
                    shared_with: None,
                    slot_amounts: Vec::new(),
                });
            }
            // Quirk: sprinkles and dips on a component start a new hierarchy
            // and keep their own amount (not converted to grams). They are
            // the very objects in the component's slot, so a merge that
            // changes their amount changes what the component was sprinkled
            // with too.
            for (a, in_slot) in extra {
                if a.is_a(mixture_class) {
                    self.mixture(&a, a.amount(), NO_MIXTURES);
                } else if a.is_a(ingredient) {
                    let shared_with = host.map(|h| (h, in_slot));
                    self.pieces.push(Piece::new(a, NO_MIXTURES, shared_with));
                }
            }
        }
    }

    /// Adds up the amounts of ingredients that are the same apart from
    /// their amount and sit in the same kind of mixtures. The order follows
    /// the reference exactly (it decides ties later): each merged group is
    /// pushed to the front of the result, and after a merge the remaining
    /// list is reversed (SBCL's `set-difference` returns its result
    /// reversed). The others' amounts are summed from the integer 0 and
    /// added to the first's.
    ///
    /// Quirk: the sum is written into the first one's own object; when that
    /// is a component's sprinkle or dip, the component (compared slot by
    /// slot later) now shows the summed amount in that slot.
    fn merge(&mut self) -> Vec<Unfolded> {
        let Unfolding {
            pieces,
            chains,
            merge: m,
        } = self;
        let n = pieces.len();
        kind_keys(pieces, chains, m);
        let keys = &m.keys;
        // The pieces not yet merged, by place; `rest[start..]` are left.
        m.rest.clear();
        m.rest.extend(0..n);
        let mut start = 0;
        m.absorbed.clear();
        m.absorbed.resize(n, false);
        m.merged.clear();
        while start < m.rest.len() {
            let id = m.rest[start];
            start += 1;
            m.same.clear();
            let memo = &mut m.memo;
            m.same.extend(m.rest[start..].iter().copied().filter(|&i| {
                keys[i] == keys[id] && same_kind(&pieces[id], &pieces[i], chains, memo)
            }));
            if !m.same.is_empty() {
                let extra: Num = m
                    .same
                    .iter()
                    .map(|&i| pieces[i].amount.map_or(Num::ZERO, |a| a.value))
                    .sum();
                for &i in &m.same {
                    m.absorbed[i] = true;
                }
                m.others.clear();
                m.others
                    .extend(m.rest[start..].iter().copied().filter(|&i| !m.absorbed[i]));
                m.others.reverse();
                std::mem::swap(&mut m.rest, &mut m.others);
                start = 0;
                if let Some(mut a) = pieces[id].amount {
                    a.value += extra;
                    pieces[id].amount = Some(a);
                    // The holder, unless absorbed itself: its copy shows the sum.
                    if let Some((host, in_slot)) = pieces[id].shared_with {
                        if !m.absorbed[host] {
                            pieces[host].slot_amounts.push((in_slot, a));
                        }
                    }
                }
            }
            m.merged.push(id);
        }
        // The result: the merged pieces, the last merged first.
        m.rank.clear();
        m.rank.resize(n, usize::MAX);
        for (r, &id) in m.merged.iter().rev().enumerate() {
            m.rank[id] = r;
        }
        let mut ranked: Vec<(usize, Unfolded)> = pieces
            .drain(..)
            .enumerate()
            .filter(|(id, _)| m.rank[*id] != usize::MAX)
            .map(|(id, p)| {
                let hierarchy = chains.get(p.hierarchy);
                (m.rank[id], p.into_unfolded(hierarchy))
            })
            .collect();
        ranked.sort_unstable_by_key(|(r, _)| *r);
        ranked.into_iter().map(|(_, u)| u).collect()
    }
}

/// Whether two unfolded ingredients are the same apart from their amounts.
/// `memo` keeps the verdicts on pairs of mixtures: each portion of a dish
/// shares its mixture object with all its ingredients, so the same two
/// mixtures come up once per ingredient.
fn same_kind(x: &Piece, y: &Piece, chains: &Chains, memo: &mut Memo) -> bool {
    let (hx, hy) = (chains.get(x.hierarchy), chains.get(y.hierarchy));
    similar(&x.source, &y.source, Ignore::IDS_AND_AMOUNT)
        && hx.len() == hy.len()
        && hx.iter().zip(hy).all(|(a, b)| {
            Arc::ptr_eq(a, b)
                || *memo
                    .entry((Arc::as_ptr(a) as usize, Arc::as_ptr(b) as usize))
                    .or_insert_with(|| similar(a, b, Ignore::IDS_AND_AMOUNT))
        })
}

/// Verdicts of [`similar`] on pairs of mixtures, by address (they stay
/// alive, held by the hierarchies, for as long as the memo is used).
type Memo = FxHashMap<(usize, usize), bool>;

/// Puts in `m.keys`, for each piece, a hash equal for any two of the same
/// kind (see [`kind_hash`]): the merge compares in full only pairs whose keys agree.
/// Objects and chains of mixtures are shared by many pieces: each is
/// hashed once, by address (all stay alive while the keys are made).
fn kind_keys(pieces: &[Piece], chains: &Chains, m: &mut MergeSpace) {
    use std::hash::{Hash, Hasher};
    let objects = &mut m.objects;
    let mut object_hash = |e: &EntityRef| {
        *objects
            .entry(Arc::as_ptr(e) as usize)
            .or_insert_with(|| kind_hash(e, Ignore::IDS_AND_AMOUNT))
    };
    m.chain_keys.clear();
    m.chain_keys.extend((0..chains.len()).map(|i| {
        let links = chains.get(i);
        let mut h = rustc_hash::FxHasher::default();
        links.len().hash(&mut h);
        for link in links {
            object_hash(link).hash(&mut h);
        }
        h.finish()
    }));
    m.keys.clear();
    m.keys.extend(pieces.iter().map(|p| {
        let mut h = rustc_hash::FxHasher::default();
        object_hash(&p.source).hash(&mut h);
        m.chain_keys[p.hierarchy].hash(&mut h);
        h.finish()
    }));
}
