//! Structural equality of kitchen objects, as the reference's
//! `equal-ontology-objects` decides it: same class and every slot similar,
//! ids ignored, lists compared as sets, numbers with Lisp's `=` (exact
//! numbers exactly, `5 = 5.0`, a ratio never equal to a float it is not
//! exactly; no tolerance).

use std::sync::Arc;

use sous_kitchen::{slot, Entity, SlotId, Value};

/// Slots every reference object has besides those of the ontology (`name`,
/// `simulation-data`). They are always nil, so they always agree; the
/// scores still count them.
pub const BOOKKEEPING_SLOTS: f64 = 2.0;

/// What a comparison leaves out besides the ids (which sous does not store as slots).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Ignore {
    /// Also ignore every `amount` slot, at every depth (used to merge unfolded ingredients).
    pub amount: bool,
}

impl Ignore {
    /// Every slot, ids aside: the same state of a thing (goal conditions).
    pub const IDS: Ignore = Ignore { amount: false };
    /// Every slot but amounts, ids aside: the same kind of ingredient (to
    /// merge unfolded ingredients).
    pub const IDS_AND_AMOUNT: Ignore = Ignore { amount: true };

    fn skips(self, s: SlotId) -> bool {
        self.amount && s == slot::AMOUNT
    }
}

/// Whether two entities are the same state of the same kind of thing.
/// (Inlined into `similar_values`, its hot caller: left to itself the
/// compiler sometimes does not, and the dish score gets 5 % slower.)
#[inline]
pub fn similar(a: &Entity, b: &Entity, ignore: Ignore) -> bool {
    similar_with(a, b, ignore, &mut Forget)
}

/// Slot values: in the reference `nil`, `false` and the empty list are one
/// value; a list matches a list of the same length whose every element has
/// a similar element in the other (a set test, not a multiset test).
pub fn similar_values(a: &Value, b: &Value, ignore: Ignore) -> bool {
    similar_values_with(a, b, ignore, &mut Forget)
}

/// Verdicts of [`similar`] on pairs of objects, by address. Objects are
/// never changed while shared, so a verdict holds for as long as both stay
/// alive: the caller keeps them alive while it uses the verdicts.
///
/// A caller that compares many objects which share parts uses them: the
/// kitchen states of one run share everything an action did not change, so
/// the goal-condition test meets the same two mixtures inside every later
/// bowl it compares. Verdicts on the things inside lists (contents,
/// components) are kept too. (Where the parts shared are few, as in the
/// dish merge's ingredients, remembering costs more than it saves.)
#[derive(Default)]
pub struct Verdicts {
    ignore: Option<Ignore>,
    known: rustc_hash::FxHashMap<(usize, usize), bool>,
}

impl Verdicts {
    /// [`similar`], with the verdicts on the things in their lists
    /// remembered (the pair itself is not: callers compare each pair once).
    pub fn similar(&mut self, a: &Entity, b: &Entity, ignore: Ignore) -> bool {
        similar_with(a, b, ignore, self)
    }
}

/// How a comparison compares the things in two lists.
trait ListItems {
    fn similar_items(&mut self, a: &Arc<Entity>, b: &Arc<Entity>, ignore: Ignore) -> bool;
}

/// Every pair compared afresh.
struct Forget;

impl ListItems for Forget {
    #[inline]
    fn similar_items(&mut self, a: &Arc<Entity>, b: &Arc<Entity>, ignore: Ignore) -> bool {
        similar_with(a, b, ignore, self)
    }
}

impl ListItems for Verdicts {
    fn similar_items(&mut self, a: &Arc<Entity>, b: &Arc<Entity>, ignore: Ignore) -> bool {
        // The verdicts hold for one `ignore` only.
        if *self.ignore.get_or_insert(ignore) != ignore {
            self.known.clear();
            self.ignore = Some(ignore);
        }
        let key = (Arc::as_ptr(a) as usize, Arc::as_ptr(b) as usize);
        if let Some(&known) = self.known.get(&key) {
            return known;
        }
        let verdict = similar_with(a, b, ignore, self);
        self.known.insert(key, verdict);
        verdict
    }
}

#[inline]
fn similar_with(a: &Entity, b: &Entity, ignore: Ignore, items: &mut impl ListItems) -> bool {
    // One object is similar to itself (its numbers are never NaN: the
    // reference's Lisp traps an invalid float operation before one exists).
    std::ptr::eq(a, b)
        || a.class == b.class
            && if ignore.amount {
                a.slots()
                    .zip(b.values())
                    .all(|((s, x), y)| ignore.skips(s) || similar_values_with(x, y, ignore, items))
            } else {
                // Same class, same slots: the values side by side.
                a.values()
                    .iter()
                    .zip(b.values())
                    .all(|(x, y)| similar_values_with(x, y, ignore, items))
            }
}

fn similar_values_with(a: &Value, b: &Value, ignore: Ignore, items: &mut impl ListItems) -> bool {
    match (a, b) {
        _ if is_nil(a) && is_nil(b) => true,
        (Value::Bool(true), Value::Bool(true)) => true,
        // `Num`'s `==` is Lisp's `=`.
        (Value::Number(x), Value::Number(y)) => x == y,
        (Value::Amount(x), Value::Amount(y)) => x.unit == y.unit && x.value == y.value,
        (Value::Entity(x), Value::Entity(y)) => similar_with(x, y, ignore, items),
        (Value::List(x), Value::List(y)) => {
            // Copies of an object share their lists' elements, and like
            // objects list like things in the same order: try the same place
            // first (by address, then by value) before the set test.
            x.len() == y.len()
                && (x.shares_storage(y)
                    || x.iter().zip(y).all(|(e, same_place)| {
                        Arc::ptr_eq(e, same_place)
                            || items.similar_items(e, same_place, ignore)
                            || y.iter().any(|f| items.similar_items(e, f, ignore))
                    }))
        }
        _ => false,
    }
}

/// A hash that agrees with [`similar`]: similar entities hash alike (the
/// converse need not hold). It reads only what `similar` requires to be
/// equal (classes, which slots are nil, value kinds, units, list lengths;
/// no numbers, whose Lisp `=` a hash cannot follow exactly), so it serves
/// to skip the pairs that cannot be similar without changing any answer.
pub fn kind_hash(e: &Entity, ignore: Ignore) -> u64 {
    use std::hash::{Hash, Hasher};
    fn entity(e: &Entity, ignore: Ignore, h: &mut rustc_hash::FxHasher) {
        e.class.hash(h);
        for (s, v) in e.slots() {
            if ignore.skips(s) {
                continue;
            }
            match v {
                _ if is_nil(v) => 0u8.hash(h),
                Value::Bool(_) => 1u8.hash(h),
                Value::Number(_) => 2u8.hash(h),
                Value::Amount(a) => {
                    3u8.hash(h);
                    a.unit.hash(h);
                }
                Value::Entity(x) => {
                    4u8.hash(h);
                    entity(x, ignore, h);
                }
                Value::List(l) => {
                    5u8.hash(h);
                    l.len().hash(h);
                }
                Value::Nil => 0u8.hash(h),
            }
        }
    }
    let mut h = rustc_hash::FxHasher::default();
    entity(e, ignore, &mut h);
    h.finish()
}

fn is_nil(v: &Value) -> bool {
    match v {
        Value::Nil | Value::Bool(false) => true,
        Value::List(l) => l.is_empty(),
        _ => false,
    }
}

/// The slots of `gold` (except `skip`) on which `predicted` differs; a slot
/// `predicted`'s class lacks counts as differing.
pub fn differing_slots(predicted: &Entity, gold: &Entity, skip: &[SlotId]) -> Vec<SlotId> {
    gold.slots()
        .filter(|(s, _)| !skip.contains(s))
        .filter(|(s, g)| {
            !predicted.has_slot(*s) || !similar_values(predicted.get(*s), g, Ignore::IDS)
        })
        .map(|(s, _)| s)
        .collect()
}

/// Number of slots of `gold` compared when `skip` is left out, bookkeeping included.
pub fn compared_slot_count(gold: &Entity, skip: &[SlotId]) -> f64 {
    gold.slots().filter(|(s, _)| !skip.contains(s)).count() as f64 + BOOKKEEPING_SLOTS
}

#[cfg(test)]
mod tests {
    use super::*;
    use sous_kitchen::{IdGen, Ontology};

    fn new(class: &str) -> Entity {
        Entity::new(
            Ontology::get().id(class).unwrap(),
            &mut IdGen::starting_at(1),
        )
    }

    #[test]
    fn nil_false_and_empty_list_are_one_value() {
        assert!(similar_values(
            &Value::Nil,
            &Value::Bool(false),
            Ignore::IDS
        ));
        assert!(similar_values(
            &Value::List(vec![].into()),
            &Value::Nil,
            Ignore::IDS
        ));
        assert!(!similar_values(
            &Value::Bool(true),
            &Value::Nil,
            Ignore::IDS
        ));
    }

    #[test]
    fn persistent_ids_do_not_matter_but_every_slot_does() {
        let a = new("butter");
        let mut b = new("butter").with_new_pid(&mut IdGen::starting_at(99));
        assert!(similar(&a, &b, Ignore::IDS));
        b.set_flag(slot::MELTED, true);
        assert!(!similar(&a, &b, Ignore::IDS));
        assert_eq!(differing_slots(&b, &a, &[]), vec![slot::MELTED]);
        assert!(!similar(&a, &new("white-sugar"), Ignore::IDS));
    }

    #[test]
    fn amounts_compare_exactly_unless_ignored() {
        let onto = Ontology::get();
        let mut a = new("butter");
        let mut b = new("butter");
        let g = onto.known().g;
        a.set_amount(sous_kitchen::Amount::new(230, g));
        b.set_amount(sous_kitchen::Amount::new(229.9, g));
        assert!(!similar(&a, &b, Ignore::IDS));
        assert!(similar(&a, &b, Ignore::IDS_AND_AMOUNT));
        // Lisp `=`: an integer equals the same float; a ratio is not its float.
        b.set_amount(sous_kitchen::Amount::new(230.0, g));
        assert!(similar(&a, &b, Ignore::IDS));
        use sous_kitchen::Num;
        a.set_amount(sous_kitchen::Amount::new(Num::ratio(1, 3), g));
        b.set_amount(sous_kitchen::Amount::new(1.0 / 3.0, g));
        assert!(!similar(&a, &b, Ignore::IDS));
        b.set_amount(sous_kitchen::Amount::new(Num::ratio(2, 6), g));
        assert!(similar(&a, &b, Ignore::IDS));
    }

    #[test]
    fn remembered_verdicts_are_the_verdicts() {
        use std::sync::Arc;
        let g = Ontology::get().known().g;
        let with_butter = |grams: f64| {
            let mut butter = new("butter");
            butter.set_amount(sous_kitchen::Amount::new(grams, g));
            let mut bowl = new("medium-bowl");
            bowl.contents_mut().unwrap().insert(0, Arc::new(butter));
            bowl
        };
        let bowls = [with_butter(230.0), with_butter(230.0), with_butter(229.9)];
        let mut verdicts = Verdicts::default();
        // Twice over, and with the amounts counted, then not: a verdict
        // remembered under one `ignore` must not answer for the other.
        for ignore in [
            Ignore::IDS,
            Ignore::IDS,
            Ignore::IDS_AND_AMOUNT,
            Ignore::IDS,
        ] {
            for a in &bowls {
                for b in &bowls {
                    assert_eq!(verdicts.similar(a, b, ignore), similar(a, b, ignore));
                }
            }
        }
        assert!(!verdicts.similar(&bowls[0], &bowls[2], Ignore::IDS));
        assert!(verdicts.similar(&bowls[0], &bowls[2], Ignore::IDS_AND_AMOUNT));
    }

    #[test]
    fn lists_are_compared_as_sets() {
        use std::sync::Arc;
        let x = Arc::new(new("butter"));
        let y = Arc::new(new("white-sugar"));
        let l1 = Value::List(vec![x.clone(), y.clone()].into());
        let l2 = Value::List(vec![y.clone(), x.clone()].into());
        let l3 = Value::List(vec![x.clone(), x.clone()].into());
        assert!(similar_values(&l1, &l2, Ignore::IDS));
        assert!(
            similar_values(&l3, &l1, Ignore::IDS),
            "set test: every element of the first has a match"
        );
        assert!(!similar_values(&l1, &l3, Ignore::IDS));
    }
}
