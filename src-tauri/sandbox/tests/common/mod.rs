//! Helpers shared by the sandbox's integration tests.
#![allow(dead_code)]

pub mod chat;
pub mod speech;

use std::collections::HashMap;

use reqwest::redirect::Policy;
use reqwest::{Client, Response, StatusCode};
use serde_json::Value;
use url::Url;
use xiaoya_sandbox::*;

pub const VERIFIER: &str = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
pub const CHALLENGE: &str = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";

pub struct Harness {
    pub sandbox: Sandbox,
    pub http: Client,
    pub base: String,
    pub control: SandboxControl,
}

pub async fn harness(auto_approve: bool) -> Harness {
    let sandbox = xiaoya_sandbox::start(SandboxConfig { auto_approve, ..SandboxConfig::default() })
        .await
        .expect("sandbox starts");
    let http = Client::builder().redirect(Policy::none()).build().expect("client builds");
    let base = sandbox.base_url();
    let control = sandbox.control();
    control.set_stream_pace(std::time::Duration::ZERO);
    Harness { sandbox, http, base, control }
}

/// A query parameter of a redirect `Location`.
pub fn location_params(response: &Response) -> HashMap<String, String> {
    let location = response.headers().get("location").and_then(|v| v.to_str().ok()).expect("Location header");
    Url::parse(location).expect("Location is a URL").query_pairs().into_owned().collect()
}

impl Harness {
    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.base, path)
    }

    pub fn authorize_url(&self, pairs: &[(&str, &str)]) -> String {
        let mut url = Url::parse(&self.url("/oauth/authorize")).expect("url");
        url.query_pairs_mut().extend_pairs(pairs);
        url.to_string()
    }

    /// A standard public-client authorization request with PKCE.
    pub fn public_authorize_url(&self, scope: &str, state: &str, team_id: Option<&str>) -> String {
        let mut pairs = vec![
            ("response_type", "code"),
            ("client_id", PUBLIC_CLIENT_ID),
            ("redirect_uri", PUBLIC_CLIENT_REDIRECT_URI),
            ("scope", scope),
            ("state", state),
            ("code_challenge", CHALLENGE),
            ("code_challenge_method", "S256"),
        ];
        if let Some(team_id) = team_id {
            pairs.push(("team_id", team_id));
        }
        self.authorize_url(&pairs)
    }

    pub async fn get(&self, url: &str) -> Response {
        self.http.get(url).send().await.expect("request sent")
    }

    /// Authorization code via auto-approve (turned on for the call).
    pub async fn code_for(&self, scope: &str, team_id: Option<&str>) -> String {
        self.control.set_auto_approve(true);
        let response = self.get(&self.public_authorize_url(scope, "st", team_id)).await;
        assert_eq!(response.status(), StatusCode::FOUND);
        location_params(&response).remove("code").expect("code in redirect")
    }

    pub async fn exchange(&self, code: &str) -> Response {
        let form = [
            ("grant_type", "authorization_code"),
            ("client_id", PUBLIC_CLIENT_ID),
            ("code", code),
            ("redirect_uri", PUBLIC_CLIENT_REDIRECT_URI),
            ("code_verifier", VERIFIER),
        ];
        self.http.post(self.url("/oauth/token")).form(&form).send().await.expect("token request")
    }

    /// Signs in and returns the access token.
    pub async fn token(&self, scope: &str, team_id: Option<&str>) -> String {
        let code = self.code_for(scope, team_id).await;
        let response = self.exchange(&code).await;
        assert_eq!(response.status(), StatusCode::OK);
        let body: Value = response.json().await.expect("token json");
        body["access_token"].as_str().expect("access_token").to_string()
    }

    pub async fn personal(&self) -> String {
        self.token("profile balance charge usage model", None).await
    }

    pub async fn team(&self, team_id: &str) -> String {
        self.token("profile balance model team_read", Some(team_id)).await
    }

    pub async fn api_get(&self, token: &str, path: &str) -> (StatusCode, Value) {
        let response = self.http.get(self.url(path)).bearer_auth(token).send().await.expect("request");
        let status = response.status();
        (status, response.json().await.unwrap_or(Value::Null))
    }
}

/// Asserts the platform error envelope and returns its code.
pub fn error_code(body: &Value) -> &str {
    assert_eq!(body["success"], false, "{body}");
    let request_id = body["request_id"].as_str().expect("request_id");
    assert!(request_id.starts_with("req_"), "{request_id}");
    assert!(body["message"].as_str().is_some_and(|m| !m.is_empty()));
    body["code"].as_str().expect("code")
}

/// Asserts the success envelope and returns `data`.
pub fn data(body: &Value) -> &Value {
    assert_eq!(body["success"], true, "{body}");
    assert!(body["request_id"].as_str().is_some_and(|r| r.starts_with("req_")), "{body}");
    &body["data"]
}
