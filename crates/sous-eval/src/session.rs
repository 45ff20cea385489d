//! A network built up call by call, for agents that read a recipe sentence
//! by sentence and look at the kitchen in between. The HTTP API's sessions
//! and the Python package's `sous.Session` are this one type; each front end
//! only adds its own parsing limits and its own output.
//!
//! Every call executes the whole network again. Execution is deterministic,
//! so bindings made by earlier calls never change, and a call that adds
//! nothing valid leaves the session as it was.

use sous_lang::Recipe;
use sous_sim::{Execution, Options as SimOptions, Profile};

use crate::{evaluate_recipe, GoldStandard, MetricSet, Options, RecipeReport, Simulator};

/// One session: the recipe it is for (if any), the kitchen it runs in and
/// the network so far.
#[derive(Debug, Clone)]
pub struct Session {
    recipe: Option<String>,
    profile: Profile,
    backend: Option<Simulator>,
    /// The predicates received so far, one per line, in order.
    network: String,
    /// The variables bound after the last call (to tell what a call added).
    bound: Vec<String>,
}

/// Why a session cannot be evaluated.
#[derive(Debug, thiserror::Error)]
pub enum SessionError<E> {
    #[error("this session is for no recipe: start it with a recipe id to evaluate it")]
    NoRecipe,
    #[error("no gold network for recipe `{0}`")]
    UnknownRecipe(String),
    #[error(transparent)]
    Network(E),
}

impl Session {
    /// A new, empty session. `recipe` (lower-cased) names the gold network
    /// it is evaluated against; `backend` also carries the actions out in
    /// that simulator (`None`: the qualitative kitchen alone).
    pub fn new(recipe: Option<String>, profile: Profile, backend: Option<Simulator>) -> Session {
        Session {
            recipe: recipe.map(|r| r.to_lowercase()),
            profile,
            backend,
            network: String::new(),
            bound: Vec::new(),
        }
    }

    pub fn recipe(&self) -> Option<&str> {
        self.recipe.as_deref()
    }

    pub fn profile(&self) -> Profile {
        self.profile
    }

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

    /// The session's network with `actions` appended: one predicate per
    /// line, blank lines dropped. The session itself is not changed.
    pub fn extended(&self, actions: &str) -> String {
        let mut network = self.network.clone();
        for line in actions.lines().map(str::trim).filter(|l| !l.is_empty()) {
            network.push_str(line);
            network.push('\n');
        }
        network
    }

    /// Executes `network` (the session's own, or one [`Session::extended`]
    /// made) in the session's kitchen; `read` parses and validates it with
    /// the caller's limits. An empty network has no execution.
    pub fn execute<E>(
        &self,
        network: &str,
        read: impl FnOnce(&str) -> Result<Recipe, E>,
    ) -> Result<Option<Execution>, E> {
        if network.trim().is_empty() {
            return Ok(None);
        }
        let recipe = read(network)?;
        let options = SimOptions {
            profile: self.profile,
            ..SimOptions::default()
        };
        Ok(Some(match self.backend {
            Some(Simulator(b)) => sous_sim::execute_in(&recipe, options, b),
            None => sous_sim::execute_with(&recipe, options),
        }))
    }

    /// Makes `network`, executed as `x`, the session's network, and returns
    /// the variables `x` binds that were not bound before, in network order.
    pub fn commit(&mut self, network: String, x: Option<&Execution>) -> Vec<String> {
        let now = x.map(bound_variables).unwrap_or_default();
        let new = now
            .iter()
            .filter(|v| !self.bound.contains(v))
            .cloned()
            .collect();
        self.network = network;
        self.bound = now;
        new
    }

    /// Appends `actions`, executes the result and keeps it; on a network
    /// error the session is unchanged. Returns the execution and the
    /// variables this call bound.
    pub fn add<E>(
        &mut self,
        actions: &str,
        read: impl FnOnce(&str) -> Result<Recipe, E>,
    ) -> Result<(Option<Execution>, Vec<String>), E> {
        let network = self.extended(actions);
        let x = self.execute(&network, read)?;
        let new = self.commit(network, x.as_ref());
        Ok((x, new))
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
