//! `POST /api/render`: a picture of the physics kitchen after one step of a
//! network (PNG: what the step changed, framed, and an overview, with a
//! caption giving the step, its line and its action), or with `format:
//! glb` the kitchen as binary glTF for the page's 3D viewer.
//!
//! The page asks for one step after another of the same network, so the
//! last quantitative execution is kept and reused while the network is the
//! same (executions are deterministic).

use std::sync::{Arc, Mutex};

use axum::extract::State;
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use axum::response::IntoResponse;
use axum::Json;
use serde::Deserialize;
use sous_sim::Execution;

use super::network::read_network;
use crate::{ApiError, AppState};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RenderRequest {
    network: String,
    /// The step after which to draw the kitchen (0-based, as in `steps`).
    /// JSON Schema's integers include `3.0`, so an integral float is taken.
    #[serde(deserialize_with = "whole_number")]
    step: usize,
    /// `png` (the default) or `glb`.
    #[serde(default)]
    format: Format,
}

#[derive(Deserialize, Default, Clone, Copy)]
#[serde(rename_all = "lowercase")]
enum Format {
    #[default]
    Png,
    Glb,
}

fn whole_number<'de, D: serde::Deserializer<'de>>(d: D) -> Result<usize, D::Error> {
    let x = f64::deserialize(d)?;
    if x >= 0.0 && x.fract() == 0.0 && x <= usize::MAX as f64 {
        Ok(x as usize)
    } else {
        Err(serde::de::Error::custom(format!(
            "`step` must be a whole number ≥ 0, not {x}"
        )))
    }
}

/// The last network executed for a picture, and its execution.
#[derive(Default)]
pub struct LastExecution(Mutex<Option<(String, Arc<Execution>)>>);

impl LastExecution {
    fn get_or_run(
        &self,
        network: &str,
        run: impl FnOnce() -> Result<Execution, ApiError>,
    ) -> Result<Arc<Execution>, ApiError> {
        if let Some((text, x)) = self.0.lock().unwrap_or_else(|e| e.into_inner()).as_ref() {
            if text == network {
                return Ok(x.clone());
            }
        }
        let x = Arc::new(run()?);
        *self.0.lock().unwrap_or_else(|e| e.into_inner()) = Some((network.to_string(), x.clone()));
        Ok(x)
    }
}

pub async fn render(
    State(state): State<Arc<AppState>>,
    body: Result<Json<RenderRequest>, axum::extract::rejection::JsonRejection>,
) -> Result<impl IntoResponse, ApiError> {
    let Json(req) = body?;
    // Every picture is of the physics kitchen: even when the execution is
    // the one kept, drawing it is physics work.
    let pool = state.physics.clone();
    let format = req.format;
    let (bytes, focus) = pool
        .run(move || {
            let x = state.last_render.get_or_run(&req.network, || {
                let recipe = read_network(&req.network, &state.limits)?;
                Ok(sous_physics::execute(&recipe))
            })?;
            let no_step = || {
                ApiError::not_found(format!(
                    "no step {} (the network ran {} steps)",
                    req.step,
                    x.steps.len()
                ))
            };
            let internal =
                |e: String| ApiError::new(axum::http::StatusCode::INTERNAL_SERVER_ERROR, e);
            match format {
                Format::Png => sous_physics::render_step(&x, req.step)
                    .ok_or_else(no_step)?
                    .map(|png| (png, None))
                    .map_err(|e| internal(e.to_string())),
                Format::Glb => sous_physics::step_glb(&x, req.step)
                    .ok_or_else(no_step)?
                    .map_err(|e| internal(e.to_string())),
            }
        })
        .await?;
    let media = match format {
        Format::Png => "image/png",
        Format::Glb => "model/gltf-binary",
    };
    let mut answer = ([(CONTENT_TYPE, media), (CACHE_CONTROL, "no-store")], bytes).into_response();
    if let Some(focus) = focus.and_then(|f| axum::http::HeaderValue::from_str(&f).ok()) {
        answer.headers_mut().insert("x-sous-focus", focus);
    }
    Ok(answer)
}
