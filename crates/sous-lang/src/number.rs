use std::fmt;

/// A numeric constant as written in a network: the Lisp reader distinguishes
/// integers, ratios (`1/2`) and decimals; we keep the written form for printing
/// (Smatch compares constants as the Lisp printer writes them). The kitchen
/// reads it as a `sous_kitchen::Num`: integers and ratios exact, a decimal a float.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Number {
    Integer(i64),
    Ratio(i64, i64),
    Decimal(f64),
}

impl Number {
    pub fn value(self) -> f64 {
        match self {
            Number::Integer(i) => i as f64,
            Number::Ratio(n, d) => n as f64 / d as f64,
            Number::Decimal(x) => x,
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
            return body.parse::<f64>().ok().map(Number::Decimal);
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
        format!("{sign}{mantissa}e{exponent}")
            .parse::<f64>()
            .ok()
            .map(Number::Decimal)
    }
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a.max(1)
    } else {
        gcd(b, a % b)
    }
}

impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Number::Integer(i) => write!(f, "{i}"),
            Number::Ratio(n, d) => write!(f, "{n}/{d}"),
            Number::Decimal(x) => {
                if x.fract() == 0.0 {
                    write!(f, "{x:.1}")
                } else {
                    write!(f, "{x}")
                }
            }
        }
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
        assert_eq!(Number::parse("0.5"), Some(Number::Decimal(0.5)));
        assert_eq!(Number::parse(".5"), Some(Number::Decimal(0.5)));
        assert_eq!(Number::parse("1/0"), None);
        assert_eq!(Number::parse("butter"), None);
        assert_eq!(Number::parse("5-cm-apart"), None);
        assert_eq!(Number::parse("1.2.3"), None);
        assert_eq!(Number::parse("1.0e3"), Some(Number::Decimal(1000.0)));
        assert_eq!(Number::parse("-2.5E-1"), Some(Number::Decimal(-0.25)));
        assert_eq!(Number::parse("1d2"), Some(Number::Decimal(100.0)));
        assert_eq!(Number::parse("1e"), None);
        assert_eq!(Number::parse("2-eggs"), None);
        assert_eq!(Number::parse("3e-x"), None);
    }
}
