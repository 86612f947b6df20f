//! `GET /oauth/authorize` (validate, then consent page or auto-approve) and
//! `POST /oauth/authorize` (the consent form's Allow / Deny).

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{RawQuery, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use url::Url;

use super::consent_page::{render_consent, ConsentView};
use super::params::Params;
use super::{no_store, opaque, pkce, CODE_LIFETIME, CONSENT_LIFETIME};
use crate::html::error_page;
use crate::readings::Reading;
use crate::scope::{parse_scope_list, Scope, ScopeSet};
use crate::seed::{PUBLIC_CLIENT_HTTPS_REDIRECT_URI, PUBLIC_CLIENT_ID};
use crate::state::Shared;
use crate::validation::{FieldChecker, ValidationFailure};
use crate::world::{AuthorizationCode, AuthorizeGrant, OAuthClient, PendingConsent};

/// An error reported to the client through its redirect URI (RFC 6749 §4.1.2.1).
struct RedirectError {
    error: &'static str,
    description: String,
}

fn invalid_request(description: impl Into<String>) -> RedirectError {
    RedirectError { error: "invalid_request", description: description.into() }
}

pub(super) async fn show(State(shared): State<Arc<Shared>>, RawQuery(query): RawQuery) -> Response {
    let params = Params::parse(query.unwrap_or_default().as_bytes());
    let (client, redirect_uri) = match trusted_client(&shared, &params) {
        Ok(trusted) => trusted,
        Err(page) => return page,
    };
    let redirect_uri = redirect_uri.as_str();
    let state = params.single("state").map(str::to_string);
    let grant = match validate(&shared, &params, &client, redirect_uri) {
        Ok(grant) => grant,
        Err(e) => {
            return redirect_with(
                redirect_uri,
                &[("error", e.error), ("error_description", &e.description)],
                state.as_deref(),
            )
        }
    };
    let needs_team_choice = grant.team_id.is_none() && grant.requested.iter().any(|s| s.is_team_scope());
    if shared.settings().auto_approve {
        if needs_team_choice {
            let e = invalid_request("team_id is required when requesting team_read or team_manage");
            return redirect_with(
                redirect_uri,
                &[("error", e.error), ("error_description", &e.description)],
                state.as_deref(),
            );
        }
        return approve(&shared, grant);
    }
    let csrf_token = opaque("csrf_");
    let expires_at = shared.now() + CONSENT_LIFETIME;
    let world = &mut *shared.world();
    world.consents.retain(|_, c| c.expires_at > shared.now());
    world.consents.insert(csrf_token.clone(), PendingConsent { grant: grant.clone(), expires_at });
    let view = ConsentView {
        client_name: client.name,
        grant: &grant,
        csrf_token: &csrf_token,
        needs_team_choice,
        teams: &world.teams,
    };
    render_consent(view)
}

/// Unknown client or a redirect URI that is not exactly the registered one: a page, never a
/// redirect (RFC 6749 §4.1.2.1).
#[allow(clippy::result_large_err)]
fn trusted_client(shared: &Shared, params: &Params) -> Result<(OAuthClient, String), Response> {
    let client = {
        let world = shared.world();
        params.single("client_id").and_then(|id| world.client(id)).cloned()
    };
    let client = client.ok_or_else(|| {
        error_page(
            "Unknown application",
            "The application that sent you here is not registered with Xiaoya. Go back to it and check its settings.",
        )
    })?;
    match params.single("redirect_uri") {
        Some(uri) if registered_redirect(shared, &client, uri) => Ok((client, uri.to_string())),
        _ => Err(error_page(
            "This sign-in link is not valid",
            "The return address in the link does not match the one registered for this application, so Xiaoya will not send you back to it.",
        )),
    }
}

/// Whether `uri` is what `client` registered. The public client's registration follows the
/// readings in force: the custom scheme (default), a loopback redirect on any port (RFC 8252
/// §7.3: "MUST allow any port to be specified at the time of the request"), or an https page.
fn registered_redirect(shared: &Shared, client: &OAuthClient, uri: &str) -> bool {
    if client.id != PUBLIC_CLIENT_ID {
        return uri == client.redirect_uri;
    }
    let readings = shared.settings().readings;
    if readings.has(Reading::LoopbackRedirect) {
        let Ok(url) = Url::parse(uri) else { return false };
        return url.scheme() == "http"
            && url.host_str() == Some("127.0.0.1")
            && url.path() == "/oauth/callback"
            && url.query().is_none()
            && url.fragment().is_none()
            && url.username().is_empty()
            && url.password().is_none();
    }
    if readings.has(Reading::HttpsRedirect) {
        return uri == PUBLIC_CLIENT_HTTPS_REDIRECT_URI;
    }
    uri == client.redirect_uri
}

fn validate(
    shared: &Shared,
    params: &Params,
    client: &OAuthClient,
    redirect_uri: &str,
) -> Result<AuthorizeGrant, RedirectError> {
    for name in ["response_type", "state", "scope", "code_challenge", "code_challenge_method", "team_id"] {
        if params.repeated(name) {
            return Err(invalid_request(format!("{name} must not be repeated")));
        }
    }
    if params.single("response_type") != Some("code") {
        return Err(RedirectError {
            error: "unsupported_response_type",
            description: "response_type must be code".into(),
        });
    }
    let requested = requested_scopes(params.single("scope"), client)?;
    let code_challenge = check_pkce(params, client)?;
    let team_id = match params.non_empty("team_id") {
        None => None,
        Some(id) if shared.world().teams.contains_key(id) => Some(id.to_string()),
        Some(_) => return Err(invalid_request("team_id is not a Team you belong to")),
    };
    Ok(AuthorizeGrant {
        client_id: client.id.to_string(),
        redirect_uri: redirect_uri.to_string(),
        requested,
        state: params.single("state").map(str::to_string),
        code_challenge,
        team_id,
    })
}

fn requested_scopes(raw: Option<&str>, client: &OAuthClient) -> Result<ScopeSet, RedirectError> {
    let raw = raw.unwrap_or("").trim();
    if raw.is_empty() {
        return Ok(Scope::DEFAULT.into_iter().collect());
    }
    let scopes = parse_scope_list(raw).map_err(|unknown| RedirectError {
        error: "invalid_scope",
        description: format!("Unknown scope: {unknown}"),
    })?;
    if let Some(denied) = scopes.iter().find(|s| !client.allowed_scopes.contains(s)) {
        return Err(RedirectError {
            error: "invalid_scope",
            description: format!("This application may not request the {denied} scope"),
        });
    }
    Ok(scopes)
}

fn check_pkce(params: &Params, client: &OAuthClient) -> Result<Option<String>, RedirectError> {
    let challenge = params.non_empty("code_challenge");
    let method = params.non_empty("code_challenge_method");
    match (challenge, method) {
        (None, None) if client.secret.is_some() => Ok(None),
        (None, _) => Err(invalid_request("code_challenge is required (PKCE S256)")),
        (Some(_), m) if m != Some("S256") => Err(invalid_request("code_challenge_method must be S256")),
        (Some(c), _) if !pkce::is_well_formed(c) => Err(invalid_request("code_challenge is malformed")),
        (Some(c), _) => Ok(Some(c.to_string())),
    }
}

/// What is actually granted: `team_manage` only for a Team owner/admin, or the test override.
fn granted_scopes(shared: &Shared, grant: &AuthorizeGrant) -> ScopeSet {
    if let Some(forced) = shared.settings().granted_scopes_override {
        return forced;
    }
    let world = shared.world();
    let may_manage =
        grant.team_id.as_ref().and_then(|id| world.teams.get(id)).is_some_and(|t| t.may_grant_team_manage());
    grant.requested.iter().copied().filter(|s| *s != Scope::TeamManage || may_manage).collect()
}

fn approve(shared: &Shared, grant: AuthorizeGrant) -> Response {
    let granted = granted_scopes(shared, &grant);
    let code = opaque("");
    let expires_at = shared.now() + CODE_LIFETIME;
    let (redirect_uri, state) = (grant.redirect_uri.clone(), grant.state.clone());
    shared.world().codes.insert(code.clone(), AuthorizationCode { grant, granted, expires_at, used: false });
    redirect_with(&redirect_uri, &[("code", &code)], state.as_deref())
}

fn redirect_with(redirect_uri: &str, pairs: &[(&str, &str)], state: Option<&str>) -> Response {
    let Ok(mut url) = Url::parse(redirect_uri) else {
        return error_page("This sign-in link is not valid", "The registered return address is malformed.");
    };
    {
        let mut query = url.query_pairs_mut();
        for (name, value) in pairs {
            query.append_pair(name, value);
        }
        if let Some(state) = state {
            query.append_pair("state", state);
        }
    }
    let Ok(location) = HeaderValue::from_str(url.as_str()) else {
        return error_page("This sign-in link is not valid", "The return address could not be built.");
    };
    let mut response = StatusCode::FOUND.into_response();
    response.headers_mut().insert(header::LOCATION, location);
    no_store(response)
}

pub(super) async fn submit(State(shared): State<Arc<Shared>>, body: Bytes) -> Response {
    let params = Params::parse(&body);
    let fields = params.to_json_map();
    let mut checker = FieldChecker::new("body", &fields);
    checker.string("client_id", true, false, 0, 32);
    checker.string("redirect_uri", true, false, 0, 2000);
    checker.string("scope", false, false, 0, 500);
    checker.string("csrf_token", true, false, 0, 200);
    let decision = checker.string("decision", true, false, 0, 10);
    if !checker.issues.is_empty() {
        return ValidationFailure(checker.issues).into_response();
    }
    let csrf = params.single("csrf_token").unwrap_or_default();
    let consent = shared.world().consents.remove(csrf);
    let Some(consent) = consent.filter(|c| c.expires_at > shared.now()) else {
        return error_page("This sign-in page has expired", "Go back to the application and sign in again.");
    };
    let Some(grant) = bound_grant(&shared, consent.grant, &params) else {
        return error_page("The sign-in request was changed", "The form did not match the request this page was made for. Go back to the application and sign in again.");
    };
    match decision.as_deref() {
        Some("allow") => approve(&shared, grant),
        Some("deny") => {
            let pairs = [
                ("error", "access_denied"),
                ("error_description", "The user denied the authorization request"),
            ];
            redirect_with(&grant.redirect_uri, &pairs, grant.state.as_deref())
        }
        _ => error_page("Unknown choice", "Choose Allow or Deny."),
    }
}

/// The form must repeat exactly what the consent page was made for (its CSRF token binds it).
/// A Team may be chosen on the page only when the request asked for Team scopes without one.
fn bound_grant(shared: &Shared, mut grant: AuthorizeGrant, params: &Params) -> Option<AuthorizeGrant> {
    let scope_matches = match params.single("scope").map(str::trim) {
        None | Some("") => grant.requested.iter().copied().eq(Scope::DEFAULT),
        Some(raw) => parse_scope_list(raw).ok().as_ref() == Some(&grant.requested),
    };
    let method_matches = match grant.code_challenge {
        Some(_) => params.non_empty("code_challenge_method") == Some("S256"),
        None => params.non_empty("code_challenge_method").is_none(),
    };
    let same = params.single("client_id") == Some(grant.client_id.as_str())
        && params.single("redirect_uri") == Some(grant.redirect_uri.as_str())
        && scope_matches
        && params.non_empty("state_value") == grant.state.as_deref().filter(|s| !s.is_empty())
        && params.non_empty("code_challenge") == grant.code_challenge.as_deref()
        && method_matches;
    if !same {
        return None;
    }
    let chosen = params.non_empty("team_id");
    match (&grant.team_id, chosen) {
        (Some(bound), Some(chosen)) if bound == chosen => Some(grant),
        (Some(_), _) => None,
        (None, None) => Some(grant).filter(|g| !g.requested.iter().any(|s| s.is_team_scope())),
        (None, Some(chosen)) => {
            let may_choose = grant.requested.iter().any(|s| s.is_team_scope())
                && shared.world().teams.contains_key(chosen);
            grant.team_id = Some(chosen.to_string());
            Some(grant).filter(|_| may_choose)
        }
    }
}
