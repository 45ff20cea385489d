//! Calibration: standard kitchen situations (`data/calibration.toml`) run
//! with the heat law, each against what real kitchens measure. `sous
//! physics calibrate` prints the table; the tests hold every row inside
//! its range.

#![allow(missing_docs)] // the fields are the keys of the TOML file, documented there

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};
use sous_kitchen::Ontology;

use super::constants::Heat;
use super::law::{self, Lump, Piece, Stuff, Until};

/// The situations, as compiled into the crate.
pub const CALIBRATION_TOML: &str = include_str!("../../../data/calibration.toml");

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
struct File {
    situation: Vec<Situation>,
}

/// One standard situation.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Situation {
    pub name: String,
    pub kind: Kind,
    #[serde(default)]
    pub vessel: Option<String>,
    #[serde(default)]
    pub mode: Option<String>,
    pub start_c: f64,
    #[serde(default)]
    pub set_c: Option<f64>,
    #[serde(default)]
    pub seconds: Option<f64>,
    #[serde(default)]
    pub count: Option<u32>,
    #[serde(default)]
    pub contents: Vec<Content>,
    pub expected: [f64; 2],
    pub source: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    Boil,
    Preheat,
    Bake,
    Melt,
    Chill,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Content {
    pub class: String,
    pub grams: f64,
}

/// One row of the table: what the law gave against the expected range.
#[derive(Debug, Clone, Serialize)]
pub struct Row {
    pub situation: String,
    pub kind: Kind,
    pub measured: f64,
    /// `s` or `°C`.
    pub unit: &'static str,
    pub expected: [f64; 2],
    pub within: bool,
    /// A second figure where one helps (the time a bake's core passed what
    /// sets it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    pub source: String,
}

/// Why a situation cannot be run.
#[derive(Debug, thiserror::Error)]
pub enum CalibrationError {
    #[error("calibration.toml: {0}")]
    Toml(#[from] toml::de::Error),
    #[error("calibration.toml: situation `{situation}`: {why}")]
    Situation { situation: String, why: String },
}

/// The embedded situations.
pub fn situations() -> Result<&'static [Situation], &'static CalibrationError> {
    static S: OnceLock<Result<Vec<Situation>, CalibrationError>> = OnceLock::new();
    S.get_or_init(|| parse(CALIBRATION_TOML))
        .as_ref()
        .map(Vec::as_slice)
}

/// Parses situations (every class must be in the ontology).
pub fn parse(text: &str) -> Result<Vec<Situation>, CalibrationError> {
    let file: File = toml::from_str(text)?;
    let onto = Ontology::get();
    for s in &file.situation {
        let named = s
            .contents
            .iter()
            .map(|c| c.class.as_str())
            .chain(s.vessel.as_deref())
            .chain(s.mode.as_deref());
        for class in named {
            if onto.id(class).is_none() {
                return Err(CalibrationError::Situation {
                    situation: s.name.clone(),
                    why: format!("`{class}` is not a class of the ontology"),
                });
            }
        }
        let missing = match s.kind {
            Kind::Boil => s.vessel.is_none().then_some("vessel"),
            Kind::Preheat => s.set_c.is_none().then_some("set-c"),
            Kind::Bake => (s.set_c.is_none() || s.seconds.is_none()).then_some("set-c and seconds"),
            Kind::Chill => s.seconds.is_none().then_some("seconds"),
            Kind::Melt => None,
        };
        if let Some(what) = missing {
            return Err(CalibrationError::Situation {
                situation: s.name.clone(),
                why: format!("a {:?} needs {what}", s.kind).to_lowercase(),
            });
        }
    }
    Ok(file.situation)
}

fn stuff_of(heat: &Heat, contents: &[Content]) -> Stuff {
    let onto = Ontology::get();
    contents
        .iter()
        .filter_map(|c| Some(Stuff::of(heat, onto.id(&c.class)?, c.grams)))
        .fold(Stuff::default(), Stuff::plus)
}

/// Runs one situation.
pub fn run(heat: &Heat, s: &Situation) -> Row {
    let onto = Ontology::get();
    let room = heat.room_c;
    let stuff = stuff_of(heat, &s.contents);
    let first = s.contents.first().and_then(|c| onto.id(&c.class));
    let (measured, unit, note) = match s.kind {
        Kind::Boil => {
            let vessel = s
                .vessel
                .as_deref()
                .and_then(|v| onto.id(v))
                .map_or(heat.vessels["default"], |k| heat.vessel(k));
            let free: f64 = s
                .contents
                .iter()
                .filter_map(|c| Some(Stuff::free_water_kg(heat, onto.id(&c.class)?, c.grams)))
                .sum();
            let mut lump = Lump::new(
                heat,
                Stuff {
                    heat_capacity: stuff.heat_capacity + vessel.heat_capacity_j_per_k,
                    ..stuff
                },
                free,
                heat.melting["default"],
                s.start_c,
            );
            let run = law::burner(
                &mut lump,
                &mut [],
                law::Burner {
                    power_w: heat.burner_power(s.mode.as_deref()),
                    loss_w_per_k: vessel.loss_w_per_k,
                    room_c: room,
                    keep_below_c: None,
                    simmer_w: heat.stove.simmer_w,
                },
                Until::Boil { hold_s: 0.0 },
                heat.limits.until_done_s,
            );
            (run.ready_at_s.unwrap_or(f64::INFINITY), "s", None)
        }
        Kind::Preheat => (
            law::preheat_seconds(heat, room, s.start_c, s.set_c.unwrap_or(0.0))
                .unwrap_or(f64::INFINITY),
            "s",
            None,
        ),
        Kind::Bake => {
            let per = stuff;
            let grams = per.kg * 1000.0;
            let class = onto.id("dough").or(first).expect("a class");
            let piece = Piece {
                count: f64::from(s.count.unwrap_or(1)),
                heat_capacity: per.heat_capacity,
                tau_s: heat.tau(class, grams) * heat.appliances["oven"].tau_factor,
                moist: per.moist(heat),
                c: s.start_c,
            };
            let set = s.set_c.unwrap_or(0.0);
            let mut pieces = [piece.clone()];
            law::oven(heat, &mut pieces, room, set, set, s.seconds.unwrap_or(0.0));
            let need = heat.reaches["baked"].core_above_c.unwrap_or(0.0);
            // When the core passed what sets it.
            let mut probe = [piece];
            let mut t = 0.0;
            while probe[0].c < need && t < s.seconds.unwrap_or(0.0) {
                law::oven(heat, &mut probe, room, set, set, law::DT_S);
                t += law::DT_S;
            }
            let note =
                (probe[0].c >= need).then(|| format!("{need} °C at the core after {t:.0} s"));
            (pieces[0].c, "°C", note)
        }
        Kind::Melt => {
            let class = s
                .contents
                .iter()
                .filter_map(|c| onto.id(&c.class))
                .next()
                .expect("contents");
            let mut lump = Lump::new(heat, stuff, 0.0, heat.melting(class), s.start_c);
            let until = lump.melting.to_c;
            let run = law::microwave(heat, &mut lump, stuff.kg, until, heat.limits.until_done_s);
            (
                if run.reached {
                    run.seconds
                } else {
                    f64::INFINITY
                },
                "s",
                Some(format!("{:.0} W into the butter", run.power_w)),
            )
        }
        Kind::Chill => {
            let class = first.expect("contents");
            let fridge = &heat.appliances["fridge"];
            let grams = stuff.kg * 1000.0;
            let piece = Piece {
                count: 1.0,
                heat_capacity: stuff.heat_capacity,
                tau_s: heat.tau(class, grams) * fridge.tau_factor,
                moist: stuff.moist(heat),
                c: s.start_c,
            };
            let air = fridge.air_c.unwrap_or(room);
            let five = piece.until_near(air, 1.0);
            (
                piece.after(air, s.seconds.unwrap_or(0.0), heat.water.boiling_point_c),
                "°C",
                Some(format!("{:.1} h to {} °C", five / 3600.0, air + 1.0)),
            )
        }
    };
    Row {
        situation: s.name.clone(),
        kind: s.kind,
        measured: law::round2(measured),
        unit,
        expected: s.expected,
        within: measured >= s.expected[0] && measured <= s.expected[1],
        note,
        source: s.source.clone(),
    }
}

/// Every situation's row, with the embedded constants.
pub fn table() -> Result<Vec<Row>, &'static CalibrationError> {
    let heat = Heat::get();
    Ok(situations()?.iter().map(|s| run(heat, s)).collect())
}
