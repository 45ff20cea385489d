//! The heat law on plain numbers, apart from the kitchen: a lumped bath
//! heated by a burner or a microwave (sensible heat, fats melting across a
//! range, water boiling off at the boiling point), the oven's air under its
//! thermostat, and pieces warming from their surface toward what surrounds
//! them (Newton's law). `check` (the trigger) and `calibrate` (the standard
//! kitchen situations) both run it.
//!
//! Time advances in steps of [`DT_S`]; each piece's step is Newton's exact
//! solution over the step, so the result does not blow up for small pieces,
//! and everything is in a fixed order, so it is the same on every machine
//! and thread count.

use super::constants::{Heat, Melting};

/// The time step (s) of the stepped laws.
pub const DT_S: f64 = 1.0;

/// What a mass of food is, thermally.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Stuff {
    /// Its mass (kg).
    pub kg: f64,
    /// Sensible heat capacity (J/K).
    pub heat_capacity: f64,
    /// The water in it (kg).
    pub water_kg: f64,
    /// The fat in it (kg).
    pub fat_kg: f64,
}

impl Stuff {
    /// `grams` of food of `class`, from its composition.
    pub fn of(heat: &Heat, class: sous_kitchen::ClassId, grams: f64) -> Stuff {
        let c = heat.composition(class);
        let kg = grams / 1000.0;
        Stuff {
            kg,
            heat_capacity: kg * heat.specific_heat(&c),
            water_kg: kg * c.water / 100.0,
            fat_kg: kg * c.fat / 100.0,
        }
    }

    /// Both together.
    pub fn plus(self, o: Stuff) -> Stuff {
        Stuff {
            kg: self.kg + o.kg,
            heat_capacity: self.heat_capacity + o.heat_capacity,
            water_kg: self.water_kg + o.water_kg,
            fat_kg: self.fat_kg + o.fat_kg,
        }
    }

    /// `k` times as much of it (one piece of `count` and back).
    pub fn scaled(self, k: f64) -> Stuff {
        Stuff {
            kg: self.kg * k,
            heat_capacity: self.heat_capacity * k,
            water_kg: self.water_kg * k,
            fat_kg: self.fat_kg * k,
        }
    }

    /// The water of `grams` of `class` that can boil off: all of a liquid's
    /// water (milk, broth), none of a solid's (the water in a potato stays
    /// in it).
    pub fn free_water_kg(heat: &Heat, class: sous_kitchen::ClassId, grams: f64) -> f64 {
        // Resolved once: this runs for every ingredient of every portion heated.
        static LIQUID: std::sync::OnceLock<[Option<sous_kitchen::ClassId>; 2]> =
            std::sync::OnceLock::new();
        let onto = sous_kitchen::Ontology::get();
        let liquid = LIQUID.get_or_init(|| ["liquid", "fluid"].map(|n| onto.id(n)));
        if liquid.iter().flatten().any(|l| onto.is_a(class, *l)) {
            Stuff::of(heat, class, grams).water_kg
        } else {
            0.0
        }
    }

    /// Whether its core stops at the boiling point (it holds water).
    pub fn moist(&self, heat: &Heat) -> bool {
        self.kg > 0.0 && 100.0 * self.water_kg / self.kg >= heat.moist.water_at_least_g_per_100g
    }
}

/// Matter at one temperature: a pot's contents with the pot, or what is in
/// the microwave. Its enthalpy is the sensible heat plus the latent heat of
/// its fat, taken up evenly across the melting range; at the boiling point
/// what it gains boils its free water off.
#[derive(Debug, Clone)]
pub struct Lump {
    /// Sensible heat capacity (J/K), a vessel's included.
    pub heat_capacity: f64,
    /// Latent heat of its fat (J).
    pub fusion_j: f64,
    /// Where its fat melts.
    pub melting: Melting,
    /// Water that can boil off (liquid water, not the water held in solids).
    pub free_water_kg: f64,
    /// Water boiled off so far (kg).
    pub evaporated_kg: f64,
    /// Water's boiling point (°C).
    pub boil_c: f64,
    /// Heat that boils off a kg of water (J).
    pub vaporization_j_per_kg: f64,
    /// Its temperature (°C).
    pub c: f64,
}

impl Lump {
    /// `stuff` (a vessel's heat capacity added by the caller) at `c` °C.
    pub fn new(heat: &Heat, stuff: Stuff, free_water_kg: f64, melting: Melting, c: f64) -> Lump {
        Lump {
            heat_capacity: stuff.heat_capacity,
            fusion_j: stuff.fat_kg * melting.fusion_kj_per_kg_fat * 1000.0,
            melting,
            free_water_kg,
            evaporated_kg: 0.0,
            boil_c: heat.water.boiling_point_c,
            vaporization_j_per_kg: heat.water.vaporization_kj_per_kg * 1000.0,
            c,
        }
    }

    /// Whether it still holds water that can boil.
    pub fn can_boil(&self) -> bool {
        self.free_water_kg - self.evaporated_kg > 1e-9
    }

    fn melted_fraction(&self, c: f64) -> f64 {
        ((c - self.melting.from_c) / (self.melting.to_c - self.melting.from_c)).clamp(0.0, 1.0)
    }

    /// Share of its fat that has melted.
    pub fn melted(&self) -> f64 {
        self.melted_fraction(self.c)
    }

    fn enthalpy(&self, c: f64) -> f64 {
        self.heat_capacity * c + self.fusion_j * self.melted_fraction(c)
    }

    fn temperature(&self, h: f64) -> f64 {
        let (cap, m) = (self.heat_capacity.max(1e-9), &self.melting);
        let below = self.enthalpy(m.from_c);
        let above = self.enthalpy(m.to_c);
        if h <= below {
            h / cap
        } else if h <= above {
            m.from_c + (h - below) / (cap + self.fusion_j / (m.to_c - m.from_c))
        } else {
            m.to_c + (h - above) / cap
        }
    }

    /// Adds `joules` (negative: takes them away).
    pub fn add(&mut self, joules: f64) {
        let h = self.enthalpy(self.c) + joules;
        let mut c = self.temperature(h);
        if c > self.boil_c && self.can_boil() {
            let surplus = h - self.enthalpy(self.boil_c);
            let left = self.free_water_kg - self.evaporated_kg;
            let boiled = surplus / self.vaporization_j_per_kg;
            if boiled <= left {
                self.evaporated_kg += boiled;
                c = self.boil_c;
            } else {
                self.evaporated_kg = self.free_water_kg;
                c = self.temperature(
                    self.enthalpy(self.boil_c) + (boiled - left) * self.vaporization_j_per_kg,
                );
            }
        }
        self.c = c;
    }
}

/// One kind of piece: `count` equal pieces, each warming from its surface
/// toward what surrounds it.
#[derive(Debug, Clone)]
pub struct Piece {
    /// How many equal pieces.
    pub count: f64,
    /// Heat capacity of one piece (J/K).
    pub heat_capacity: f64,
    /// Newton's time constant where it is (s).
    pub tau_s: f64,
    /// Its core stops at the boiling point.
    pub moist: bool,
    /// Its temperature (°C).
    pub c: f64,
}

impl Piece {
    /// Steps `dt` toward `around`; the heat it took (J, all pieces).
    fn step(&mut self, around: f64, dt: f64, boil_c: f64) -> f64 {
        let mut next = around + (self.c - around) * (-dt / self.tau_s.max(1e-9)).exp();
        if self.moist && next > boil_c && self.c <= boil_c {
            next = boil_c;
        }
        let taken = (next - self.c) * self.heat_capacity * self.count;
        self.c = next;
        taken
    }

    /// Newton's law over `t` in air at `air` (closed form).
    pub fn after(&self, air: f64, t: f64, boil_c: f64) -> f64 {
        let c = air + (self.c - air) * (-t / self.tau_s.max(1e-9)).exp();
        if self.moist && c > boil_c && self.c <= boil_c {
            boil_c
        } else {
            c
        }
    }

    /// Seconds until it is within `within` °C of `air` (0 if it is).
    pub fn until_near(&self, air: f64, within: f64) -> f64 {
        let gap = (self.c - air).abs();
        if gap <= within {
            0.0
        } else {
            self.tau_s * (gap / within).ln()
        }
    }
}

/// A temperature history: (seconds, °C) at eleven evenly spaced times.
pub type History = Vec<[f64; 2]>;

/// Eleven evenly spaced samples of a history kept every step.
fn sampled(steps: &[f64], dt: f64) -> History {
    if steps.is_empty() {
        return Vec::new();
    }
    let last = steps.len() - 1;
    (0..=10)
        .map(|i| {
            let k = last * i / 10;
            [round2(k as f64 * dt), round2(steps[k])]
        })
        .collect()
}

/// Rounded to hundredths, for reports.
pub fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

/// How long a burner runs.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Until {
    /// Bring to the boil, then this long at the boil (turned down to a
    /// simmer; it stops if the water runs out).
    Boil {
        /// How long it keeps boiling (s).
        hold_s: f64,
    },
    /// Heat until the bath reaches `c`, then this long more at the mode's
    /// power (a pan heated up, then frying).
    Reach {
        /// The temperature to reach first (°C).
        c: f64,
        /// How long it goes on after (s).
        hold_s: f64,
    },
}

/// A pot on a burner.
#[derive(Debug, Clone, Copy)]
pub struct Burner {
    /// Power into the pot (W).
    pub power_w: f64,
    /// Losses to the room per kelvin (W/K).
    pub loss_w_per_k: f64,
    /// The room's temperature (°C).
    pub room_c: f64,
    /// The temperature the cook keeps the pan at (turning the heat down),
    /// when nothing boils: the heating mode's.
    pub keep_below_c: Option<f64>,
    /// Once it boils, the cook turns the burner down to what keeps it
    /// boiling: the losses, what the pieces take, and this much more (W),
    /// which boils water off.
    pub simmer_w: f64,
}

/// What a burner run did.
#[derive(Debug, Clone)]
pub struct BurnerRun {
    /// When the bath came to the boil, or reached what `Until::Reach`
    /// asks (s from the start).
    pub ready_at_s: Option<f64>,
    /// The time it ran (s), heating up included.
    pub seconds: f64,
    /// The bath's temperature.
    pub history: History,
    /// When its water had all boiled off while it was to keep boiling.
    pub dry_at_s: Option<f64>,
}

/// Heats `lump` (and the pieces in it) on a burner. It gives up after
/// `limit_s` without coming to the boil (or to what `Until::Reach` asks).
pub fn burner(
    lump: &mut Lump,
    pieces: &mut [Piece],
    b: Burner,
    until: Until,
    limit_s: f64,
) -> BurnerRun {
    let dt = DT_S;
    let mut t = 0.0;
    let mut kept = vec![lump.c];
    let boils = matches!(until, Until::Boil { .. });
    let ready = |lump: &Lump| match until {
        Until::Boil { .. } => lump.can_boil() && lump.c >= lump.boil_c - 1e-9,
        Until::Reach { c, .. } => lump.c >= c - 1e-9,
    };
    let hold_s = match until {
        Until::Boil { hold_s } | Until::Reach { hold_s, .. } => hold_s,
    };
    let mut boil_at = ready(lump).then_some(0.0);
    let mut dry_at = None;
    loop {
        let done = match boil_at {
            Some(at) => t >= at + hold_s,
            None => t >= limit_s,
        };
        if done {
            break;
        }
        if boils && boil_at.is_some() && !lump.can_boil() {
            dry_at = Some(t);
            break;
        }
        let loss = b.loss_w_per_k * (lump.c - b.room_c);
        let mut taken = 0.0;
        for p in pieces.iter_mut() {
            taken += p.step(lump.c, dt, lump.boil_c);
        }
        let power = if boils && boil_at.is_some() && lump.can_boil() {
            b.power_w.min(loss + taken / dt + b.simmer_w)
        } else {
            b.power_w
        };
        lump.add((power - loss) * dt - taken);
        if let Some(cap) = b.keep_below_c {
            if !lump.can_boil() && lump.c > cap {
                lump.c = cap;
            }
        }
        t += dt;
        kept.push(lump.c);
        if boil_at.is_none() && ready(lump) {
            boil_at = Some(t);
        }
    }
    BurnerRun {
        ready_at_s: boil_at,
        seconds: t,
        history: sampled(&kept, dt),
        dry_at_s: dry_at,
    }
}

/// The oven's air `t` seconds after it was at `start_c`, its thermostat
/// set to `set_c` (the element on below it, off above it).
pub fn oven_air(heat: &Heat, room_c: f64, start_c: f64, set_c: f64, t: f64) -> f64 {
    let o = &heat.oven;
    let tau = o.heat_capacity_j_per_k / o.loss_w_per_k;
    if start_c < set_c {
        let top = room_c + o.element_w / o.loss_w_per_k;
        (top + (start_c - top) * (-t / tau).exp()).min(set_c)
    } else {
        (room_c + (start_c - room_c) * (-t / tau).exp()).max(set_c)
    }
}

/// Seconds the oven takes from `start_c` to `set_c` (`None`: its element
/// cannot get it there).
pub fn preheat_seconds(heat: &Heat, room_c: f64, start_c: f64, set_c: f64) -> Option<f64> {
    let o = &heat.oven;
    if start_c >= set_c {
        return Some(0.0);
    }
    let tau = o.heat_capacity_j_per_k / o.loss_w_per_k;
    let top = room_c + o.element_w / o.loss_w_per_k;
    (top > set_c).then(|| tau * ((top - start_c) / (top - set_c)).ln())
}

/// What an oven run did: the air's and the slowest piece's histories.
#[derive(Debug, Clone)]
pub struct OvenRun {
    /// The oven's air.
    pub air: History,
    /// The core of the piece furthest behind at the end.
    pub core: History,
    /// That piece (index into the pieces).
    pub slowest: usize,
    /// The time it ran: the oven's heating up (with the dish in it) and
    /// the time at its setting.
    pub seconds: f64,
}

/// Bakes `pieces` in an oven whose air is at `air_start_c`, its thermostat
/// at `set_c`: while the air heats up to the setting (a cold oven heats
/// up with the dish in it), then `hold_s` at the setting. `None` when the
/// element cannot heat the air to the setting.
pub fn oven(
    heat: &Heat,
    pieces: &mut [Piece],
    room_c: f64,
    air_start_c: f64,
    set_c: f64,
    hold_s: f64,
) -> Option<OvenRun> {
    let boil_c = heat.water.boiling_point_c;
    let seconds = preheat_seconds(heat, room_c, air_start_c, set_c)? + hold_s;
    let steps = (seconds / DT_S).ceil() as usize;
    let mut air = Vec::with_capacity(steps + 1);
    let mut cores: Vec<Vec<f64>> = pieces.iter().map(|p| vec![p.c]).collect();
    air.push(air_start_c);
    for k in 0..steps {
        let t0 = k as f64 * DT_S;
        let dt = (seconds - t0).min(DT_S);
        let around = oven_air(heat, room_c, air_start_c, set_c, t0 + dt / 2.0);
        for (p, h) in pieces.iter_mut().zip(&mut cores) {
            p.step(around, dt, boil_c);
            h.push(p.c);
        }
        air.push(oven_air(heat, room_c, air_start_c, set_c, t0 + dt));
    }
    let slowest = (0..pieces.len())
        .min_by(|&a, &b| pieces[a].c.total_cmp(&pieces[b].c))
        .unwrap_or(0);
    Some(OvenRun {
        air: sampled(&air, DT_S),
        core: cores.get(slowest).map_or(Vec::new(), |h| sampled(h, DT_S)),
        slowest,
        seconds,
    })
}

/// Power the microwave puts into a load of `kg` (W).
pub fn microwave_power(heat: &Heat, kg: f64) -> f64 {
    let m = &heat.microwave;
    m.output_w * (1.0 - (-kg / m.coupling_kg).exp())
}

/// What a microwave run did.
#[derive(Debug, Clone)]
pub struct MicrowaveRun {
    /// Seconds it ran (until it reached what was asked, or the limit).
    pub seconds: f64,
    /// Whether it reached what was asked.
    pub reached: bool,
    /// Power into the load (W).
    pub power_w: f64,
    /// Its temperature.
    pub history: History,
}

/// Heats `lump` (of `kg`) in the microwave until it reaches `until_c`, at
/// most `limit_s` (a melt asks for the top of its melting range).
pub fn microwave(
    heat: &Heat,
    lump: &mut Lump,
    kg: f64,
    until_c: f64,
    limit_s: f64,
) -> MicrowaveRun {
    let power = microwave_power(heat, kg);
    let mut t = 0.0;
    let mut kept = vec![lump.c];
    while lump.c < until_c && t < limit_s {
        lump.add(power * DT_S);
        t += DT_S;
        kept.push(lump.c);
    }
    MicrowaveRun {
        seconds: t,
        reached: lump.c >= until_c,
        power_w: power,
        history: sampled(&kept, DT_S),
    }
}

/// Newton's law in still air at `air` for `t` seconds: the history.
pub fn in_air(piece: &Piece, air: f64, t: f64, boil_c: f64) -> History {
    (0..=10)
        .map(|i| {
            let s = t * i as f64 / 10.0;
            [round2(s), round2(piece.after(air, s, boil_c))]
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn water_lump(heat: &Heat, grams: f64) -> Lump {
        let onto = sous_kitchen::Ontology::get();
        let water = Stuff::of(heat, onto.id("water").unwrap(), grams);
        Lump::new(heat, water, water.water_kg, heat.melting["default"], 18.0)
    }

    #[test]
    fn water_stops_at_the_boiling_point_while_it_lasts_then_heats_on() {
        let heat = Heat::get();
        let mut lump = water_lump(heat, 100.0);
        // 100 g from 18 °C to 100 °C: 34.3 kJ; then boiling it all off: 225.7 kJ.
        lump.add(40_000.0);
        assert_eq!(lump.c, 100.0);
        assert!((lump.evaporated_kg - (40_000.0 - 0.1 * 4180.0 * 82.0) / 2.257e6).abs() < 1e-9);
        lump.add(200_000.0);
        assert_eq!(lump.c, 100.0, "still water left");
        lump.add(30_000.0);
        assert!(!lump.can_boil());
        assert!(lump.c > 100.0, "dry: it heats past the boil");
    }

    #[test]
    fn butter_takes_its_latent_heat_across_its_melting_range() {
        let heat = Heat::get();
        let onto = sous_kitchen::Ontology::get();
        let butter = onto.id("butter").unwrap();
        let stuff = Stuff::of(heat, butter, 100.0);
        let mut lump = Lump::new(heat, stuff, 0.0, heat.melting(butter), 20.0);
        // To the bottom of the range: sensible heat only.
        lump.add(stuff.heat_capacity * 8.0);
        assert!((lump.c - 28.0).abs() < 1e-9 && lump.melted() == 0.0);
        // Across the range: the sensible heat plus 85 kJ/kg of its 81 g of fat.
        let fusion = 0.081 * 85_000.0;
        lump.add(stuff.heat_capacity * 8.0 + fusion);
        assert!((lump.c - 36.0).abs() < 1e-6 && lump.melted() == 1.0);
        // Half of that lands in the middle of the range.
        let mut half = Lump::new(heat, stuff, 0.0, heat.melting(butter), 28.0);
        half.add((stuff.heat_capacity * 8.0 + fusion) / 2.0);
        assert!((half.c - 32.0).abs() < 1e-6);
    }

    #[test]
    fn a_burner_brings_a_pot_to_the_boil_then_holds_it_there() {
        let heat = Heat::get();
        let mut lump = water_lump(heat, 1000.0);
        lump.heat_capacity += 800.0;
        let b = Burner {
            power_w: heat.burner_power(Some("high-heat")),
            loss_w_per_k: 3.0,
            room_c: 18.0,
            keep_below_c: None,
            simmer_w: heat.stove.simmer_w,
        };
        let run = burner(
            &mut lump,
            &mut [],
            b,
            Until::Boil { hold_s: 600.0 },
            14_400.0,
        );
        let at = run.ready_at_s.expect("it boils");
        assert_eq!(run.seconds, at + 600.0);
        assert_eq!(lump.c, 100.0);
        // Held at a simmer: about simmer-w's worth of water boiled off.
        let simmered = heat.stove.simmer_w * 600.0 / 2.257e6;
        assert!(lump.evaporated_kg > simmered * 0.9 && lump.evaporated_kg < simmered * 1.5);
        assert!(run.dry_at_s.is_none());
        // A pot with a spoonful of water boils dry.
        let mut little = water_lump(heat, 15.0);
        little.heat_capacity += 800.0;
        let run = burner(
            &mut little,
            &mut [],
            b,
            Until::Boil { hold_s: 1800.0 },
            14_400.0,
        );
        assert!(run.dry_at_s.is_some());
    }

    #[test]
    fn the_oven_heats_to_its_setting_and_holds_it() {
        let heat = Heat::get();
        let t = preheat_seconds(heat, 18.0, 18.0, 180.0).unwrap();
        assert!((oven_air(heat, 18.0, 18.0, 180.0, t) - 180.0).abs() < 1e-6);
        assert_eq!(oven_air(heat, 18.0, 18.0, 180.0, 2.0 * t), 180.0);
        assert!(oven_air(heat, 18.0, 18.0, 180.0, t / 2.0) < 180.0);
        // Hotter than its setting: it cools to it, element off.
        assert!(oven_air(heat, 18.0, 220.0, 180.0, 60.0) < 220.0);
        assert_eq!(oven_air(heat, 18.0, 220.0, 180.0, 1e6), 180.0);
        // Beyond what the element can give.
        assert!(preheat_seconds(heat, 18.0, 18.0, 1000.0).is_none());
    }
}
