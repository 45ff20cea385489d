//! [`EntityList`]: what a `contents`, `items` or `components` slot holds.
//!
//! Kitchen states share everything they did not change, so changing a list
//! copies it. A plain vector would copy the whole list, one reference-count
//! increment per entity, and the copy's drop pays the decrements again: the
//! kitchen cabinet holds over 200 things and is changed at most fetches.
//! This list keeps long lists in shared chunks of about [`CHUNK`] entities,
//! so taking one bowl out copies the chunk table and one chunk. Short lists
//! are a single shared chunk, so copying an entity that holds one costs one
//! increment, whatever the list's length.
//!
//! The order, the equality and the indices are those of the flat list; the
//! chunking is invisible apart from speed.

use std::fmt;
use std::iter::FusedIterator;
use std::ops::{Index, IndexMut};
use std::sync::Arc;

use crate::subtree::{SubtreeCache, SubtreeIndex};
use crate::EntityRef;

/// How many entities a chunk holds when a long list is cut up; a chunk
/// that grows past twice this is split in two.
pub const CHUNK: usize = 16;

type Chunk = Arc<ChunkData>;

/// A run of a list's entities and, for long lists, what they hold.
#[derive(Default)]
struct ChunkData {
    items: Vec<EntityRef>,
    /// The chunk's entities and everything below them (see
    /// [`crate::subtree`]), built when a search first asks: the searches
    /// skip the chunks of the cabinet that cannot hold what they look for.
    /// Taking an entity out leaves it true (it only ever says "maybe"),
    /// putting one in adds to it, and changing one in place drops it.
    summary: SubtreeCache,
}

/// A copy is made to be changed, nearly always by one insertion or
/// removal: it gets room for one more, so an insertion does not move it.
impl Clone for ChunkData {
    fn clone(&self) -> ChunkData {
        let mut items = Vec::with_capacity(self.items.len() + 1);
        items.extend(self.items.iter().cloned());
        ChunkData {
            items,
            summary: self.summary.clone(),
        }
    }
}

impl ChunkData {
    fn new(items: Vec<EntityRef>) -> Chunk {
        Arc::new(ChunkData {
            items,
            summary: SubtreeCache::default(),
        })
    }

    fn summary(&self) -> &SubtreeIndex {
        self.summary
            .get_or_init(|| SubtreeIndex::of_items(&self.items))
    }

    fn insert(&mut self, i: usize, e: EntityRef) {
        self.summary.note_added(&e);
        self.items.insert(i, e);
    }

    /// The items for changing one in place: the summary no longer holds.
    fn changed(&mut self) -> &mut Vec<EntityRef> {
        self.summary.clear();
        &mut self.items
    }

    /// Splits off the second half (neither half keeps the summary).
    fn split(&mut self) -> Chunk {
        self.summary.clear();
        ChunkData::new(self.items.split_off(self.items.len() / 2))
    }
}

/// A run of a list for a search: its entities and, for a chunk of a long
/// list, its summary, so that a search may skip it whole.
pub(crate) struct Segment<'a> {
    pub(crate) items: &'a [EntityRef],
    chunk: Option<&'a ChunkData>,
}

impl Segment<'_> {
    /// Whether the search must look at these entities: false only when the
    /// summary rules out `may_hold` for all of them and all below them.
    #[inline]
    pub(crate) fn worth_scanning(&self, may_hold: impl FnOnce(&SubtreeIndex) -> bool) -> bool {
        self.chunk.is_none_or(|c| may_hold(c.summary()))
    }

    pub(crate) fn summary(&self) -> Option<&SubtreeIndex> {
        self.chunk.map(ChunkData::summary)
    }
}

/// A list of entities, shared between kitchen states in chunks.
#[derive(Clone, Default)]
pub struct EntityList {
    repr: Repr,
    len: usize,
}

#[derive(Clone, Default)]
enum Repr {
    #[default]
    Empty,
    /// Up to `2 * CHUNK` entities.
    One(Chunk),
    /// Two or more non-empty chunks of at most `2 * CHUNK` entities.
    Many(Arc<Vec<Chunk>>),
}

impl EntityList {
    /// An empty list (no allocation).
    pub const fn new() -> EntityList {
        EntityList {
            repr: Repr::Empty,
            len: 0,
        }
    }

    /// The empty list, for slots that hold none.
    pub fn empty() -> &'static EntityList {
        static EMPTY: EntityList = EntityList::new();
        &EMPTY
    }

    /// How many entities the list holds.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the list holds nothing.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The entities in order.
    pub fn iter(&self) -> Iter<'_> {
        let (one, many): (&[EntityRef], &[Chunk]) = match &self.repr {
            Repr::Empty => (&[], &[]),
            Repr::One(c) => (&c.items, &[]),
            Repr::Many(cs) => (&[], cs),
        };
        let items: fn(&Chunk) -> &[EntityRef] = |c| &c.items;
        Iter {
            inner: one.iter().chain(many.iter().flat_map(items)),
            remaining: self.len,
        }
    }

    /// The runs of the list, in order, for the searches.
    pub(crate) fn segments(&self) -> impl Iterator<Item = Segment<'_>> {
        let (one, many): (Option<&Chunk>, &[Chunk]) = match &self.repr {
            Repr::Empty => (None, &[]),
            Repr::One(c) => (Some(c), &[]),
            Repr::Many(cs) => (None, cs),
        };
        let one = one.map(|c| Segment {
            items: &c.items,
            chunk: None,
        });
        one.into_iter().chain(many.iter().map(|c| Segment {
            items: &c.items,
            chunk: Some(c),
        }))
    }

    /// The chunk index and the offset in it of element `i` (`i < len`).
    fn locate(chunks: &[Chunk], mut i: usize) -> (usize, usize) {
        for (c, chunk) in chunks.iter().enumerate() {
            if i < chunk.items.len() {
                return (c, i);
            }
            i -= chunk.items.len();
        }
        unreachable!("index checked against the length")
    }

    /// Element `i`, if the list is that long.
    pub fn get(&self, i: usize) -> Option<&EntityRef> {
        if i >= self.len {
            return None;
        }
        match &self.repr {
            Repr::Empty => None,
            Repr::One(c) => c.items.get(i),
            Repr::Many(cs) => {
                let (c, o) = Self::locate(cs, i);
                cs[c].items.get(o)
            }
        }
    }

    /// The first element, if any.
    pub fn first(&self) -> Option<&EntityRef> {
        self.get(0)
    }

    /// The last element, if any.
    pub fn last(&self) -> Option<&EntityRef> {
        self.len.checked_sub(1).and_then(|i| self.get(i))
    }

    /// Element `i` for replacing it; copies only its chunk if shared.
    pub fn get_mut(&mut self, i: usize) -> Option<&mut EntityRef> {
        if i >= self.len {
            return None;
        }
        match &mut self.repr {
            Repr::Empty => None,
            Repr::One(c) => Arc::make_mut(c).changed().get_mut(i),
            Repr::Many(cs) => {
                let (c, o) = Self::locate(cs, i);
                Arc::make_mut(&mut Arc::make_mut(cs)[c])
                    .changed()
                    .get_mut(o)
            }
        }
    }

    /// The first element for replacing it; copies only its chunk if shared.
    pub fn first_mut(&mut self) -> Option<&mut EntityRef> {
        self.get_mut(0)
    }

    /// Puts `items` in front, in their order (as `Vec::splice(0..0, items)`).
    pub fn prepend(&mut self, items: impl IntoIterator<Item = EntityRef>) {
        for (i, e) in items.into_iter().enumerate() {
            self.insert(i, e);
        }
    }

    /// Whether both are the very same list (one kept unchanged between two
    /// kitchen states): equal without a look at their elements.
    pub fn shares_storage(&self, other: &EntityList) -> bool {
        match (&self.repr, &other.repr) {
            (Repr::Empty, Repr::Empty) => true,
            (Repr::One(a), Repr::One(b)) => Arc::ptr_eq(a, b),
            (Repr::Many(a), Repr::Many(b)) => Arc::ptr_eq(a, b),
            _ => false,
        }
    }

    /// The elements as a plain vector (shares the entities, not the list).
    pub fn to_vec(&self) -> Vec<EntityRef> {
        self.iter().cloned().collect()
    }

    /// Puts `e` at `i`, shifting the rest (`i <= len`, as `Vec::insert`).
    pub fn insert(&mut self, i: usize, e: EntityRef) {
        assert!(
            i <= self.len,
            "insertion index {i} past length {}",
            self.len
        );
        self.len += 1;
        match &mut self.repr {
            Repr::Empty => self.repr = Repr::One(ChunkData::new(vec![e])),
            Repr::One(c) => {
                let chunk = Arc::make_mut(c);
                chunk.insert(i, e);
                if chunk.items.len() > 2 * CHUNK {
                    let tail = chunk.split();
                    let head = std::mem::take(chunk);
                    self.repr = Repr::Many(Arc::new(vec![Arc::new(head), tail]));
                }
            }
            Repr::Many(cs) => {
                let cs = Arc::make_mut(cs);
                let (c, o) = if i == self.len - 1 {
                    (cs.len() - 1, cs[cs.len() - 1].items.len())
                } else {
                    Self::locate(cs, i)
                };
                let chunk = Arc::make_mut(&mut cs[c]);
                chunk.insert(o, e);
                if chunk.items.len() > 2 * CHUNK {
                    let tail = chunk.split();
                    cs.insert(c + 1, tail);
                }
            }
        }
    }

    /// Appends `e` (as `Vec::push`).
    pub fn push(&mut self, e: EntityRef) {
        self.insert(self.len, e);
    }

    /// Takes out element `i` (`i < len`, as `Vec::remove`).
    pub fn remove(&mut self, i: usize) -> EntityRef {
        assert!(i < self.len, "removal index {i} past length {}", self.len);
        self.len -= 1;
        match &mut self.repr {
            Repr::Empty => unreachable!("index checked against the length"),
            Repr::One(c) => {
                // Taking out leaves the summary true.
                let e = Arc::make_mut(c).items.remove(i);
                if self.len == 0 {
                    self.repr = Repr::Empty;
                }
                e
            }
            Repr::Many(cs) => {
                let (c, o) = Self::locate(cs, i);
                let chunks = Arc::make_mut(cs);
                let e = Arc::make_mut(&mut chunks[c]).items.remove(o);
                if chunks[c].items.is_empty() {
                    chunks.remove(c);
                    if chunks.len() == 1 {
                        let only = chunks.pop().expect("one chunk");
                        self.repr = Repr::One(only);
                    }
                }
                e
            }
        }
    }

    /// Empties the list; other kitchen states sharing its chunks keep them.
    pub fn clear(&mut self) {
        *self = EntityList::new();
    }

    /// Keeps the elements `keep` accepts, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(&EntityRef) -> bool) {
        if self.iter().all(&mut keep) {
            return;
        }
        *self = self.iter().filter(|e| keep(e)).cloned().collect();
    }

    /// Reverses the order of the elements.
    pub fn reverse(&mut self) {
        *self = self.iter().rev().cloned().collect();
    }

    /// Every element for changing in place (copies the shared chunks).
    pub fn iter_mut(&mut self) -> impl Iterator<Item = &mut EntityRef> {
        let chunks: Vec<&mut Vec<EntityRef>> = match &mut self.repr {
            Repr::Empty => Vec::new(),
            Repr::One(c) => vec![Arc::make_mut(c).changed()],
            Repr::Many(cs) => Arc::make_mut(cs)
                .iter_mut()
                .map(|c| Arc::make_mut(c).changed())
                .collect(),
        };
        chunks.into_iter().flat_map(|c| c.iter_mut())
    }
}

impl From<Vec<EntityRef>> for EntityList {
    fn from(v: Vec<EntityRef>) -> EntityList {
        let len = v.len();
        let repr = match len {
            0 => Repr::Empty,
            n if n <= 2 * CHUNK => Repr::One(ChunkData::new(v)),
            _ => Repr::Many(Arc::new(
                v.chunks(CHUNK)
                    .map(|c| ChunkData::new(c.to_vec()))
                    .collect(),
            )),
        };
        EntityList { repr, len }
    }
}

impl FromIterator<EntityRef> for EntityList {
    fn from_iter<I: IntoIterator<Item = EntityRef>>(iter: I) -> EntityList {
        EntityList::from(iter.into_iter().collect::<Vec<_>>())
    }
}

impl Extend<EntityRef> for EntityList {
    fn extend<I: IntoIterator<Item = EntityRef>>(&mut self, iter: I) {
        for e in iter {
            self.push(e);
        }
    }
}

impl<'a> IntoIterator for &'a EntityList {
    type Item = &'a EntityRef;
    type IntoIter = Iter<'a>;
    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

impl IntoIterator for EntityList {
    type Item = EntityRef;
    type IntoIter = std::vec::IntoIter<EntityRef>;
    fn into_iter(self) -> Self::IntoIter {
        match self.repr {
            Repr::One(c) => Arc::unwrap_or_clone(c).items.into_iter(),
            _ => self.to_vec().into_iter(),
        }
    }
}

impl<'a> IntoIterator for &'a mut EntityList {
    type Item = &'a mut EntityRef;
    type IntoIter = Box<dyn Iterator<Item = &'a mut EntityRef> + 'a>;
    fn into_iter(self) -> Self::IntoIter {
        Box::new(self.iter_mut())
    }
}

impl IndexMut<usize> for EntityList {
    fn index_mut(&mut self, i: usize) -> &mut EntityRef {
        let len = self.len;
        match self.get_mut(i) {
            Some(e) => e,
            None => panic!("index {i} out of a list of {len}"),
        }
    }
}

impl Index<usize> for EntityList {
    type Output = EntityRef;
    fn index(&self, i: usize) -> &EntityRef {
        match self.get(i) {
            Some(e) => e,
            None => panic!("index {i} out of a list of {}", self.len),
        }
    }
}

impl PartialEq for EntityList {
    fn eq(&self, other: &EntityList) -> bool {
        self.len == other.len && self.iter().eq(other.iter())
    }
}

impl fmt::Debug for EntityList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// The elements of an [`EntityList`] in order: a short list's one run,
/// or a long list's chunks one after another.
#[derive(Clone)]
pub struct Iter<'a> {
    inner: std::iter::Chain<std::slice::Iter<'a, EntityRef>, ChunkItems<'a>>,
    remaining: usize,
}

type ChunkItems<'a> = std::iter::FlatMap<
    std::slice::Iter<'a, Chunk>,
    &'a [EntityRef],
    fn(&'a Chunk) -> &'a [EntityRef],
>;

impl<'a> Iterator for Iter<'a> {
    type Item = &'a EntityRef;

    #[inline]
    fn next(&mut self) -> Option<&'a EntityRef> {
        let e = self.inner.next()?;
        self.remaining -= 1;
        Some(e)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.remaining, Some(self.remaining))
    }
}

impl DoubleEndedIterator for Iter<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        let e = self.inner.next_back()?;
        self.remaining -= 1;
        Some(e)
    }
}

impl ExactSizeIterator for Iter<'_> {}
impl FusedIterator for Iter<'_> {}

#[cfg(test)]
mod tests {
    use rand::{rngs::StdRng, Rng, SeedableRng};

    use super::*;
    use crate::{Entity, IdGen, Ontology};

    fn entities(n: usize, ids: &mut IdGen) -> Vec<EntityRef> {
        let bowl = Ontology::get().id("bowl").expect("bowl");
        (0..n).map(|_| Arc::new(Entity::new(bowl, ids))).collect()
    }

    fn pids(l: &EntityList) -> Vec<u32> {
        l.iter().map(|e| e.pid.0).collect()
    }

    /// Random edits on a list and on a plain vector agree at every step,
    /// and an earlier copy of the list never changes.
    #[test]
    fn behaves_as_a_vector_and_copies_stay_put() {
        let mut ids = IdGen::starting_at(1);
        let pool = entities(200, &mut ids);
        let mut rng = StdRng::seed_from_u64(7);
        for start in [0, 1, 5, 32, 33, 100] {
            let mut v: Vec<EntityRef> = pool[..start].to_vec();
            let mut l = EntityList::from(v.clone());
            for _ in 0..600 {
                let before = l.clone();
                let before_v = v.clone();
                match rng.gen_range(0..6) {
                    0 | 1 if !v.is_empty() => {
                        let i = rng.gen_range(0..v.len());
                        assert_eq!(l.remove(i).pid, v.remove(i).pid);
                    }
                    2 if !v.is_empty() => {
                        let i = rng.gen_range(0..v.len());
                        let e = pool[rng.gen_range(0..pool.len())].clone();
                        *l.get_mut(i).unwrap() = e.clone();
                        v[i] = e;
                    }
                    3 => {
                        let k = rng.gen_range(0..pool.len());
                        l.retain(|e| e.pid.0 % 7 != k as u32 % 7);
                        v.retain(|e| e.pid.0 % 7 != k as u32 % 7);
                    }
                    _ => {
                        let i = rng.gen_range(0..=v.len());
                        let e = pool[rng.gen_range(0..pool.len())].clone();
                        l.insert(i, e.clone());
                        v.insert(i, e);
                    }
                }
                assert_eq!(l.len(), v.len());
                assert_eq!(pids(&l), v.iter().map(|e| e.pid.0).collect::<Vec<_>>());
                assert_eq!(
                    l.iter().rev().map(|e| e.pid.0).collect::<Vec<_>>(),
                    v.iter().rev().map(|e| e.pid.0).collect::<Vec<_>>()
                );
                for (i, e) in v.iter().enumerate() {
                    assert_eq!(l[i].pid, e.pid);
                }
                assert_eq!(l.get(v.len()), None);
                assert_eq!(
                    pids(&before),
                    before_v.iter().map(|e| e.pid.0).collect::<Vec<_>>()
                );
            }
        }
    }

    #[test]
    fn long_lists_share_all_but_the_changed_chunk() {
        let mut ids = IdGen::starting_at(1);
        let pool = entities(209, &mut ids);
        let kept = EntityList::from(pool.clone());
        let mut changed = kept.clone();
        changed.remove(100);
        // The pool holds one reference and a chunk both lists share one more.
        // Only the chunk that lost an element was copied: its 15 others are
        // held three times, and the one taken out twice (pool, old chunk).
        let twice = pool.iter().filter(|e| Arc::strong_count(e) == 2).count();
        assert_eq!(twice, 209 - CHUNK + 1);
        assert_eq!(changed.len(), 208);
        assert_eq!(kept.len(), 209);
    }
}
