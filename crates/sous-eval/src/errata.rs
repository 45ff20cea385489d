//! Errata of the benchmark's gold networks (`data/errata.toml`): edits that
//! correct defects a faithful reading of the recipe does not share, so that
//! a prediction can also be scored against what the gold network meant.
//! The official gold stays the default; `--errata` asks for these.

use serde::Deserialize;

const ERRATA_TOML: &str = include_str!("../data/errata.toml");

/// One correction of one gold network.
#[derive(Debug, Clone, Deserialize)]
pub struct Erratum {
    /// The recipe id of the gold network it corrects.
    pub recipe: String,
    /// What is wrong with the gold network, and why the edit fixes it.
    pub quirk: String,
    /// Edits in the language of `sous_lang::edits`.
    pub edits: Vec<String>,
}

#[derive(Deserialize)]
struct ErrataFile {
    erratum: Vec<Erratum>,
}

/// Why the errata could not be applied.
#[derive(Debug, thiserror::Error)]
pub enum ErrataError {
    /// The embedded errata file does not read.
    #[error("errata.toml: {0}")]
    Toml(#[from] toml::de::Error),
    /// An edit of the erratum cannot be applied to the gold network.
    #[error("erratum of {recipe}: {source}")]
    Edit {
        /// The recipe the erratum is for.
        recipe: String,
        /// Why the edit failed.
        source: sous_lang::edits::EditError,
    },
    /// The erratum is for a recipe the gold standard lacks.
    #[error("erratum of {recipe}: the gold standard has no such recipe")]
    NoRecipe {
        /// The recipe the erratum is for.
        recipe: String,
    },
    /// The gold file cannot be read, or the corrected network does not parse.
    #[error("erratum of {recipe}: the corrected network does not parse: {message}")]
    Parse {
        /// The recipe the erratum is for.
        recipe: String,
        /// What went wrong.
        message: String,
    },
}

/// Every erratum of the embedded file.
pub fn all() -> Result<Vec<Erratum>, ErrataError> {
    Ok(toml::from_str::<ErrataFile>(ERRATA_TOML)?.erratum)
}

/// `text` (a gold network) with the erratum's edits applied.
pub fn corrected(e: &Erratum, text: &str) -> Result<String, ErrataError> {
    sous_lang::edits::edited(text, &e.recipe, e.edits.iter().map(String::as_str)).map_err(
        |source| ErrataError::Edit {
            recipe: e.recipe.clone(),
            source,
        },
    )
}
