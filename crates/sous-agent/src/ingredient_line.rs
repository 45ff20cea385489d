//! One line of a recipe's ingredient list, read: how much of which
//! ontology ingredient, in which unit of the language, and what preparation
//! the line asks for.

use sous_kitchen::{ClassId, Ontology};

use crate::lexicon::{Lexicon, Match};
use crate::quantity::read_quantity;

#[derive(Debug, Clone, PartialEq)]
pub struct IngredientLine {
    pub text: String,
    pub class: ClassId,
    pub amount: f64,
    /// A unit of the language (`g`, `teaspoon`, `piece`…).
    pub unit: String,
    /// The words that named it, and how they were matched.
    pub name: Vec<String>,
    pub matched: Match,
    pub preparations: Vec<String>,
    /// A temperature the line asks for (`125 ml hot water (60 degrees C)`), in °C.
    pub temperature: Option<f64>,
}

/// Why a line could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LineError {
    #[error("`{0}`: no ingredient of the kitchen is named here")]
    NoIngredient(String),
}

/// Reads one ingredient line (`230 grams butter, room temperature`).
pub fn read_line(text: &str) -> Result<IngredientLine, LineError> {
    let lex = Lexicon::get();
    let lower = can_size(&text.to_lowercase());
    // The name is before the first comma or parenthesis; the rest are notes.
    let head = lower.split([',', '(', ';']).next().unwrap_or_default();
    let words: Vec<&str> = head.split_whitespace().collect();
    let quantified = read_quantity(&words).is_some();
    let (mut amount, mut used) = read_quantity(&words).unwrap_or((1.0, 0));
    let mut unit = "piece".to_string();
    if let Some((u, factor)) = words.get(used).and_then(|w| lex.unit(w)) {
        unit = u.to_string();
        amount *= factor;
        used += 1;
        // `1 cup of sugar`
        if words.get(used) == Some(&"of") {
            used += 1;
        }
    }
    let name_of = |ws: &[&str]| -> Vec<String> {
        ws.iter()
            .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric() && c != '-' && c != '\''))
            .filter(|w| !w.is_empty() && !lex.is_modifier(w))
            // `Kellogg's`: the lexicon spells names without apostrophes.
            .map(|w| w.replace(['\'', '’'], ""))
            .collect()
    };
    let mut name = name_of(&words[used..]);
    if name.is_empty() {
        // `160 grams peeled, seeded, and chopped cucumber`: the name comes
        // after the notes.
        let rest: Vec<&str> = lower
            .split([',', '(', ';'])
            .skip(1)
            .flat_map(str::split_whitespace)
            .collect();
        name = name_of(&rest);
    }
    let (class, matched) = lex
        .ingredient(&name)
        .ok_or_else(|| LineError::NoIngredient(text.to_string()))?;
    // `salt and pepper to taste`: no amount given; a seasoning gets a pinch.
    if !quantified && unit == "piece" && Ontology::get().is_a_name(class, "spice") {
        (amount, unit) = crate::habits::Habits::get().to_taste_amount.clone();
    }
    Ok(IngredientLine {
        text: text.to_string(),
        class,
        amount,
        unit,
        name,
        matched,
        preparations: lex
            .preparations(&lower)
            .into_iter()
            .map(str::to_string)
            .collect(),
        temperature: crate::instructions::temperature(&lower),
    })
}

/// `1 (400 g) can black beans`: the weight in brackets, times the count,
/// is the amount (`400 g black beans`).
fn can_size(line: &str) -> String {
    let (Some(open), Some(close)) = (line.find('('), line.find(')')) else {
        return usual_package_size(line);
    };
    if close < open {
        return line.to_string();
    }
    let before: Vec<&str> = line[..open].split_whitespace().collect();
    let inside: Vec<&str> = line[open + 1..close].split_whitespace().collect();
    let Some((n, 1)) = read_quantity(&before) else {
        return line.to_string();
    };
    if before.len() != 1 {
        return line.to_string();
    }
    let Some((q, used)) = read_quantity(&inside) else {
        return line.to_string();
    };
    let Some(unit) = inside
        .get(used)
        .filter(|u| Lexicon::get().unit(u).is_some())
    else {
        return line.to_string();
    };
    // The container word after the brackets (`can`, `package`, `jar`).
    let mut rest: Vec<&str> = line[close + 1..].split_whitespace().collect();
    if rest
        .first()
        .is_some_and(|w| crate::lexicon::Lexicon::get().is_package(w))
    {
        rest.remove(0);
    }
    format!("{} {unit} {}", n * q, rest.join(" "))
}

/// `1 can black beans`: a package of no stated size holds what packages
/// of its kind usually do (`425 g black beans`).
fn usual_package_size(line: &str) -> String {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some((n, used)) = read_quantity(&words) else {
        return line.to_string();
    };
    match words
        .get(used)
        .and_then(|w| Lexicon::get().package_grams(w))
    {
        Some(grams) => format!("{} g {}", n * grams, words[used + 1..].join(" ")),
        None => line.to_string(),
    }
}

impl IngredientLine {
    pub fn class_name(&self) -> &'static str {
        Ontology::get().name(self.class)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(s: &str) -> (String, f64, String) {
        let l = read_line(s).unwrap_or_else(|e| panic!("{e}"));
        (l.class_name().to_string(), l.amount, l.unit)
    }

    #[test]
    fn lines_as_recipes_write_them() {
        assert_eq!(
            read("230 grams butter, room temperature"),
            ("butter".into(), 230.0, "g".into())
        );
        assert_eq!(
            read("1 teaspoon vanilla extract"),
            ("vanilla-extract".into(), 1.0, "teaspoon".into())
        );
        assert_eq!(
            read("30 grams powdered sugar"),
            ("powdered-white-sugar".into(), 30.0, "g".into())
        );
        assert_eq!(read("2 eggs"), ("egg".into(), 2.0, "piece".into()));
        assert_eq!(
            read("1/4 teaspoon salt"),
            ("salt".into(), 0.25, "teaspoon".into())
        );
        assert_eq!(
            read("2 tsp vanilla"),
            ("vanilla".into(), 2.0, "teaspoon".into())
        );
        assert_eq!(read("1 kg sugar").1, 1000.0);
        assert_eq!(
            read("1 (400 g) can black beans, drained and rinsed"),
            ("black-bean".into(), 400.0, "g".into())
        );
        assert_eq!(
            read("salt to taste"),
            ("salt".into(), 0.125, "teaspoon".into())
        );
    }

    #[test]
    fn preparations_are_noted() {
        let l = read_line("120 grams butter, melted").unwrap();
        assert_eq!(l.preparations, ["melted"]);
    }

    #[test]
    fn a_line_without_a_known_word_is_an_error() {
        assert!(read_line("3 zzz qqq").is_err());
    }
}
