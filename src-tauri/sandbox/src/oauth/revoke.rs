//! `POST /oauth/revoke` (RFC 7009): idempotent, 200 for an unknown or inactive token.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};

use super::params::Params;
use super::token::authenticate_client;
use super::{no_store, oauth_error};
use crate::state::Shared;

pub(super) async fn revoke(State(shared): State<Arc<Shared>>, headers: HeaderMap, body: Bytes) -> Response {
    let params = Params::parse(&body);
    let client = match authenticate_client(&shared, &params, &headers) {
        Ok(client) => client,
        Err(response) => return response,
    };
    let Some(token) = params.single("token") else {
        return oauth_error(StatusCode::BAD_REQUEST, "invalid_request", "token is required, once");
    };
    // A token issued to another client is left alone; the answer does not reveal it exists.
    if let Some(record) = shared.world().tokens.get_mut(token) {
        if record.client_id == client.id {
            record.revoked = true;
        }
    }
    no_store(StatusCode::OK.into_response())
}
