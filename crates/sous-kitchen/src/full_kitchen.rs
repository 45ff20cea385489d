//! The initial kitchen state, built from `data/full-kitchen.toml`.

use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

use serde::Deserialize;

use crate::{slot, Amount, Entity, IdGen, KitchenState, Num, Ontology, Value};

/// The kitchen file embedded at build time.
pub const FULL_KITCHEN_TOML: &str = include_str!("../data/full-kitchen.toml");

#[derive(Deserialize)]
#[serde(rename_all = "kebab-case")]
struct File {
    kitchen_time: Num,
    temperature: AmountSpec,
    arrangement: NewSpec,
    places: Vec<String>,
    #[serde(flatten)]
    place_contents: BTreeMap<String, PlaceSpec>,
}

#[derive(Deserialize)]
struct AmountSpec {
    amount: Num,
    unit: String,
}

#[derive(Deserialize)]
struct NewSpec {
    new: String,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct PlaceSpec {
    /// The appliance's display name; informational only.
    #[serde(default)]
    #[allow(dead_code)]
    name: Option<String>,
    #[serde(default)]
    contents: Vec<ItemSpec>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ItemSpec {
    class: String,
    #[serde(default = "one")]
    count: usize,
    #[serde(default)]
    used: bool,
    holds: Option<IngredientSpec>,
    items: Option<Box<ItemSpec>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct IngredientSpec {
    class: String,
    /// Integers exact, decimals floats (`0.5` l), as in the reference.
    amount: Num,
    unit: String,
    temperature: Option<Num>,
}

fn one() -> usize {
    1
}

/// How many places a kitchen state holds (sink, stove, …, cabinet). A
/// reference `failed-object` is also a kitchen state, and making one puts
/// these places in its `contents`: primitives that count the items of a
/// failed input (crack, separate-eggs) count this many.
pub fn kitchen_place_count() -> usize {
    full_kitchen().0.root().contents().len()
}

/// The `full-kitchen` and the first persistent id not used by it. Built once;
/// every run starts from this same snapshot (sharing it, never copying it).
pub fn full_kitchen() -> (KitchenState, u32) {
    static KITCHEN: OnceLock<(KitchenState, u32)> = OnceLock::new();
    KITCHEN
        .get_or_init(|| build(FULL_KITCHEN_TOML).expect("the embedded full-kitchen.toml is valid"))
        .clone()
}

fn build(text: &str) -> Result<(KitchenState, u32), String> {
    let onto = Ontology::get();
    let file: File = toml::from_str(text).map_err(|e| e.to_string())?;
    let class = |n: &str| onto.id(n).ok_or_else(|| format!("unknown class `{n}`"));
    let mut ids = IdGen::starting_at(1);
    let mut kitchen = Entity::new(class("kitchen-state")?, &mut ids);
    kitchen.set(slot::KITCHEN_TIME, Value::Number(file.kitchen_time));
    kitchen.set(
        slot::TEMPERATURE,
        Value::Amount(Amount {
            value: file.temperature.amount,
            unit: class(&file.temperature.unit)?,
        }),
    );
    kitchen.set(
        slot::ARRANGEMENT,
        Value::Entity(Arc::new(Entity::new(
            class(&file.arrangement.new)?,
            &mut ids,
        ))),
    );
    let mut places = Vec::new();
    for name in &file.places {
        let mut place = Entity::new(class(name)?, &mut ids);
        let spec = file.place_contents.get(name);
        let mut contents = Vec::new();
        for item in spec.map(|s| s.contents.as_slice()).unwrap_or_default() {
            for _ in 0..item.count {
                contents.push(Arc::new(build_item(item, &mut ids)?));
            }
        }
        place.set(slot::CONTENTS, Value::List(contents.into()));
        places.push(Arc::new(place));
    }
    if let Some(unknown) = file
        .place_contents
        .keys()
        .find(|k| !file.places.contains(k))
    {
        return Err(format!("`[{unknown}]` is not listed in `places`"));
    }
    kitchen.set(slot::CONTENTS, Value::List(places.into()));
    Ok((KitchenState::from_entity(Arc::new(kitchen)), ids.peek()))
}

fn build_item(spec: &ItemSpec, ids: &mut IdGen) -> Result<Entity, String> {
    let onto = Ontology::get();
    let class = |n: &str| onto.id(n).ok_or_else(|| format!("unknown class `{n}`"));
    let mut e = Entity::new(class(&spec.class)?, ids);
    if spec.used {
        e.set_flag(slot::USED, true);
    }
    if let Some(h) = &spec.holds {
        let mut ing = Entity::new(class(&h.class)?, ids);
        ing.set_amount(Amount {
            value: h.amount,
            unit: class(&h.unit)?,
        });
        if let Some(t) = h.temperature {
            ing.set(
                slot::TEMPERATURE,
                Value::Amount(Amount {
                    value: t,
                    unit: class("degrees-celsius")?,
                }),
            );
        }
        e.set(slot::CONTENTS, Value::List(vec![Arc::new(ing)].into()));
    }
    if let Some(items) = &spec.items {
        let list = (0..items.count)
            .map(|_| build_item(items, ids).map(Arc::new))
            .collect::<Result<Vec<_>, _>>()?;
        e.set(slot::ITEMS, Value::List(list.into()));
    }
    Ok(e)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_kitchen_matches_the_reference_layout() {
        let (k, next) = full_kitchen();
        let onto = Ontology::get();
        let names: Vec<&str> = k.root().contents().iter().map(|e| e.class_name()).collect();
        assert_eq!(
            names,
            [
                "kitchen-sink",
                "stove",
                "microwave",
                "counter-top",
                "oven",
                "fridge",
                "freezer",
                "pantry",
                "kitchen-cabinet"
            ]
        );
        let count = |place: &str| {
            k.get(&k.appliance_named(place).unwrap())
                .unwrap()
                .contents()
                .len()
        };
        assert_eq!(
            (count("fridge"), count("freezer"), count("pantry")),
            (45, 1, 57)
        );
        assert_eq!(count("kitchen-cabinet"), 194);
        assert!(next > 300);
        // First unused medium bowl: in the cabinet, after plates and small bowls.
        let p = k.locate_unused(onto.known().medium_bowl, &[]).unwrap();
        assert_eq!(p.as_slice(), [8, 5 + 5 + 5 + 9]);
        // Butter lives in a used medium bowl in the fridge.
        let b = k.locate_ingredient(onto.known().butter).unwrap();
        assert_eq!(b[0], 5);
        let bowl = k.get(&b).unwrap();
        assert_eq!(bowl.contents()[0].class_name(), "butter");
        assert_eq!(bowl.contents()[0].amount().unwrap().value, Num::int(500));
        assert!(bowl.contents()[0].amount().unwrap().value.is_exact());
        assert_eq!(k.time(), 0.0);
    }
}
