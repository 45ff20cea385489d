//! Who may use the API, and what the page may do in a browser.
//!
//! - With a token (`--token`, `SOUS_TOKEN`), every `/api/` call needs
//!   `Authorization: Bearer <token>`; the page asks for it once and keeps it
//!   for the tab. The page itself and its assets hold no data and stay open.
//! - CORS is off unless origins are configured (`--cors-origin`).
//! - The page is sent with a Content-Security-Policy that allows only its
//!   own script; it never reads recipe or network text as HTML.

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::header::{AUTHORIZATION, WWW_AUTHENTICATE};
use axum::http::{HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::{ApiError, AppState};

/// Who may use the API.
#[derive(Debug, Clone, Default)]
pub struct Access {
    /// When set, every API call needs `Authorization: Bearer <token>`.
    pub token: Option<String>,
    /// Origins allowed to call the API from a browser page of theirs
    /// (CORS); none by default.
    pub cors_origins: Vec<String>,
}

/// The page's Content-Security-Policy: its own script and styles only, no
/// plugins, no framing, API calls to itself.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; \
    style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; \
    base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// Equal bytes, in time that does not depend on where they differ.
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Refuses `/api/` calls without the right bearer token (when one is set).
pub async fn require_token(
    State(state): State<Arc<AppState>>,
    request: Request,
    next: Next,
) -> Response {
    let Some(token) = state.access.token.as_deref() else {
        return next.run(request).await;
    };
    if !request.uri().path().starts_with("/api/") {
        return next.run(request).await;
    }
    let given = request
        .headers()
        .get(AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "));
    if given.is_some_and(|g| same(g.trim().as_bytes(), token.as_bytes())) {
        return next.run(request).await;
    }
    let mut answer = ApiError::new(
        StatusCode::UNAUTHORIZED,
        "this server needs a token: send `Authorization: Bearer <token>`",
    )
    .into_response();
    answer
        .headers_mut()
        .insert(WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
    answer
}

/// The CORS layer for the configured origins, if any.
pub fn cors(origins: &[String]) -> Option<tower_http::cors::CorsLayer> {
    use axum::http::{header, Method};
    use tower_http::cors::{AllowOrigin, CorsLayer};
    let origins: Vec<HeaderValue> = origins
        .iter()
        .filter_map(|o| HeaderValue::from_str(o).ok())
        .collect();
    (!origins.is_empty()).then(|| {
        CorsLayer::new()
            .allow_origin(AllowOrigin::list(origins))
            .allow_methods([Method::GET, Method::POST, Method::DELETE])
            .allow_headers([header::CONTENT_TYPE, header::AUTHORIZATION])
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_compare_whole() {
        assert!(same(b"abc", b"abc"));
        assert!(!same(b"abc", b"abd"));
        assert!(!same(b"abc", b"abcd"));
    }
}
