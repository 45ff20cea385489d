//! API errors as JSON with a status code.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;

#[derive(Debug, Serialize)]
pub struct ApiError {
    #[serde(skip)]
    pub status: StatusCode,
    pub error: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<u32>,
    /// Every problem found, when there are several.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub diagnostics: Vec<sous_lang::Diagnostic>,
    /// Seconds after which the client may try again, sent as `Retry-After`
    /// (with 503 when the physics workers are all busy).
    #[serde(skip)]
    pub retry_after: Option<u64>,
}

impl ApiError {
    pub fn new(status: StatusCode, error: impl Into<String>) -> Self {
        ApiError {
            status,
            error: error.into(),
            line: None,
            column: None,
            diagnostics: Vec::new(),
            retry_after: None,
        }
    }

    /// 503 with `Retry-After: seconds`: the server is busy, not broken.
    pub fn busy(error: impl Into<String>, seconds: u64) -> Self {
        ApiError {
            retry_after: Some(seconds),
            ..ApiError::new(StatusCode::SERVICE_UNAVAILABLE, error)
        }
    }

    pub fn bad_request(error: impl Into<String>) -> Self {
        ApiError::new(StatusCode::BAD_REQUEST, error)
    }

    pub fn not_found(error: impl Into<String>) -> Self {
        ApiError::new(StatusCode::NOT_FOUND, error)
    }

    /// The first error among `diagnostics`, with its position, and all of them.
    pub fn invalid_network(diagnostics: Vec<sous_lang::Diagnostic>) -> Self {
        let first = diagnostics
            .iter()
            .find(|d| d.is_error())
            .or(diagnostics.first());
        ApiError {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            error: first.map_or("invalid network".into(), |d| d.message.clone()),
            line: first.map(|d| d.span.line),
            column: first.map(|d| d.span.column),
            diagnostics,
            retry_after: None,
        }
    }
}

impl From<axum::extract::rejection::JsonRejection> for ApiError {
    /// A body that is not the JSON expected, with axum's status and reason.
    fn from(e: axum::extract::rejection::JsonRejection) -> Self {
        ApiError::new(e.status(), e.body_text())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let retry_after = self.retry_after;
        let mut response = (self.status, Json(self)).into_response();
        if let Some(seconds) = retry_after {
            response.headers_mut().insert(
                axum::http::header::RETRY_AFTER,
                axum::http::HeaderValue::from(seconds),
            );
        }
        response
    }
}
