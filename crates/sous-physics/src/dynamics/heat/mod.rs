//! The `heat` trigger: bake, boil, fry, melt, refrigerate, preheat-oven and
//! bring-to-temperature take effect when the container has been in (or on)
//! its appliance and the heat law (`law.rs`, constants in `data/heat.toml`)
//! shows what the action means:
//! - `boil X … T`: brought to the boil at the heating mode's power, then T
//!   at the boil (it fails when nothing in the pot can boil, or the burner
//!   cannot bring it there);
//! - `bake … T`: T in the oven, whose air heats up first if it was not
//!   preheated; it fails when a piece's core stays below what sets it;
//! - `melt`: in the microwave until the fat has melted;
//! - `refrigerate … T`: T in the fridge, reporting the temperature reached;
//! - `bring-to-temperature`: until within a few degrees of the target;
//! - `fry … T`: T in the pan at the mode's power; it fails when the pan
//!   never gets hot enough to fry;
//! - `preheat-oven`: the oven's air from where it was to the setting.
//!
//! The hand carries the container into the appliance (a free spot on a
//! rack, a shelf or the stove top, tall enough for it) along a path on
//! which it must touch nothing, the time passes analytically, and the hand
//! takes it back to where it stood: the reference keeps it there. The time
//! the physics took (heating up included) is reported beside the kitchen
//! clock's.

pub mod calibrate;
mod constants;
pub mod law;

use serde::Serialize;
use std::collections::BTreeMap;

use sous_kitchen::{slot, Entity, KitchenState, Ontology, Pid};
use sous_sim::BackendError;

pub use calibrate::CALIBRATION_TOML;
pub use constants::{Heat, HeatError, Law, HEAT_TOML};
use law::{History, Lump, Piece, Stuff, Until};

use super::Check;
use crate::hand;
use crate::placement::{footprint, spot_in_place};
use crate::world::{Matter, World};

/// What the heat law showed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct HeatEvidence {
    pub appliance: String,
    /// Which law heated it.
    pub law: Law,
    /// Where the container stood while it heated or cooled.
    pub at: String,
    /// What the pieces approached at the end: the air's temperature, the
    /// oven's setting, or the bath's.
    pub surroundings_c: f64,
    /// The piece the judgement is about (the slowest), its mass, and its
    /// time constant where it was (none for a lumped bath).
    pub piece: String,
    pub piece_g: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tau_s: Option<f64>,
    /// The time the action gives: the recipe's, else the kitchen clock's.
    pub seconds: f64,
    /// The time the physics took, heating up included.
    pub physics_seconds: f64,
    pub start_c: f64,
    /// Where the start temperature came from.
    pub start_from: StartFrom,
    pub end_c: f64,
    /// What the action needs, in words ("at least 90 °C at the core").
    pub needs: String,
    /// When the pot came to the boil, or the pan to frying heat (s from
    /// the start of the action).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ready_at_s: Option<f64>,
    /// Water boiled off (g): reported, not taken out of the kitchen.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub evaporated_g: Option<f64>,
    /// Power into the pot or the load (W).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub power_w: Option<f64>,
    /// The oven's air when the dish went in (°C).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub air_start_c: Option<f64>,
    /// (seconds, °C) of what is judged (the slowest core, the bath, the
    /// oven's air when preheating), eleven points.
    pub history: History,
    /// (seconds, °C) of the oven's air during a bake.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub air_history: History,
}

/// Where a heating or cooling starts from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum StartFrom {
    /// The temperature an earlier action's heat law left the piece at, or
    /// the air of the fridge or freezer it was taken out of, drifted toward
    /// the room (or the fridge it waited in) since.
    HeatLaw,
    /// The symbolic kitchen's: a stock kept cold, or a temperature the
    /// recipe set.
    Kitchen,
    /// Neither says: the room's.
    Room,
}

/// One portion of what is heated: `count` equal pieces.
#[derive(Clone)]
struct Part {
    pid: Pid,
    class: sous_kitchen::ClassId,
    /// Mass of one piece (a portion of 58 balls of dough: one ball).
    grams: f64,
    count: f64,
    /// One piece, thermally.
    stuff: Stuff,
    /// Water of its liquid ingredients (kg, all pieces): what can boil.
    free_water_kg: f64,
    /// Poured or particles (part of a bath), not solid pieces.
    fluid: bool,
    start_c: f64,
    start_from: StartFrom,
}

impl Part {
    fn piece(&self, heat: &Heat, tau_factor: f64) -> Piece {
        Piece {
            count: self.count,
            heat_capacity: self.stuff.heat_capacity,
            tau_s: heat.tau(self.class, self.grams) * tau_factor,
            moist: self.stuff.moist(heat),
            c: self.start_c,
        }
    }
}

/// What a law found: the evidence, the temperature each portion ends at,
/// and the oven's air to remember.
struct Outcome {
    evidence: HeatEvidence,
    ends: Vec<(Pid, f64)>,
    oven_record: Option<crate::world::Thermal>,
}

pub(super) type Found = super::Found<HeatEvidence>;

pub(super) fn check(c: &mut Check<'_, '_, '_>) -> Result<Found, BackendError> {
    let heat = Heat::get();
    let rule = c.rule;
    let appliance_name = rule.appliance.clone().unwrap_or_default();
    let appliance = &heat.appliances[&appliance_name];
    let reach = &heat.reaches[rule.reaches.as_deref().unwrap_or_default()];
    let place_pid = c
        .places
        .iter()
        .find(|(_, n)| **n == appliance.place)
        .map(|(p, _)| *p);
    // A preheat heats the kitchen's oven whether or not the network names it.
    let subject = match c.arg_pid(rule.subject.as_deref()) {
        Some(s) => s,
        None if reach.preheats && place_pid.is_some() => place_pid.expect("checked"),
        None => return Ok(Err(super::no_subject(c))),
    };
    let room_c = temperature_of(c.ctx.before.root()).unwrap_or(heat.room_c);
    let seconds = Some(time_from_args(c))
        .filter(|&t| t > 0.0)
        .unwrap_or(c.ctx.end - c.ctx.start)
        .max(0.0);
    if reach.preheats {
        let Some(oven) = place_pid.filter(|&p| p == subject) else {
            return Ok(Err(format!(
                "the {} is not the kitchen's oven",
                c.name_of(subject)
            )));
        };
        let outcome = preheat(c, heat, oven, room_c, seconds)?;
        c.scene
            .world
            .temperatures
            .extend(outcome.oven_record.map(|r| (oven, r)));
        return Ok(Ok((outcome.evidence, None)));
    }
    let waited_at = waiting_temperature(c, subject, room_c);
    let parts = parts_of(c, heat, subject, room_c, waited_at);
    if parts.is_empty() {
        return Ok(Err(format!(
            "the {} is empty: there is nothing in it to heat or cool",
            c.name_of(subject)
        )));
    }
    let (frame, at) = carry_in(c, subject, place_pid, appliance)?;
    let ctx = Ctx {
        heat,
        room_c,
        seconds,
        appliance: appliance_name.clone(),
        at,
        reach,
    };
    let outcome = match appliance.law {
        Law::Air => air(c, &ctx, appliance, subject, &parts),
        Law::Oven => oven(c, &ctx, place_pid, &parts),
        Law::Burner => burner(c, &ctx, subject, &parts),
        Law::Microwave => microwave(&ctx, &parts),
    }
    .map_err(|why| BackendError::Failed(format!("{}: {why}", c.ctx.signature.name)))?;
    let end = c.ctx.end;
    for (pid, celsius) in outcome.ends {
        c.scene
            .world
            .temperatures
            .insert(pid, crate::world::Thermal { celsius, at_s: end });
    }
    if let (Some(oven), Some(r)) = (place_pid, outcome.oven_record) {
        c.scene.world.temperatures.insert(oven, r);
    }
    Ok(Ok((outcome.evidence, frame)))
}

/// What every law needs to know of the action.
struct Ctx<'h> {
    heat: &'h Heat,
    room_c: f64,
    /// The time the action gives (s).
    seconds: f64,
    appliance: String,
    at: String,
    reach: &'h constants::Reach,
}

impl Ctx<'_> {
    #[allow(clippy::too_many_arguments)]
    fn evidence(
        &self,
        law: Law,
        part: &Part,
        tau_s: Option<f64>,
        surroundings_c: f64,
        physics_seconds: f64,
        end_c: f64,
        needs: String,
        history: History,
    ) -> HeatEvidence {
        HeatEvidence {
            appliance: self.appliance.clone(),
            law,
            at: self.at.clone(),
            surroundings_c: law::round2(surroundings_c),
            piece: Ontology::get().name(part.class).to_string(),
            piece_g: law::round2(part.grams),
            tau_s: tau_s.map(law::round2),
            seconds: self.seconds,
            physics_seconds: law::round2(physics_seconds),
            start_c: law::round2(part.start_c),
            start_from: part.start_from,
            end_c: law::round2(end_c),
            needs,
            ready_at_s: None,
            evaporated_g: None,
            power_w: None,
            air_start_c: None,
            history,
            air_history: Vec::new(),
        }
    }
}

/// Every portion in the subject, with where its temperature starts: where
/// the heat law left it, drifted since toward what it waited in; else its
/// own temperature in the symbolic kitchen (a stock kept cold); else the
/// room's. Each in the order of the inventory, so that the result does
/// not depend on anything else.
fn parts_of(
    c: &Check<'_, '_, '_>,
    heat: &Heat,
    subject: Pid,
    room_c: f64,
    waited_at: f64,
) -> Vec<Part> {
    c.inv
        .portions
        .iter()
        .filter(|p| p.holder == subject && !p.coating)
        .map(|p| {
            let n = p.copies.len().max(p.pieces.unwrap_or(1) as usize).max(1);
            let grams_all = p.grams.to_f64();
            let grams = grams_all / n as f64;
            let made_of: Vec<(sous_kitchen::ClassId, f64)> = if p.composition.is_empty() {
                vec![(p.class, grams_all)]
            } else {
                p.composition
                    .iter()
                    .map(|(k, g)| (*k, g.to_f64()))
                    .collect()
            };
            let total: Stuff = made_of
                .iter()
                .map(|(k, g)| Stuff::of(heat, *k, *g))
                .fold(Stuff::default(), Stuff::plus);
            let free_water_kg: f64 = made_of
                .iter()
                .map(|(k, g)| Stuff::free_water_kg(heat, *k, *g))
                .sum();
            let stuff = total.scaled(1.0 / n as f64);
            let fluid = c
                .scene
                .world
                .portions
                .iter()
                .find(|w| w.pid == p.pid && w.holder == p.holder)
                .is_none_or(|w| matches!(w.matter, Matter::Particles { .. }));
            let tau_air = heat.tau(p.class, grams);
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
            Part {
                pid: p.pid,
                class: p.class,
                grams,
                count: n as f64,
                stuff,
                free_water_kg,
                fluid,
                start_c,
                start_from,
            }
        })
        .collect()
}

/// Carries the subject into the appliance and back: the frame it was in
/// and where it stood.
fn carry_in(
    c: &mut Check<'_, '_, '_>,
    subject: Pid,
    place_pid: Option<Pid>,
    appliance: &constants::Appliance,
) -> Result<(Option<u64>, String), BackendError> {
    let onto = Ontology::get();
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
            c.stats.held_in = Some((id, appliance.place.clone(), spot));
            c.stats.hand_path_m += hand::carry(c.scene, id, spot);
            frame = Some(c.scene.frames);
            where_ = format!(
                "{} at ({:.2}, {:.2}, {:.2})",
                appliance.place, spot[0], spot[1], spot[2]
            );
            c.stats.hand_path_m += hand::carry(c.scene, id, home);
        }
    }
    Ok((frame, where_))
}

/// The slowest of `parts` by a judgement (the lowest), ties to the heavier.
fn slowest<'p>(parts: &'p [Part], end: &[f64]) -> (usize, &'p Part) {
    let i = (0..parts.len())
        .min_by(|&a, &b| {
            end[a]
                .total_cmp(&end[b])
                .then(parts[b].grams.total_cmp(&parts[a].grams))
        })
        .unwrap_or(0);
    (i, &parts[i])
}

/// The fridge, the freezer, the counter-top: air at a fixed temperature.
fn air(
    c: &Check<'_, '_, '_>,
    x: &Ctx<'_>,
    appliance: &constants::Appliance,
    subject: Pid,
    parts: &[Part],
) -> Result<Outcome, String> {
    let boil_c = x.heat.water.boiling_point_c;
    let air_c = if appliance.from_contents {
        contents_temperature(c.after, subject).unwrap_or(x.room_c)
    } else {
        appliance.air_c.unwrap_or(x.room_c)
    };
    let within = x.reach.within_c.unwrap_or(2.0);
    if x.reach.until_target && appliance.from_contents && air_c > x.room_c + within {
        // Above the room's temperature: waiting never gets there, so the
        // cook warms it (in the microwave, by its law).
        return warm(x, parts, air_c, within);
    }
    let pieces: Vec<Piece> = parts
        .iter()
        .map(|p| p.piece(x.heat, appliance.tau_factor))
        .collect();
    let (seconds, needs) = if x.reach.until_target {
        let t = pieces
            .iter()
            .map(|p| p.until_near(air_c, within))
            .fold(0.0, f64::max);
        // Waiting always gets there: it takes as long as it takes.
        (t, format!("within {within} °C of {air_c} °C"))
    } else {
        (x.seconds, format!("{:.0} s at {air_c} °C", x.seconds))
    };
    let ends: Vec<f64> = pieces
        .iter()
        .map(|p| p.after(air_c, seconds, boil_c))
        .collect();
    // The piece furthest from the air at the end.
    let gaps: Vec<f64> = ends.iter().map(|e| -(e - air_c).abs()).collect();
    let (i, part) = slowest(parts, &gaps);
    let history = law::in_air(&pieces[i], air_c, seconds, boil_c);
    let evidence = x.evidence(
        Law::Air,
        part,
        Some(pieces[i].tau_s),
        air_c,
        seconds,
        ends[i],
        needs,
        history,
    );
    Ok(Outcome {
        evidence,
        ends: parts.iter().map(|p| p.pid).zip(ends).collect(),
        oven_record: None,
    })
}

/// The oven's setting: its temperature in the kitchen after the action.
fn oven_setting(c: &Check<'_, '_, '_>, oven: Option<Pid>) -> Option<f64> {
    oven.and_then(|p| c.after.find(p))
        .and_then(|e| temperature_of(e))
}

/// The oven's air at the start of the action: where the last preheat (or
/// bake) left it, followed since under its thermostat; a cold oven is at
/// the room's temperature.
fn oven_air_now(
    c: &Check<'_, '_, '_>,
    heat: &Heat,
    oven: Option<Pid>,
    room_c: f64,
    set_c: f64,
) -> f64 {
    match oven.and_then(|o| c.world_in.temperatures.get(&o)) {
        Some(r) => law::oven_air(
            heat,
            room_c,
            r.celsius,
            set_c,
            (c.ctx.start - r.at_s).max(0.0),
        ),
        None => room_c,
    }
}

fn preheat(
    c: &Check<'_, '_, '_>,
    heat: &Heat,
    oven: Pid,
    room_c: f64,
    seconds: f64,
) -> Result<Outcome, BackendError> {
    let Some(set_c) = oven_setting(c, Some(oven)) else {
        return Err(BackendError::Failed(
            "preheat-oven: the oven has no temperature to heat to".into(),
        ));
    };
    let start_c = oven_air_now(c, heat, Some(oven), room_c, set_c);
    let Some(t) = law::preheat_seconds(heat, room_c, start_c, set_c) else {
        return Err(BackendError::Failed(format!(
            "preheat-oven: the oven's {:.0} W element cannot heat its air to {set_c} °C (it levels off at {:.0} °C)",
            heat.oven.element_w,
            room_c + heat.oven.element_w / heat.oven.loss_w_per_k
        )));
    };
    let history: History = (0..=10)
        .map(|i| {
            let s = t * i as f64 / 10.0;
            [
                law::round2(s),
                law::round2(law::oven_air(heat, room_c, start_c, set_c, s)),
            ]
        })
        .collect();
    Ok(Outcome {
        evidence: HeatEvidence {
            appliance: "oven".into(),
            law: Law::Oven,
            at: "oven".into(),
            surroundings_c: set_c,
            piece: "air".into(),
            piece_g: 0.0,
            tau_s: None,
            seconds,
            physics_seconds: law::round2(t),
            start_c: law::round2(start_c),
            start_from: if c.world_in.temperatures.contains_key(&oven) {
                StartFrom::HeatLaw
            } else {
                StartFrom::Room
            },
            end_c: set_c,
            needs: format!("the oven's air at {set_c} °C"),
            ready_at_s: None,
            evaporated_g: None,
            power_w: Some(heat.oven.element_w),
            air_start_c: None,
            history,
            air_history: Vec::new(),
        },
        ends: Vec::new(),
        // From here on its thermostat holds the air at the setting.
        oven_record: Some(crate::world::Thermal {
            celsius: start_c,
            at_s: c.ctx.start,
        }),
    })
}

fn oven(
    c: &Check<'_, '_, '_>,
    x: &Ctx<'_>,
    oven: Option<Pid>,
    parts: &[Part],
) -> Result<Outcome, String> {
    let heat = x.heat;
    let Some(set_c) = oven_setting(c, oven) else {
        return Err("the oven was never switched on (it has no temperature)".into());
    };
    let air_start = oven_air_now(c, heat, oven, x.room_c, set_c);
    let factor = heat.appliances["oven"].tau_factor;
    let mut pieces: Vec<Piece> = parts.iter().map(|p| p.piece(heat, factor)).collect();
    let Some(run) = law::oven(heat, &mut pieces, x.room_c, air_start, set_c, x.seconds) else {
        return Err(format!(
            "the oven's {:.0} W element cannot heat its air to {set_c} °C",
            heat.oven.element_w
        ));
    };
    let ends: Vec<f64> = pieces.iter().map(|p| p.c).collect();
    let (i, part) = slowest(parts, &ends);
    let need = x.reach.core_above_c.unwrap_or(f64::NEG_INFINITY);
    let needs = format!("at least {need} °C at the core");
    if ends[i] < need {
        return Err(format!(
            "the {} ({:.0} g a piece) reached {:.1} °C at its core in {:.0} s at {set_c} °C (the oven's air from {:.1} °C, {:.0} s of them heating up); it needs {needs}: too short or too cool for it to set",
            Ontology::get().name(part.class),
            part.grams,
            ends[i],
            run.seconds,
            air_start,
            run.seconds - x.seconds
        ));
    }
    let mut evidence = x.evidence(
        Law::Oven,
        part,
        Some(pieces[i].tau_s),
        set_c,
        run.seconds,
        ends[i],
        needs,
        run.core,
    );
    evidence.air_start_c = Some(law::round2(air_start));
    evidence.air_history = run.air;
    Ok(Outcome {
        evidence,
        ends: parts.iter().map(|p| p.pid).zip(ends).collect(),
        oven_record: None,
    })
}

fn burner(
    c: &Check<'_, '_, '_>,
    x: &Ctx<'_>,
    subject: Pid,
    parts: &[Part],
) -> Result<Outcome, String> {
    let heat = x.heat;
    let onto = Ontology::get();
    let mode = heating_mode(c);
    let vessel_class = c.inv.objects.get(&subject).map(|o| o.class);
    let vessel = vessel_class.map_or(heat.vessels["default"], |k| heat.vessel(k));
    let vessel_name = vessel_class.map_or("pot".to_string(), |k| onto.name(k).to_string());
    let fluid: Vec<&Part> = parts.iter().filter(|p| p.fluid).collect();
    let bath_stuff = fluid
        .iter()
        .map(|p| p.stuff.scaled(p.count))
        .fold(Stuff::default(), Stuff::plus);
    let bath_start = mean_start(&fluid).unwrap_or(x.room_c);
    let fattest = fluid
        .iter()
        .max_by(|a, b| {
            (a.stuff.fat_kg * a.count)
                .total_cmp(&(b.stuff.fat_kg * b.count))
                .then(b.grams.total_cmp(&a.grams))
        })
        .map(|p| p.class);
    let melting = fattest.map_or(heat.melting["default"], |k| heat.melting(k));
    let free_water: f64 = fluid.iter().map(|p| p.free_water_kg).sum();
    let mut lump = Lump::new(
        heat,
        Stuff {
            heat_capacity: bath_stuff.heat_capacity + vessel.heat_capacity_j_per_k,
            ..bath_stuff
        },
        free_water,
        melting,
        // The vessel starts at the room's temperature, the bath where it is:
        // mixed by heat capacity.
        (bath_stuff.heat_capacity * bath_start + vessel.heat_capacity_j_per_k * x.room_c)
            / (bath_stuff.heat_capacity + vessel.heat_capacity_j_per_k),
    );
    let solids: Vec<&Part> = parts.iter().filter(|p| !p.fluid).collect();
    let factor = heat.appliances["stove"].tau_factor;
    let mut pieces: Vec<Piece> = solids.iter().map(|p| p.piece(heat, factor)).collect();
    let power = heat.burner_power(mode.as_deref());
    let keep_below = mode
        .as_deref()
        .and_then(|m| onto.id(m))
        .and_then(|m| onto.stove_mode_temperature(m))
        .map(|t| t.to_f64());
    let mode_words = mode.clone().unwrap_or_else(|| "full power".into());
    let boils = x.reach.boils;
    if boils && !lump.can_boil() {
        return Err(format!(
            "nothing in the {vessel_name} can boil: it holds no liquid water"
        ));
    }
    let start_c = lump.c;
    let run = law::burner(
        &mut lump,
        &mut pieces,
        law::Burner {
            power_w: power,
            loss_w_per_k: vessel.loss_w_per_k,
            room_c: x.room_c,
            keep_below_c: keep_below,
            simmer_w: heat.stove.simmer_w,
        },
        if boils {
            Until::Boil { hold_s: x.seconds }
        } else {
            // A pan is heated up, then the food fries for its time.
            Until::Reach {
                c: x.reach.bath_above_c.unwrap_or(f64::NEG_INFINITY),
                hold_s: x.seconds,
            }
        },
        heat.limits.until_done_s,
    );
    if run.ready_at_s.is_none() {
        return Err(format!(
            "the {vessel_name} did not come {} in {:.0} min at {mode_words} ({power:.0} W into it): it reached {:.1} °C",
            if boils {
                "to the boil".to_string()
            } else {
                format!(
                    "to {} °C",
                    x.reach.bath_above_c.unwrap_or(f64::NEG_INFINITY)
                )
            },
            run.seconds / 60.0,
            lump.c
        ));
    }
    if let Some(dry) = run.dry_at_s {
        return Err(format!(
            "the {vessel_name} boiled dry {:.0} s after it came to the boil ({:.0} g of water boiled off), {:.0} s short of the {:.0} s it was to boil",
            dry - run.ready_at_s.unwrap_or(0.0),
            lump.evaporated_kg * 1000.0,
            x.seconds - (dry - run.ready_at_s.unwrap_or(0.0)),
            x.seconds
        ));
    }
    let needs = if boils {
        format!(
            "the boil ({} °C), then {:.0} s at it",
            heat.water.boiling_point_c, x.seconds
        )
    } else {
        format!(
            "at least {} °C in the pan, then {:.0} s",
            x.reach.bath_above_c.unwrap_or(f64::NEG_INFINITY),
            x.seconds
        )
    };
    let bath_part = Part {
        pid: subject,
        class: fluid
            .iter()
            .max_by(|a, b| (a.grams * a.count).total_cmp(&(b.grams * b.count)))
            .map_or(vessel_class.unwrap_or(parts[0].class), |p| p.class),
        grams: bath_stuff.kg * 1000.0,
        count: 1.0,
        stuff: bath_stuff,
        free_water_kg: free_water,
        fluid: true,
        start_c,
        start_from: fluid.first().map_or(StartFrom::Room, |p| p.start_from),
    };
    // The evidence is about the slowest solid piece in the bath where there
    // is one (a whole potato), else the bath; the history is the bath's.
    let cores: Vec<f64> = pieces.iter().map(|p| p.c).collect();
    let solid_parts: Vec<Part> = solids.iter().map(|p| (*p).clone()).collect();
    let (judged, end_c, tau) = if solid_parts.is_empty() {
        (&bath_part, lump.c, None)
    } else {
        let (i, p) = slowest(&solid_parts, &cores);
        (p, cores[i], Some(pieces[i].tau_s))
    };
    let mut evidence = x.evidence(
        Law::Burner,
        judged,
        tau,
        lump.c,
        run.seconds,
        end_c,
        needs,
        run.history,
    );
    evidence.ready_at_s = run.ready_at_s.map(law::round2);
    evidence.evaporated_g = Some(law::round2(lump.evaporated_kg * 1000.0));
    evidence.power_w = Some(law::round2(power));
    let mut ends: Vec<(Pid, f64)> = fluid.iter().map(|p| (p.pid, lump.c)).collect();
    ends.extend(solids.iter().map(|p| p.pid).zip(pieces.iter().map(|p| p.c)));
    Ok(Outcome {
        evidence,
        ends,
        oven_record: None,
    })
}

/// All of `parts` as one lump at their mean temperature (what the
/// microwave heats), and the part richest in fat, whose melting range the
/// lump takes.
fn whole<'p>(x: &Ctx<'_>, parts: &'p [Part]) -> (Stuff, &'p Part, Lump) {
    let heat = x.heat;
    let stuff = parts
        .iter()
        .map(|p| p.stuff.scaled(p.count))
        .fold(Stuff::default(), Stuff::plus);
    let fattest = parts
        .iter()
        .max_by(|a, b| (a.stuff.fat_kg * a.count).total_cmp(&(b.stuff.fat_kg * b.count)))
        .expect("at least one part");
    let free_water: f64 = parts.iter().map(|p| p.free_water_kg).sum();
    let all: Vec<&Part> = parts.iter().collect();
    let start_c = mean_start(&all).unwrap_or(x.room_c);
    let lump = Lump::new(
        heat,
        stuff,
        free_water,
        heat.melting(fattest.class),
        start_c,
    );
    (stuff, fattest, lump)
}

/// The outcome of a microwave run that got `lump` where it was to go: the
/// evidence is about all of `parts` together, named for the fattest.
#[allow(clippy::too_many_arguments)]
fn microwave_outcome(
    x: &Ctx<'_>,
    parts: &[Part],
    (stuff, fattest, start_c): (Stuff, &Part, f64),
    lump: &Lump,
    run: law::MicrowaveRun,
    surroundings_c: f64,
    needs: String,
) -> Outcome {
    let part = Part {
        start_c,
        grams: stuff.kg * 1000.0,
        count: 1.0,
        ..fattest.clone()
    };
    let mut evidence = x.evidence(
        Law::Microwave,
        &part,
        None,
        surroundings_c,
        run.seconds,
        lump.c,
        needs,
        run.history,
    );
    evidence.power_w = Some(law::round2(run.power_w));
    Outcome {
        evidence,
        ends: parts.iter().map(|p| (p.pid, lump.c)).collect(),
        oven_record: None,
    }
}

fn microwave(x: &Ctx<'_>, parts: &[Part]) -> Result<Outcome, String> {
    let heat = x.heat;
    let (stuff, fattest, mut lump) = whole(x, parts);
    let (start_c, to_c) = (lump.c, lump.melting.to_c);
    let run = law::microwave(heat, &mut lump, stuff.kg, to_c, heat.limits.until_done_s);
    if !run.reached {
        return Err(format!(
            "it had not melted after {:.0} min in the microwave ({:.0} W into {:.0} g): it reached {:.1} °C",
            run.seconds / 60.0,
            run.power_w,
            stuff.kg * 1000.0,
            lump.c
        ));
    }
    let end_c = lump.c;
    Ok(microwave_outcome(
        x,
        parts,
        (stuff, fattest, start_c),
        &lump,
        run,
        end_c,
        format!("melted: past {to_c} °C"),
    ))
}

/// Warms `parts` to within `within` of `target` with the microwave's power.
fn warm(x: &Ctx<'_>, parts: &[Part], target: f64, within: f64) -> Result<Outcome, String> {
    let heat = x.heat;
    let (stuff, fattest, mut lump) = whole(x, parts);
    let start_c = lump.c;
    let until = target - within;
    let run = law::microwave(heat, &mut lump, stuff.kg, until, heat.limits.until_done_s);
    if !run.reached {
        return Err(format!(
            "it did not warm to {target} °C in {:.0} min ({:.0} W into {:.0} g): it reached {:.1} °C",
            run.seconds / 60.0,
            run.power_w,
            stuff.kg * 1000.0,
            lump.c
        ));
    }
    Ok(microwave_outcome(
        x,
        parts,
        (stuff, fattest, start_c),
        &lump,
        run,
        target,
        format!("within {within} °C of {target} °C: warmed with the microwave's power"),
    ))
}

/// The mean start temperature of `parts`, weighted by heat capacity.
fn mean_start(parts: &[&Part]) -> Option<f64> {
    let cap: f64 = parts.iter().map(|p| p.stuff.heat_capacity * p.count).sum();
    (cap > 0.0).then(|| {
        parts
            .iter()
            .map(|p| p.stuff.heat_capacity * p.count * p.start_c)
            .sum::<f64>()
            / cap
    })
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
    kept_air(c.world_in, c.places, subject).unwrap_or(room_c)
}

/// The air of the closed appliance that keeps what stands in it at its
/// temperature (the fridge, the freezer), if `holder` stands in one.
fn kept_air(world: &World, places: &BTreeMap<Pid, &'static str>, holder: Pid) -> Option<f64> {
    let place = world
        .object(holder)
        .and_then(|b| places.get(&b.holder).copied())?;
    Heat::get()
        .appliances
        .values()
        .find(|a| a.keeps && a.place == place)
        .and_then(|a| a.air_c)
}

/// Where the portion `pid` of `holder` starts when it is taken out at
/// `at_s`: at the air of the appliance that kept it (frozen corn out of
/// the freezer, water out of the fridge), unless the symbolic kitchen
/// gives it a temperature of its own (its butter has one), which then
/// stands.
pub(crate) fn taken_out(
    world: &World,
    places: &BTreeMap<Pid, &'static str>,
    before: &KitchenState,
    holder: Pid,
    pid: Pid,
    at_s: f64,
) -> Option<crate::world::Thermal> {
    if own_temperature(before, holder, pid).is_some() {
        return None;
    }
    Some(crate::world::Thermal {
        celsius: kept_air(world, places, holder)?,
        at_s,
    })
}

/// The heating mode the action gives, by name; else the one the primitive
/// defaulted to, read back from the stove's temperature in the kitchen
/// after the action (the backend sees the network's bindings from before
/// it, in which a defaulted argument is still unbound).
fn heating_mode(c: &Check<'_, '_, '_>) -> Option<String> {
    let given = c
        .ctx
        .signature
        .index_of("heating-mode")
        .and_then(|i| c.ctx.args.get(i)?.as_ref())
        .map(|m| m.class_name().to_string());
    given.or_else(|| {
        let onto = Ontology::get();
        let stove = c
            .places
            .iter()
            .find(|(_, n)| **n == "stove")
            .map(|(p, _)| *p)?;
        let set = c.after.find(stove).and_then(|e| temperature_of(e))?;
        Heat::get()
            .stove
            .power_share
            .keys()
            .find(|m| {
                onto.id(m)
                    .and_then(|id| onto.stove_mode_temperature(id))
                    .is_some_and(|t| (t.to_f64() - set).abs() < 1e-9)
            })
            .cloned()
    })
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
    fn the_embedded_heat_law_parses_and_names_are_checked() {
        let h = Heat::parse(HEAT_TOML).unwrap();
        assert!(h.appliances.contains_key("oven"));
        let bad = HEAT_TOML.replace("[melting.butter]", "[melting.buter]");
        assert!(matches!(Heat::parse(&bad), Err(HeatError::UnknownClass(c)) if c == "buter"));
        let no_oven = HEAT_TOML.replace("[appliances.oven]", "[appliances.stove-top]");
        assert!(matches!(
            Heat::parse(&no_oven),
            Err(HeatError::Undefined { name, .. }) if name == "oven"
        ));
        let short = HEAT_TOML.replace(
            "water = 16\nprotein = 1\nfat = 81",
            "water = 16\nprotein = 1\nfat = 71",
        );
        assert!(matches!(Heat::parse(&short), Err(HeatError::Invalid(_))));
    }

    #[test]
    fn every_calibration_situation_is_inside_its_measured_range() {
        let rows = calibrate::table().unwrap();
        assert!(rows.len() >= 6);
        for r in &rows {
            assert!(
                r.within,
                "{}: {} {} outside {:?}",
                r.situation, r.measured, r.unit, r.expected
            );
        }
    }
}
