//! Points out of a maximum: the reference's `similarity-score`.
//!
//! Points are integers or exact ratios in the reference, except where its
//! single-float weights (`0.6`, `0.4`, `0.98`, `0.02`) come in: from there on
//! the arithmetic is SBCL's single-float arithmetic, which [`weighted`] and
//! [`Points::add_single`] reproduce bit for bit. An exact ratio is carried as
//! the nearest `f64` and rounded to a single where Lisp converts it (one
//! rounding in two can differ from Lisp's one only within 2^-29 of a
//! halfway point).

use serde::Serialize;

/// Points out of a maximum, as the reference adds up a comparison.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct Points {
    /// The points scored.
    pub points: f64,
    /// The points there were to score.
    #[serde(rename = "max-points")]
    pub max: f64,
}

impl Points {
    /// One point if `ok`, out of one.
    pub fn check(&mut self, ok: bool) {
        self.add(if ok { 1.0 } else { 0.0 }, 1.0);
    }

    /// Adds `points` out of `max`.
    pub fn add(&mut self, points: f64, max: f64) {
        self.points += points;
        self.max += max;
    }

    /// Adds a single-float score out of one point, in single precision (the
    /// contents' sum of base-ingredient scores).
    pub fn add_single(&mut self, points: f32) {
        self.points = (self.points as f32 + points) as f64;
        self.max += 1.0;
    }

    /// points / max in single precision (points that are a single-float
    /// sum, divided by an integer maximum), or 1 when there was nothing.
    pub fn ratio_single(&self) -> f32 {
        if self.max == 0.0 {
            1.0
        } else {
            self.points as f32 / self.max as f32
        }
    }

    /// points / max, or 1 when there was nothing to score.
    pub fn ratio(&self) -> f64 {
        if self.max == 0.0 {
            1.0
        } else {
            self.points / self.max
        }
    }
}

/// `(+ (* a x) (* b y))` with single-float weights `a`, `b` and exact
/// ratios `x`, `y`, as SBCL computes it: each ratio becomes the nearest
/// single, then two single products and a single sum.
pub fn weighted(a: f32, x: f64, b: f32, y: f64) -> f32 {
    a * x as f32 + b * y as f32
}
