//! The sign-in, session and Team-context readings (`readings.rs`): each one changes exactly
//! what its doc line says, and the default reading stays as it was.

mod common;

use common::chat::{body, post, send, CHAT};
use common::*;
use reqwest::StatusCode;
use serde_json::Value;
use xiaoya_sandbox::*;

fn only(reading: Reading) -> Readings {
    [reading].into_iter().collect()
}

fn authorize_with(h: &Harness, redirect_uri: &str) -> String {
    h.authorize_url(&[
        ("response_type", "code"),
        ("client_id", PUBLIC_CLIENT_ID),
        ("redirect_uri", redirect_uri),
        ("scope", "profile model"),
        ("state", "st"),
        ("code_challenge", CHALLENGE),
        ("code_challenge_method", "S256"),
    ])
}

async fn exchange_with(h: &Harness, code: &str, redirect_uri: &str) -> StatusCode {
    let form = [
        ("grant_type", "authorization_code"),
        ("client_id", PUBLIC_CLIENT_ID),
        ("code", code),
        ("redirect_uri", redirect_uri),
        ("code_verifier", VERIFIER),
    ];
    h.http.post(h.url("/oauth/token")).form(&form).send().await.expect("token").status()
}

#[tokio::test]
async fn readings_are_named_in_kebab_case() {
    for name in [
        "me-refuses-team-tokens",
        "team-context-403",
        "published-workflow-only",
        "loopback-redirect",
        "https-redirect",
    ] {
        assert!(Readings::parse_name(name).is_ok(), "{name}");
    }
}

#[tokio::test]
async fn me_refuses_team_tokens_only_under_its_reading() {
    let h = harness(true).await;
    let team = h.team(TEAM_BETA_ID).await;
    let (status, _) = h.api_get(&team, "/api/v1/open/me").await;
    assert_eq!(status, StatusCode::OK, "the default reading answers Team tokens on /me");
    h.control.set_readings(only(Reading::MeRefusesTeamTokens));
    let (status, body) = h.api_get(&team, "/api/v1/open/me").await;
    assert_eq!((status, error_code(&body)), (StatusCode::FORBIDDEN, "TEAM_CONTEXT_MISMATCH"));
    let personal = h.personal().await;
    assert_eq!(h.api_get(&personal, "/api/v1/open/me").await.0, StatusCode::OK);
    let path = format!("/api/v1/open/teams/{TEAM_BETA_ID}/context");
    assert_eq!(h.api_get(&team, &path).await.0, StatusCode::OK, "the Team context still answers");
}

#[tokio::test]
async fn an_invalidated_team_token_gets_403_under_team_context_403() {
    let h = harness(true).await;
    let path = format!("/api/v1/open/teams/{TEAM_ALPHA_ID}/balance");
    let team = h.team(TEAM_ALPHA_ID).await;
    h.control.bump_team_context_version(TEAM_ALPHA_ID);
    assert_eq!(h.api_get(&team, &path).await.0, StatusCode::UNAUTHORIZED, "default: 401");

    h.control.set_readings(only(Reading::TeamContext403));
    let team = h.team(TEAM_ALPHA_ID).await;
    assert_eq!(h.api_get(&team, &path).await.0, StatusCode::OK);
    h.control.bump_team_context_version(TEAM_ALPHA_ID);
    let (status, body) = h.api_get(&team, &path).await;
    assert_eq!((status, error_code(&body)), (StatusCode::FORBIDDEN, "TEAM_CONTEXT_MISMATCH"));
}

#[tokio::test]
async fn published_workflow_only_refuses_other_workflow_versions() {
    let h = harness(true).await;
    h.control.set_readings(only(Reading::PublishedWorkflowOnly));
    let team = h.team(TEAM_BETA_ID).await;
    let request = |version: &str, id: &str| {
        post(&h, &team, Some(id), &body(MODEL_CHAT, "hello", false))
            .header("X-Xiaoya-Team-Id", TEAM_BETA_ID)
            .header("X-Xiaoya-Workflow-Version-Id", version)
            .header("X-Xiaoya-Run-Id", "run_01")
            .header("X-Xiaoya-Node-Id", "chat")
            .header("X-Xiaoya-Attempt", "1")
    };
    let (status, refused) = send(request("workflow_version_01", "req-a")).await;
    assert_eq!(
        (status, error_code(&refused)),
        (StatusCode::FORBIDDEN, "TEAM_WORKFLOW_VERSION_NOT_PUBLISHED")
    );
    assert!(h.control.charges().is_empty(), "nothing charged");
    let (status, _) = send(request(PUBLISHED_WORKFLOW_VERSION_ID, "req-b")).await;
    assert_eq!(status, StatusCode::OK);
    // Personal chat has no workflow headers and is not affected.
    let personal = h.personal().await;
    let response = h.http.post(h.url(CHAT)).bearer_auth(&personal).header("X-Request-ID", "req-c");
    let (status, _): (StatusCode, Value) = send(response.json(&body(MODEL_CHAT, "hi", false))).await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn loopback_redirect_accepts_any_port_on_127_0_0_1_and_binds_it_to_the_code() {
    let h = harness(true).await;
    let sent = "http://127.0.0.1:49215/oauth/callback";
    assert_eq!(
        h.get(&authorize_with(&h, sent)).await.status(),
        StatusCode::BAD_REQUEST,
        "default: custom scheme only"
    );

    h.control.set_readings(only(Reading::LoopbackRedirect));
    for bad in [
        "http://localhost:49215/oauth/callback",
        "http://127.0.0.1:49215/other",
        "https://127.0.0.1:49215/oauth/callback",
        "http://127.0.0.1:49215/oauth/callback?x=1",
        PUBLIC_CLIENT_REDIRECT_URI,
    ] {
        assert_eq!(h.get(&authorize_with(&h, bad)).await.status(), StatusCode::BAD_REQUEST, "{bad}");
    }
    let response = h.get(&authorize_with(&h, sent)).await;
    assert_eq!(response.status(), StatusCode::FOUND);
    let location = response.headers()["location"].to_str().unwrap().to_owned();
    assert!(location.starts_with("http://127.0.0.1:49215/oauth/callback?code="), "{location}");
    let code = location_params(&response)["code"].clone();
    assert_eq!(
        exchange_with(&h, &code, "http://127.0.0.1:49216/oauth/callback").await,
        StatusCode::BAD_REQUEST,
        "the token request must send the identical redirect_uri"
    );
    let response = h.get(&authorize_with(&h, PUBLIC_CLIENT_LOOPBACK_REDIRECT_URI)).await;
    assert_eq!(response.status(), StatusCode::FOUND, "no port is a port too");
    let response = h.get(&authorize_with(&h, sent)).await;
    let code = location_params(&response)["code"].clone();
    assert_eq!(exchange_with(&h, &code, sent).await, StatusCode::OK);
}

#[tokio::test]
async fn https_redirect_registers_the_publishers_page() {
    let h = harness(true).await;
    h.control.set_readings(only(Reading::HttpsRedirect));
    assert_eq!(
        h.get(&authorize_with(&h, PUBLIC_CLIENT_REDIRECT_URI)).await.status(),
        StatusCode::BAD_REQUEST
    );
    let response = h.get(&authorize_with(&h, PUBLIC_CLIENT_HTTPS_REDIRECT_URI)).await;
    assert_eq!(response.status(), StatusCode::FOUND);
    let location = response.headers()["location"].to_str().unwrap().to_owned();
    assert!(location.starts_with(PUBLIC_CLIENT_HTTPS_REDIRECT_URI), "{location}");
    let code = location_params(&response)["code"].clone();
    assert_eq!(exchange_with(&h, &code, PUBLIC_CLIENT_HTTPS_REDIRECT_URI).await, StatusCode::OK);
}
