//! The network string the reference hands to `smatch.py`.
//!
//! The Lisp evaluator sorts the parsed predicates by name with `string-lessp`
//! and prints each one with the Lisp printer, so the text Smatch compares is
//! the *printed* form of the constants, not the file's spelling: symbols in
//! upper case, integers plainly, ratios in lowest terms (`1/2`) and floats
//! in the printer's shortest form (`0.5`, `1000.0`, `1.0e7`).

use sous_lang::{Arg, ArgKind, Number, Predicate};

/// The string the reference passes to `smatch.py` for a network: the
/// predicates sorted by name (case-insensitive, stable) and printed as
/// `(NAME ARG …)`, separated by single spaces.
pub fn lisp_network_string(predicates: &[Predicate]) -> String {
    // Sorting by the printed names is sorting by `string-lessp`
    // ([`string_lessp_order`]): both compare the upcased characters, and
    // UTF-8 byte order is code point order. `sort_by` is stable, as the
    // reference's list merge sort is in practice.
    let mut sorted: Vec<(String, &Predicate)> = predicates
        .iter()
        .map(|p| {
            let mut name = String::with_capacity(p.name.len());
            push_symbol(&mut name, &p.name);
            (name, p)
        })
        .collect();
    sorted.sort_by(|a, b| a.0.cmp(&b.0));
    let mut out = String::new();
    for (i, (name, p)) in sorted.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        out.push('(');
        out.push_str(name);
        for a in &p.args {
            out.push(' ');
            write_arg(&mut out, a);
        }
        out.push(')');
    }
    out
}

#[cfg(test)]
/// Order of `string-lessp`: characters compared case-insensitively (by their
/// upper-case code, which is how the symbol names are stored anyway), a
/// proper prefix first.
fn string_lessp_order(a: &str, b: &str) -> std::cmp::Ordering {
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
#[cfg(test)]
fn lisp_symbol(name: &str) -> String {
    name.chars().map(upcase_char).collect()
}

/// Appends `name` as `princ` prints it after the reader upcased it
/// (ASCII names, nearly all of them, without going character by character).
fn push_symbol(out: &mut String, name: &str) {
    if name.is_ascii() {
        let start = out.len();
        out.push_str(name);
        out[start..].make_ascii_uppercase();
    } else {
        out.extend(name.chars().map(upcase_char));
    }
}

fn write_arg(out: &mut String, arg: &Arg) {
    match &arg.kind {
        ArgKind::Variable(v) | ArgKind::Symbol(v) => push_symbol(out, v),
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
        Number::Single(x) => sous_lang::lisp_single(x),
        Number::Double(x) => sous_lang::lisp_double(x),
    }
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
        assert_eq!(sous_lang::lisp_single(0.5), "0.5");
        assert_eq!(sous_lang::lisp_single(0.125), "0.125");
        assert_eq!(sous_lang::lisp_single(2.65), "2.65");
        assert_eq!(sous_lang::lisp_single(1000.0), "1000.0");
        assert_eq!(sous_lang::lisp_single(1.5), "1.5");
        assert_eq!(sous_lang::lisp_single(-0.25), "-0.25");
        assert_eq!(sous_lang::lisp_single(0.001), "0.001");
        assert_eq!(sous_lang::lisp_single(9999999.0), "9999999.0");
        assert_eq!(sous_lang::lisp_single(1e7), "1.0e7");
        assert_eq!(sous_lang::lisp_single(1.25e7), "1.25e7");
        assert_eq!(sous_lang::lisp_single(1e-4), "1.0e-4");
        assert_eq!(sous_lang::lisp_single(0.0), "0.0");
    }

    #[test]
    fn reads_and_prints_file_numbers_as_the_reference_does() {
        let s = lisp_network_string(&network(
            "#r\n(f ?a ?b 230 g 0.50 1/2 2/4 4/2 1000.0 .5 123.456789 2d0)\n",
        ));
        assert_eq!(
            s,
            "(F ?A ?B 230 G 0.5 1/2 1/2 2 1000.0 0.5 123.45679 2.0d0)"
        );
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
    fn printed_names_sort_like_string_lessp() {
        let names = [
            "fetch",
            "FETCH-and",
            "fetch_",
            "Fetch",
            "beat",
            "ß",
            "straße",
            "éclair",
            "Éclair",
            "z",
            "ǆ",
            "a1",
            "a",
            "",
            "mix2",
            "Mix",
        ];
        for a in names {
            for b in names {
                let (mut pa, mut pb) = (String::new(), String::new());
                push_symbol(&mut pa, a);
                push_symbol(&mut pb, b);
                assert_eq!(pa, lisp_symbol(a));
                assert_eq!(pa.cmp(&pb), string_lessp_order(a, b), "{a} {b}");
            }
        }
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
