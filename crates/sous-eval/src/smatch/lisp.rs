//! The network string the reference hands to `smatch.py`.
//!
//! The Lisp evaluator sorts the parsed predicates by name with `string-lessp`
//! and prints each one with the Lisp printer, so the text Smatch compares is
//! the *printed* form of the constants, not the file's spelling: symbols in
//! upper case, integers plainly, ratios in lowest terms (`1/2`) and floats
//! in the printer's shortest form (`0.5`, `1000.0`, `1.0e7`).

use std::cmp::Ordering;
use std::fmt::Write;

use sous_lang::{Arg, ArgKind, Number, Predicate};

/// The string the reference passes to `smatch.py` for a network: the
/// predicates sorted by name (case-insensitive, stable) and printed as
/// `(NAME ARG …)`, separated by single spaces.
pub fn lisp_network_string(predicates: &[Predicate]) -> String {
    let mut sorted: Vec<&Predicate> = predicates.iter().collect();
    // `Vec::sort_by` is stable, as the reference's list merge sort is in practice.
    sorted.sort_by(|a, b| string_lessp_order(&a.name, &b.name));
    let mut out = String::new();
    for (i, p) in sorted.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        out.push('(');
        out.push_str(&lisp_symbol(&p.name));
        for a in &p.args {
            out.push(' ');
            write_arg(&mut out, a);
        }
        out.push(')');
    }
    out
}

/// Order of `string-lessp`: characters compared case-insensitively (by their
/// upper-case code, which is how the symbol names are stored anyway), a
/// proper prefix first.
fn string_lessp_order(a: &str, b: &str) -> Ordering {
    a.chars().map(upcase_char).cmp(b.chars().map(upcase_char))
}

/// `char-upcase`: one character to one character (no `ß` → `SS` expansion).
fn upcase_char(c: char) -> char {
    let mut up = c.to_uppercase();
    match (up.next(), up.next()) {
        (Some(u), None) => u,
        _ => c,
    }
}

/// A symbol as `princ` prints it after the reader upcased it.
fn lisp_symbol(name: &str) -> String {
    name.chars().map(upcase_char).collect()
}

fn write_arg(out: &mut String, arg: &Arg) {
    match &arg.kind {
        ArgKind::Variable(v) | ArgKind::Symbol(v) => out.push_str(&lisp_symbol(v)),
        ArgKind::Number(n) => out.push_str(&lisp_number(*n)),
        ArgKind::List(items) => {
            out.push('(');
            for (i, a) in items.iter().enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                write_arg(out, a);
            }
            out.push(')');
        }
    }
}

/// A number as the Lisp printer writes it.
pub fn lisp_number(n: Number) -> String {
    match n {
        Number::Integer(i) => i.to_string(),
        // The parser keeps ratios in lowest terms with a positive denominator
        // whenever the Lisp reader would have read a ratio.
        Number::Ratio(num, den) => format!("{num}/{den}"),
        Number::Decimal(x) => lisp_float(x),
    }
}

/// A float as the Lisp printer writes it: the shortest digits that read back
/// as the same value, in fixed notation when 1e-3 <= |x| < 1e7 (always with a
/// digit after the point), otherwise as `d.ddde±x`.
///
/// The value is printed as the 64-bit float the parser read. The reference's
/// readers (LispWorks, whose single-float is a double, and SBCL, whose
/// single-float is 32-bit) differ only for decimals with more than 7
/// significant digits, which no benchmark network contains.
pub fn lisp_float(x: f64) -> String {
    if x.is_nan() || x.is_infinite() {
        return format!("{x}");
    }
    if x == 0.0 {
        return if x.is_sign_negative() { "-0.0" } else { "0.0" }.to_string();
    }
    // Shortest round-trip digits and decimal exponent from Rust's `{:e}`.
    let sci = format!("{:e}", x.abs());
    let (mantissa, exp) = sci.split_once('e').expect("`{:e}` has an exponent");
    let exp: i32 = exp.parse().expect("`{:e}` exponent is an integer");
    let digits: String = mantissa.chars().filter(|c| *c != '.').collect();
    let mut out = String::new();
    if x < 0.0 {
        out.push('-');
    }
    let abs = x.abs();
    if (1e-3..1e7).contains(&abs) {
        // Value = 0.digits × 10^(exp+1).
        let point = exp + 1;
        if point <= 0 {
            out.push_str("0.");
            for _ in 0..-point {
                out.push('0');
            }
            out.push_str(&digits);
        } else {
            let point = point as usize;
            if digits.len() <= point {
                out.push_str(&digits);
                for _ in digits.len()..point {
                    out.push('0');
                }
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
        let _ = write!(out, "e{exp}");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn network(text: &str) -> Vec<Predicate> {
        let (file, diags) = sous_lang::parse("test.solution", text);
        assert!(diags.is_empty(), "{diags:?}");
        file.recipes.into_iter().next().unwrap().predicates
    }

    #[test]
    fn prints_numbers_like_the_lisp_printer() {
        assert_eq!(lisp_number(Number::Integer(230)), "230");
        assert_eq!(lisp_number(Number::Integer(-3)), "-3");
        assert_eq!(lisp_number(Number::Ratio(1, 2)), "1/2");
        assert_eq!(lisp_number(Number::Ratio(-3, 4)), "-3/4");
        assert_eq!(lisp_float(0.5), "0.5");
        assert_eq!(lisp_float(0.125), "0.125");
        assert_eq!(lisp_float(2.65), "2.65");
        assert_eq!(lisp_float(1000.0), "1000.0");
        assert_eq!(lisp_float(1.5), "1.5");
        assert_eq!(lisp_float(-0.25), "-0.25");
        assert_eq!(lisp_float(0.001), "0.001");
        assert_eq!(lisp_float(9999999.0), "9999999.0");
        assert_eq!(lisp_float(1e7), "1.0e7");
        assert_eq!(lisp_float(1.25e7), "1.25e7");
        assert_eq!(lisp_float(1e-4), "1.0e-4");
        assert_eq!(lisp_float(0.0), "0.0");
    }

    #[test]
    fn reads_and_prints_file_numbers_as_the_reference_does() {
        let s = lisp_network_string(&network("#r\n(f ?a ?b 230 g 0.50 1/2 2/4 4/2 1000.0 .5)\n"));
        assert_eq!(s, "(F ?A ?B 230 G 0.5 1/2 1/2 2 1000.0 0.5)");
    }

    #[test]
    fn sorts_by_name_stably_and_upcases() {
        let s = lisp_network_string(&network(
            "#r\n(transfer ?x ?a)\n(fetch ?b ?k butter)\n(beat ?c ?x)\n(fetch ?a ?b sugar)\n(fetch-and-proportion ?d ?c)\n",
        ));
        assert_eq!(
            s,
            "(BEAT ?C ?X) (FETCH ?B ?K BUTTER) (FETCH ?A ?B SUGAR) (FETCH-AND-PROPORTION ?D ?C) (TRANSFER ?X ?A)"
        );
    }

    #[test]
    fn prints_list_arguments_in_parentheses() {
        let s = lisp_network_string(&network("#r\n(f ?a (b c 1/2) d)\n"));
        assert_eq!(s, "(F ?A (B C 1/2) D)");
    }

    #[test]
    fn empty_network_is_empty_string() {
        assert_eq!(lisp_network_string(&[]), "");
    }
}
