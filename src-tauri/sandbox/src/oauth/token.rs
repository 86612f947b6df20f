//! `POST /oauth/token`: authorization code + PKCE → a 7-day opaque access token. No refresh
//! tokens. Errors are limited to the documented `OAuthError` values.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use serde_json::json;

use super::params::Params;
use super::{no_store, oauth_error, opaque, pkce, TOKEN_LIFETIME_SECONDS};
use crate::scope::scope_string;
use crate::state::Shared;
use crate::world::{AccessToken, OAuthClient, TokenContext};

/// Client authentication (RFC 6749 §2.3): a public client sends only `client_id` (a non-empty
/// `client_secret` is rejected); a confidential client sends its secret in the body or with
/// HTTP Basic.
#[allow(clippy::result_large_err)]
pub(super) fn authenticate_client(
    shared: &Shared,
    params: &Params,
    headers: &HeaderMap,
) -> Result<OAuthClient, Response> {
    let basic = basic_credentials(headers);
    let used_basic = basic.is_some();
    let invalid = |description: &str| {
        let status = if used_basic { StatusCode::UNAUTHORIZED } else { StatusCode::BAD_REQUEST };
        let mut response = oauth_error(status, "invalid_client", description);
        if used_basic {
            response
                .headers_mut()
                .insert(header::WWW_AUTHENTICATE, axum::http::HeaderValue::from_static("Basic"));
        }
        response
    };
    if params.repeated("client_id") || params.repeated("client_secret") {
        return Err(invalid("Client credentials must not be repeated"));
    }
    let (client_id, secret) = match &basic {
        Some((id, secret)) => {
            if params.single("client_id").is_some_and(|body_id| body_id != id) {
                return Err(invalid("client_id does not match the Authorization header"));
            }
            (Some(id.as_str()), Some(secret.as_str()))
        }
        None => (params.non_empty("client_id"), params.non_empty("client_secret")),
    };
    let Some(client) = client_id.and_then(|id| shared.world().client(id).cloned()) else {
        return Err(invalid("Unknown client"));
    };
    match (client.secret, secret) {
        (None, None) => Ok(client),
        (None, Some(_)) => Err(invalid("Public clients must not send a client_secret")),
        (Some(expected), Some(given)) if pkce::constant_time_eq(expected.as_bytes(), given.as_bytes()) => {
            Ok(client)
        }
        (Some(_), _) => Err(invalid("Client authentication failed")),
    }
}

fn basic_credentials(headers: &HeaderMap) -> Option<(String, String)> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, encoded) = value.split_once(' ')?;
    if !scheme.eq_ignore_ascii_case("basic") {
        return None;
    }
    let decoded = String::from_utf8(STANDARD.decode(encoded.trim()).ok()?).ok()?;
    let (id, secret) = decoded.split_once(':')?;
    let id = url::form_urlencoded::parse(format!("a={id}").as_bytes()).next()?.1.into_owned();
    let secret = url::form_urlencoded::parse(format!("a={secret}").as_bytes()).next()?.1.into_owned();
    Some((id, secret))
}

fn invalid_grant(description: &str) -> Response {
    oauth_error(StatusCode::BAD_REQUEST, "invalid_grant", description)
}

pub(super) async fn exchange(State(shared): State<Arc<Shared>>, headers: HeaderMap, body: Bytes) -> Response {
    let params = Params::parse(&body);
    let client = match authenticate_client(&shared, &params, &headers) {
        Ok(client) => client,
        Err(response) => return response,
    };
    if params.single("grant_type") != Some("authorization_code") {
        return oauth_error(
            StatusCode::BAD_REQUEST,
            "unsupported_grant_type",
            "Only grant_type=authorization_code is supported; refresh tokens are not issued",
        );
    }
    let (Some(code), Some(redirect_uri)) = (params.single("code"), params.single("redirect_uri")) else {
        return invalid_grant("code and redirect_uri are required, once each");
    };
    let verifier = params.single("code_verifier");
    let now = shared.now();
    let binding_override = shared.settings().team_binding_override;
    let world = &mut *shared.world();
    if let Some(v) = verifier {
        world.verifiers_seen.push(v.to_owned());
    }

    let Some(record) = world.codes.get_mut(code) else {
        return invalid_grant("Authorization code is invalid or expired");
    };
    if record.grant.client_id != client.id {
        return invalid_grant("Authorization code is invalid or expired");
    }
    if record.used {
        // RFC 6749 §4.1.2: a replayed code also revokes what it issued.
        for token in world.tokens.values_mut().filter(|t| t.code == code) {
            token.revoked = true;
        }
        return invalid_grant("Authorization code was already used");
    }
    // Any presentation consumes the code, so a failed exchange needs a new sign-in.
    record.used = true;
    if now >= record.expires_at {
        return invalid_grant("Authorization code is invalid or expired");
    }
    if record.grant.redirect_uri != redirect_uri {
        return invalid_grant("redirect_uri does not match the authorization request");
    }
    match (&record.grant.code_challenge, verifier) {
        (Some(challenge), Some(verifier)) if pkce::verifier_matches(verifier, challenge) => {}
        (None, None) => {}
        _ => return invalid_grant("PKCE verification failed"),
    }

    let grant = record.grant.clone();
    let granted = record.granted.clone();
    let (context, team_fields) = match &grant.team_id {
        None => (TokenContext::Personal, None),
        Some(team_id) => {
            let Some(team) = world.teams.get(team_id) else {
                return invalid_grant("The Team authorization is no longer valid");
            };
            let authorization_id = opaque("tauth_").chars().take(22).collect::<String>();
            let context =
                TokenContext::Team { team_id: team_id.clone(), context_version: team.context_version };
            let bound = binding_override.unwrap_or_else(|| team_id.clone());
            (context, Some((bound, authorization_id)))
        }
    };
    let access_token = opaque("xyat_");
    world.tokens.insert(
        access_token.clone(),
        AccessToken {
            client_id: client.id.to_string(),
            scopes: granted.clone(),
            context,
            expires_at: now + time::Duration::seconds(TOKEN_LIFETIME_SECONDS),
            revoked: false,
            code: code.to_string(),
        },
    );
    let mut body = json!({
        "access_token": access_token,
        "token_type": "Bearer",
        "expires_in": TOKEN_LIFETIME_SECONDS,
        "scope": scope_string(&granted),
    });
    if let Some((team_id, authorization_id)) = team_fields {
        body["team_id"] = json!(team_id);
        body["team_authorization_id"] = json!(authorization_id);
    }
    no_store(Json(body).into_response())
}
