//! A network built up call by call, for agents that read a recipe sentence
//! by sentence and look at the kitchen in between. The HTTP API's sessions
//! and the Python package's `sous.Session` are this one type; each front end
//! only adds its own parsing limits and its own output.
//!
//! Each call parses and validates the network with the new lines (the
//! caller's limits apply to the whole), then adds only the new predicates
//! to the session's `sous_sim::Session`, which runs what they enable:
//! earlier actions never run again, so a call costs its own actions. A call
//! that adds nothing valid leaves the session as it was.

use sous_lang::Recipe;
use sous_sim::{Execution, Options as SimOptions, Profile};

use crate::{evaluate_recipe, GoldStandard, MetricSet, Options, RecipeReport, Simulator};

/// One session: the recipe it is for (if any), the kitchen it runs in and
/// the network so far.
#[derive(Clone)]
pub struct Session {
    recipe: Option<String>,
    profile: Profile,
    backend: Option<Simulator>,
    /// The predicates received so far, one per line, in order.
    network: String,
    /// How many predicates `network` holds.
    predicates: usize,
    /// The network so far, executed.
    kitchen: sous_sim::Session<'static>,
    /// The variables bound after the last call (to tell what a call added).
    bound: Vec<String>,
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session")
            .field("recipe", &self.recipe)
            .field("profile", &self.profile)
            .field("backend", &self.backend)
            .field("predicates", &self.predicates)
            .finish()
    }
}

/// Why a session cannot be evaluated.
#[derive(Debug, thiserror::Error)]
pub enum SessionError<E> {
    /// The session was started without a recipe id.
    #[error("this session is for no recipe: start it with a recipe id to evaluate it")]
    NoRecipe,
    /// The gold standard has no network for the session's recipe.
    #[error("no gold network for recipe `{0}`")]
    UnknownRecipe(String),
    /// The network does not read (the caller's own error).
    #[error(transparent)]
    Network(E),
}

impl Session {
    /// A new, empty session. `recipe` (lower-cased) names the gold network
    /// it is evaluated against; `backend` also carries the actions out in
    /// that simulator (`None`: the qualitative kitchen alone).
    pub fn new(recipe: Option<String>, profile: Profile, backend: Option<Simulator>) -> Session {
        let options = SimOptions {
            profile,
            ..SimOptions::default()
        };
        let id = recipe.clone().unwrap_or_else(|| "session".into());
        Session {
            recipe: recipe.map(|r| r.to_lowercase()),
            profile,
            backend,
            network: String::new(),
            predicates: 0,
            kitchen: sous_sim::Session::new(&id, options, backend.map(|Simulator(b)| b)),
            bound: Vec::new(),
        }
    }

    /// The recipe id the session is evaluated against, if it has one.
    pub fn recipe(&self) -> Option<&str> {
        self.recipe.as_deref()
    }

    /// The kitchen the session runs in, and its gold network with it.
    pub fn profile(&self) -> Profile {
        self.profile
    }

    /// The simulator that also carries out the actions, if any.
    pub fn backend(&self) -> Option<Simulator> {
        self.backend
    }

    /// The predicates received so far, one per line.
    pub fn network(&self) -> &str {
        &self.network
    }

    /// The variables bound after the last call.
    pub fn bound(&self) -> &[String] {
        &self.bound
    }

    /// The execution of the network so far (`None` before the first action).
    pub fn execution(&self) -> Option<Execution> {
        (self.predicates > 0).then(|| self.kitchen.execution())
    }

    /// Appends `actions` (one predicate per line, blank lines dropped),
    /// runs what they enable and keeps them; `read` parses and validates
    /// the whole network with the caller's limits, and on its error the
    /// session is unchanged. Returns the execution and the variables this
    /// call bound, in network order.
    pub fn add<E>(
        &mut self,
        actions: &str,
        read: impl FnOnce(&str) -> Result<Recipe, E>,
    ) -> Result<(Option<Execution>, Vec<String>), E> {
        let mut network = self.network.clone();
        for line in actions.lines().map(str::trim).filter(|l| !l.is_empty()) {
            network.push_str(line);
            network.push('\n');
        }
        if network.trim().is_empty() {
            return Ok((None, Vec::new()));
        }
        let recipe = read(&network)?;
        for p in recipe.predicates.iter().skip(self.predicates) {
            // `read` validated every predicate: each names a primitive.
            let _ = self.kitchen.add(p);
        }
        self.predicates = recipe.predicates.len();
        self.network = network;
        let x = self.kitchen.execution();
        let now = bound_variables(&x);
        let new = now
            .iter()
            .filter(|v| !self.bound.contains(v))
            .cloned()
            .collect();
        self.bound = now;
        Ok((Some(x), new))
    }

    /// Scores the session's network against its recipe's gold network, in
    /// the session's kitchen (the gold network runs in the same profile).
    pub fn evaluate<E>(
        &self,
        gold: &GoldStandard,
        metrics: MetricSet,
        explain: bool,
        read: impl FnOnce(&str) -> Result<Recipe, E>,
    ) -> Result<RecipeReport, SessionError<E>> {
        let id = self.recipe.clone().ok_or(SessionError::NoRecipe)?;
        if gold.get(&id).is_none() {
            return Err(SessionError::UnknownRecipe(id));
        }
        let mut recipe = read(&self.network).map_err(SessionError::Network)?;
        recipe.id = id;
        let options = Options {
            metrics,
            exact_smatch: false,
            smatch_runs: 1,
            profile: self.profile,
            explain,
            errors: false,
            backend: self.backend,
        };
        Ok(evaluate_recipe(&recipe, &[], gold, &options))
    }
}

/// The variables an execution binds (constants left out), in network order.
fn bound_variables(x: &Execution) -> Vec<String> {
    x.network
        .variables
        .iter()
        .zip(&x.bindings)
        .filter(|(var, b)| var.constant.is_none() && b.is_some())
        .map(|(var, _)| var.name.clone())
        .collect()
}
