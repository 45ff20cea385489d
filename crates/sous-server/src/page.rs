//! The web page at `/`: static files embedded in the binary at build time,
//! so `sous serve` needs no separate front-end build and no internet.
//! The page only talks to the JSON API.

use axum::extract::Path;
use axum::http::header::{
    CACHE_CONTROL, CONTENT_SECURITY_POLICY, CONTENT_TYPE, REFERRER_POLICY, X_CONTENT_TYPE_OPTIONS,
    X_FRAME_OPTIONS,
};
use axum::response::{IntoResponse, Response};

use crate::ApiError;

/// Name, media type and contents of every asset.
const ASSETS: &[(&str, &str, &str)] = &[
    (
        "app.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/app.js"),
    ),
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("../assets/style.css"),
    ),
    (
        "viewer.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/viewer.js"),
    ),
    // three.js, vendored from the npm registry by tools/vendor_three.py
    // (pinned; assets/vendor/VERSION), so the 3D viewer works offline.
    (
        "three.module.min.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/vendor/three.module.min.js"),
    ),
    (
        "OrbitControls.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/vendor/OrbitControls.js"),
    ),
    (
        "GLTFLoader.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/vendor/GLTFLoader.js"),
    ),
    (
        "BufferGeometryUtils.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/vendor/BufferGeometryUtils.js"),
    ),
];

const INDEX: &str = include_str!("../assets/index.html");

pub async fn index() -> Response {
    (
        [
            (CONTENT_TYPE, "text/html; charset=utf-8"),
            (
                CONTENT_SECURITY_POLICY,
                crate::access::CONTENT_SECURITY_POLICY,
            ),
            (X_CONTENT_TYPE_OPTIONS, "nosniff"),
            (REFERRER_POLICY, "no-referrer"),
            (X_FRAME_OPTIONS, "DENY"),
        ],
        INDEX,
    )
        .into_response()
}

pub async fn asset(Path(name): Path<String>) -> Result<Response, ApiError> {
    let (_, media_type, body) = ASSETS
        .iter()
        .find(|(n, _, _)| *n == name)
        .ok_or_else(|| ApiError::not_found(format!("no asset `{name}`")))?;
    Ok((
        [
            (CONTENT_TYPE, *media_type),
            (CACHE_CONTROL, "no-cache"),
            (X_CONTENT_TYPE_OPTIONS, "nosniff"),
        ],
        *body,
    )
        .into_response())
}
