//! OAuth 2.0 authorization: redirect URI checks, consent page, auto-approve, granted scopes.

mod common;

use common::*;
use reqwest::StatusCode;
use serde_json::Value;
use xiaoya_sandbox::*;

fn hidden_value<'a>(html: &'a str, name: &str) -> &'a str {
    let marker = format!("name=\"{name}\" value=\"");
    let begin = html.find(&marker).map(|i| i + marker.len()).expect("hidden field");
    let end = html[begin..].find('"').expect("end quote");
    &html[begin..begin + end]
}

#[tokio::test]
async fn pkce_vector_from_rfc7636_appendix_b() {
    assert_eq!(pkce_s256_challenge(VERIFIER), CHALLENGE);
}

#[tokio::test]
async fn unknown_client_or_inexact_redirect_uri_gets_an_error_page_never_a_redirect() {
    let h = harness(true).await;
    let bad_client = h.authorize_url(&[
        ("response_type", "code"),
        ("client_id", "someone-else"),
        ("redirect_uri", PUBLIC_CLIENT_REDIRECT_URI),
        ("code_challenge", CHALLENGE),
        ("code_challenge_method", "S256"),
    ]);
    for redirect in [
        "xiaoya-companion://oauth/callback/",
        "xiaoya-companion://oauth/callback?x=1",
        "XIAOYA-COMPANION://oauth/callback",
        "https://evil.example/callback",
    ] {
        let url = h.authorize_url(&[
            ("response_type", "code"),
            ("client_id", PUBLIC_CLIENT_ID),
            ("redirect_uri", redirect),
            ("code_challenge", CHALLENGE),
            ("code_challenge_method", "S256"),
        ]);
        let response = h.get(&url).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{redirect}");
        assert!(response.headers().get("location").is_none());
        assert!(response.text().await.unwrap_or_default().contains("not valid"));
    }
    let response = h.get(&bad_client).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert!(response.headers().get("location").is_none());
}

#[tokio::test]
async fn auto_approve_redirects_with_code_and_the_state_verbatim() {
    let h = harness(true).await;
    let state = "a b&c=d/é+%20?";
    let response = h.get(&h.public_authorize_url("profile model", state, None)).await;
    assert_eq!(response.status(), StatusCode::FOUND);
    let location = response.headers()["location"].to_str().unwrap_or_default().to_string();
    assert!(location.starts_with("xiaoya-companion://oauth/callback?"), "{location}");
    let params = location_params(&response);
    assert_eq!(params.get("state").map(String::as_str), Some(state));
    assert!(params.get("code").is_some_and(|c| c.len() >= 40));
    assert_eq!(params.len(), 2);
}

#[tokio::test]
async fn errors_after_the_redirect_uri_is_validated_are_redirected() {
    let h = harness(true).await;
    let base = |extra: &[(&'static str, &'static str)], skip: &[&str]| {
        let mut pairs: Vec<(&str, &str)> = vec![
            ("response_type", "code"),
            ("client_id", PUBLIC_CLIENT_ID),
            ("redirect_uri", PUBLIC_CLIENT_REDIRECT_URI),
            ("state", "s1"),
            ("code_challenge", CHALLENGE),
            ("code_challenge_method", "S256"),
        ];
        pairs.retain(|(k, _)| !skip.contains(k));
        pairs.extend_from_slice(extra);
        h.authorize_url(&pairs)
    };
    let cases = [
        (base(&[("scope", "profile skill")], &[]), "invalid_scope"),
        (base(&[("scope", "profile everything")], &[]), "invalid_scope"),
        (base(&[("scope", "profile")], &["code_challenge", "code_challenge_method"]), "invalid_request"),
        (
            base(&[("scope", "profile"), ("code_challenge_method", "plain")], &["code_challenge_method"]),
            "invalid_request",
        ),
        (
            base(&[("scope", "profile"), ("code_challenge", "too-short")], &["code_challenge"]),
            "invalid_request",
        ),
        (base(&[("scope", "profile"), ("team_id", "team_gamma_99")], &[]), "invalid_request"),
        (
            base(&[("scope", "profile"), ("response_type", "token")], &["response_type"]),
            "unsupported_response_type",
        ),
        (base(&[("scope", "profile"), ("state", "again")], &[]), "invalid_request"),
    ];
    for (url, expected) in cases {
        let response = h.get(&url).await;
        assert_eq!(response.status(), StatusCode::FOUND, "{url}");
        let params = location_params(&response);
        assert_eq!(params.get("error").map(String::as_str), Some(expected), "{url}");
        assert!(params.get("error_description").is_some_and(|d| !d.is_empty()));
        assert!(!params.contains_key("code"));
    }
}

#[tokio::test]
async fn consent_page_lists_the_request_in_plain_words_and_escapes_everything() {
    let h = harness(false).await;
    let state = "<script>alert(1)</script>\"'";
    let response = h
        .get(&h.public_authorize_url(
            "profile balance model team_read team_manage",
            state,
            Some(TEAM_BETA_ID),
        ))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["cache-control"], "no-store");
    let html = response.text().await.unwrap_or_default();
    for expected in [
        PUBLIC_CLIENT_NAME,
        USER_DISPLAY_NAME,
        TEAM_BETA_NAME,
        "See your points balance",
        "Allow",
        "Deny",
        "Will not be granted",
    ] {
        assert!(html.contains(expected), "missing {expected}");
    }
    assert!(!html.contains("<script>alert"));
    assert!(html.contains("&lt;script&gt;"));
    assert_eq!(hidden_value(&html, "state_value"), "&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#x27;");
}

async fn consent_form(h: &Harness, scope: &str, state: &str, team: Option<&str>) -> Vec<(String, String)> {
    let html = h.get(&h.public_authorize_url(scope, state, team)).await.text().await.unwrap_or_default();
    let mut form: Vec<(String, String)> = [
        "client_id",
        "redirect_uri",
        "scope",
        "state_value",
        "code_challenge",
        "code_challenge_method",
        "csrf_token",
    ]
    .iter()
    .map(|name| (name.to_string(), hidden_value(&html, name).replace("&amp;", "&")))
    .collect();
    if let Some(team) = team {
        form.push(("team_id".into(), team.into()));
    }
    form
}

async fn submit(h: &Harness, form: &[(String, String)], decision: &str) -> reqwest::Response {
    let mut form = form.to_vec();
    form.push(("decision".into(), decision.into()));
    h.http.post(h.url("/oauth/authorize")).form(&form).send().await.expect("submit")
}

#[tokio::test]
async fn allow_redirects_with_a_code_and_deny_with_access_denied() {
    let h = harness(false).await;
    let form = consent_form(&h, "profile model", "s&1", None).await;
    let response = submit(&h, &form, "allow").await;
    assert_eq!(response.status(), StatusCode::FOUND);
    let params = location_params(&response);
    assert_eq!(params.get("state").map(String::as_str), Some("s&1"));
    let code = params.get("code").cloned().unwrap_or_default();
    assert_eq!(h.exchange(&code).await.status(), StatusCode::OK);

    let form = consent_form(&h, "profile", "s2", None).await;
    let params = location_params(&submit(&h, &form, "deny").await);
    assert_eq!(params.get("error").map(String::as_str), Some("access_denied"));
    assert!(params.contains_key("error_description"));
    assert_eq!(params.get("state").map(String::as_str), Some("s2"));
    assert!(!params.contains_key("code"));
}

#[tokio::test]
async fn consent_form_checks_csrf_and_the_bound_request() {
    let h = harness(false).await;
    let form = consent_form(&h, "profile", "s", None).await;
    let mut forged = form.clone();
    forged.iter_mut().filter(|(k, _)| k == "csrf_token").for_each(|(_, v)| *v = "csrf_forged".into());
    assert_eq!(submit(&h, &forged, "allow").await.status(), StatusCode::BAD_REQUEST);

    let mut widened = consent_form(&h, "profile", "s", None).await;
    widened.iter_mut().filter(|(k, _)| k == "scope").for_each(|(_, v)| *v = "profile balance charge".into());
    assert_eq!(submit(&h, &widened, "allow").await.status(), StatusCode::BAD_REQUEST);

    assert_eq!(submit(&h, &form, "allow").await.status(), StatusCode::FOUND);
    assert_eq!(
        submit(&h, &form, "allow").await.status(),
        StatusCode::BAD_REQUEST,
        "CSRF token is single-use"
    );

    let response = h
        .http
        .post(h.url("/oauth/authorize"))
        .form(&[("client_id", PUBLIC_CLIENT_ID)])
        .send()
        .await
        .expect("post");
    assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body: Value = response.json().await.unwrap_or_default();
    let locs: Vec<String> =
        body["detail"].as_array().into_iter().flatten().map(|d| d["loc"].to_string()).collect();
    for field in ["redirect_uri", "csrf_token", "decision"] {
        assert!(locs.contains(&format!("[\"body\",\"{field}\"]")), "{locs:?}");
    }
}

#[tokio::test]
async fn team_scopes_without_team_id_let_the_person_choose_a_team() {
    let h = harness(false).await;
    let html =
        h.get(&h.public_authorize_url("profile team_read", "s", None)).await.text().await.unwrap_or_default();
    assert!(html.contains("Choose a Team") && html.contains(TEAM_ALPHA_NAME));
    let form = consent_form(&h, "profile team_read", "s", Some(TEAM_ALPHA_ID)).await;
    let code = location_params(&submit(&h, &form, "allow").await).remove("code").unwrap_or_default();
    let body: Value = h.exchange(&code).await.json().await.unwrap_or_default();
    assert_eq!(body["team_id"], TEAM_ALPHA_ID);
}

#[tokio::test]
async fn team_manage_is_granted_only_to_owners_and_the_override_narrows_grants() {
    let h = harness(true).await;
    let scope = "profile model team_read team_manage";
    let alpha: Value =
        h.exchange(&h.code_for(scope, Some(TEAM_ALPHA_ID)).await).await.json().await.unwrap_or_default();
    assert_eq!(alpha["scope"], "profile model team_read team_manage");
    let beta: Value =
        h.exchange(&h.code_for(scope, Some(TEAM_BETA_ID)).await).await.json().await.unwrap_or_default();
    assert_eq!(beta["scope"], "profile model team_read");

    h.control.set_granted_scopes_override(Some(vec![Scope::Profile]));
    let narrowed: Value =
        h.exchange(&h.code_for("profile model", None).await).await.json().await.unwrap_or_default();
    assert_eq!(narrowed["scope"], "profile");
    let token = narrowed["access_token"].as_str().unwrap_or_default();
    let (status, body) = h.api_get(token, "/api/v1/open/models").await;
    assert_eq!((status, error_code(&body)), (StatusCode::FORBIDDEN, "OPEN_AGENT_SCOPE_REQUIRED"));
}
