//! `GET /api/openapi.json`: the OpenAPI 3.1 document that describes the API.
//!
//! It is written by hand (`openapi.json` beside the crate's manifest, since
//! most answers are built as JSON values rather than typed structs) and kept
//! honest by `tests/openapi.rs`, which checks its routes against
//! [`crate::api_routes`] and validates real answers against its schemas.

use std::sync::LazyLock;

use axum::http::header;
use axum::response::IntoResponse;
use serde_json::Value;

/// The document as written, embedded at build time.
const SOURCE: &str = include_str!("../../openapi.json");

/// The document with `info.version` set to this crate's version, serialized once.
static DOCUMENT: LazyLock<String> = LazyLock::new(|| {
    let mut doc: Value = serde_json::from_str(SOURCE)
        .unwrap_or_else(|e| panic!("crates/sous-server/openapi.json is not JSON: {e}"));
    doc["info"]["version"] = Value::from(env!("CARGO_PKG_VERSION"));
    doc.to_string()
});

/// The OpenAPI document served at `GET /api/openapi.json`.
pub fn openapi_json() -> &'static str {
    &DOCUMENT
}

pub async fn openapi() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "application/json")], openapi_json())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_document_parses_and_carries_the_crate_version() {
        let doc: Value = serde_json::from_str(openapi_json()).unwrap();
        assert!(doc["openapi"].as_str().unwrap().starts_with("3.1."));
        assert_eq!(doc["info"]["version"], env!("CARGO_PKG_VERSION"));
    }
}
