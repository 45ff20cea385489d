//! Recipes in the benchmark's XML format: `<recipe>` with `<id>`, `<title>`,
//! `<ingredients>` of `<ingredient>` and `<instructions>` of `<instruction>`.

use quick_xml::events::Event;
use quick_xml::Reader;

/// A recipe as written: its lines, whitespace collapsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecipeText {
    pub id: String,
    pub title: String,
    pub ingredients: Vec<String>,
    pub instructions: Vec<String>,
}

/// Why a recipe file could not be read (line and column are 1-based).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum XmlError {
    #[error("{line}:{column}: malformed XML: {message}")]
    Malformed {
        line: usize,
        column: usize,
        message: String,
    },
    #[error("the recipe has no <{0}>")]
    Missing(&'static str),
    #[error("no <recipe> element: the file is empty or not a recipe")]
    NoRecipe,
}

/// 1-based line and column of a byte offset.
fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

fn collapse(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Reads one recipe.
pub fn parse_recipe(text: &str) -> Result<RecipeText, XmlError> {
    let mut reader = Reader::from_str(text);
    let mut path: Vec<String> = Vec::new();
    let (mut id, mut title) = (None, None);
    let mut seen_recipe = false;
    let (mut ingredients, mut instructions) = (Vec::new(), Vec::new());
    let mut current = String::new();
    loop {
        let at = reader.buffer_position() as usize;
        let malformed = |message: String| {
            let (line, column) = line_column(text, at);
            XmlError::Malformed {
                line,
                column,
                message,
            }
        };
        match reader.read_event() {
            Err(e) => return Err(malformed(e.to_string())),
            Ok(Event::Eof) => break,
            Ok(Event::Start(s)) => {
                seen_recipe |= s.name().as_ref() == b"recipe";
                path.push(String::from_utf8_lossy(s.name().as_ref()).into_owned());
                current.clear();
            }
            Ok(Event::Text(t)) => {
                let t = t.unescape().map_err(|e| malformed(e.to_string()))?;
                current.push_str(&t);
            }
            Ok(Event::CData(t)) => current.push_str(&String::from_utf8_lossy(&t)),
            Ok(Event::End(e)) => {
                let name = String::from_utf8_lossy(e.name().as_ref()).into_owned();
                if path.last() != Some(&name) {
                    return Err(malformed(format!("</{name}> closes nothing open")));
                }
                let value = collapse(&current);
                match name.as_str() {
                    "id" => id = Some(value),
                    "title" => title = Some(value),
                    "ingredient" if !value.is_empty() => ingredients.push(value),
                    "instruction" if !value.is_empty() => instructions.push(value),
                    _ => {}
                }
                current.clear();
                path.pop();
            }
            Ok(_) => {}
        }
    }
    if let Some(open) = path.last() {
        let (line, column) = line_column(text, text.len());
        return Err(XmlError::Malformed {
            line,
            column,
            message: format!("<{open}> is never closed"),
        });
    }
    if !seen_recipe {
        return Err(XmlError::NoRecipe);
    }
    let id = id
        .filter(|s| !s.is_empty())
        .ok_or(XmlError::Missing("id"))?;
    Ok(RecipeText {
        id,
        title: title.unwrap_or_default(),
        ingredients,
        instructions,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_file_is_no_recipe() {
        assert_eq!(parse_recipe(""), Err(XmlError::NoRecipe));
        assert_eq!(parse_recipe("<menu/>"), Err(XmlError::NoRecipe));
        assert_eq!(
            parse_recipe("<recipe><title>t</title></recipe>"),
            Err(XmlError::Missing("id"))
        );
    }

    #[test]
    fn a_recipe_is_read_with_its_lines_collapsed() {
        let r = parse_recipe(
            "<recipe><id>x</id><title>X</title><ingredients><ingredient>\n  2  eggs\n</ingredient>\
             </ingredients><instructions><instruction>Beat &amp; mix.</instruction></instructions></recipe>",
        )
        .unwrap();
        assert_eq!(r.id, "x");
        assert_eq!(r.ingredients, ["2 eggs"]);
        assert_eq!(r.instructions, ["Beat & mix."]);
    }

    #[test]
    fn malformed_xml_names_line_and_column() {
        let e = parse_recipe("<recipe>\n<id>x</id>\n<title>oops</titel>\n</recipe>").unwrap_err();
        assert!(matches!(e, XmlError::Malformed { line: 3, .. }), "{e}");
        let e = parse_recipe("<recipe><title>no id</title></recipe>").unwrap_err();
        assert_eq!(e, XmlError::Missing("id"));
        assert!(parse_recipe("<recipe><id>x</id>").is_err());
    }
}
