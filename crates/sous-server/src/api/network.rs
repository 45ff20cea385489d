//! A network sent as text: parsed and validated, within the limits.

use sous_lang::{Diagnostic, Recipe};

use crate::{ApiError, Limits};

/// The one recipe of `text`. A text without a `#recipe-id` header is taken
/// as one network (named `network`); problems come back with line and column.
pub fn read_network(text: &str, limits: &Limits) -> Result<Recipe, ApiError> {
    use sous_eval::source::{one_network, NotOneNetwork};
    let (recipe, diags) = one_network("network", text).map_err(|e| match e {
        NotOneNetwork::Fatal(d) => ApiError::invalid_network(vec![d]),
        e => ApiError::bad_request(e.to_string()),
    })?;
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
