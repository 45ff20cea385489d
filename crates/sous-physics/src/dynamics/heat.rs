//! The `heat` trigger: bake, boil, fry, melt, refrigerate and
//! bring-to-temperature take effect when the container has been in (or on)
//! its appliance and its contents' temperature, following the heat law of
//! `data/heat.toml`, reached what the action needs.
//!
//! The hand carries the container into the appliance (a free spot on a
//! rack, a shelf or the stove top, tall enough for it) along a path on
//! which it must touch nothing, the time passes analytically, and the hand
//! takes it back to where it stood: the reference keeps it there.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};
use sous_kitchen::{slot, Entity, KitchenState, Ontology, Pid};
use sous_sim::BackendError;

use super::Check;
use crate::hand;
use crate::layout::nearest;
use crate::placement::{footprint, spot_in_place};

/// The heat law's constants, as compiled into the crate.
pub const HEAT_TOML: &str = include_str!("../../data/heat.toml");

/// The heat law's constants (`data/heat.toml`): how fast things warm and
/// cool, what each appliance is at, and what each heating action must reach.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Heat {
    /// The kitchen's air (°C): what things left standing drift toward.
    pub room_c: f64,
    /// Newton's time constant (s) for 100 g, by ingredient class (nearest
    /// ancestor, else `default`).
    pub tau_100g: BTreeMap<String, f64>,
    /// Where each appliance's heat comes from, by name (`oven`, `boiling-water`).
    pub appliances: BTreeMap<String, Appliance>,
    /// Burner temperatures (°C) by heating mode (`medium-heat`).
    pub stove_modes: BTreeMap<String, f64>,
    /// What the temperature history must show, by the name a rule's
    /// `reaches` gives (`baked`, `chilled`).
    pub reaches: BTreeMap<String, Reach>,
    /// Melting points (°C) by ingredient class (nearest ancestor, else `default`).
    pub melting_point_c: BTreeMap<String, f64>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Appliance {
    pub place: String,
    #[serde(default)]
    pub temperature_c: Option<f64>,
    #[serde(default)]
    pub from_contents: bool,
    #[serde(default)]
    pub keeps: bool,
    /// What the surroundings cannot exceed, whatever the burner (water
    /// boils at 100 °C).
    #[serde(default)]
    pub max_c: Option<f64>,
    pub tau_factor: f64,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Reach {
    #[serde(default)]
    pub above_c: Option<f64>,
    #[serde(default)]
    pub below_c: Option<f64>,
    #[serde(default)]
    pub melts: bool,
    #[serde(default)]
    pub fraction: Option<f64>,
}

/// Why `heat.toml` is unusable.
#[derive(Debug, thiserror::Error)]
pub enum HeatError {
    #[error("heat.toml: {0}")]
    Toml(#[from] toml::de::Error),
    #[error("heat.toml: `{0}` is not a class of the ontology")]
    UnknownClass(String),
    #[error("heat.toml: `{0}` needs a `default` entry")]
    NoDefault(&'static str),
    #[error("heat.toml: rule `{rule}` names `{name}`, which heat.toml does not define")]
    Undefined { rule: String, name: String },
}

impl Heat {
    /// The embedded heat law (checked by the tests, so it always parses).
    pub fn get() -> &'static Heat {
        static HEAT: OnceLock<Heat> = OnceLock::new();
        HEAT.get_or_init(|| Heat::parse(HEAT_TOML).expect("the embedded heat law is valid"))
    }

    /// Parses the constants; every class named must be in the ontology, and
    /// every appliance and `reaches` a rule names must be defined.
    pub fn parse(text: &str) -> Result<Heat, HeatError> {
        let heat: Heat = toml::from_str(text)?;
        let onto = Ontology::get();
        for (table, what) in [
            (&heat.tau_100g, "tau-100g"),
            (&heat.melting_point_c, "melting-point-c"),
        ] {
            if !table.contains_key("default") {
                return Err(HeatError::NoDefault(what));
            }
            if let Some(c) = table
                .keys()
                .find(|k| *k != "default" && onto.id(k).is_none())
            {
                return Err(HeatError::UnknownClass(c.clone()));
            }
        }
        for (name, rule) in &super::Dynamics::get().rules {
            let named = [
                rule.appliance
                    .as_ref()
                    .filter(|a| !heat.appliances.contains_key(*a)),
                rule.reaches
                    .as_ref()
                    .filter(|r| !heat.reaches.contains_key(*r)),
            ];
            if let Some(missing) = named.into_iter().flatten().next() {
                return Err(HeatError::Undefined {
                    rule: name.clone(),
                    name: missing.clone(),
                });
            }
        }
        Ok(heat)
    }

    fn tau_100g(&self, class: sous_kitchen::ClassId) -> f64 {
        nearest(&self.tau_100g, class)
            .copied()
            .unwrap_or(self.tau_100g["default"])
    }

    fn melting_point(&self, class: sous_kitchen::ClassId) -> f64 {
        nearest(&self.melting_point_c, class)
            .copied()
            .unwrap_or(self.melting_point_c["default"])
    }
}

/// What the heat law showed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct HeatEvidence {
    pub appliance: String,
    /// Where the container stood while it heated or cooled.
    pub at: String,
    pub surroundings_c: f64,
    /// The slowest piece: its ingredient, mass and time constant.
    pub piece: String,
    pub piece_g: f64,
    pub tau_s: f64,
    pub seconds: f64,
    pub start_c: f64,
    /// Where the start temperature came from.
    pub start_from: StartFrom,
    pub end_c: f64,
    /// What the action needs, in words ("at least 90 °C").
    pub needs: String,
    /// (seconds, °C), ten intervals.
    pub history: Vec<[f64; 2]>,
}

/// One piece of what is heated or cooled.
struct Piece {
    pid: Pid,
    class: sous_kitchen::ClassId,
    /// Mass of one piece (a portion of 58 balls of dough: one ball).
    grams: f64,
    /// Time constant (s) in still air; an appliance scales it.
    tau_air: f64,
    start_c: f64,
    start_from: StartFrom,
}

/// Where a heating or cooling starts from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum StartFrom {
    /// The temperature an earlier action's heat law left the piece at,
    /// drifted toward the room (or the fridge it waited in) since.
    HeatLaw,
    /// The symbolic kitchen's: a stock kept cold, or a temperature the
    /// recipe set.
    Kitchen,
    /// Neither says: the room's.
    Room,
}

pub(super) type Found = Option<(HeatEvidence, Option<u64>)>;

pub(super) fn check(c: &mut Check<'_, '_, '_>) -> Result<Found, BackendError> {
    let heat = Heat::get();
    let rule = c.rule;
    let Some(subject) = c.arg_pid(rule.subject.as_deref()) else {
        return Ok(None);
    };
    let appliance_name = rule.appliance.clone().unwrap_or_default();
    let appliance = &heat.appliances[&appliance_name];
    let reach = &heat.reaches[rule.reaches.as_deref().unwrap_or_default()];
    let onto = Ontology::get();
    let room_c = temperature_of(c.ctx.before.root()).unwrap_or(heat.room_c);
    let waited_at = waiting_temperature(c, subject, room_c);
    // Every piece of the contents, with where its temperature starts: where
    // the heat law left it, drifted since toward what it waited in; else
    // its own temperature in the symbolic kitchen (a stock kept cold);
    // else the room's.
    let pieces: Vec<Piece> = c
        .inv
        .portions
        .iter()
        .filter(|p| p.holder == subject && !p.coating)
        .map(|p| {
            let n = p.copies.len().max(p.pieces.unwrap_or(1) as usize).max(1);
            let grams = p.grams.to_f64() / n as f64;
            let tau_air = heat.tau_100g(p.class) * (grams.max(1.0) / 100.0).cbrt();
            let (start_c, start_from) = match c.world_in.temperatures.get(&p.pid) {
                Some(t) => {
                    let idle = (c.ctx.start - t.at_s).max(0.0);
                    (
                        waited_at + (t.celsius - waited_at) * (-idle / tau_air).exp(),
                        StartFrom::HeatLaw,
                    )
                }
                None => match own_temperature(c.ctx.before, subject, p.pid) {
                    Some(k) => (k, StartFrom::Kitchen),
                    None => (room_c, StartFrom::Room),
                },
            };
            Piece {
                pid: p.pid,
                class: p.class,
                grams,
                tau_air,
                start_c,
                start_from,
            }
        })
        .collect();
    if pieces.is_empty() {
        return Ok(None);
    }
    let place_pid = c
        .places
        .iter()
        .find(|(_, n)| **n == appliance.place)
        .map(|(p, _)| *p);
    let surroundings_c = if appliance.from_contents {
        contents_temperature(c.after, subject).unwrap_or(room_c)
    } else if let Some(mode) = heating_mode(c) {
        mode
    } else {
        place_pid
            .and_then(|p| c.after.find(p))
            .and_then(|e| temperature_of(e))
            .or(appliance.temperature_c)
            .unwrap_or(room_c)
    };
    let surroundings_c = appliance
        .max_c
        .map_or(surroundings_c, |m| surroundings_c.min(m));
    // The time the recipe gives, else the kitchen clock's (the reference's
    // clock counts a refrigeration's time twice over).
    let seconds = Some(time_from_args(c))
        .filter(|&t| t > 0.0)
        .unwrap_or(c.ctx.end - c.ctx.start)
        .max(0.0);
    let law = |p: &Piece, t: f64| {
        let tau = p.tau_air * appliance.tau_factor;
        surroundings_c + (p.start_c - surroundings_c) * (-t / tau).exp()
    };
    // How far each piece is past what the action needs (negative: short
    // of it); every piece must get there, and the evidence shows the one
    // furthest from it.
    let judge = |p: &Piece| -> (f64, String) {
        let end = law(p, seconds);
        if let Some(min) = reach.above_c {
            (end - min, format!("at least {min} °C"))
        } else if let Some(max) = reach.below_c {
            (max - end, format!("at most {max} °C"))
        } else if reach.melts {
            let m = heat.melting_point(p.class);
            (end - m, format!("its melting point, {m} °C"))
        } else {
            let f = reach.fraction.unwrap_or(0.5);
            let allowed = (1.0 - f) * (p.start_c - surroundings_c).abs();
            (
                allowed - (end - surroundings_c).abs(),
                format!("within {allowed:.1} °C of {surroundings_c} °C"),
            )
        }
    };
    let (worst, (margin, needs)) = pieces
        .iter()
        .map(|p| (p, judge(p)))
        .min_by(|a, b| {
            a.1 .0
                .total_cmp(&b.1 .0)
                .then(b.0.grams.total_cmp(&a.0.grams))
        })
        .expect("at least one piece");
    let ok = margin >= -1e-9;
    let piece = (worst.class, worst.grams);
    let (start_c, start_from) = (worst.start_c, worst.start_from);
    let tau = worst.tau_air * appliance.tau_factor;
    let end_c = law(worst, seconds);
    let history: Vec<[f64; 2]> = (0..=10)
        .map(|i| {
            let t = seconds * i as f64 / 10.0;
            [round2(t), round2(law(worst, t))]
        })
        .collect();
    // Into the appliance and back.
    let mut frame = None;
    let mut where_ = c.name_of(subject);
    if let (Some(place_pid), Some(&id)) = (place_pid, c.scene.world.objects.get(&subject)) {
        let body = c.scene.world.bodies[&id].clone();
        if body.holder != place_pid {
            let layout = c.scene.layout;
            let place = &layout.places[&appliance.place];
            let (half, height) = footprint(layout, &body);
            // What stands in a closed place is in the hand's way.
            let inside: Vec<_> = c
                .scene
                .world
                .bodies
                .iter()
                .filter(|(_, b)| b.holder == place_pid)
                .map(|(i, _)| *i)
                .collect();
            for i in inside {
                c.scene.add_fixed(i);
            }
            let spot = spot_in_place(layout, c.scene.world, place_pid, place, half, height, &[id])
                .filter(|s| fits_under(place, s[1], height));
            let Some(spot) = spot else {
                return Err(BackendError::Failed(format!(
                    "the {} did not fit in the {}: no free {} for {:.0} × {:.0} × {:.0} cm",
                    onto.name(body.class),
                    appliance.place,
                    if place.closed {
                        "rack or shelf"
                    } else {
                        "spot"
                    },
                    200.0 * half[0],
                    200.0 * half[1],
                    100.0 * height
                )));
            };
            let home = body.pose.position;
            c.scene.add(id);
            c.stats.hand_path_m += hand::carry(c.scene, id, spot);
            frame = Some(c.scene.frames);
            where_ = format!(
                "{} at ({:.2}, {:.2}, {:.2})",
                appliance.place, spot[0], spot[1], spot[2]
            );
            c.stats.hand_path_m += hand::carry(c.scene, id, home);
        }
    }
    if !ok {
        return Err(BackendError::Failed(format!(
            "the {} reached {:.1} °C in {:.0} s in the {} (from {:.1} °C toward {:.1} °C); {} needs {}",
            onto.name(piece.0),
            end_c,
            seconds,
            appliance.place,
            start_c,
            surroundings_c,
            c.ctx.signature.name,
            needs
        )));
    }
    // What the heat law reached, piece by piece, for the next action.
    for p in &pieces {
        c.scene.world.temperatures.insert(
            p.pid,
            crate::world::Thermal {
                celsius: law(p, seconds),
                at_s: c.ctx.end,
            },
        );
    }
    Ok(Some((
        HeatEvidence {
            appliance: appliance_name,
            at: where_,
            surroundings_c,
            piece: onto.name(piece.0).to_string(),
            piece_g: round2(piece.1),
            tau_s: round2(tau),
            seconds,
            start_c: round2(start_c),
            start_from,
            end_c: round2(end_c),
            needs,
            history,
        },
        frame,
    )))
}

fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

/// Whether something `height` tall standing at `y` fits under the place's
/// ceiling or the next shelf up.
fn fits_under(place: &crate::layout::PlaceLayout, y: f32, height: f32) -> bool {
    if !place.closed {
        return true;
    }
    let ceiling = place
        .shelves
        .iter()
        .copied()
        .filter(|&s| s > y + 0.01)
        .fold(place.max[1], f32::min);
    y + height <= ceiling
}

/// A temperature slot in degrees Celsius.
fn temperature_of(e: &Entity) -> Option<f64> {
    let a = e.get(slot::TEMPERATURE).as_amount()?;
    let v = a.value.to_f64();
    match Ontology::get().name(a.unit) {
        "degrees-fahrenheit" => Some((v - 32.0) * 5.0 / 9.0),
        _ => Some(v),
    }
}

/// The symbolic kitchen's temperature of the portion `pid` in `holder`
/// (looked up inside the holder: a portion shares its identity with the
/// stock it was taken from).
fn own_temperature(ks: &KitchenState, holder: Pid, pid: Pid) -> Option<f64> {
    ks.find(holder)?
        .contents()
        .iter()
        .find(|e| e.pid == pid)
        .and_then(|e| temperature_of(e))
}

/// The temperature of the first content of `holder` that has one.
fn contents_temperature(ks: &KitchenState, holder: Pid) -> Option<f64> {
    ks.find(holder)?.contents().iter().find_map(|e| {
        temperature_of(e).or_else(|| e.contents().iter().find_map(|x| temperature_of(x)))
    })
}

/// What the subject waited in since the last action: a closed appliance
/// that keeps its temperature (the fridge) if it stands in one, else the
/// room (`room_c`).
fn waiting_temperature(c: &Check<'_, '_, '_>, subject: Pid, room_c: f64) -> f64 {
    let heat = Heat::get();
    let place = c
        .world_in
        .object(subject)
        .and_then(|b| c.places.get(&b.holder).copied());
    heat.appliances
        .values()
        .find(|a| a.keeps && Some(a.place.as_str()) == place)
        .and_then(|a| a.temperature_c)
        .unwrap_or(room_c)
}

/// The burner temperature of the action's heating mode, if it has one.
fn heating_mode(c: &Check<'_, '_, '_>) -> Option<f64> {
    let i = c.ctx.signature.index_of("heating-mode")?;
    let mode = c.ctx.args.get(i)?.as_ref()?;
    Heat::get().stove_modes.get(mode.class_name()).copied()
}

/// Seconds given by a time quantity and unit among the arguments.
fn time_from_args(c: &Check<'_, '_, '_>) -> f64 {
    let sig = c.ctx.signature;
    let mut best: f64 = 0.0;
    for (i, a) in sig.args.iter().enumerate() {
        let Some(stem) = a.name.strip_suffix("-quantity") else {
            continue;
        };
        let Some(u) = sig.index_of(&format!("{stem}-unit")) else {
            continue;
        };
        let (Some(Some(q)), Some(Some(unit))) = (c.ctx.args.get(i), c.ctx.args.get(u)) else {
            continue;
        };
        let per = match unit.class_name() {
            "second" => 1.0,
            "minute" => 60.0,
            "hour" => 3600.0,
            _ => continue,
        };
        if let Some(v) = q.quantity_value() {
            best = best.max(v.to_f64() * per);
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_heat_law_parses() {
        let h = Heat::parse(HEAT_TOML).unwrap();
        assert!(h.appliances.contains_key("oven"));
        let bad = HEAT_TOML.replace("butter = 32.0", "buter = 32.0");
        assert!(matches!(Heat::parse(&bad), Err(HeatError::UnknownClass(c)) if c == "buter"));
        let no_oven = HEAT_TOML.replace("[appliances.oven]", "[appliances.stove-top]");
        assert!(matches!(
            Heat::parse(&no_oven),
            Err(HeatError::Undefined { name, .. }) if name == "oven"
        ));
    }
}
