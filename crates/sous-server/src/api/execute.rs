//! `POST /api/execute`: run a network in the qualitative kitchen, or also in
//! the physics kitchen (`"mode": "quantitative"`).
//!
//! Three shapes of answer, by the request's `compact` and `lean`:
//!
//! - lean (`"compact": true`, the default; qualitative mode only, a
//!   quantitative answer keeps its trees and their poses): every binding one level deep
//!   (its slots, nested entities as `{"class", "id"}` references, runs of
//!   identical list items written once), kitchen states and `final_kitchen`
//!   as `{"class": "kitchen-state", "id", "kitchen-time"}`; 36 KB for the
//!   almond gold network instead of 150 KB;
//! - compact trees (`"compact": true, "lean": false`): every bound entity and
//!   the final kitchen as whole trees, runs of identical list items written
//!   once (what the lean answer was before it was lean);
//! - full (`"compact": false`): every entity in full, every list item.
//!
//! `"kitchen_states": true` adds the kitchen after every step (whole trees,
//! compact unless `"compact": false`), written into the response step by
//! step (see [`stream_kitchen_states`]) rather than built whole.
//! Qualitative answers without kitchen states are cached (see
//! [`crate::cache`]).

use std::convert::Infallible;
use std::sync::Arc;

use axum::body::Body;
use axum::extract::State;
use axum::http::header::CONTENT_TYPE;
use axum::response::{IntoResponse, Response};
use axum::Json;
use bytes::Bytes;
use serde::{Deserialize, Serialize};
use sous_kitchen::EntityView;
use sous_sim::{Execution, ExecutionView, LeanExecutionView, Mode};

use super::network::read_network;
use crate::cache::Caches;
use crate::{ApiError, AppState, Limits};

/// The body of `POST /api/execute`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExecuteRequest {
    #[serde(default)]
    mode: Option<String>,
    /// `reference` (default) or `corrected` (the reference's bugs fixed).
    #[serde(default)]
    profile: Option<String>,
    network: String,
    /// A lean answer (default true); false: every entity in full.
    #[serde(default = "yes")]
    compact: bool,
    /// With `compact`: bindings one level deep and the final kitchen
    /// summarised (default true); false: whole trees, runs of identical list
    /// items written once. Ignored without `compact`.
    #[serde(default = "yes")]
    lean: bool,
    /// Also return the kitchen state after every step (default false).
    #[serde(default)]
    kitchen_states: bool,
}

fn yes() -> bool {
    true
}

/// Bindings (variable → entity), the execution order with start and end of
/// each action, failures with reasons, and the execution time.
pub async fn execute(
    State(state): State<Arc<AppState>>,
    body: Result<Json<ExecuteRequest>, axum::extract::rejection::JsonRejection>,
) -> Result<Response, ApiError> {
    let Json(req) = body?;
    let mode = super::parse_mode(req.mode.as_deref())?;
    if req.kitchen_states && mode == Mode::Qualitative {
        return stream_kitchen_states(state, req).await;
    }
    // A cached answer is sent from here, without a trip to the blocking pool.
    let key = answer_key(&state.caches, &req, mode);
    if let Some(answer) = key.as_ref().and_then(|k| state.caches.answer(k)) {
        return Ok(json(answer));
    }
    let run = {
        let state = state.clone();
        move || answer_and_keep(&req, &state.limits, &state.caches, key)
    };
    Ok(json(super::run_in_mode(&state, mode, run).await?))
}

fn json(body: impl Into<Body>) -> Response {
    ([(CONTENT_TYPE, "application/json")], body.into()).into_response()
}

/// The cached answer to `req`, if there is one (what a repeated request
/// costs: the request hashed and looked up). Public for the benchmark.
pub fn cached_answer(req: &ExecuteRequest, caches: &Caches) -> Option<Bytes> {
    let mode = super::parse_mode(req.mode.as_deref()).ok()?;
    caches.answer(&answer_key(caches, req, mode)?)
}

/// Answers `req` as the endpoint does without its HTTP: from the cache, or
/// executed (the network read through the cache) and then kept. Public for
/// the benchmark and the tests.
pub fn execute_cached(
    req: &ExecuteRequest,
    limits: &Limits,
    caches: &Caches,
) -> Result<Bytes, ApiError> {
    let mode = super::parse_mode(req.mode.as_deref())?;
    let key = answer_key(caches, req, mode);
    if let Some(answer) = key.as_ref().and_then(|k| caches.answer(k)) {
        return Ok(answer);
    }
    answer_and_keep(req, limits, caches, key)
}

/// Answers `req` afresh (the network read through the cache) and keeps the
/// answer under `key`, when it is to be cached.
fn answer_and_keep(
    req: &ExecuteRequest,
    limits: &Limits,
    caches: &Caches,
    key: Option<crate::cache::Key>,
) -> Result<Bytes, ApiError> {
    let answer = Bytes::from(execute_json_cached(req, limits, caches)?);
    if let Some(key) = key {
        caches.keep_answer(key, answer.clone());
    }
    Ok(answer)
}

/// The cache key of a request's answer: `None` when it is not cached
/// (physics, kitchen states, or the answer cache off).
fn answer_key(caches: &Caches, req: &ExecuteRequest, mode: Mode) -> Option<crate::cache::Key> {
    if mode != Mode::Qualitative || req.kitchen_states {
        return None;
    }
    let flags = [u8::from(req.compact), u8::from(req.lean)];
    let profile = req.profile.as_deref().unwrap_or("").as_bytes();
    caches.answer_key(&[b"qualitative", profile, &flags], &req.network)
}

/// The whole answer to one request, serialised: the network parsed and
/// validated, executed, and written as JSON. Public so that the benchmark
/// (`cargo bench -p sous-server`) measures exactly what a request costs
/// when nothing is cached.
pub fn execute_json(req: &ExecuteRequest, limits: &Limits) -> Result<Vec<u8>, ApiError> {
    execute_json_cached(req, limits, &Caches::new(crate::CacheLimits::OFF))
}

/// [`execute_json`] with the network read through `caches`.
fn execute_json_cached(
    req: &ExecuteRequest,
    limits: &Limits,
    caches: &Caches,
) -> Result<Vec<u8>, ApiError> {
    let (x, mode) = run(req, limits, caches)?;
    let compact = req.compact;
    let kitchen_states = req.kitchen_states.then(|| {
        (0..x.steps.len())
            .map(|i| {
                x.kitchen_after(i)
                    .map(|k| EntityView { entity: k, compact })
            })
            .collect()
    });
    let answer = answer(req, mode, &x, kitchen_states);
    if mode == Mode::Quantitative {
        // Poses and the physics summary are added to the JSON tree.
        let mut value = serde_json::to_value(&answer).map_err(internal)?;
        if let Some(states) = value
            .get_mut("kitchen_states")
            .and_then(|v| v.as_array_mut())
        {
            for (i, k) in states.iter_mut().enumerate() {
                sous_physics::add_poses_after(&x, i, k);
            }
        }
        let value = sous_physics::physics_json(&x, value);
        return serde_json::to_vec(&value).map_err(internal);
    }
    // Lean answers of the gold networks are 20 to 60 KB, whole ones 90 to
    // 250 KB: start big enough to grow only a few times instead of from
    // serde_json's 128 bytes.
    let mut body = Vec::with_capacity(if answer.lean() { 32 << 10 } else { 64 << 10 });
    serde_json::to_writer(&mut body, &answer).map_err(internal)?;
    Ok(body)
}

/// The network of `req` read (through the cache) and executed.
fn run(
    req: &ExecuteRequest,
    limits: &Limits,
    caches: &Caches,
) -> Result<(Execution, Mode), ApiError> {
    let mode = super::parse_mode(req.mode.as_deref())?;
    let recipe = caches.network(&req.network, || read_network(&req.network, limits))?;
    let profile = super::parse_profile(req.profile.as_deref())?;
    let options = sous_sim::Options {
        profile,
        ..sous_sim::Options::default()
    };
    Ok((
        sous_physics::execute_in_mode_with(&recipe, mode, options),
        mode,
    ))
}

/// The answer's view: lean when compact and lean were asked for, in
/// qualitative mode (a quantitative answer carries the poses of its final
/// kitchen, and the physics costs far more than writing it).
fn answer<'a>(
    req: &ExecuteRequest,
    mode: Mode,
    x: &'a Execution,
    kitchen_states: Option<Vec<Option<EntityView<'a>>>>,
) -> Answer<'a> {
    let execution = if req.compact && req.lean && mode == Mode::Qualitative {
        Head::Lean(LeanExecutionView { execution: x })
    } else {
        Head::Trees(ExecutionView {
            execution: x,
            compact: req.compact,
        })
    };
    Answer {
        execution,
        graph: sous_sim::action_graph(x),
        kitchen_states,
    }
}

fn internal(e: serde_json::Error) -> ApiError {
    ApiError::new(axum::http::StatusCode::INTERNAL_SERVER_ERROR, e.to_string())
}

/// A qualitative answer with `kitchen_states`, written into the response as
/// it goes: the answer without the states (executed and written on the
/// blocking pool), then each step's kitchen state, each written on the
/// blocking pool when the response asks for it. The almond gold's states
/// are 3.4 MB in full (0.9 MB compact); they are never in memory at once,
/// and no thread waits on a slow reader. The bytes are those of the whole
/// answer written at once (`{…, "graph": …, "kitchen_states": [k0, k1, …]}`).
async fn stream_kitchen_states(
    state: Arc<AppState>,
    req: ExecuteRequest,
) -> Result<Response, ApiError> {
    let compact = req.compact;
    let head = {
        let state = state.clone();
        move || {
            let (x, _) = run(&req, &state.limits, &state.caches)?;
            let mut head = Vec::with_capacity(64 << 10);
            let answer = answer(&req, Mode::Qualitative, &x, None);
            serde_json::to_writer(&mut head, &answer).map_err(internal)?;
            // `{…}` becomes `{…,"kitchen_states":[`.
            head.pop();
            head.extend_from_slice(b",\"kitchen_states\":[");
            Ok((Arc::new(x), head))
        }
    };
    let (x, head) = super::run_in_mode(&state, Mode::Qualitative, head).await?;
    let steps = x.steps.len();
    let chunks = futures_util::stream::unfold(0, move |i| {
        let x = x.clone();
        async move {
            if i > steps {
                return None;
            }
            if i == steps {
                return Some((Ok::<_, Infallible>(Bytes::from_static(b"]}")), i + 1));
            }
            let chunk = tokio::task::spawn_blocking(move || {
                let mut chunk = Vec::with_capacity(32 << 10);
                if i > 0 {
                    chunk.push(b',');
                }
                let view = x
                    .kitchen_after(i)
                    .map(|k| EntityView { entity: k, compact });
                // Cannot fail: the views write string keys into a Vec.
                serde_json::to_writer(&mut chunk, &view).expect("JSON views have string keys");
                Bytes::from(chunk)
            })
            .await
            // Only a panic ends it early (the answer is then cut short).
            .ok()?;
            Some((Ok(chunk), i + 1))
        }
    });
    let head = futures_util::stream::once(async move { Ok(Bytes::from(head)) });
    use futures_util::StreamExt;
    Ok(json(Body::from_stream(head.chain(chunks))))
}

/// The answer, written straight from the execution into the response
/// buffer (no `serde_json::Value` in between).
#[derive(Serialize)]
struct Answer<'a> {
    #[serde(flatten)]
    execution: Head<'a>,
    graph: sous_sim::ActionGraph,
    #[serde(skip_serializing_if = "Option::is_none")]
    kitchen_states: Option<Vec<Option<EntityView<'a>>>>,
}

impl Answer<'_> {
    fn lean(&self) -> bool {
        matches!(self.execution, Head::Lean(_))
    }
}

/// The execution's part of an answer, lean or with whole trees.
#[derive(Serialize)]
#[serde(untagged)]
enum Head<'a> {
    Lean(LeanExecutionView<'a>),
    Trees(ExecutionView<'a>),
}
