//! Conversion of ingredient amounts to grams.

use crate::{slot, Amount, Entity, Ontology};

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ConversionError {
    #[error("`{ingredient}` has no entry in the conversion table")]
    NoEntry { ingredient: String },
    #[error("`{ingredient}` cannot be converted from `{unit}` to grams")]
    NoUnit { ingredient: String, unit: String },
    #[error("`{ingredient}` has no amount")]
    NoAmount { ingredient: String },
}

/// A copy of `ingredient` with its amount in grams, as the reference computes
/// it: `ml` becomes `l`/1000 and `tablespoon` 3 `teaspoon` before the table
/// lookup (exact class, no inheritance); a mixture converts each component
/// (fraction × mixture amount, in the mixture's unit) and sums. A missing
/// entry is an error (the reference crashes there).
pub fn convert_to_g(ingredient: &Entity) -> Result<Entity, ConversionError> {
    let onto = Ontology::get();
    let amount = ingredient
        .amount()
        .ok_or_else(|| ConversionError::NoAmount {
            ingredient: ingredient.class_name().into(),
        })?;
    let g = onto.must("g");
    if amount.unit == g {
        return Ok(ingredient.clone());
    }
    let grams = if ingredient.is_a(onto.must("mixture")) {
        let mut total = 0.0;
        for comp in ingredient.get(slot::COMPONENTS).as_list() {
            let fraction = comp.amount().map_or(0.0, |a| a.value);
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
        if unit == onto.must("ml") {
            value /= 1000.0;
            unit = onto.must("l");
        } else if unit == onto.must("tablespoon") {
            value *= 3.0;
            unit = onto.must("teaspoon");
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
pub fn grams_of(ingredient: &Entity) -> Result<f64, ConversionError> {
    Ok(convert_to_g(ingredient)?.amount().map_or(0.0, |a| a.value))
}

fn has_entry(ingredient: &Entity) -> bool {
    let onto = Ontology::get();
    ["teaspoon", "l", "piece"]
        .iter()
        .any(|u| onto.grams_per(ingredient.class, onto.must(u)).is_some())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::IdGen;

    fn ingredient(class: &str, value: f64, unit: &str) -> Entity {
        let onto = Ontology::get();
        let mut e = Entity::new(onto.must(class), &mut IdGen::starting_at(1));
        e.set_amount(Amount {
            value,
            unit: onto.must(unit),
        });
        e
    }

    #[test]
    fn converts_like_the_reference() {
        assert_eq!(grams_of(&ingredient("butter", 230.0, "g")), Ok(230.0));
        assert_eq!(
            grams_of(&ingredient("vanilla-extract", 1.0, "teaspoon")),
            Ok(4.0)
        );
        assert_eq!(grams_of(&ingredient("butter", 2.0, "tablespoon")), Ok(30.0));
        assert_eq!(grams_of(&ingredient("milk", 250.0, "ml")), Ok(258.0));
        assert_eq!(grams_of(&ingredient("egg", 2.0, "piece")), Ok(100.0));
        assert!(matches!(
            grams_of(&ingredient("butter", 1.0, "cup")),
            Err(ConversionError::NoUnit { .. })
        ));
        assert!(matches!(
            grams_of(&ingredient("black-bean", 1.0, "teaspoon")),
            Err(ConversionError::NoEntry { .. })
        ));
    }
}
