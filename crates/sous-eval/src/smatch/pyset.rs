//! The iteration order of a CPython 3.11 `set` of small non-negative ints.
//!
//! The reference's smart initialisation takes, for every predicted node, the
//! first suitable gold node "in the candidate set", i.e. in the order Python
//! iterates a `set` filled by `compute_pool`'s `add` calls. For an int `i`,
//! `hash(i) == i`, so the order is the table-slot order of CPython's open
//! addressing scheme, which is ascending only while every value is smaller
//! than the table size. This module replays that scheme (set_add_entry,
//! set_table_resize, set_insert_clean of `Objects/setobject.c`, 3.11):
//!
//! * table of `mask + 1` slots (8 at first); probing starts at `hash & mask`,
//!   looks at up to `LINEAR_PROBES` further slots when they do not run past
//!   the end of the table, then jumps to `(i * 5 + 1 + perturb) & mask`
//!   after `perturb >>= PERTURB_SHIFT` (perturb starts as the hash);
//! * after an insertion into a never-used slot, if `fill * 5 >= mask * 3`,
//!   the table is rebuilt with the smallest power of two greater than
//!   `used * 4` (`used * 2` above 50 000 entries), at least 8, by re-inserting
//!   the entries in old-slot order with the same probe sequence.
//!
//! Removal is not needed (the candidate sets only grow).

const LINEAR_PROBES: usize = 9;
const PERTURB_SHIFT: u32 = 5;
const MIN_SIZE: usize = 8;

/// Whether a table with `mask` grows once an insertion brought it to `fill`.
fn needs_resize(fill: usize, mask: usize) -> bool {
    fill * 5 >= mask * 3
}

/// The `minused` a growing table of `used` entries is resized for.
fn resize_target(used: usize) -> usize {
    if used > 50_000 {
        used * 2
    } else {
        used * 4
    }
}

/// The smallest power of two above `min_used`, at least `MIN_SIZE`.
fn table_size_for(min_used: usize) -> usize {
    let mut size = MIN_SIZE;
    while size <= min_used {
        size <<= 1;
    }
    size
}

/// `sizes[c]`: the table size of a set after `c` distinct additions, for
/// `c` up to `max_count`. Sets only grow here and a resize depends on the
/// fill alone, not on the values. A set whose members are all below its
/// table size iterates in ascending order: after the last resize every
/// member sits in its home slot (`value & mask == value`, all distinct).
pub fn table_sizes(max_count: usize) -> Vec<usize> {
    let mut sizes = Vec::with_capacity(max_count + 1);
    let mut mask = MIN_SIZE - 1;
    sizes.push(MIN_SIZE);
    for fill in 1..=max_count {
        if needs_resize(fill, mask) {
            mask = table_size_for(resize_target(fill)) - 1;
        }
        sizes.push(mask + 1);
    }
    sizes
}

/// A set of small non-negative integers that remembers CPython's slot layout.
#[derive(Debug, Clone)]
pub struct PySet {
    table: Vec<Option<usize>>,
    fill: usize,
}

impl Default for PySet {
    fn default() -> Self {
        Self::new()
    }
}

impl PySet {
    pub fn new() -> Self {
        PySet {
            table: vec![None; MIN_SIZE],
            fill: 0,
        }
    }

    fn mask(&self) -> usize {
        self.table.len() - 1
    }

    /// `set.add(value)`.
    pub fn add(&mut self, value: usize) {
        assert!(
            (value as u64) < (1u64 << 61) - 1,
            "hash(i) == i only below 2**61 - 1"
        );
        let mask = self.mask();
        let mut i = value & mask;
        let mut perturb = value;
        loop {
            let probes = if i + LINEAR_PROBES <= mask {
                LINEAR_PROBES
            } else {
                0
            };
            for slot in i..=i + probes {
                match self.table[slot] {
                    None => {
                        self.table[slot] = Some(value);
                        self.fill += 1;
                        if needs_resize(self.fill, mask) {
                            self.resize(resize_target(self.fill));
                        }
                        return;
                    }
                    Some(v) if v == value => return,
                    Some(_) => {}
                }
            }
            perturb >>= PERTURB_SHIFT;
            i = (i.wrapping_mul(5).wrapping_add(1).wrapping_add(perturb)) & mask;
        }
    }

    fn resize(&mut self, min_used: usize) {
        let size = table_size_for(min_used);
        let old = std::mem::replace(&mut self.table, vec![None; size]);
        let mask = size - 1;
        for value in old.into_iter().flatten() {
            let mut i = value & mask;
            let mut perturb = value;
            'probe: loop {
                let probes = if i + LINEAR_PROBES <= mask {
                    LINEAR_PROBES
                } else {
                    0
                };
                for slot in i..=i + probes {
                    if self.table[slot].is_none() {
                        self.table[slot] = Some(value);
                        break 'probe;
                    }
                }
                perturb >>= PERTURB_SHIFT;
                i = (i.wrapping_mul(5).wrapping_add(1).wrapping_add(perturb)) & mask;
            }
        }
    }

    /// The values in Python's iteration order (`list(s)`).
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.table.iter().flatten().copied()
    }

    #[cfg(test)]
    pub fn to_vec(&self) -> Vec<usize> {
        self.iter().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::PySet;

    fn order(values: &[usize]) -> Vec<usize> {
        let mut s = PySet::new();
        for &v in values {
            s.add(v);
        }
        s.to_vec()
    }

    #[test]
    fn small_values_iterate_ascending() {
        assert_eq!(order(&[5, 3, 1, 4, 0, 2, 3]), vec![0, 1, 2, 3, 4, 5]);
    }

    // Expected vectors printed by CPython 3.11.7: `s = set(); [s.add(v) for v in seq]; print(list(s))`.
    #[test]
    fn matches_cpython_3_11() {
        // Values wrap around the 8-slot table.
        assert_eq!(order(&[10, 3]), vec![10, 3]);
        assert_eq!(order(&[9, 1, 17]), PINNED_1.to_vec());
        // Growth: 8 → 32 slots after the 5th insertion, then re-insertion.
        assert_eq!(order(&[40, 8, 72, 0, 16, 33, 113]), PINNED_2.to_vec());
        assert_eq!(order(&PINNED_3_IN), PINNED_3_OUT.to_vec());
        assert_eq!(order(&PINNED_4_IN), PINNED_4_OUT.to_vec());
    }

    #[test]
    fn table_sizes_follow_the_fill() {
        let sizes = super::table_sizes(3000);
        let mut s = PySet::new();
        assert_eq!(s.table.len(), sizes[0]);
        for (c, v) in (0..3000).map(|v| v * 7919 % 5003).enumerate() {
            s.add(v);
            assert_eq!(s.table.len(), sizes[c + 1], "after {} values", c + 1);
        }
    }

    #[test]
    fn members_below_the_table_size_iterate_ascending() {
        // Values that collide in the small tables but not in the last one.
        let values: Vec<usize> = (0..40).map(|v| (v * 37) % 120).collect();
        let s = {
            let mut s = PySet::new();
            values.iter().for_each(|&v| s.add(v));
            s
        };
        assert!(s.table.len() > 120);
        let mut sorted = values.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(s.to_vec(), sorted);
    }

    const PINNED_1: [usize; 3] = [9, 1, 17];
    const PINNED_2: [usize; 7] = [0, 33, 40, 8, 72, 16, 113];
    const PINNED_3_IN: [usize; 40] = [
        165, 77, 202, 24, 37, 274, 48, 187, 298, 29, 259, 109, 19, 44, 222, 214, 35, 123, 46, 282,
        217, 30, 289, 63, 114, 298, 31, 295, 299, 203, 25, 113, 23, 285, 68, 148, 214, 73, 276, 60,
    ];
    const PINNED_3_OUT: [usize; 38] = [
        259, 274, 19, 148, 276, 23, 24, 25, 282, 29, 30, 31, 285, 289, 35, 37, 165, 295, 298, 299,
        44, 46, 48, 187, 60, 63, 68, 73, 202, 203, 77, 214, 217, 222, 109, 113, 114, 123,
    ];
    const PINNED_4_IN: [usize; 12] = [73, 39, 71, 104, 87, 23, 13, 74, 73, 81, 24, 47];
    const PINNED_4_OUT: [usize; 11] = [71, 104, 73, 39, 74, 13, 47, 81, 23, 87, 24];
}
