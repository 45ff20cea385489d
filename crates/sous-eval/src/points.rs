//! Points out of a maximum: the reference's `similarity-score`.

use serde::Serialize;

#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct Points {
    pub points: f64,
    #[serde(rename = "max-points")]
    pub max: f64,
}

impl Points {
    /// One point if `ok`, out of one.
    pub fn check(&mut self, ok: bool) {
        self.add(if ok { 1.0 } else { 0.0 }, 1.0);
    }

    pub fn add(&mut self, points: f64, max: f64) {
        self.points += points;
        self.max += max;
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
