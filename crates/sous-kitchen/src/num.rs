//! Numbers as the reference's Lisp has them: integers and ratios are exact
//! (`(/ 230 350)` is the ratio 23/35, `(/ 4 2)` the integer 2) and only a
//! float literal or a float input makes a float, which then spreads to every
//! result it takes part in (float contagion).
//!
//! A [`Num`] is an exact rational with `i64` numerator and denominator, a
//! single-float (`f32`) or a double-float (`f64`). Exact arithmetic is done in
//! `i128` (a product or sum of two `i64` fractions always fits) and reduced to
//! lowest terms.
//!
//! Floats are SBCL's: its reader reads `4.2` as a single-float, so every float
//! literal of a network, of the kitchen and of the ontology is an `f32`, and
//! Lisp's one-argument `float` makes a single-float too. Contagion follows
//! Common Lisp: an exact number meeting a single is converted to the nearest
//! single first and the operation is done in single precision (as SBCL does,
//! with SSE single-precision instructions, so the results are bit for bit
//! the same); anything meeting a double becomes a double.
//!
//! Overflow policy: Lisp integers are unbounded; ours are not. When a reduced
//! exact result does not fit in `i64`, it becomes the nearest double instead
//! (contagion then carries on from there). No amount in the benchmark comes
//! near this (denominators stay in the thousands), so it is a safety net,
//! not a behaviour anyone should rely on.
//!
//! Comparisons follow Lisp's `=` and `<`: by numeric value across kinds, the
//! float taken exactly as the binary fraction it is (so `5 = 5.0`, but
//! `1/3 ≠ 0.33333334` and `1/10 ≠ 0.1`).

use std::cmp::Ordering;
use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign, Div, Mul, Neg, Sub, SubAssign};

use serde::de::{self, Deserialize, Deserializer, Visitor};
use serde::ser::{Serialize, Serializer};

/// A Lisp number: exact rational, single-float or double-float (see the
/// module documentation).
#[derive(Clone, Copy)]
pub struct Num(Repr);

#[derive(Clone, Copy)]
enum Repr {
    /// `num / den` in lowest terms, `den > 0`, `num != i64::MIN`.
    Exact(i64, i64),
    Single(f32),
    Double(f64),
}

impl Num {
    /// Exact 0, Lisp's `0` (not `0.0`): a sum that starts from it stays exact.
    pub const ZERO: Num = Num(Repr::Exact(0, 1));
    /// Exact 1, Lisp's `1`.
    pub const ONE: Num = Num(Repr::Exact(1, 1));

    /// The integer `i` (exact).
    pub fn int(i: i64) -> Num {
        if i == i64::MIN {
            Num(Repr::Double(i as f64))
        } else {
            Num(Repr::Exact(i, 1))
        }
    }

    /// A float literal as SBCL reads it: the single-float nearest `x`.
    pub fn float(x: f64) -> Num {
        Num(Repr::Single(x as f32))
    }

    /// The single-float `x`.
    pub const fn single(x: f32) -> Num {
        Num(Repr::Single(x))
    }

    /// The double-float `x`.
    pub const fn double(x: f64) -> Num {
        Num(Repr::Double(x))
    }

    /// An integral `x` as the exact integer, any other `x` as the double. For
    /// numbers sous keeps in `f64` although the reference has them exact
    /// whenever they are whole (kitchen times: sums of integer durations).
    pub fn exact_if_integral(x: f64) -> Num {
        if x.fract() == 0.0 && x.abs() < 9.0e15 {
            Num::int(x as i64)
        } else {
            Num::double(x)
        }
    }

    /// The exact ratio `n/d`, reduced (`4/2` is the integer 2). A zero
    /// denominator gives the float `n/0.0` (infinite or NaN).
    pub fn ratio(n: i64, d: i64) -> Num {
        if d == 0 {
            return Num::double(n as f64 / 0.0);
        }
        exact(n as i128, d as i128)
    }

    /// Whether this is an exact number (integer or ratio).
    pub fn is_exact(self) -> bool {
        matches!(self.0, Repr::Exact(..))
    }

    /// Whether this is a float (single or double).
    pub fn is_float(self) -> bool {
        !self.is_exact()
    }

    /// Whether this is a single-float.
    pub fn is_single(self) -> bool {
        matches!(self.0, Repr::Single(_))
    }

    /// The integer, when this is an exact integer.
    pub fn as_integer(self) -> Option<i64> {
        match self.0 {
            Repr::Exact(n, 1) => Some(n),
            _ => None,
        }
    }

    /// Numerator and denominator, when exact.
    pub fn as_ratio(self) -> Option<(i64, i64)> {
        match self.0 {
            Repr::Exact(n, d) => Some((n, d)),
            _ => None,
        }
    }

    /// The nearest `f64` (a single-float converts exactly).
    pub fn to_f64(self) -> f64 {
        match self.0 {
            Repr::Exact(n, 1) => n as f64,
            Repr::Exact(n, d) => n as f64 / d as f64,
            Repr::Single(x) => x as f64,
            Repr::Double(x) => x,
        }
    }

    /// The nearest `f32`: what Lisp's `float` makes of an exact number. (An
    /// integer converts with one rounding; a ratio is divided in `f64` and
    /// then rounded, which can differ from one rounding only when the
    /// quotient falls within 2^-29 of a halfway point.)
    pub fn to_f32(self) -> f32 {
        match self.0 {
            Repr::Exact(n, 1) => n as f32,
            Repr::Single(x) => x,
            _ => self.to_f64() as f32,
        }
    }

    /// Lisp's one-argument `float`: an exact number becomes the nearest
    /// single-float, a float stays as it is.
    pub fn to_float(self) -> Num {
        match self.0 {
            Repr::Exact(..) => Num::single(self.to_f32()),
            _ => self,
        }
    }

    /// Whether the number is 0 (exact or float, either sign).
    pub fn is_zero(self) -> bool {
        match self.0 {
            Repr::Exact(n, _) => n == 0,
            Repr::Single(x) => x == 0.0,
            Repr::Double(x) => x == 0.0,
        }
    }

    /// Lisp's `floor` of one argument: the greatest integer not above this
    /// (always exact) and the remainder (exact for an exact number, a float
    /// for a float).
    pub fn floor(self) -> (Num, Num) {
        match self.0 {
            Repr::Exact(n, d) => {
                let q = n.div_euclid(d);
                (Num::int(q), exact(n.rem_euclid(d) as i128, d as i128))
            }
            Repr::Single(x) => {
                let q = x.floor();
                (whole_of(q as f64), Num::single(x - q))
            }
            Repr::Double(x) => {
                let q = x.floor();
                (whole_of(q), Num::double(x - q))
            }
        }
    }

    /// Lisp's `max`: the greater argument, returned as it is (no contagion);
    /// the first one when they are `=`.
    pub fn max(self, other: Num) -> Num {
        if other > self {
            other
        } else {
            self
        }
    }

    /// Lisp's `min`: the smaller argument, returned as it is; the first one when they are `=`.
    pub fn min(self, other: Num) -> Num {
        if other < self {
            other
        } else {
            self
        }
    }

    /// `self / rhs`, or `None` for a zero divisor (where Lisp signals
    /// `division-by-zero`).
    pub fn checked_div(self, rhs: Num) -> Option<Num> {
        if rhs.is_zero() {
            None
        } else {
            Some(self / rhs)
        }
    }
}

/// An integral float as the integer `floor` returns.
fn whole_of(q: f64) -> Num {
    if q.abs() < 9.0e18 {
        Num::int(q as i64)
    } else {
        Num::double(q)
    }
}

/// A float operation with Common Lisp's contagion: in double precision when
/// either side is a double, else in single precision.
fn float_op(a: Num, b: Num, single: fn(f32, f32) -> f32, double: fn(f64, f64) -> f64) -> Num {
    match (a.0, b.0) {
        (Repr::Double(_), _) | (_, Repr::Double(_)) => Num::double(double(a.to_f64(), b.to_f64())),
        _ => Num::single(single(a.to_f32(), b.to_f32())),
    }
}

/// `n/d` (`d != 0`) reduced to lowest terms with a positive denominator, or
/// the nearest float when it does not fit in `i64`.
fn exact(mut n: i128, mut d: i128) -> Num {
    debug_assert!(d != 0);
    if d < 0 {
        n = -n;
        d = -d;
    }
    // Nearly always both fit in 64 bits: reduce there, without the slow
    // 128-bit division (the reduced numerator is no further from zero).
    if let (Ok(n), Ok(d)) = (i64::try_from(n), i64::try_from(d)) {
        if n != i64::MIN {
            let g = gcd64(n.unsigned_abs(), d as u64) as i64;
            return Num(Repr::Exact(n / g, d / g));
        }
    }
    let g = gcd(n.unsigned_abs(), d as u128);
    if g > 1 {
        n /= g as i128;
        d /= g as i128;
    }
    match (i64::try_from(n), i64::try_from(d)) {
        (Ok(n), Ok(d)) if n != i64::MIN => Num(Repr::Exact(n, d)),
        _ => Num::double(n as f64 / d as f64),
    }
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    if a == 0 {
        return b;
    }
    if b == 0 {
        return a;
    }
    // Mostly small numbers: a 64-bit Euclid when both fit.
    while b != 0 {
        if let (Ok(x), Ok(y)) = (u64::try_from(a), u64::try_from(b)) {
            return gcd64(x, y) as u128;
        }
        (a, b) = (b, a % b);
    }
    a
}

fn gcd64(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl From<i64> for Num {
    fn from(i: i64) -> Num {
        Num::int(i)
    }
}

impl From<i32> for Num {
    fn from(i: i32) -> Num {
        Num::int(i as i64)
    }
}

impl From<usize> for Num {
    fn from(i: usize) -> Num {
        match i64::try_from(i) {
            Ok(i) => Num::int(i),
            Err(_) => Num::double(i as f64),
        }
    }
}

impl From<f64> for Num {
    fn from(x: f64) -> Num {
        Num::double(x)
    }
}

impl From<f32> for Num {
    fn from(x: f32) -> Num {
        Num::single(x)
    }
}

/// A number as written in a network: integers and ratios stay exact, a
/// decimal is a single-float (as SBCL reads `0.5`), `2d0` a double.
impl From<sous_lang::Number> for Num {
    fn from(n: sous_lang::Number) -> Num {
        match n {
            sous_lang::Number::Integer(i) => Num::int(i),
            sous_lang::Number::Ratio(n, d) => Num::ratio(n, d),
            sous_lang::Number::Single(x) => Num::single(x),
            sous_lang::Number::Double(x) => Num::double(x),
        }
    }
}

impl Add for Num {
    type Output = Num;
    fn add(self, rhs: Num) -> Num {
        match (self.0, rhs.0) {
            (Repr::Exact(a, 1), Repr::Exact(c, 1)) => match a.checked_add(c) {
                Some(s) => Num::int(s),
                None => exact(a as i128 + c as i128, 1),
            },
            (Repr::Exact(a, b), Repr::Exact(c, d)) => {
                let (a, b, c, d) = (a as i128, b as i128, c as i128, d as i128);
                exact(a * d + c * b, b * d)
            }
            _ => float_op(self, rhs, |a, b| a + b, |a, b| a + b),
        }
    }
}

impl Neg for Num {
    type Output = Num;
    fn neg(self) -> Num {
        match self.0 {
            // `num != i64::MIN`, so this cannot overflow.
            Repr::Exact(n, d) => Num(Repr::Exact(-n, d)),
            Repr::Single(x) => Num::single(-x),
            Repr::Double(x) => Num::double(-x),
        }
    }
}

impl Sub for Num {
    type Output = Num;
    fn sub(self, rhs: Num) -> Num {
        match (self.0, rhs.0) {
            (Repr::Exact(..), Repr::Exact(..)) => self + -rhs,
            _ => float_op(self, rhs, |a, b| a - b, |a, b| a - b),
        }
    }
}

impl Mul for Num {
    type Output = Num;
    fn mul(self, rhs: Num) -> Num {
        match (self.0, rhs.0) {
            (Repr::Exact(a, 1), Repr::Exact(c, 1)) => match a.checked_mul(c) {
                Some(p) => Num::int(p),
                None => exact(a as i128 * c as i128, 1),
            },
            (Repr::Exact(a, b), Repr::Exact(c, d)) => {
                exact(a as i128 * c as i128, b as i128 * d as i128)
            }
            _ => float_op(self, rhs, |a, b| a * b, |a, b| a * b),
        }
    }
}

/// Division; an exact zero divisor gives the double `x/0.0` (infinite or
/// NaN), as `f64` division does. Where the reference's error on a zero divisor
/// matters, use [`Num::checked_div`].
impl Div for Num {
    type Output = Num;
    fn div(self, rhs: Num) -> Num {
        match (self.0, rhs.0) {
            (Repr::Exact(_, _), Repr::Exact(0, _)) => Num::double(self.to_f64() / 0.0),
            (Repr::Exact(a, b), Repr::Exact(c, d)) => {
                exact(a as i128 * d as i128, b as i128 * c as i128)
            }
            _ => float_op(self, rhs, |a, b| a / b, |a, b| a / b),
        }
    }
}

impl AddAssign for Num {
    fn add_assign(&mut self, rhs: Num) {
        *self = *self + rhs;
    }
}

impl SubAssign for Num {
    fn sub_assign(&mut self, rhs: Num) {
        *self = *self - rhs;
    }
}

/// Lisp's `loop … sum`: starts from the integer 0.
impl Sum for Num {
    fn sum<I: Iterator<Item = Num>>(iter: I) -> Num {
        iter.fold(Num::ZERO, |a, b| a + b)
    }
}

impl<'a> Sum<&'a Num> for Num {
    fn sum<I: Iterator<Item = &'a Num>>(iter: I) -> Num {
        iter.fold(Num::ZERO, |a, b| a + *b)
    }
}

/// Compares the exact `n/d` (`d > 0`) with the float `x`, exactly.
fn cmp_exact_float(n: i64, d: i64, x: f64) -> Option<Ordering> {
    if x.is_nan() {
        return None;
    }
    if x.is_infinite() {
        return Some(if x > 0.0 {
            Ordering::Less
        } else {
            Ordering::Greater
        });
    }
    // x = sign · mantissa · 2^exp exactly.
    let bits = x.to_bits();
    let negative = bits >> 63 == 1;
    let biased = ((bits >> 52) & 0x7ff) as i32;
    let fraction = bits & ((1 << 52) - 1);
    let (mantissa, exp) = if biased == 0 {
        (fraction, -1074)
    } else {
        (fraction | (1 << 52), biased - 1075)
    };
    let m = if negative {
        -(mantissa as i128)
    } else {
        mantissa as i128
    };
    // Compare n · 2^-exp with m · d (exp < 0), or n with m · d · 2^exp.
    // |m · d| < 2^116; a shifted side that would pass 2^126 is larger in
    // magnitude than the other side, so its sign decides.
    let md = m * d as i128;
    let shifted = |v: i128, by: i32| -> Option<i128> {
        if v == 0 {
            return Some(0);
        }
        let room = v.unsigned_abs().leading_zeros() as i32 - 2;
        (by <= room).then(|| v << by)
    };
    Some(if exp < 0 {
        match shifted(n as i128, -exp) {
            Some(lhs) => lhs.cmp(&md),
            None => (n as i128).cmp(&0),
        }
    } else {
        match shifted(md, exp) {
            Some(rhs) => (n as i128).cmp(&rhs),
            None => 0.cmp(&m),
        }
    })
}

impl PartialOrd for Num {
    fn partial_cmp(&self, other: &Num) -> Option<Ordering> {
        match (self.0, other.0) {
            (Repr::Exact(a, 1), Repr::Exact(c, 1)) => Some(a.cmp(&c)),
            (Repr::Exact(a, b), Repr::Exact(c, d)) => {
                Some((a as i128 * d as i128).cmp(&(c as i128 * b as i128)))
            }
            (Repr::Exact(n, d), _) => cmp_exact_float(n, d, other.to_f64()),
            (_, Repr::Exact(n, d)) => cmp_exact_float(n, d, self.to_f64()).map(Ordering::reverse),
            // Floats of either width compare exactly as doubles.
            _ => self.to_f64().partial_cmp(&other.to_f64()),
        }
    }
}

/// Lisp's `=`: equal numeric values, whatever their kinds.
impl PartialEq for Num {
    fn eq(&self, other: &Num) -> bool {
        self.partial_cmp(other) == Some(Ordering::Equal)
    }
}

impl PartialEq<i64> for Num {
    fn eq(&self, other: &i64) -> bool {
        *self == Num::int(*other)
    }
}

impl PartialEq<f64> for Num {
    fn eq(&self, other: &f64) -> bool {
        *self == Num::double(*other)
    }
}

/// The Lisp printed form: `4`, `23/35`, `4.2`, `4.0`.
impl fmt::Debug for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Repr::Exact(n, 1) => write!(f, "{n}"),
            Repr::Exact(n, d) => write!(f, "{n}/{d}"),
            Repr::Single(x) => f.write_str(&sous_lang::lisp_single(x)),
            Repr::Double(x) => f.write_str(&sous_lang::lisp_double(x)),
        }
    }
}

/// For people: an integer plainly, a float by its shortest digits
/// (`80.00001`), a ratio as a decimal (`0.6571428571428571`).
impl fmt::Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Repr::Exact(n, 1) => write!(f, "{n}"),
            Repr::Single(x) => write!(f, "{x}"),
            _ => write!(f, "{}", self.to_f64()),
        }
    }
}

impl Num {
    /// The `f64` whose shortest digits are this number's: a single-float's
    /// own shortest digits (`0.1`, not `0.10000000149011612`), for output.
    pub fn to_f64_shortest(self) -> f64 {
        match self.0 {
            Repr::Single(x) => format!("{x}").parse().unwrap_or(x as f64),
            _ => self.to_f64(),
        }
    }
}

/// As a JSON number: an exact integer as an integer, anything else as
/// [`JsonNumber`](crate::json::JsonNumber) of its shortest digits (a ratio
/// has no JSON form; an integral float also prints as an integer).
impl Serialize for Num {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.as_integer() {
            Some(n) => s.serialize_i64(n),
            None => crate::json::JsonNumber(self.to_f64_shortest()).serialize(s),
        }
    }
}

/// From an integer (exact) or a float (a float); TOML and JSON keep the difference.
impl<'de> Deserialize<'de> for Num {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Num, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = Num;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a number")
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Num, E> {
                Ok(Num::int(v))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Num, E> {
                Ok(match i64::try_from(v) {
                    Ok(i) => Num::int(i),
                    Err(_) => Num::double(v as f64),
                })
            }
            /// A float in a data file is a literal of the reference's
            /// source: a single-float.
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Num, E> {
                Ok(Num::float(v))
            }
        }
        d.deserialize_any(V)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(n: i64, d: i64) -> Num {
        Num::ratio(n, d)
    }

    #[test]
    fn exact_arithmetic_stays_exact_and_normalised() {
        assert_eq!(format!("{:?}", r(230, 350)), "23/35");
        assert_eq!(r(4, 2).as_integer(), Some(2));
        assert_eq!(r(1, -2).as_ratio(), Some((-1, 2)));
        let x = r(230, 350) * Num::int(350);
        assert!(x.is_exact());
        assert_eq!(x.as_integer(), Some(230));
        assert_eq!((r(1, 3) + r(2, 3)).as_integer(), Some(1));
        assert_eq!(format!("{:?}", r(1, 2) - r(1, 3)), "1/6");
        assert_eq!(format!("{:?}", Num::int(1000) / Num::int(3)), "1000/3");
        assert_eq!(format!("{:?}", r(3, 4) / r(3, 8)), "2");
        // Sums of fractions of a whole come back to the whole, exactly.
        let parts = [r(4, 374), r(340, 374), r(30, 374)];
        let total: Num = parts.iter().map(|p| *p * Num::int(374)).sum();
        assert_eq!(total.as_integer(), Some(374));
    }

    #[test]
    fn floats_are_contagious() {
        let x = Num::int(3) * Num::float(0.5);
        assert!(x.is_float());
        assert_eq!(x, Num::float(1.5));
        assert!((r(1, 3) + Num::float(0.0)).is_float());
        assert!((Num::float(1.0) / Num::int(4)).is_float());
        // In single precision, as SBCL: 23/35 becomes the nearest single first.
        assert_eq!(
            (r(23, 35) * Num::float(4.2)).to_f64(),
            (23.0_f32 / 35.0 * 4.2_f32) as f64
        );
        assert!((r(23, 35) * Num::float(4.2)).is_single());
        // A double spreads over a single.
        assert!(!(Num::double(0.5) * Num::float(4.2)).is_single());
        assert!((Num::double(0.5) * Num::float(4.2)).is_float());
        // 0.1 + 0.2 in singles is 0.3 exactly as a single (but not in doubles).
        assert_eq!(Num::float(0.1) + Num::float(0.2), Num::float(0.3));
        assert_ne!(Num::double(0.1) + Num::double(0.2), Num::double(0.3));
    }

    #[test]
    fn equality_is_lisp_equal() {
        assert_eq!(Num::int(5), Num::float(5.0));
        assert_ne!(r(1, 3), Num::float(1.0 / 3.0));
        assert_ne!(r(1, 10), Num::float(0.1));
        assert_eq!(r(1, 2), Num::float(0.5));
        assert_eq!(r(-3, 8), Num::float(-0.375));
        assert!(r(1, 3) > Num::float(0.333));
        assert!(r(1, 3) < Num::float(0.3334));
        assert!(r(1, 3) > Num::double(1.0 / 3.0), "0.333…33 (binary) < 1/3");
        assert!(
            r(1, 3) < Num::float(1.0 / 3.0),
            "the single 0.33333334 > 1/3"
        );
        assert!(Num::int(i64::MAX) < Num::double(1e300));
        assert!(Num::int(-7) > Num::double(-1e300));
        assert!(Num::int(1) > Num::double(1e-300));
        assert!(Num::int(-1) < Num::double(-1e-300));
        assert!(Num::ZERO > Num::double(-1e-300));
        assert_eq!(Num::float(0.1), Num::double(0.1f32 as f64));
        assert_ne!(Num::float(0.1), Num::double(0.1));
        assert!(Num::ZERO == Num::float(-0.0));
        assert!(r(1, 3) < Num::float(f64::INFINITY));
        assert!(Num::float(f64::NAN) != Num::float(f64::NAN));
        assert_eq!(Num::float(f64::NAN).partial_cmp(&Num::ONE), None);
    }

    #[test]
    fn floor_like_lisp() {
        let (q, rem) = r(5, 2).floor();
        assert_eq!(
            (q.as_integer(), format!("{rem:?}")),
            (Some(2), "1/2".into())
        );
        let (q, rem) = r(-5, 2).floor();
        assert_eq!(
            (q.as_integer(), format!("{rem:?}")),
            (Some(-3), "1/2".into())
        );
        let (q, rem) = Num::float(2.5).floor();
        assert_eq!(q.as_integer(), Some(2));
        assert!(rem.is_float() && rem == Num::float(0.5));
        let (q, rem) = Num::int(3).floor();
        assert_eq!((q.as_integer(), rem.as_integer()), (Some(3), Some(0)));
    }

    #[test]
    fn max_returns_an_argument_unchanged() {
        assert!(Num::int(18).max(Num::float(17.5)).is_exact());
        assert!(Num::int(18).max(Num::float(18.5)).is_float());
        assert_eq!(r(3, 2).min(Num::int(2)), r(3, 2));
    }

    #[test]
    fn overflow_falls_back_to_a_float() {
        let big = Num::int(i64::MAX);
        let x = big + Num::ONE;
        assert!(x.is_float());
        assert_eq!(x.to_f64(), 2f64.powi(63));
        assert!((big * big).is_float());
        let tiny = r(1, i64::MAX) * r(1, 3);
        assert!(tiny.is_float());
        assert!((Num::int(i64::MIN)).is_float());
        // Reduction first: these stay exact.
        assert_eq!((big * r(1, i64::MAX)).as_integer(), Some(1));
    }

    #[test]
    fn division_by_zero() {
        assert_eq!(Num::ONE.checked_div(Num::ZERO), None);
        assert_eq!(Num::ONE.checked_div(Num::float(0.0)), None);
        assert_eq!((Num::ONE / Num::ZERO).to_f64(), f64::INFINITY);
        assert!((Num::ZERO / Num::ZERO).to_f64().is_nan());
    }

    #[test]
    fn prints_and_serialises() {
        assert_eq!(Num::int(4).to_string(), "4");
        assert_eq!(r(1, 4).to_string(), "0.25");
        assert_eq!(Num::float(4.2).to_string(), "4.2");
        assert_eq!(format!("{:?}", Num::float(4.0)), "4.0");
        let json = |n: Num| serde_json::to_string(&n).unwrap();
        assert_eq!(json(Num::int(4)), "4");
        assert_eq!(json(Num::float(4.0)), "4");
        assert_eq!(json(r(1, 4)), "0.25");
        assert_eq!(json(Num::double(3.9999999999999996)), "3.9999999999999996");
        assert_eq!(json(Num::float(0.1)), "0.1");
        assert_eq!(json(Num::float(80.00001)), "80.00001");
        assert_eq!(format!("{:?}", Num::float(80.00001)), "80.00001");
        assert_eq!(format!("{:?}", Num::double(0.5)), "0.5d0");
        let back: Num = serde_json::from_str("4").unwrap();
        assert!(back.is_exact());
        let back: Num = serde_json::from_str("4.5").unwrap();
        assert!(back.is_float());
        let t: std::collections::BTreeMap<String, Num> = toml::from_str("a = 4\nb = 4.2").unwrap();
        assert!(t["a"].is_exact() && t["b"].is_float());
    }

    #[test]
    fn network_numbers() {
        use sous_lang::Number;
        assert!(Num::from(Number::Integer(230)).is_exact());
        assert_eq!(format!("{:?}", Num::from(Number::Ratio(1, 2))), "1/2");
        assert!(Num::from(Number::Single(0.5)).is_single());
        assert!(Num::from(Number::Double(0.5)).is_float());
        assert!(!Num::from(Number::Double(0.5)).is_single());
    }
}
