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
    let mut path = Vec::new();
    walk(object, place, onto.known().container, &mut path).then_some(path)
}

fn walk(object: &Entity, place: &Entity, container: ClassId, path: &mut Vec<ClassId>) -> bool {
    path.push(place.class);
    if place.contents().iter().any(|e| e.pid == object.pid) {
        return true;
    }
    for e in place.contents() {
        if e.is_a(container) && walk(object, e, container, path) {
            return true;
        }
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
