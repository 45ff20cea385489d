//! The gold standard: one gold network per recipe, executed once and kept.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use serde::Deserialize;
use sous_lang::{Diagnostic, Recipe};
use sous_sim::{execute_with, Binding, Execution, Profile};

use crate::aliasing::bindings_after_run;

use crate::source::{load, Loaded};

/// Which file holds each benchmark recipe's gold network and which of its
/// variables is the gold dish.
pub const GOLD_DISHES_TOML: &str = include_str!("../data/gold-dishes.toml");

#[derive(Debug, Deserialize)]
struct GoldDishes {
    recipes: BTreeMap<String, GoldDish>,
}

#[derive(Debug, Deserialize)]
struct GoldDish {
    file: Option<String>,
    dish: String,
}

fn gold_dishes() -> &'static GoldDishes {
    static TABLE: OnceLock<GoldDishes> = OnceLock::new();
    TABLE.get_or_init(|| toml::from_str(GOLD_DISHES_TOML).expect("data/gold-dishes.toml is valid"))
}

/// Why a gold folder cannot be loaded.
#[derive(Debug, thiserror::Error)]
pub enum GoldError {
    /// The folder cannot be read.
    #[error("cannot read the gold folder {dir}: {source}")]
    Unreadable {
        /// The folder.
        dir: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// The folder holds no `*.solution` file.
    #[error("no gold networks (*.solution) in {0}")]
    Empty(PathBuf),
}

/// One recipe's gold network.
#[derive(Debug)]
pub struct GoldNetwork {
    /// The recipe id predictions are matched by (lower case).
    pub recipe_id: String,
    /// The file it was read from.
    pub path: PathBuf,
    /// The network, or why it could not be read.
    pub recipe: Result<Recipe, Vec<Diagnostic>>,
    /// The variable whose value is the gold dish.
    pub dish_variable: Option<String>,
    run: OnceLock<Option<GoldRun>>,
    /// The same in the corrected profile (computed when first asked for).
    run_corrected: OnceLock<Option<GoldRun>>,
    /// Its side of the errors of a prediction (computed when first asked for).
    error_side: OnceLock<Option<crate::errors::align::Side>>,
}

/// A gold network's execution, with its bindings as the evaluator sees them.
#[derive(Debug)]
pub struct GoldRun {
    /// The gold network's execution, in the kitchen of the profile it was
    /// run in.
    pub execution: Execution,
    /// [`bindings_after_run`] of `execution`.
    pub bindings: Vec<Option<Binding>>,
    /// The gold dish unfolded and located, once for every prediction it
    /// is compared with.
    pub(crate) dish: crate::dish::GoldDish,
    /// Where its goals are, once for every prediction they are sought in.
    pub(crate) goals: crate::goals::GoldGoals,
}

impl GoldNetwork {
    /// The gold network of recipe `id`: the first recipe of `loaded`, read
    /// from `path`. Its dish is the variable `data/gold-dishes.toml` names
    /// for `id`, else the first argument of its last predicate.
    fn of_loaded(id: String, path: PathBuf, loaded: Loaded) -> GoldNetwork {
        let recipe = match (loaded.fatal, loaded.recipes.into_iter().next()) {
            (Some(d), _) => Err(vec![d]),
            (None, Some((r, diags))) if !diags.iter().any(Diagnostic::is_error) => Ok(r),
            (None, Some((_, diags))) => Err(diags),
            (None, None) => Err(Vec::new()),
        };
        let dish_variable = gold_dishes()
            .recipes
            .get(&id)
            .map(|d| d.dish.clone())
            .or_else(|| {
                let r = recipe.as_ref().ok()?;
                r.predicates
                    .last()?
                    .args
                    .first()?
                    .as_variable()
                    .map(str::to_string)
            });
        GoldNetwork {
            recipe_id: id,
            path,
            recipe,
            dish_variable,
            run: OnceLock::new(),
            run_corrected: OnceLock::new(),
            error_side: OnceLock::new(),
        }
    }

    /// Its side of the errors against it (`sous evaluate --errors`): its
    /// flow and what each action is like, made once for every prediction.
    pub fn error_side(&self) -> Option<&crate::errors::align::Side> {
        self.error_side
            .get_or_init(|| {
                let recipe = self.recipe.as_ref().ok()?;
                Some(crate::errors::align::Side::of(
                    crate::errors::flow::Flow::of(recipe),
                ))
            })
            .as_ref()
    }

    /// The gold network executed from the full kitchen (computed once, and
    /// shared by every prediction of this recipe).
    pub fn run(&self) -> Option<&GoldRun> {
        self.run_in(Profile::Reference)
    }

    /// The gold network executed in the kitchen of `profile` (each computed
    /// once): a prediction is scored against the gold made in its kitchen.
    pub fn run_in(&self, profile: Profile) -> Option<&GoldRun> {
        let cell = match profile {
            Profile::Reference => &self.run,
            Profile::Corrected => &self.run_corrected,
        };
        cell.get_or_init(|| {
            let options = sous_sim::Options {
                profile,
                ..sous_sim::Options::default()
            };
            let execution = execute_with(self.recipe.as_ref().ok()?, options);
            let bindings = bindings_after_run(&execution);
            Some(GoldRun {
                execution,
                bindings,
                dish: Default::default(),
                goals: Default::default(),
            })
        })
        .as_ref()
    }

    /// The execution of [`GoldNetwork::run`], in the reference's kitchen.
    pub fn execution(&self) -> Option<&Execution> {
        self.run().map(|r| &r.execution)
    }
}

/// The gold networks of a folder, keyed by recipe id.
#[derive(Debug)]
pub struct GoldStandard {
    /// The folder the networks were read from.
    pub dir: PathBuf,
    networks: BTreeMap<String, GoldNetwork>,
}

impl GoldStandard {
    /// Reads every `*.solution` file of `dir`. The recipe id is the file
    /// name (the header inside is not trusted: one gold file of the
    /// benchmark carries another recipe's header), except where
    /// `data/gold-dishes.toml` names another file.
    pub fn load(dir: &Path) -> Result<GoldStandard, GoldError> {
        let entries = std::fs::read_dir(dir).map_err(|source| GoldError::Unreadable {
            dir: dir.to_path_buf(),
            source,
        })?;
        let mut files: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "solution"))
            .collect();
        files.sort();
        if files.is_empty() {
            return Err(GoldError::Empty(dir.to_path_buf()));
        }
        let table = gold_dishes();
        let mut networks = BTreeMap::new();
        for path in files {
            let stem = path
                .file_stem()
                .map(|s| s.to_string_lossy().to_lowercase())
                .unwrap_or_default();
            let id = table
                .recipes
                .iter()
                .find(|(_, d)| d.file.as_deref() == Some(stem.as_str()))
                .map_or(stem, |(id, _)| id.clone());
            let loaded = load(&path);
            networks.insert(id.clone(), GoldNetwork::of_loaded(id, path, loaded));
        }
        Ok(GoldStandard {
            dir: dir.to_path_buf(),
            networks,
        })
    }

    /// The gold standard of one network, the first of `text`, as the gold
    /// network of recipe `id` whatever its header says (for
    /// [`crate::evaluate_text`]).
    pub(crate) fn of_text(id: &str, text: &str) -> GoldStandard {
        const NAME: &str = "<gold text>";
        let id = id.to_lowercase();
        let loaded = crate::source::load_text(NAME.to_string(), text.as_bytes().to_vec());
        let network = GoldNetwork::of_loaded(id.clone(), PathBuf::from(NAME), loaded);
        GoldStandard {
            dir: PathBuf::new(),
            networks: BTreeMap::from([(id, network)]),
        }
    }

    /// The same gold standard with the errata (`data/errata.toml`) applied
    /// to the networks they correct; the others stay as they are.
    pub fn with_errata(mut self) -> Result<GoldStandard, crate::errata::ErrataError> {
        use crate::errata::ErrataError;
        for e in crate::errata::all()? {
            let Some(g) = self.networks.get_mut(&e.recipe) else {
                return Err(ErrataError::NoRecipe {
                    recipe: e.recipe.clone(),
                });
            };
            let text = std::fs::read_to_string(&g.path).map_err(|err| ErrataError::Parse {
                recipe: e.recipe.clone(),
                message: err.to_string(),
            })?;
            let fixed = crate::errata::corrected(&e, &text)?;
            let (file, diags) = sous_lang::parse(&g.path.display().to_string(), &fixed);
            let recipe = file
                .recipes
                .into_iter()
                .next()
                .filter(|_| !diags.iter().any(|(_, d)| d.is_error()))
                .ok_or_else(|| ErrataError::Parse {
                    recipe: e.recipe.clone(),
                    message: format!("{diags:?}"),
                })?;
            g.recipe = Ok(recipe);
            g.run = OnceLock::new();
            g.run_corrected = OnceLock::new();
        }
        Ok(self)
    }

    /// The gold network of a recipe id (case-insensitive).
    pub fn get(&self, recipe_id: &str) -> Option<&GoldNetwork> {
        self.networks.get(&recipe_id.to_lowercase())
    }

    /// The recipe ids of the gold networks, in order.
    pub fn ids(&self) -> impl Iterator<Item = &str> {
        self.networks.keys().map(String::as_str)
    }

    /// The gold networks in recipe-id order.
    pub fn networks(&self) -> impl Iterator<Item = &GoldNetwork> {
        self.networks.values()
    }

    /// Each gold network read again from its file as a prediction of its
    /// own recipe (with what reading it found), in recipe-id order: the
    /// workload the benchmarks and instruction counts score. A file that
    /// holds no recipe is left out.
    pub fn as_predictions(&self) -> Vec<(Recipe, Vec<Diagnostic>)> {
        self.networks()
            .filter_map(|g| {
                let loaded = load(&g.path);
                let (mut recipe, diags) = loaded.recipes.into_iter().next()?;
                recipe.id = g.recipe_id.clone();
                Some((recipe, diags))
            })
            .collect()
    }
}

/// The benchmark's gold folder inside a benchmark checkout.
pub fn gold_dir_of_benchmark(benchmark: &Path) -> PathBuf {
    benchmark.join("data/gold-standard-solutions/meaning-only")
}
