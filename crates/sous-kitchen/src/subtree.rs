//! What a container holds, all the way down, in a few words of bits: lets
//! the kitchen's searches ([`crate::KitchenState::locate`] and the others)
//! skip a fridge or a pantry that cannot hold what they look for.
//!
//! An index describes an entity's strict descendants through `contents`
//! lists, the only slot the searches enter. It is built lazily, the first
//! time a search asks, and kept in the entity: entities are shared between
//! kitchen states and change only through `&mut` (after `Arc::make_mut`).
//! Every `&mut` way into a contents list either drops the index
//! (`Entity::list_mut`, `set`, and so `KitchenState::at_mut`) or keeps it
//! true (`KitchenState::remove` and `push_front`, which tell each container
//! on the way what was added). Changing a descendant needs `&mut` on every
//! entity above it, so an index is never stale. An index only ever says
//! "maybe" or "certainly not": the searches still look, in the same order,
//! so their answers do not change.

use std::sync::{Arc, OnceLock};

use crate::{ClassId, Entity, EntityRef, Ontology, Pid};

/// Containers with fewer things than this are searched by looking: their
/// index would cost more to build than it saves (the counter-top changes
/// at nearly every action; the pantry and fridge, with ~50 stocks, at a
/// fetch from them).
pub(crate) const INDEXED_FROM: usize = 32;

/// The lazily built index of an entity's contents (an `Arc`, so copying an
/// entity on write does not copy its index).
#[derive(Default, Clone)]
pub(crate) struct SubtreeCache(OnceLock<Arc<SubtreeIndex>>);

impl SubtreeCache {
    pub(crate) fn get_or_build(&self, owner: &Entity) -> &SubtreeIndex {
        self.get_or_init(|| SubtreeIndex::of(owner))
    }

    pub(crate) fn get_or_init(&self, build: impl FnOnce() -> SubtreeIndex) -> &SubtreeIndex {
        self.0.get_or_init(|| Arc::new(build()))
    }

    /// Forgets the index (the contents are about to change).
    pub(crate) fn clear(&mut self) {
        self.0.take();
    }

    /// Keeps a built index true when `added` is put somewhere below its
    /// owner. (Taking something out leaves it true: it only ever says maybe.)
    pub(crate) fn note_added(&mut self, added: &Entity) {
        if let Some(index) = self.0.get_mut() {
            Arc::make_mut(index).add(added);
        }
    }
}

/// Equal entities are equal whether or not their index has been built.
impl PartialEq for SubtreeCache {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl std::fmt::Debug for SubtreeCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SubtreeCache")
    }
}

/// Classes (exact, as bit sets over class ids) and persistent ids (a range
/// and a 64-bit filter) of everything below an entity.
#[derive(Debug, Clone)]
pub(crate) struct SubtreeIndex {
    /// `present` then `unused`, each a bit set over class ids.
    classes: Box<[u64]>,
    min_pid: u32,
    max_pid: u32,
    pid_bits: u64,
}

impl SubtreeIndex {
    fn empty() -> SubtreeIndex {
        SubtreeIndex {
            classes: vec![0; 2 * Ontology::get().class_words()].into_boxed_slice(),
            min_pid: u32::MAX,
            max_pid: 0,
            pid_bits: 0,
        }
    }

    fn of(owner: &Entity) -> SubtreeIndex {
        let mut index = SubtreeIndex::empty();
        index.add_contents(owner);
        index
    }

    /// `items` and everything below them (a chunk's summary).
    pub(crate) fn of_items(items: &[EntityRef]) -> SubtreeIndex {
        let mut index = SubtreeIndex::empty();
        for e in items {
            index.add(e);
        }
        index
    }

    /// Adds everything below `owner`: big containers through their own
    /// (cached) index, chunks of long lists through their summaries, the
    /// rest by looking.
    fn add_contents(&mut self, owner: &Entity) {
        for segment in owner.contents().segments() {
            match segment.summary() {
                Some(summary) => self.merge(summary),
                None => segment.items.iter().for_each(|e| self.add(e)),
            }
        }
    }

    /// Adds `e` and everything below it.
    fn add(&mut self, e: &Entity) {
        let c = e.class.0 as usize;
        let (present, unused) = self.classes.split_at_mut(self.classes.len() / 2);
        present[c / 64] |= 1 << (c % 64);
        if !e.is_used() {
            unused[c / 64] |= 1 << (c % 64);
        }
        self.add_pid(e.pid);
        match e.indexed_contents() {
            Some(index) => self.merge(index),
            None => self.add_contents(e),
        }
    }

    fn add_pid(&mut self, pid: Pid) {
        self.min_pid = self.min_pid.min(pid.0);
        self.max_pid = self.max_pid.max(pid.0);
        self.pid_bits |= 1 << (pid.0 % 64);
    }

    fn merge(&mut self, other: &SubtreeIndex) {
        for (a, b) in self.classes.iter_mut().zip(other.classes.iter()) {
            *a |= b;
        }
        self.min_pid = self.min_pid.min(other.min_pid);
        self.max_pid = self.max_pid.max(other.max_pid);
        self.pid_bits |= other.pid_bits;
    }

    /// False when no descendant has this persistent id.
    pub(crate) fn may_hold_pid(&self, pid: Pid) -> bool {
        (self.min_pid..=self.max_pid).contains(&pid.0) && self.pid_bits & (1 << (pid.0 % 64)) != 0
    }

    /// False when no descendant is an instance of `class` (or a subclass).
    pub(crate) fn may_hold(&self, class: ClassId) -> bool {
        intersects(&self.classes[..self.classes.len() / 2], class)
    }

    /// False when no descendant not flagged `used` is an instance of `class`.
    pub(crate) fn may_hold_unused(&self, class: ClassId) -> bool {
        intersects(&self.classes[self.classes.len() / 2..], class)
    }
}

fn intersects(set: &[u64], class: ClassId) -> bool {
    Ontology::get()
        .descendant_bits(class)
        .iter()
        .zip(set)
        .any(|(d, s)| d & s != 0)
}

#[cfg(test)]
mod tests {
    //! The indexed searches against plain walks over the same kitchen,
    //! through random moves, flag changes and additions: pruning must never
    //! change an answer.

    use std::sync::Arc;

    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    use crate::{full_kitchen, slot, ClassId, Entity, KitchenState, Ontology, Pid, Place};

    fn places(ks: &KitchenState) -> Vec<Place> {
        fn walk(e: &Entity, path: &mut Place, out: &mut Vec<Place>) {
            for (i, c) in e.contents().iter().enumerate() {
                path.push(i);
                out.push(path.clone());
                walk(c, path, out);
                path.pop();
            }
        }
        let mut out = Vec::new();
        walk(ks.root(), &mut Place::new(), &mut out);
        out
    }

    fn plain_locate(ks: &KitchenState, pid: Pid) -> Option<Place> {
        places(ks).into_iter().find(|p| ks.pid_at(p) == Some(pid))
    }

    fn plain_locate_unused(ks: &KitchenState, class: ClassId, excluded: &[Pid]) -> Option<Place> {
        fn walk(e: &Entity, class: ClassId, excluded: &[Pid], path: &mut Place) -> bool {
            let onto = Ontology::get();
            if let Some(i) = e.contents().iter().position(|c| {
                onto.is_a(c.class, class) && !c.flag(slot::USED) && !excluded.contains(&c.pid)
            }) {
                path.push(i);
                return true;
            }
            for (i, c) in e.contents().iter().enumerate() {
                if c.has_slot(slot::CONTENTS) {
                    path.push(i);
                    if walk(c, class, excluded, path) {
                        return true;
                    }
                    path.pop();
                }
            }
            false
        }
        let mut path = Place::new();
        walk(ks.root(), class, excluded, &mut path).then_some(path)
    }

    fn plain_locate_ingredient(ks: &KitchenState, class: ClassId) -> Option<Place> {
        let counter_top = Ontology::get().known().counter_top;
        fn walk(e: &Entity, class: ClassId, counter_top: ClassId, path: &mut Place) -> bool {
            let onto = Ontology::get();
            if e.contents()
                .iter()
                .any(|c| c.class != counter_top && onto.is_a(c.class, class))
            {
                return true;
            }
            for (i, c) in e.contents().iter().enumerate() {
                if c.class != counter_top && c.has_slot(slot::CONTENTS) {
                    path.push(i);
                    if walk(c, class, counter_top, path) {
                        return true;
                    }
                    path.pop();
                }
            }
            false
        }
        let mut path = Place::new();
        (walk(ks.root(), class, counter_top, &mut path) && !path.is_empty()).then_some(path)
    }

    #[test]
    fn indexed_searches_answer_as_plain_walks() {
        let onto = Ontology::get();
        let (mut ks, first_free) = full_kitchen();
        let mut ids = crate::IdGen::starting_at(first_free);
        let mut rng = StdRng::seed_from_u64(24);
        let all_classes: Vec<ClassId> = onto.classes().map(|(c, _)| c).collect();
        let mut checked = 0;
        for _ in 0..600 {
            let all = places(&ks);
            let containers: Vec<&Place> = all
                .iter()
                .filter(|p| ks.get(p).is_some_and(|e| e.has_slot(slot::CONTENTS)))
                .collect();
            let place = all[rng.gen_range(0..all.len())].clone();
            // What the change moved or added, which the checks look for too:
            // a stale index or summary shows first on what just changed.
            let mut touched = ks.pid_at(&place);
            match rng.gen_range(0..6) {
                // What the primitives do most: fetch something to the counter-top.
                0 => {
                    let class = ks.get(&place).unwrap().class;
                    ks.retrieve(class, &[]);
                }
                // Mark a thing used or unused again (through `at_mut`).
                1 => {
                    let used = rng.gen_bool(0.5);
                    ks.at_mut(&place).unwrap().set_flag(slot::USED, used);
                }
                // Move a thing into another container.
                2 => {
                    let to = containers[rng.gen_range(0..containers.len())].clone();
                    if !to.starts_with(&place) {
                        let moved = ks.get(&place).unwrap().clone();
                        let target = ks.pid_at(&to).unwrap();
                        ks.remove(&place);
                        let to = ks.locate(target).unwrap();
                        ks.push_front(&to, moved);
                    }
                }
                // Something new, of any class, in any container.
                3 => {
                    let to = containers[rng.gen_range(0..containers.len())].clone();
                    let class = all_classes[rng.gen_range(0..all_classes.len())];
                    let added = Entity::new(class, &mut ids);
                    touched = Some(added.pid);
                    ks.push_front(&to, Arc::new(added));
                }
                // Put something else in a thing's place (through `replace`).
                4 => {
                    let class = all_classes[rng.gen_range(0..all_classes.len())];
                    let new = Entity::new(class, &mut ids);
                    touched = Some(new.pid);
                    ks.replace(&place, new).unwrap();
                }
                // Change a container's contents wholesale (through `at_mut`).
                _ => {
                    if let Some(list) = ks.at_mut(&place).unwrap().contents_mut() {
                        list.reverse();
                    }
                }
            }
            let all = places(&ks);
            let touched = touched.and_then(|pid| plain_locate(&ks, pid));
            for k in 0..20 {
                let p = match &touched {
                    Some(p) if k < 2 => p,
                    _ => &all[rng.gen_range(0..all.len())],
                };
                let pid = ks.pid_at(p).unwrap();
                assert_eq!(ks.locate(pid), plain_locate(&ks, pid));
                // `find` walks on its own: the very entity at that place.
                let plain = plain_locate(&ks, pid).and_then(|p| ks.get(&p));
                assert!(ks
                    .find(pid)
                    .zip(plain)
                    .is_some_and(|(a, b)| Arc::ptr_eq(a, b)));
                // A search below a container: the first place under it.
                let below = &containers[rng.gen_range(0..containers.len())];
                let plain_below = all
                    .iter()
                    .find(|q| {
                        q.len() > below.len() && q.starts_with(below) && ks.pid_at(q) == Some(pid)
                    })
                    .cloned();
                assert_eq!(ks.locate_in(below, pid), plain_below);
                // The evaluator's own search by id: what it skips must not
                // hold the thing.
                let holder = &containers[rng.gen_range(0..containers.len())];
                if let Some(c) = ks.get(holder) {
                    assert_eq!(
                        c.scan_contents_for(pid, |_, e| e.pid == pid),
                        c.contents().iter().any(|e| e.pid == pid)
                    );
                    if !c.may_hold_pid(pid) {
                        let below = KitchenState::from_entity(c.clone());
                        assert_eq!(plain_locate(&below, pid), None);
                    }
                }
                let class = if rng.gen_bool(0.5) {
                    ks.get(p).unwrap().class
                } else {
                    all_classes[rng.gen_range(0..all_classes.len())]
                };
                let excluded = [pid];
                assert_eq!(
                    ks.locate_unused(class, &excluded),
                    plain_locate_unused(&ks, class, &excluded)
                );
                assert_eq!(
                    ks.locate_unused(class, &[]),
                    plain_locate_unused(&ks, class, &[])
                );
                assert_eq!(
                    ks.locate_ingredient(class),
                    plain_locate_ingredient(&ks, class)
                );
                checked += 1;
            }
        }
        assert_eq!(checked, 12_000);
    }
}
