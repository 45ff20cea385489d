//! Where an object is in a kitchen state: the classes of the places from the
//! kitchen down to the container that holds it (`find-location`).

use sous_kitchen::{ClassId, Entity, Ontology};

/// The path of place classes to `object` in `place` (normally a kitchen
/// state), or `None` when it is not there. Lists of entities are always "on
/// the counter-top".
pub fn find_location(object: &Entity, place: &Entity) -> Option<Vec<ClassId>> {
    let onto = Ontology::get();
    if object.is_a(onto.known().list_of_kitchen_entities) && place.is_a(onto.known().kitchen_state)
    {
        return Some(vec![place.class, onto.known().counter_top]);
    }
    let mut path = Vec::with_capacity(8);
    walk(object, place, onto.known().container, &mut path).then_some(path)
}

/// The direct contents first, then each container in order. The parts of
/// the kitchen whose search index rules the object out are not looked at
/// (the pantry's long lists, mostly); the order, and so the answer, is
/// that of looking everywhere.
fn walk(object: &Entity, place: &Entity, container: ClassId, path: &mut Vec<ClassId>) -> bool {
    let pid = object.pid;
    path.push(place.class);
    if place.scan_contents_for(pid, |_, e| e.pid == pid) {
        return true;
    }
    if place.scan_contents_for(pid, |_, e| {
        e.is_a(container) && e.may_hold_pid(pid) && walk(object, e, container, path)
    }) {
        return true;
    }
    path.pop();
    false
}

/// Same classes position by position, up to the shorter path (so a missing
/// location matches anything).
pub fn similar_locations(a: Option<&[ClassId]>, b: Option<&[ClassId]>) -> bool {
    let (a, b) = (a.unwrap_or(&[]), b.unwrap_or(&[]));
    a.iter().zip(b).all(|(x, y)| x == y)
}

/// Class names of a location, for reports.
pub fn location_names(location: Option<&[ClassId]>) -> Vec<String> {
    let onto = Ontology::get();
    location
        .unwrap_or(&[])
        .iter()
        .map(|c| onto.name(*c).to_string())
        .collect()
}
