//! Kitchen-state snapshots and the searches the primitives use.
//!
//! A position in the kitchen is a [`Place`]: the chain of indices into
//! `contents` lists from the kitchen root. Changing anything goes through
//! [`KitchenState::at_mut`], which copies only the entities on that chain.

use std::sync::Arc;

use smallvec::{smallvec, SmallVec};

use crate::subtree::SubtreeIndex;
use crate::{slot, ClassId, Entity, EntityList, EntityRef, Num, Ontology, Pid, Value};

/// Indices into successive `contents` lists, from the kitchen root. Kept
/// inline: places are rarely more than a few levels deep, and every search
/// makes one.
pub type Place = SmallVec<[usize; 6]>;

/// An immutable-by-default snapshot of the whole kitchen.
#[derive(Debug, Clone, PartialEq)]
pub struct KitchenState {
    root: EntityRef,
}

impl KitchenState {
    /// The kitchen state whose root entity (a `kitchen-state`) is `root`.
    pub fn from_entity(root: EntityRef) -> Self {
        KitchenState { root }
    }

    /// The root entity: the kitchen, whose `contents` are its places.
    pub fn root(&self) -> &EntityRef {
        &self.root
    }

    /// The root entity, without another count on it: for a caller that will
    /// change it and wants [`Arc::make_mut`] not to copy.
    pub fn into_root(self) -> EntityRef {
        self.root
    }

    /// When the cook is free again. Times are `f64` in the simulator: they
    /// never flow into amounts.
    pub fn time(&self) -> f64 {
        self.root
            .get(slot::KITCHEN_TIME)
            .as_number()
            .map_or(0.0, Num::to_f64)
    }

    /// Stores the time, whole seconds as an exact integer (as the reference has them).
    pub fn set_time(&mut self, t: f64) {
        Arc::make_mut(&mut self.root)
            .set(slot::KITCHEN_TIME, Value::Number(Num::exact_if_integral(t)));
    }

    /// The entity at `place` (the root for an empty place), if there is one.
    pub fn get(&self, place: &[usize]) -> Option<&EntityRef> {
        let mut cur = &self.root;
        for &i in place {
            cur = cur.contents().get(i)?;
        }
        Some(cur)
    }

    /// The persistent id of the entity at `place`: what primitives keep to
    /// find an object again after the kitchen has changed around it.
    pub fn pid_at(&self, place: &[usize]) -> Option<Pid> {
        self.get(place).map(|e| e.pid)
    }

    /// The entity at `place`, for changing it (copies the chain leading to it).
    pub fn at_mut(&mut self, place: &[usize]) -> Option<&mut Entity> {
        self.get(place)?;
        let mut cur = Arc::make_mut(&mut self.root);
        for &i in place {
            let next = cur.contents_mut()?.get_mut(i)?;
            cur = Arc::make_mut(next);
        }
        Some(cur)
    }

    /// Puts `entity` at `place` in place of what is there, copying the
    /// chain above it only: `*at_mut(place) = entity` would first copy the
    /// very entity it replaces. `None` if there is nothing at `place`.
    pub fn replace(&mut self, place: &[usize], entity: Entity) -> Option<()> {
        self.get(place)?;
        match place.split_last() {
            None => self.root = Arc::new(entity),
            Some((&last, parent)) => {
                *self.at_mut(parent)?.contents_mut()?.get_mut(last)? = Arc::new(entity)
            }
        }
        Some(())
    }

    /// The first appliance or storage place of exactly this class among the
    /// kitchen's direct contents (`counter-top`, `fridge`, `oven` ...).
    pub fn appliance(&self, class: ClassId) -> Option<Place> {
        self.appliance_index(class).map(|i| smallvec![i])
    }

    /// [`KitchenState::appliance`] as its index among the kitchen's contents.
    fn appliance_index(&self, class: ClassId) -> Option<usize> {
        self.root.contents().iter().position(|e| e.class == class)
    }

    /// Whether `place` is the counter-top itself.
    pub fn is_counter_top(&self, place: &[usize]) -> bool {
        matches!(place, [i] if self.counter_top_index() == Some(*i))
    }

    /// [`KitchenState::appliance`] by class name (`oven`, `fridge`).
    pub fn appliance_named(&self, name: &str) -> Option<Place> {
        self.appliance(Ontology::get().id(name)?)
    }

    /// Where the counter-top is: where primitives put what they make.
    pub fn counter_top(&self) -> Option<Place> {
        self.counter_top_index().map(|i| smallvec![i])
    }

    /// The counter-top's index among the kitchen's contents.
    fn counter_top_index(&self) -> Option<usize> {
        self.appliance_index(Ontology::get().known().counter_top)
    }

    /// Depth-first search by persistent id, entering containers with contents
    /// (the reference's `find-object-by-persistent-id`).
    pub fn locate(&self, pid: Pid) -> Option<Place> {
        self.locate_in(&[], pid)
    }

    /// Search by persistent id below `place` only.
    pub fn locate_in(&self, place: &[usize], pid: Pid) -> Option<Place> {
        // The indices are pushed on the way back up, deepest first, so
        // that the many things passed by cost no push and pop each.
        fn walk(e: &Entity, pid: Pid, path: &mut Place) -> bool {
            let may_hold = |x: &SubtreeIndex| x.may_hold_pid(pid);
            any_scanned(e, may_hold, |i, item| {
                let found =
                    item.pid == pid || item.worth_entering(may_hold) && walk(item, pid, path);
                if found {
                    path.push(i);
                }
                found
            })
        }
        let below = self.get(place)?;
        let mut path = Place::from_slice(place);
        walk(below, pid, &mut path).then(|| {
            path[place.len()..].reverse();
            path
        })
    }

    /// The entity with this persistent id, if it is in the kitchen: the one
    /// [`KitchenState::locate`] finds, by the same walk, without making its
    /// place and going down to it again. (One generic walk serving both,
    /// with the place kept or not, cost 1.5 % more instructions and 3 %
    /// more time for the gold executions: the two stay apart on purpose.)
    pub fn find(&self, pid: Pid) -> Option<&EntityRef> {
        fn walk(e: &Entity, pid: Pid) -> Option<&EntityRef> {
            let may_hold = |x: &SubtreeIndex| x.may_hold_pid(pid);
            let mut found = None;
            any_scanned(e, may_hold, |_, item| {
                found = if item.pid == pid {
                    Some(item)
                } else if item.worth_entering(may_hold) {
                    walk(item, pid)
                } else {
                    None
                };
                found.is_some()
            });
            found
        }
        walk(&self.root, pid)
    }

    /// The closest unused instance of `class` (or a subclass): at each level the
    /// direct contents first, then each container in order (`find-unused-kitchen-entity`).
    pub fn locate_unused(&self, class: ClassId, excluded: &[Pid]) -> Option<Place> {
        let onto = Ontology::get();
        fn walk(
            e: &Entity,
            class: ClassId,
            excluded: &[Pid],
            onto: &Ontology,
            path: &mut Place,
        ) -> bool {
            let may_hold = |x: &SubtreeIndex| x.may_hold_unused(class);
            // Indices are pushed on the way back up, as in `locate_in`.
            any_scanned(e, may_hold, |i, el| {
                let hit =
                    onto.is_a(el.class, class) && !el.is_used() && !excluded.contains(&el.pid);
                if hit {
                    path.push(i);
                }
                hit
            }) || any_scanned(e, may_hold, |i, el| {
                let found = el.worth_entering(may_hold) && walk(el, class, excluded, onto, path);
                if found {
                    path.push(i);
                }
                found
            })
        }
        let mut path = Place::new();
        walk(&self.root, class, excluded, onto, &mut path).then(|| {
            path.reverse();
            path
        })
    }

    /// The container that holds the first ingredient of `class` (or a
    /// subclass), never looking on the counter-top (`find-ingredient`).
    pub fn locate_ingredient(&self, class: ClassId) -> Option<Place> {
        let onto = Ontology::get();
        let counter_top = onto.known().counter_top;
        fn walk(
            e: &Entity,
            class: ClassId,
            counter_top: ClassId,
            onto: &Ontology,
            path: &mut Place,
        ) -> bool {
            let may_hold = |x: &SubtreeIndex| x.may_hold(class);
            any_scanned(e, may_hold, |_, el| {
                el.class != counter_top && onto.is_a(el.class, class)
            }) || any_scanned(e, may_hold, |i, el| {
                let found = el.class != counter_top
                    && el.worth_entering(may_hold)
                    && walk(el, class, counter_top, onto, path);
                if found {
                    path.push(i);
                }
                found
            })
        }
        let mut path = Place::new();
        (walk(&self.root, class, counter_top, onto, &mut path) && !path.is_empty()).then(|| {
            path.reverse();
            path
        })
    }

    /// The contents list of the container at `place`, for moving things in
    /// or out: unlike [`KitchenState::at_mut`] it keeps the search indexes
    /// of the containers on the way (see `subtree.rs`), telling each about
    /// `added`, which is what keeps a fetch from rebuilding the pantry's.
    fn contents_on_chain(
        &mut self,
        place: &[usize],
        added: Option<&Entity>,
    ) -> Option<&mut EntityList> {
        self.get(place)?;
        let mut cur = Arc::make_mut(&mut self.root);
        for &i in place {
            if let Some(e) = added {
                cur.note_added(e);
            }
            let next = cur.contents_mut_keeping_index()?.get_mut(i)?;
            cur = Arc::make_mut(next);
        }
        if let Some(e) = added {
            cur.note_added(e);
        }
        cur.contents_mut_keeping_index()
    }

    /// Removes and returns the entity at `place`.
    pub fn remove(&mut self, place: &[usize]) -> Option<EntityRef> {
        let (&last, parent) = place.split_last()?;
        let list = self.contents_on_chain(parent, None)?;
        (last < list.len()).then(|| list.remove(last))
    }

    /// Puts `entity` at the front of the contents of the container at `place`.
    pub fn push_front(&mut self, place: &[usize], entity: EntityRef) -> bool {
        match self.contents_on_chain(place, Some(&entity)) {
            Some(list) => {
                list.insert(0, entity);
                true
            }
            None => false,
        }
    }

    /// Moves the entity at `place` to the front of the counter-top; returns its new place.
    pub fn bring_to_counter_top(&mut self, place: &[usize]) -> Option<Place> {
        let ct = self.counter_top_index()?;
        let e = self.remove(place)?;
        self.push_front(&[ct], e);
        Some(smallvec![ct, 0])
    }

    /// The closest unused instance of `class`, moved to the front of the
    /// counter-top (`retrieve-concept-instance-and-bring-to-countertop`).
    /// It is not marked used.
    pub fn retrieve(&mut self, class: ClassId, excluded: &[Pid]) -> Option<Place> {
        let place = self.locate_unused(class, excluded)?;
        self.bring_to_counter_top(&place)
    }
}

impl Entity {
    /// Whether `visit` says yes to one of the things in the contents, in
    /// order, leaving out the runs of a long list that neither are nor hold
    /// the thing with persistent id `pid`: for a search by id that must
    /// keep its own order (the evaluator's `find-location`).
    pub fn scan_contents_for(
        &self,
        pid: Pid,
        visit: impl FnMut(usize, &EntityRef) -> bool,
    ) -> bool {
        any_scanned(self, |x| x.may_hold_pid(pid), visit)
    }

    /// False when nothing below this entity has persistent id `pid` (true
    /// means maybe: a big container's search index answers, a small one
    /// is not indexed).
    pub fn may_hold_pid(&self, pid: Pid) -> bool {
        self.worth_entering(|x| x.may_hold_pid(pid))
    }
}

/// Whether `visit` says yes to one of the things in `e`'s contents, given
/// with its index, in order; the runs (chunks of a long list) whose summary
/// rules out `may_hold` are skipped. A summary covers its things as well as
/// what they hold, so a search for a thing and a search below things may
/// both skip the runs it rules out.
fn any_scanned<'e>(
    e: &'e Entity,
    may_hold: impl Fn(&SubtreeIndex) -> bool,
    mut visit: impl FnMut(usize, &'e EntityRef) -> bool,
) -> bool {
    let mut start = 0;
    for segment in e.contents().segments() {
        if segment.worth_scanning(&may_hold) {
            for (i, item) in segment.items.iter().enumerate() {
                if visit(start + i, item) {
                    return true;
                }
            }
        }
        start += segment.items.len();
    }
    false
}
