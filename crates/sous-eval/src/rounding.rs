//! Numbers printed as the reference prints them.

/// Two decimals as Lisp's `~$` prints them: the shortest decimal that reads
/// back as the same float (single or double), rounded half-up (so 0.98·0.75 + 0.02, stored as
/// 0.754999…, prints `0.76` like the reference, not `0.75`).
pub fn two_decimals(x: f64) -> String {
    if !x.is_finite() {
        return x.to_string();
    }
    let negative = x < 0.0;
    // A single-float score (the dish score is one) by its own shortest
    // digits, as SBCL prints a single: 0.755 rather than 0.7549999833106995.
    let shortest = if (x as f32) as f64 == x {
        format!("{}", (x as f32).abs())
    } else {
        format!("{}", x.abs())
    };
    let (int, frac) = shortest.split_once('.').unwrap_or((&shortest, ""));
    let mut digits: Vec<u8> = int.bytes().map(|b| b - b'0').collect();
    let mut f: Vec<u8> = frac.bytes().map(|b| b - b'0').collect();
    f.resize(3, 0);
    let round_up = f[2] >= 5;
    digits.extend(&f[..2]);
    if round_up {
        let mut i = digits.len();
        loop {
            if i == 0 {
                digits.insert(0, 1);
                break;
            }
            i -= 1;
            if digits[i] == 9 {
                digits[i] = 0;
            } else {
                digits[i] += 1;
                break;
            }
        }
    }
    let n = digits.len();
    let int: String = digits[..n - 2].iter().map(|d| (b'0' + d) as char).collect();
    let frac: String = digits[n - 2..].iter().map(|d| (b'0' + d) as char).collect();
    let sign = if negative && digits.iter().any(|&d| d != 0) {
        "-"
    } else {
        ""
    };
    format!("{sign}{int}.{frac}")
}

/// An execution time as the reference prints it: an integer plainly, a
/// fractional value in Lisp float syntax (`5400.5`).
pub fn time(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{}", x as i64)
    } else {
        format!("{x}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounds_the_shortest_decimal_half_up() {
        assert_eq!(two_decimals(0.98 * 0.75 + 0.02), "0.76");
        assert_eq!(two_decimals(0.755), "0.76");
        assert_eq!(two_decimals(0.754), "0.75");
        assert_eq!(two_decimals(1.0), "1.00");
        assert_eq!(two_decimals(0.0), "0.00");
        assert_eq!(two_decimals(0.995), "1.00");
        assert_eq!(two_decimals(11.0 / 26.0), "0.42");
        assert_eq!(two_decimals(10.0 / 26.0), "0.38");
        assert_eq!(two_decimals(0.125), "0.13");
        assert_eq!(two_decimals(1e-7), "0.00");
    }

    #[test]
    fn times_are_integers_when_whole() {
        assert_eq!(time(2600.0), "2600");
        assert_eq!(time(5400.5), "5400.5");
    }
}
