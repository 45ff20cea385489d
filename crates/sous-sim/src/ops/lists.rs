//! Lists of kitchen entities lying on the counter-top (portions, fetched tools).

use sous_kitchen::{EntityRef, KitchenState, Pid};

/// The items of `list` that are (still) on the counter-top of `ks`
/// (`find-kitchen-entities`): when all items share one persistent id (copies
/// of one dough), the run of counter-top items starting at the first match;
/// when all ids differ, each item found on the counter-top. Returns the
/// counter-top indices, in list order.
pub fn on_counter_top(ks: &KitchenState, items: &[EntityRef]) -> Vec<usize> {
    let Some(ct) = ks.counter_top().and_then(|p| ks.get(&p).cloned()) else {
        return Vec::new();
    };
    let contents = ct.contents();
    let mut unique: Vec<Pid> = items.iter().map(|i| i.pid).collect();
    unique.sort();
    unique.dedup();
    let mut found = Vec::new();
    if unique.len() == 1 {
        let Some(start) = contents.iter().position(|c| c.pid == unique[0]) else {
            return found;
        };
        for (k, _) in items.iter().enumerate() {
            match contents.get(start + k) {
                Some(c) if c.pid == unique[0] => found.push(start + k),
                _ => {}
            }
        }
    } else if unique.len() == items.len() {
        for item in items {
            if let Some(i) = contents.iter().position(|c| c.pid == item.pid) {
                found.push(i);
            }
        }
    }
    found
}
