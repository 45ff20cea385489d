//! Taking an amount of an ingredient out of its stock container
//! (`fetch-and-proportion`): by pieces or by weight, as the reference does.

use std::sync::Arc;

use sous_kitchen::{convert_to_g, Amount, Entity, IdGen, Num, Ontology};

use crate::SimError;

/// Moves `amount` of the single ingredient in `source` into the front of
/// `target`'s contents, updating the stock (`corrected`: in the stock's own
/// grams, see `weigh`).
pub fn take(
    source: &mut Entity,
    target: &mut Entity,
    amount: Amount,
    ids: &mut IdGen,
    corrected: bool,
) -> Result<(), SimError> {
    let onto = Ontology::get();
    let piece = onto.known().piece;
    let stock = source
        .contents()
        .first()
        .cloned()
        .ok_or_else(|| SimError::Crash("the ingredient's container is empty".into()))?;
    let stock_amount = stock
        .amount()
        .ok_or_else(|| SimError::Crash("the ingredient has no amount".into()))?;
    let (portions, new_stock) = if stock_amount.unit == piece {
        take_pieces(&stock, stock_amount, amount, ids)?
    } else {
        weigh(&stock, stock_amount, amount, corrected)?
    };
    let mut stock = (*stock).clone();
    stock.set_amount(new_stock);
    if let Some(c) = source.contents_mut() {
        c[0] = Arc::new(stock);
    }
    if let Some(c) = target.contents_mut() {
        c.prepend(portions);
    }
    Ok(())
}

/// Stock counted in pieces (`take-n-pieces`).
fn take_pieces(
    stock: &Entity,
    have: Amount,
    want: Amount,
    ids: &mut IdGen,
) -> Result<(Vec<Arc<Entity>>, Amount), SimError> {
    let onto = Ontology::get();
    let piece = onto.known().piece;
    if want.unit == piece {
        // Lisp `floor`: whole pieces of the integer 1, and the rest first
        // (exact for an exact amount, a float for a float).
        let (wholes, part) = want.value.floor();
        super::check_new_objects(wholes.to_f64(), "pieces")?;
        let mut out = Vec::new();
        let one = |v: Num, ids: &mut IdGen| {
            let mut e = Entity::new(stock.class, ids);
            e.set_amount(Amount {
                value: v,
                unit: piece,
            });
            Arc::new(e)
        };
        if !part.is_zero() {
            out.push(one(part, ids));
        }
        for _ in 0..wholes.as_integer().unwrap_or(0) {
            out.push(one(Num::ONE, ids));
        }
        return Ok((
            out,
            Amount {
                value: have.value - want.value,
                unit: want.unit,
            },
        ));
    }
    let stock_g = convert_to_g(stock)?;
    let stock_grams = stock_g.amount().map_or(Num::ZERO, |a| a.value);
    let one_piece = stock_grams / have.value;
    let mut portion = stock_g.clone();
    portion.set_amount(want);
    let portion_grams = convert_to_g(&portion)?
        .amount()
        .map_or(Num::ZERO, |a| a.value);
    let left = Amount {
        value: (stock_grams - portion_grams) / one_piece,
        unit: piece,
    };
    Ok((vec![Arc::new(portion)], left))
}

/// Stock measured by weight or volume (`weigh-ingredient`). Quirk: when the
/// units differ, the stock's own number minus the grams taken is kept, in
/// grams (0.5 l − 30 g = −29.5 g); `corrected` keeps the stock's grams
/// minus the grams taken (500 g − 30 g = 470 g).
fn weigh(
    stock: &Entity,
    have: Amount,
    want: Amount,
    corrected: bool,
) -> Result<(Vec<Arc<Entity>>, Amount), SimError> {
    let onto = Ontology::get();
    let mut portion = stock.clone();
    if have.unit == want.unit {
        portion.set_amount(want);
        return Ok((
            vec![Arc::new(portion)],
            Amount {
                value: have.value - want.value,
                unit: want.unit,
            },
        ));
    }
    let mut in_g = convert_to_g(stock)?;
    let stock_grams = in_g.amount().map_or(Num::ZERO, |a| a.value);
    in_g.set_amount(want);
    let grams = convert_to_g(&in_g)?.amount().map_or(Num::ZERO, |a| a.value);
    in_g.set_amount(want);
    let from = if corrected { stock_grams } else { have.value };
    Ok((
        vec![Arc::new(in_g)],
        Amount {
            value: from - grams,
            unit: onto.known().g,
        },
    ))
}
