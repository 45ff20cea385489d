use std::fmt;

/// A numeric constant as written in a network: the Lisp reader distinguishes
/// integers, ratios (`1/2`) and floats. SBCL, the reference's Lisp, reads a
/// decimal (`0.5`, `1.5e3`, `2f0`) as a 32-bit single-float and only one with
/// a `d` or `l` exponent marker (`2d0`) as a double-float, so a [`Number`]
/// keeps which one it is: the kitchen's arithmetic and the printed form (which
/// Smatch compares) both depend on it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Number {
    /// An integer (`120`).
    Integer(i64),
    /// A ratio in lowest terms with a denominator above 1 (`1/2`); one that
    /// reduces to a whole number reads as an integer.
    Ratio(i64, i64),
    /// A decimal without an exponent marker or with `e`, `s` or `f` (`0.5`):
    /// SBCL reads it as a single-float.
    Single(f32),
    /// A decimal with a `d` or `l` exponent marker (`2d0`).
    Double(f64),
}

impl Number {
    /// The number as an `f64`, for code that measures rather than compares
    /// (a ratio loses its exactness).
    pub fn value(self) -> f64 {
        match self {
            Number::Integer(i) => i as f64,
            Number::Ratio(n, d) => n as f64 / d as f64,
            Number::Single(x) => x as f64,
            Number::Double(x) => x,
        }
    }

    /// Parses a token the way the Lisp reader would read a number, or `None`
    /// when the token is not a number.
    pub fn parse(token: &str) -> Option<Number> {
        let body = token.strip_prefix('+').unwrap_or(token);
        let digits = body.strip_prefix('-').unwrap_or(body);
        if digits.is_empty() || !digits.starts_with(|c: char| c.is_ascii_digit() || c == '.') {
            return None;
        }
        if let Some((n, d)) = body.split_once('/') {
            let n: i64 = n.parse().ok()?;
            let d: i64 = d.parse().ok()?;
            if d == 0 {
                return None;
            }
            let g = gcd(n.unsigned_abs(), d.unsigned_abs()) as i64;
            let (n, d) = (n / g, d / g);
            return Some(if d == 1 {
                Number::Integer(n)
            } else {
                Number::Ratio(n, d)
            });
        }
        if let Ok(i) = body.parse::<i64>() {
            return Some(Number::Integer(i));
        }
        if digits.chars().all(|c| c.is_ascii_digit() || c == '.')
            && digits.contains(|c: char| c.is_ascii_digit())
        {
            return single(body);
        }
        // Exponent notation: `1.0e3`, `2d-2` (Lisp's markers e, s, f, d, l).
        let marker = digits.find(|c: char| "esfdlESFDL".contains(c))?;
        let (mantissa, exponent) = (&digits[..marker], &digits[marker + 1..]);
        let exponent_digits = exponent.strip_prefix(['+', '-']).unwrap_or(exponent);
        let mantissa_ok = mantissa.chars().all(|c| c.is_ascii_digit() || c == '.')
            && mantissa.contains(|c: char| c.is_ascii_digit())
            && mantissa.matches('.').count() <= 1;
        let exponent_ok =
            !exponent_digits.is_empty() && exponent_digits.chars().all(|c| c.is_ascii_digit());
        if !(mantissa_ok && exponent_ok) {
            return None;
        }
        let sign = if body.starts_with('-') { "-" } else { "" };
        let text = format!("{sign}{mantissa}e{exponent}");
        if "dlDL".contains(&digits[marker..marker + 1]) {
            text.parse::<f64>().ok().map(Number::Double)
        } else {
            single(&text)
        }
    }
}

/// A decimal read as a single-float, rounded once from the text. Beyond the
/// single range SBCL's reader signals an error; we keep such a number as a
/// double instead (no kitchen amount comes near 3.4e38).
fn single(text: &str) -> Option<Number> {
    let x: f32 = text.parse().ok()?;
    if x.is_finite() {
        Some(Number::Single(x))
    } else {
        text.parse::<f64>().ok().map(Number::Double)
    }
}

/// A single-float as SBCL's printer writes it: the shortest digits that read
/// back as the same single, in fixed notation when 1e-3 <= |x| < 1e7 (always
/// with a digit after the point, `80.00001`, `4.0`), else as `1.0e7`.
pub fn lisp_single(x: f32) -> String {
    if !x.is_finite() {
        return format!("{x}");
    }
    lisp_float_text(
        &format!("{:e}", x.abs()),
        x.is_sign_negative(),
        x as f64,
        "e",
    )
}

/// A double-float as SBCL's printer writes it while the default float format
/// is single-float: the same form, with the `d` marker always present
/// (`0.5d0`, `1.25d7`).
pub fn lisp_double(x: f64) -> String {
    if !x.is_finite() {
        return format!("{x}");
    }
    let text = lisp_float_text(&format!("{:e}", x.abs()), x.is_sign_negative(), x, "d");
    if text.contains('d') {
        text
    } else {
        format!("{text}d0")
    }
}

/// Lays out the shortest digits of `sci` (Rust's `{:e}` of the magnitude) as
/// the Lisp printer does; `marker` is the exponent marker of the format.
fn lisp_float_text(sci: &str, negative: bool, value: f64, marker: &str) -> String {
    let mut out = String::new();
    if negative {
        out.push('-');
    }
    let abs = value.abs();
    if abs == 0.0 {
        out.push_str("0.0");
        return out;
    }
    let (mantissa, exp) = sci.split_once('e').expect("`{:e}` has an exponent");
    let exp: i32 = exp.parse().expect("`{:e}` exponent is an integer");
    let digits: String = mantissa.chars().filter(|c| *c != '.').collect();
    if (1e-3..1e7).contains(&abs) {
        // Value = 0.digits × 10^(exp+1).
        let point = exp + 1;
        if point <= 0 {
            out.push_str("0.");
            out.extend(std::iter::repeat_n('0', (-point) as usize));
            out.push_str(&digits);
        } else {
            let point = point as usize;
            if digits.len() <= point {
                out.push_str(&digits);
                out.extend(std::iter::repeat_n('0', point - digits.len()));
                out.push_str(".0");
            } else {
                out.push_str(&digits[..point]);
                out.push('.');
                out.push_str(&digits[point..]);
            }
        }
    } else {
        out.push_str(&digits[..1]);
        out.push('.');
        if digits.len() > 1 {
            out.push_str(&digits[1..]);
        } else {
            out.push('0');
        }
        out.push_str(marker);
        out.push_str(&exp.to_string());
    }
    out
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a.max(1)
    } else {
        gcd(b, a % b)
    }
}

impl Number {
    /// Writes the number as the Lisp printer does (integers through `itoa`,
    /// not the formatting machinery); `Display` uses it.
    pub fn write_text<W: fmt::Write>(&self, out: &mut W) -> fmt::Result {
        let mut digits = itoa::Buffer::new();
        match self {
            Number::Integer(i) => out.write_str(digits.format(*i)),
            Number::Ratio(n, d) => {
                out.write_str(digits.format(*n))?;
                out.write_char('/')?;
                out.write_str(digits.format(*d))
            }
            Number::Single(x) => out.write_str(&lisp_single(*x)),
            Number::Double(x) => out.write_str(&lisp_double(*x)),
        }
    }
}

impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_text(f)
    }
}

#[cfg(test)]
mod tests {
    use super::Number;

    #[test]
    fn reads_numbers_like_the_lisp_reader() {
        assert_eq!(Number::parse("230"), Some(Number::Integer(230)));
        assert_eq!(Number::parse("-3"), Some(Number::Integer(-3)));
        assert_eq!(Number::parse("1/2"), Some(Number::Ratio(1, 2)));
        assert_eq!(Number::parse("4/2"), Some(Number::Integer(2)));
        assert_eq!(Number::parse("0.5"), Some(Number::Single(0.5)));
        assert_eq!(Number::parse(".5"), Some(Number::Single(0.5)));
        assert_eq!(Number::parse("1/0"), None);
        assert_eq!(Number::parse("butter"), None);
        assert_eq!(Number::parse("5-cm-apart"), None);
        assert_eq!(Number::parse("1.2.3"), None);
        assert_eq!(Number::parse("1.0e3"), Some(Number::Single(1000.0)));
        assert_eq!(Number::parse("-2.5E-1"), Some(Number::Single(-0.25)));
        assert_eq!(Number::parse("1d2"), Some(Number::Double(100.0)));
        assert_eq!(Number::parse("123.84"), Some(Number::Single(123.84)));
        assert_eq!(Number::parse("0.1"), Some(Number::Single(0.1)));
        assert_eq!(Number::parse("1e"), None);
        assert_eq!(Number::parse("2-eggs"), None);
        assert_eq!(Number::parse("3e-x"), None);
    }

    #[test]
    fn prints_floats_like_sbcl() {
        use super::{lisp_double, lisp_single};
        assert_eq!(lisp_single(0.5), "0.5");
        assert_eq!(lisp_single(80.00001), "80.00001");
        assert_eq!(lisp_single(123.84), "123.84");
        assert_eq!(lisp_single(4.0), "4.0");
        assert_eq!(lisp_single(1000.0), "1000.0");
        assert_eq!(lisp_single(0.001), "0.001");
        assert_eq!(lisp_single(9999999.0), "9999999.0");
        assert_eq!(lisp_single(1e7), "1.0e7");
        assert_eq!(lisp_single(1.25e7), "1.25e7");
        assert_eq!(lisp_single(1e-4), "1.0e-4");
        assert_eq!(lisp_single(-0.25), "-0.25");
        assert_eq!(lisp_single(0.0), "0.0");
        assert_eq!(lisp_single(-0.0), "-0.0");
        // 123.456789 has no single-float of its own.
        assert_eq!(lisp_single(123.456_79), "123.45679");
        assert_eq!(lisp_double(0.5), "0.5d0");
        assert_eq!(lisp_double(1.25e7), "1.25d7");
        assert_eq!(format!("{}", Number::parse("2.50").unwrap()), "2.5");
        assert_eq!(format!("{}", Number::parse("2d0").unwrap()), "2.0d0");
    }
}
