//! Words as the agent compares them: lower case, punctuation trimmed,
//! plurals made singular.

/// Lower-case words of a text, punctuation trimmed, plurals made singular.
pub fn words(text: &str) -> Vec<String> {
    text.to_lowercase()
        // `coconut-oil` and `coconut oil`, `2-cm` and `2 cm`: the same words.
        .split(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | '.' | '-' | '–'))
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()))
        // `confectioner's`, `confectioners'`: the same word.
        .map(|w| {
            w.replace(['\'', '’'], "")
                .replace(['ñ'], "n")
                .replace(['é', 'è'], "e")
        })
        .filter(|w| !w.is_empty())
        .map(|w| singular(&w))
        .collect()
}

/// An English plural made singular (`tomatoes`, `berries`, `radishes`,
/// `eggs`).
pub fn singular(w: &str) -> String {
    if let Some(s) = w.strip_suffix("ies") {
        format!("{s}y")
    } else if let Some(s) = w.strip_suffix("oes") {
        format!("{s}o")
    } else if let Some(s) = ["shes", "ches", "xes", "sses"]
        .iter()
        .find_map(|e| w.strip_suffix(e).map(|s| (s, &e[..e.len() - 2])))
        .map(|(s, kept)| format!("{s}{kept}"))
    {
        // `radishes`, `peaches`, `boxes`, `glasses`.
        s
    } else if w.ends_with("ss") || w.len() <= 3 {
        w.to_string()
    } else if let Some(s) = w.strip_suffix('s') {
        s.to_string()
    } else {
        w.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plurals() {
        for (p, s) in [
            ("tomatoes", "tomato"),
            ("berries", "berry"),
            ("radishes", "radish"),
            ("peaches", "peach"),
            ("eggs", "egg"),
            ("glasses", "glass"),
            ("oats", "oat"),
        ] {
            assert_eq!(singular(p), s);
        }
    }
}
