//! The `rest` trigger: fetching, transferring, portioning, lining and
//! covering take effect when what the hand carried, poured or set down
//! came to rest in or on its target: pours that mostly missed their target
//! (an overfull container, a narrow mouth) and carried things that ended
//! outside their target's walls fail the action.

use serde::Serialize;
use sous_kitchen::Ontology;
use sous_sim::BackendError;

use super::{Check, Dynamics};
use crate::world::BodyKind;

/// What came to rest where.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RestEvidence {
    /// Bodies carried, and how many of them rest in or on their target.
    pub carried: usize,
    pub on_target: usize,
    /// Mass poured, and what of it missed its target.
    pub poured_g: f64,
    pub missed_g: f64,
    pub max_miss: f64,
}

pub(super) type Found = super::Found<RestEvidence>;

pub(super) fn check(c: &mut Check<'_, '_, '_>) -> Result<Found, BackendError> {
    let params = &Dynamics::get().rest;
    let onto = Ontology::get();
    let layout = c.scene.layout;
    let poured: f64 = c.stats.pours.iter().map(|p| p.grams).sum();
    let missed: f64 = c.stats.pours.iter().map(|p| p.spilled_g + p.stayed_g).sum();
    if let Some(p) = c
        .stats
        .pours
        .iter()
        .find(|p| p.spilled_g + p.stayed_g > params.max_miss * p.grams)
    {
        let what = match (p.spilled_g > 0.0, p.stayed_g > 0.0) {
            _ if p.overflowed_g > 0.0 => {
                format!(
                    "{:.0} g overflowed: the {} holds no more",
                    p.overflowed_g, p.to
                )
            }
            (true, true) => format!(
                "{:.0} g spilled, {:.0} g stayed in the {}",
                p.spilled_g, p.stayed_g, p.from
            ),
            (true, false) => "it spilled".to_string(),
            _ => format!("it stayed in the {}", p.from),
        };
        return Err(BackendError::Failed(format!(
            "{:.0} g of {:.0} g of {} missed the {} ({what})",
            p.spilled_g + p.stayed_g,
            p.grams,
            p.ingredient,
            p.to
        )));
    }
    let mut on_target = 0;
    for id in c.carried {
        let Some(body) = c.scene.world.bodies.get(id) else {
            continue;
        };
        let at = body.pose.position;
        let ok = match c.scene.world.object(body.holder) {
            // In or on a container: within its walls, not under its floor.
            Some(holder) => {
                let spec = layout.shape(holder.class);
                let inner = spec.inner();
                let h = holder.pose.position;
                let margin = 0.01;
                let within = if spec.is_round() {
                    ((at[0] - h[0]).powi(2) + (at[2] - h[2]).powi(2)).sqrt() <= inner[0] + margin
                } else {
                    (at[0] - h[0]).abs() <= inner[0] + margin
                        && (at[2] - h[2]).abs() <= inner[1] + margin
                };
                within && at[1] >= h[1] - 0.005
            }
            // On a place: its geometry says it is there.
            None => {
                let expected = c.places.get(&body.holder).copied();
                expected.is_none() || c.scene.world.place_at(layout, at) == expected
            }
        };
        if ok {
            on_target += 1;
        } else {
            let what = match body.kind {
                BodyKind::Object { .. } => "the",
                BodyKind::Solid { .. } => "a piece of",
            };
            return Err(BackendError::Failed(format!(
                "{what} {} did not come to rest on the {}: it lies at ({:.2}, {:.2}, {:.2})",
                onto.name(body.class),
                c.name_of(body.holder),
                at[0],
                at[1],
                at[2]
            )));
        }
    }
    if c.carried.is_empty() && c.stats.pours.is_empty() {
        return Ok(Err(
            "nothing was carried or poured: the action moved nothing in the kitchen".into(),
        ));
    }
    Ok(Ok((
        RestEvidence {
            carried: c.carried.len(),
            on_target,
            poured_g: (poured * 100.0).round() / 100.0,
            missed_g: (missed * 100.0).round() / 100.0,
            max_miss: params.max_miss,
        },
        Some(c.scene.frames),
    )))
}
