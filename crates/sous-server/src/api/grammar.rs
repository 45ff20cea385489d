//! `GET /api/grammar`: the grammar of the cooking language, for other
//! harnesses' constrained decoding (llama.cpp's `grammar`, vLLM's
//! structured outputs) or for checking networks with another parser. The
//! same text `sous grammar` prints, made by `sous_agent::llm::grammar`
//! from the primitives' signatures and the kitchen's names.

use std::collections::HashMap;

use axum::extract::Query;
use axum::http::header;
use axum::response::IntoResponse;
use sous_agent::llm::grammar::{grammar as make, Notation, Start};

use crate::ApiError;

/// `?format=gbnf|ebnf|lark` (default `gbnf`) and `?start=network|file`
/// (default `network`): any other parameter or value is a 400 that names
/// what is accepted.
pub async fn grammar(
    Query(query): Query<HashMap<String, String>>,
) -> Result<impl IntoResponse, ApiError> {
    if let Some(other) = query
        .keys()
        .find(|k| !["format", "start"].contains(&k.as_str()))
    {
        return Err(ApiError::bad_request(format!(
            "unknown parameter `{other}`: the parameters are `format` (gbnf, ebnf, lark) and `start` (network, file)"
        )));
    }
    let format = query.get("format").map_or("gbnf", String::as_str);
    let notation = Notation::parse(format).ok_or_else(|| {
        ApiError::bad_request(format!("unknown format `{format}`: gbnf, ebnf or lark"))
    })?;
    let start = match query.get("start").map_or("network", String::as_str) {
        "network" => Start::Network,
        "file" => Start::File,
        other => {
            return Err(ApiError::bad_request(format!(
                "unknown start `{other}`: network (predicates, one a line) or file (a whole .solution file)"
            )))
        }
    };
    Ok((
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        make(notation, start),
    ))
}
