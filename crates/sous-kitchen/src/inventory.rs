//! The names a network can use: what the full kitchen holds (ingredients,
//! containers, tools, appliances) and the concepts of the ontology (units,
//! patterns, shapes, heating modes). Read from the data, so a prompt or a
//! help text never lists a name the kitchen does not know.

use std::collections::BTreeSet;
use std::sync::OnceLock;

use crate::{full_kitchen, Entity, Ontology};

/// The class names of the full kitchen's objects, by kind, sorted.
#[derive(Debug, Clone, Default)]
pub struct Inventory {
    /// Ingredients in stock (what `fetch-and-proportion` can fetch).
    pub ingredients: Vec<&'static str>,
    /// Containers that can be fetched (bowls, trays, jars…).
    pub containers: Vec<&'static str>,
    /// Cooking utensils (whisks, knives, rolling pins…).
    pub tools: Vec<&'static str>,
    /// The kitchen's places and appliances (oven, fridge, counter-top…).
    pub places: Vec<&'static str>,
}

/// What the full kitchen holds, computed once.
pub fn inventory() -> &'static Inventory {
    static INVENTORY: OnceLock<Inventory> = OnceLock::new();
    INVENTORY.get_or_init(|| {
        let onto = Ontology::get();
        let (ks, _) = full_kitchen();
        let kinds = [
            onto.known().ingredient,
            onto.known().transferable_container,
            onto.known().cooking_utensil,
        ];
        let mut sets: [BTreeSet<&'static str>; 3] = Default::default();
        fn walk(e: &Entity, kinds: &[crate::ClassId; 3], sets: &mut [BTreeSet<&'static str>; 3]) {
            if let Some(i) = kinds.iter().position(|k| e.is_a(*k)) {
                sets[i].insert(e.class_name());
            }
            for c in e.contents().iter().chain(e.items()) {
                walk(c, kinds, sets);
            }
        }
        walk(ks.root(), &kinds, &mut sets);
        let [ingredients, containers, tools] = sets;
        Inventory {
            ingredients: ingredients.into_iter().collect(),
            containers: containers.into_iter().collect(),
            tools: tools.into_iter().collect(),
            places: ks
                .root()
                .contents()
                .iter()
                .map(|p| p.class_name())
                .collect(),
        }
    })
}

/// The classes below `ancestor` in the ontology (not `ancestor` itself), in
/// definition order: `concepts("unit")` → `g`, `teaspoon`, `piece`….
pub fn concepts(ancestor: &str) -> Vec<&'static str> {
    let onto = Ontology::get();
    let Some(root) = onto.id(ancestor) else {
        return Vec::new();
    };
    onto.classes()
        .filter(|(id, _)| *id != root && onto.is_a(*id, root))
        .map(|(_, c)| c.name.as_str())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_kitchen_stocks_what_the_gold_networks_fetch() {
        let inv = inventory();
        for name in ["butter", "white-sugar", "all-purpose-flour", "egg"] {
            assert!(
                inv.ingredients.contains(&name),
                "{name}: {:?}",
                inv.ingredients
            );
        }
        assert!(inv.containers.contains(&"medium-bowl"));
        assert!(inv.containers.contains(&"baking-tray"));
        assert!(inv.tools.contains(&"whisk"));
        assert!(inv.places.contains(&"oven"));
        // Kinds do not overlap: a bowl of butter is a container, its butter an ingredient.
        assert!(!inv.ingredients.contains(&"medium-bowl"));
    }

    #[test]
    fn concepts_are_the_subclasses() {
        let units = concepts("unit");
        assert!(
            units.contains(&"teaspoon") && units.contains(&"g"),
            "{units:?}"
        );
        assert!(!units.contains(&"unit"));
        assert!(concepts("cutting-pattern").contains(&"uncut"));
        assert!(concepts("no-such-class").is_empty());
    }
}
