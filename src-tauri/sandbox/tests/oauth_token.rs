//! OAuth 2.0 token exchange (PKCE, single-use codes, client authentication) and revocation.

mod common;

use std::time::Duration;

use common::*;
use reqwest::StatusCode;
use serde_json::Value;
use xiaoya_sandbox::*;

#[tokio::test]
async fn token_response_has_the_documented_shape_and_no_refresh_token() {
    let h = harness(true).await;
    let response = h.exchange(&h.code_for("profile balance model", None).await).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["cache-control"], "no-store");
    let body: Value = response.json().await.unwrap_or_default();
    assert_eq!(body["token_type"], "Bearer");
    assert_eq!(body["expires_in"], 604_800);
    assert_eq!(body["scope"], "profile balance model");
    for absent in ["refresh_token", "team_id", "team_authorization_id"] {
        assert!(body.get(absent).is_none(), "{absent}");
    }
    let team: Value = h
        .exchange(&h.code_for("profile model team_read", Some(TEAM_ALPHA_ID)).await)
        .await
        .json()
        .await
        .unwrap_or_default();
    assert_eq!(team["team_id"], TEAM_ALPHA_ID);
    assert!(team["team_authorization_id"].as_str().is_some_and(|id| !id.is_empty()));
    assert_ne!(team["access_token"], body["access_token"]);
}

async fn token_error(h: &Harness, form: &[(&str, &str)]) -> (StatusCode, String) {
    let response = h.http.post(h.url("/oauth/token")).form(form).send().await.expect("token");
    let status = response.status();
    let body: Value = response.json().await.unwrap_or_default();
    assert!(body.get("success").is_none(), "OAuth errors do not use the envelope");
    assert!(body["error_description"].as_str().is_some());
    (status, body["error"].as_str().unwrap_or_default().to_string())
}

fn exchange_form<'a>(code: &'a str, replace: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
    let mut form = vec![
        ("grant_type", "authorization_code"),
        ("client_id", PUBLIC_CLIENT_ID),
        ("code", code),
        ("redirect_uri", PUBLIC_CLIENT_REDIRECT_URI),
        ("code_verifier", VERIFIER),
    ];
    for (key, value) in replace {
        match form.iter_mut().find(|(k, _)| k == key) {
            Some(pair) => pair.1 = value,
            None => form.push((key, value)),
        }
    }
    form
}

#[tokio::test]
async fn token_endpoint_rejects_bad_grants_clients_and_verifiers() {
    let h = harness(true).await;
    let code = h.code_for("profile", None).await;
    let bad = StatusCode::BAD_REQUEST;
    let refresh = exchange_form(&code, &[("grant_type", "refresh_token")]);
    assert_eq!(token_error(&h, &refresh).await, (bad, "unsupported_grant_type".into()));
    let unknown_client = exchange_form(&code, &[("client_id", "nobody")]);
    assert_eq!(token_error(&h, &unknown_client).await, (bad, "invalid_client".into()));
    let public_with_secret = exchange_form(&code, &[("client_secret", "guess")]);
    assert_eq!(token_error(&h, &public_with_secret).await, (bad, "invalid_client".into()));
    // A wrong verifier consumes the code: the next, correct attempt is a replay.
    let wrong = "x".repeat(43);
    assert_eq!(token_error(&h, &exchange_form(&code, &[("code_verifier", &wrong)])).await.1, "invalid_grant");
    assert_eq!(token_error(&h, &exchange_form(&code, &[])).await.1, "invalid_grant");

    let code = h.code_for("profile", None).await;
    let other_redirect = exchange_form(&code, &[("redirect_uri", "xiaoya-companion://oauth/other")]);
    assert_eq!(token_error(&h, &other_redirect).await.1, "invalid_grant");

    let code = h.code_for("profile", None).await;
    let no_verifier: Vec<_> =
        exchange_form(&code, &[]).into_iter().filter(|(k, _)| *k != "code_verifier").collect();
    assert_eq!(token_error(&h, &no_verifier).await.1, "invalid_grant");

    let code = h.code_for("profile", None).await;
    h.control.advance_clock(Duration::from_secs(301));
    assert_eq!(token_error(&h, &exchange_form(&code, &[])).await.1, "invalid_grant");
    assert_eq!(token_error(&h, &exchange_form("no-such-code", &[])).await.1, "invalid_grant");
}

#[tokio::test]
async fn a_reused_code_is_rejected_and_revokes_the_token_it_issued() {
    let h = harness(true).await;
    let code = h.code_for("profile", None).await;
    let first: Value = h.exchange(&code).await.json().await.unwrap_or_default();
    let token = first["access_token"].as_str().unwrap_or_default().to_string();
    assert_eq!(h.api_get(&token, "/api/v1/open/me").await.0, StatusCode::OK);
    let (status, error) = token_error(
        &h,
        &[
            ("grant_type", "authorization_code"),
            ("client_id", PUBLIC_CLIENT_ID),
            ("code", &code),
            ("redirect_uri", PUBLIC_CLIENT_REDIRECT_URI),
            ("code_verifier", VERIFIER),
        ],
    )
    .await;
    assert_eq!((status, error.as_str()), (StatusCode::BAD_REQUEST, "invalid_grant"));
    assert_eq!(h.api_get(&token, "/api/v1/open/me").await.0, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn confidential_client_authenticates_with_its_secret() {
    let h = harness(true).await;
    let url = h.authorize_url(&[
        ("response_type", "code"),
        ("client_id", CONFIDENTIAL_CLIENT_ID),
        ("redirect_uri", CONFIDENTIAL_CLIENT_REDIRECT_URI),
        ("scope", "profile"),
    ]);
    let code = location_params(&h.get(&url).await).remove("code").unwrap_or_default();
    let mut form = vec![
        ("grant_type", "authorization_code"),
        ("client_id", CONFIDENTIAL_CLIENT_ID),
        ("code", code.as_str()),
        ("redirect_uri", CONFIDENTIAL_CLIENT_REDIRECT_URI),
    ];
    assert_eq!(token_error(&h, &form).await.1, "invalid_client");
    form.push(("client_secret", CONFIDENTIAL_CLIENT_SECRET));
    let response = h.http.post(h.url("/oauth/token")).form(&form).send().await.expect("token");
    // The failed attempt above never reached the code, so it is still good.
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap_or_default();
    let (_, me) = h.api_get(body["access_token"].as_str().unwrap_or_default(), "/api/v1/open/me").await;
    assert_eq!(data(&me)["userId"], CONFIDENTIAL_CLIENT_USER_ID);
}

#[tokio::test]
async fn revocation_is_idempotent_and_checks_the_client() {
    let h = harness(true).await;
    let token = h.personal().await;
    let revoke = |client: &'static str, token: String| {
        let h = &h;
        async move {
            let form =
                [("client_id", client), ("token", token.as_str()), ("token_type_hint", "access_token")];
            h.http.post(h.url("/oauth/revoke")).form(&form).send().await.expect("revoke").status()
        }
    };
    assert_eq!(revoke(PUBLIC_CLIENT_ID, token.clone()).await, StatusCode::OK);
    assert_eq!(revoke(PUBLIC_CLIENT_ID, token.clone()).await, StatusCode::OK);
    assert_eq!(revoke(PUBLIC_CLIENT_ID, "never-issued".into()).await, StatusCode::OK);
    assert_eq!(revoke("nobody", token.clone()).await, StatusCode::BAD_REQUEST);
    let (status, body) = h.api_get(&token, "/api/v1/open/me").await;
    assert_eq!((status, error_code(&body)), (StatusCode::UNAUTHORIZED, "OPEN_AGENT_TOKEN_INVALID"));
}
