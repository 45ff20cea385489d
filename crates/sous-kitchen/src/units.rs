//! Conversion of ingredient amounts to grams.

use crate::{slot, Amount, Entity, Num, Ontology};

/// The units of the MUHAI Cooking Language with the words recipes and
/// answers spell them with, and the factor of units the language lacks
/// (`data/units.toml`). Read by the agent's lexicon and the probe's scorer.
pub const UNITS_TOML: &str = include_str!("../data/units.toml");

/// Why an ingredient's amount cannot be converted to grams (where the
/// reference would crash).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ConversionError {
    /// The conversion table has no line for the ingredient's class.
    #[error("`{ingredient}` has no entry in the conversion table")]
    NoEntry {
        /// The ingredient's class.
        ingredient: String,
    },
    /// The table has the ingredient but not in this unit.
    #[error("`{ingredient}` cannot be converted from `{unit}` to grams")]
    NoUnit {
        /// The ingredient's class.
        ingredient: String,
        /// The unit its amount is in.
        unit: String,
    },
    /// The ingredient has no amount to convert.
    #[error("`{ingredient}` has no amount")]
    NoAmount {
        /// The ingredient's class.
        ingredient: String,
    },
}

/// A copy of `ingredient` with its amount in grams, as the reference computes
/// it: `ml` becomes `l`/1000 and `tablespoon` 3 `teaspoon` before the table
/// lookup (exact class, no inheritance); a mixture converts each component
/// (fraction × mixture amount, in the mixture's unit) and sums. A missing
/// entry is an error (the reference crashes there). The arithmetic is the
/// reference's: exact unless a float takes part (`/ 1000` and `* 3` are
/// integer literals there; rates such as `4.2` are floats).
pub fn convert_to_g(ingredient: &Entity) -> Result<Entity, ConversionError> {
    let onto = Ontology::get();
    let amount = ingredient
        .amount()
        .ok_or_else(|| ConversionError::NoAmount {
            ingredient: ingredient.class_name().into(),
        })?;
    let g = onto.known().g;
    if amount.unit == g {
        return Ok(ingredient.clone());
    }
    let grams = if ingredient.is_a(onto.known().mixture) {
        let mut total = Num::ZERO;
        for comp in ingredient.get(slot::COMPONENTS).as_list() {
            let fraction = comp.amount().map_or(Num::ZERO, |a| a.value);
            let mut scaled = (**comp).clone();
            scaled.set_amount(Amount {
                value: fraction * amount.value,
                unit: amount.unit,
            });
            total += grams_of(&scaled)?;
        }
        total
    } else {
        let (mut value, mut unit) = (amount.value, amount.unit);
        if unit == onto.known().ml {
            value = value / Num::int(1000);
            unit = onto.known().l;
        } else if unit == onto.known().tablespoon {
            value = value * Num::int(3);
            unit = onto.known().teaspoon;
        }
        let name = || ingredient.class_name().to_string();
        if onto.grams_per(ingredient.class, g).is_none() && !has_entry(ingredient) {
            return Err(ConversionError::NoEntry { ingredient: name() });
        }
        let rate =
            onto.grams_per(ingredient.class, unit)
                .ok_or_else(|| ConversionError::NoUnit {
                    ingredient: name(),
                    unit: onto.name(unit).into(),
                })?;
        value * rate
    };
    let mut out = ingredient.clone();
    out.set_amount(Amount {
        value: grams,
        unit: g,
    });
    Ok(out)
}

/// Grams of an ingredient (see [`convert_to_g`]).
pub fn grams_of(ingredient: &Entity) -> Result<Num, ConversionError> {
    Ok(convert_to_g(ingredient)?
        .amount()
        .map_or(Num::ZERO, |a| a.value))
}

fn has_entry(ingredient: &Entity) -> bool {
    let onto = Ontology::get();
    let k = onto.known();
    [k.teaspoon, k.l, k.piece]
        .iter()
        .any(|u| onto.grams_per(ingredient.class, *u).is_some())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::IdGen;

    fn ingredient(class: &str, value: impl Into<Num>, unit: &str) -> Entity {
        let onto = Ontology::get();
        let mut e = Entity::new(onto.id(class).unwrap(), &mut IdGen::starting_at(1));
        e.set_amount(Amount::new(value, onto.id(unit).unwrap()));
        e
    }

    fn exact(g: Result<Num, ConversionError>) -> Option<i64> {
        g.ok().and_then(Num::as_integer)
    }

    #[test]
    fn converts_like_the_reference() {
        assert_eq!(exact(grams_of(&ingredient("butter", 230, "g"))), Some(230));
        assert_eq!(
            exact(grams_of(&ingredient("vanilla-extract", 1, "teaspoon"))),
            Some(4)
        );
        assert_eq!(
            exact(grams_of(&ingredient("butter", 2, "tablespoon"))),
            Some(30)
        );
        assert_eq!(exact(grams_of(&ingredient("milk", 250, "ml"))), Some(258));
        assert_eq!(exact(grams_of(&ingredient("egg", 2, "piece"))), Some(100));
        assert!(matches!(
            grams_of(&ingredient("butter", 1, "cup")),
            Err(ConversionError::NoUnit { .. })
        ));
        assert!(matches!(
            grams_of(&ingredient("black-bean", 1, "teaspoon")),
            Err(ConversionError::NoEntry { .. })
        ));
    }

    #[test]
    fn floats_only_where_the_reference_has_them() {
        // 100/3 ml of milk stays exact; a float rate or quantity makes a float.
        let third = grams_of(&ingredient("milk", Num::ratio(100, 3), "ml")).unwrap();
        assert!(third.is_exact());
        assert_eq!(third, Num::ratio(172, 5));
        let sugar = grams_of(&ingredient("white-sugar", 2, "teaspoon")).unwrap();
        assert!(sugar.is_float());
        assert_eq!(sugar, Num::float(8.4));
        let half = grams_of(&ingredient("butter", 0.5, "teaspoon")).unwrap();
        assert!(half.is_float());
        // A mixture: fraction × amount per component, summed from 0.
        let onto = Ontology::get();
        let mut ids = IdGen::starting_at(1);
        let mut m = Entity::new(onto.known().homogeneous_mixture, &mut ids);
        let comps = [
            ("butter", Num::ratio(23, 35)),
            ("almond-flour", Num::ratio(12, 35)),
        ]
        .map(|(c, f)| std::sync::Arc::new(ingredient(c, f, "percent")));
        m.set(slot::COMPONENTS, crate::Value::List(comps.to_vec().into()));
        m.set_amount(Amount::new(35, onto.known().teaspoon));
        assert_eq!(exact(grams_of(&m)), Some(23 * 5 + 12 * 2));
    }
}
