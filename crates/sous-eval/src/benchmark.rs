//! A benchmark checkout: the recipe texts (`data/recipe-texts/*.xml`) and
//! the gold networks (`data/gold-standard-solutions/meaning-only/`).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::gold::{gold_dir_of_benchmark, GoldError, GoldStandard};

/// One recipe as the benchmark writes it: title, ingredient lines, instructions.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RecipeText {
    /// The recipe's id, as gold networks and predictions name it.
    pub id: String,
    /// The recipe's title.
    pub title: String,
    /// The ingredient lines, in order (`2 cups all-purpose flour`).
    pub ingredients: Vec<String>,
    /// The instruction steps, in order.
    pub instructions: Vec<String>,
}

impl RecipeText {
    /// The recipe as a cook reads it: the title, the ingredient lines
    /// (`- …`) and the numbered instructions.
    pub fn to_text(&self) -> String {
        use std::fmt::Write;
        let mut s = format!("{}\n\nIngredients:\n", self.title);
        for i in &self.ingredients {
            let _ = writeln!(s, "- {i}");
        }
        s.push_str("\nInstructions:\n");
        for (n, i) in self.instructions.iter().enumerate() {
            let _ = writeln!(s, "{}. {i}", n + 1);
        }
        s
    }
}

/// Why a benchmark folder cannot be loaded.
#[derive(Debug, thiserror::Error)]
pub enum BenchmarkError {
    /// A file or folder could not be read.
    #[error("cannot read {path}: {source}")]
    Unreadable {
        /// The file or folder.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// A recipe file is not in the benchmark's XML format.
    #[error("{path}: not a benchmark recipe: {message}")]
    BadRecipe {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        message: String,
    },
    /// The gold standard inside it could not be loaded.
    #[error(transparent)]
    Gold(#[from] GoldError),
}

/// The recipes and the gold standard of a benchmark folder.
#[derive(Debug)]
pub struct Benchmark {
    /// The checkout's root folder.
    pub dir: PathBuf,
    /// By recipe id (the `<id>` inside the file).
    pub recipes: BTreeMap<String, RecipeText>,
    /// The XML file of each recipe, by recipe id.
    pub files: BTreeMap<String, PathBuf>,
    /// The gold networks of `data/gold-standard-solutions/meaning-only/`.
    pub gold: GoldStandard,
}

impl Benchmark {
    /// Reads the recipe texts and the gold standard of the checkout at `dir`.
    pub fn load(dir: &Path) -> Result<Benchmark, BenchmarkError> {
        let texts = dir.join("data/recipe-texts");
        let unreadable = |path: &Path, source| BenchmarkError::Unreadable {
            path: path.to_path_buf(),
            source,
        };
        let mut files: Vec<PathBuf> = std::fs::read_dir(&texts)
            .map_err(|e| unreadable(&texts, e))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "xml"))
            .collect();
        files.sort();
        let mut recipes = BTreeMap::new();
        let mut recipe_files = BTreeMap::new();
        for path in files {
            let xml = std::fs::read_to_string(&path).map_err(|e| unreadable(&path, e))?;
            let r = parse_recipe(&xml).map_err(|message| BenchmarkError::BadRecipe {
                path: path.clone(),
                message,
            })?;
            recipe_files.insert(r.id.clone(), path);
            recipes.insert(r.id.clone(), r);
        }
        Ok(Benchmark {
            dir: dir.to_path_buf(),
            recipes,
            files: recipe_files,
            gold: GoldStandard::load(&gold_dir_of_benchmark(dir))?,
        })
    }

    /// A recipe by id (case-insensitive).
    pub fn recipe(&self, id: &str) -> Option<&RecipeText> {
        self.recipes.get(&id.to_lowercase())
    }

    /// The XML file of a recipe, by id (case-insensitive).
    pub fn recipe_file(&self, id: &str) -> Option<PathBuf> {
        self.files.get(&id.to_lowercase()).cloned()
    }
}

#[derive(Deserialize)]
struct XmlRecipe {
    id: String,
    title: String,
    ingredients: XmlList<XmlIngredient>,
    instructions: XmlList<XmlInstruction>,
}

#[derive(Deserialize)]
struct XmlList<T> {
    #[serde(rename = "$value", default = "Vec::new")]
    items: Vec<T>,
}

#[derive(Deserialize)]
struct XmlIngredient {
    #[serde(rename = "$text", default)]
    text: String,
}

#[derive(Deserialize)]
struct XmlInstruction {
    #[serde(rename = "$text", default)]
    text: String,
}

/// Whitespace inside the elements is layout: lines are trimmed and joined.
fn clean(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Parses one `<recipe>` document.
pub fn parse_recipe(xml: &str) -> Result<RecipeText, String> {
    let r: XmlRecipe = quick_xml::de::from_str(xml).map_err(|e| e.to_string())?;
    Ok(RecipeText {
        id: clean(&r.id).to_lowercase(),
        title: clean(&r.title),
        ingredients: r.ingredients.items.iter().map(|i| clean(&i.text)).collect(),
        instructions: r
            .instructions
            .items
            .iter()
            .map(|i| clean(&i.text))
            .collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_recipe_text() {
        let xml = "<recipe>\n  <id> my-cake </id>\n  <title>My Cake</title>\n  <ingredients>\n    <ingredient>\n      230 grams butter,\n      soft\n    </ingredient>\n    <ingredient>1 egg</ingredient>\n  </ingredients>\n  <instructions>\n    <instruction> Beat it. </instruction>\n  </instructions>\n</recipe>";
        let r = parse_recipe(xml).unwrap();
        assert_eq!(r.id, "my-cake");
        assert_eq!(r.title, "My Cake");
        assert_eq!(r.ingredients, ["230 grams butter, soft", "1 egg"]);
        assert_eq!(r.instructions, ["Beat it."]);
    }

    #[test]
    fn a_broken_file_is_an_error_not_a_panic() {
        assert!(parse_recipe("<recipe><id>x</id>").is_err());
        assert!(parse_recipe("not xml").is_err());
    }
}
