//! OAuth 2.0 authorization-code flow with PKCE: `/oauth/authorize`, `/oauth/token`,
//! `/oauth/revoke`. OAuth errors use `{error, error_description}`, never the envelope.

mod authorize;
mod consent_page;
mod params;
pub(crate) mod pkce;
mod revoke;
mod token;

pub use consent_page::consent_form_fields;

use std::sync::Arc;

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use rand::RngCore;
use serde_json::json;

use crate::state::Shared;

/// Authorization codes live five minutes (documented).
pub(crate) const CODE_LIFETIME: time::Duration = time::Duration::minutes(5);
/// Access tokens live seven days (documented `expires_in: 604800`).
pub(crate) const TOKEN_LIFETIME_SECONDS: i64 = 604_800;
/// How long a consent page (and its CSRF token) stays usable.
pub(crate) const CONSENT_LIFETIME: time::Duration = time::Duration::minutes(10);

pub(crate) fn router() -> Router<Arc<Shared>> {
    Router::new()
        .route("/oauth/authorize", get(authorize::show).post(authorize::submit))
        .route("/oauth/token", post(token::exchange))
        .route("/oauth/revoke", post(revoke::revoke))
}

/// An opaque random value: `prefix` + 256 bits, base64url.
pub(crate) fn opaque(prefix: &str) -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    format!("{prefix}{}", URL_SAFE_NO_PAD.encode(bytes))
}

/// An OAuth error body (RFC 6749 §5.2), not cacheable.
pub(crate) fn oauth_error(status: StatusCode, error: &str, description: &str) -> Response {
    let body = json!({ "error": error, "error_description": description });
    no_store((status, Json(body)).into_response())
}

pub(crate) fn no_store(mut response: Response) -> Response {
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(header::PRAGMA, HeaderValue::from_static("no-cache"));
    response
}
