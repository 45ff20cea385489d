//! A network sent as text: parsed and validated, within the limits.

use sous_lang::{Diagnostic, Recipe};

use crate::{ApiError, Limits};

/// The one recipe of `text`. A text without a `#recipe-id` header is taken
/// as one network (named `network`); problems come back with line and column.
pub fn read_network(text: &str, limits: &Limits) -> Result<Recipe, ApiError> {
    let loaded = sous_eval::source::load_text("network".into(), text.as_bytes().to_vec());
    if let Some(d) = loaded.fatal {
        return Err(ApiError::invalid_network(vec![d]));
    }
    let mut recipes = loaded.recipes.into_iter();
    let Some((recipe, diags)) = recipes.next() else {
        return Err(ApiError::bad_request("the network is empty"));
    };
    if recipes.next().is_some() {
        return Err(ApiError::bad_request(
            "send one network at a time (this text has several `#recipe-id` headers)",
        ));
    }
    if recipe.predicates.len() > limits.max_network_predicates {
        return Err(ApiError::new(
            axum::http::StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "the network has {} predicates; the limit is {}",
                recipe.predicates.len(),
                limits.max_network_predicates
            ),
        ));
    }
    if diags.iter().any(Diagnostic::is_error) {
        return Err(ApiError::invalid_network(diags));
    }
    Ok(recipe)
}
