//! Quantities as cooks write them: `2`, `1.5`, `1/2`, `1 1/2`, `½`,
//! `1½`, ranges (`2-3`, `2 to 3`: the lower bound), and words (`a`, `an`,
//! `one` … `twelve`, `a pinch` is left to the unit lexicon).

/// A quantity read from the start of `words`, and how many words it took.
pub fn read_quantity(words: &[&str]) -> Option<(f64, usize)> {
    let first = words.first()?;
    let mut value = number(first)?;
    let mut used = 1;
    // `1 1/2`: a whole number followed by a fraction.
    if let Some(next) = words.get(1) {
        if value.fract() == 0.0 && next.contains('/') {
            if let Some(f) = number(next) {
                value += f;
                used = 2;
            }
        }
    }
    // `2 to 3`: a range written out; the lower bound is taken.
    if words.get(used) == Some(&"to") && words.get(used + 1).and_then(|w| number(w)).is_some() {
        used += 2;
    }
    Some((value, used))
}

/// The Unicode vulgar fractions cooks write, and their values.
const FRACTIONS: [(char, f64); 6] = [
    ('½', 0.5),
    ('⅓', 1.0 / 3.0),
    ('⅔', 2.0 / 3.0),
    ('¼', 0.25),
    ('¾', 0.75),
    ('⅛', 0.125),
];

/// Whether `c` is part of a number written in figures: a digit or a
/// vulgar fraction.
pub fn is_numeral(c: char) -> bool {
    c.is_ascii_digit() || FRACTIONS.iter().any(|&(f, _)| f == c)
}

/// One word as a number.
fn number(word: &str) -> Option<f64> {
    let w = word.trim_matches(|c: char| c == ',' || c == '(' || c == ')');
    // A letter O typed for a zero among digits (`2OO`).
    let zeros;
    let w = if w.starts_with(|c: char| c.is_ascii_digit())
        && w.chars()
            .all(|c| c.is_ascii_digit() || c == 'O' || c == 'o')
    {
        zeros = w.replace(['O', 'o'], "0");
        zeros.as_str()
    } else {
        w
    };
    if let Some((lo, _)) = w.split_once(['-', '–']) {
        if !lo.is_empty() {
            return number(lo);
        }
    }
    if let Some((a, b)) = w.split_once('/') {
        let (a, b): (f64, f64) = (a.parse().ok()?, b.parse().ok()?);
        return (b != 0.0).then(|| a / b);
    }
    if let Ok(v) = w.parse::<f64>() {
        return (v.is_finite() && v >= 0.0).then_some(v);
    }
    // Unicode vulgar fractions, alone or after digits (`1½`).
    if let Some(&(_, f)) = FRACTIONS.iter().find(|(c, _)| w.ends_with(*c)) {
        let whole = &w[..w.len() - w.chars().last()?.len_utf8()];
        let whole = if whole.is_empty() {
            0.0
        } else {
            whole.parse().ok()?
        };
        return Some(whole + f);
    }
    crate::lexicon::Lexicon::get().number_word(w)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(s: &str) -> Option<(f64, usize)> {
        let words: Vec<&str> = s.split_whitespace().collect();
        read_quantity(&words)
    }

    #[test]
    fn quantities_as_cooks_write_them() {
        assert_eq!(q("230 grams"), Some((230.0, 1)));
        assert_eq!(q("1.5 cups"), Some((1.5, 1)));
        assert_eq!(q("1/8 teaspoon"), Some((0.125, 1)));
        assert_eq!(q("1 1/2 cups"), Some((1.5, 2)));
        assert_eq!(q("½ cup"), Some((0.5, 1)));
        assert_eq!(q("1½ cup"), Some((1.5, 1)));
        assert_eq!(q("2-3 eggs"), Some((2.0, 1)));
        assert_eq!(q("2 to 3 eggs"), Some((2.0, 3)));
        assert_eq!(q("two eggs"), Some((2.0, 1)));
        assert_eq!(q("an apple"), Some((1.0, 1)));
        assert_eq!(q("salt"), None);
        assert_eq!(q("1/0 cup"), None);
        assert_eq!(q("2OO ml"), Some((200.0, 1)));
        assert_eq!(q("Oil"), None);
    }
}
