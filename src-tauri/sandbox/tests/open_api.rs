//! The open API: envelopes, tokens, scopes, Personal/Team contexts, catalogs, balances, usage.

mod common;

use std::time::Duration;

use common::*;
use reqwest::StatusCode;
use serde_json::Value;
use xiaoya_sandbox::*;

#[tokio::test]
async fn me_returns_the_client_scoped_subject_in_the_success_envelope() {
    let h = harness(true).await;
    let token = h.personal().await;
    let (status, body) = h.api_get(&token, "/api/v1/open/me").await;
    assert_eq!(status, StatusCode::OK);
    let me = data(&body);
    assert_eq!(me["userId"], PUBLIC_CLIENT_USER_ID);
    assert_eq!(me["displayName"], USER_DISPLAY_NAME);
    let avatar = me["avatarUrl"].as_str().unwrap_or_default();
    assert!(avatar.starts_with(&h.base));
    assert_eq!(h.get(avatar).await.status(), StatusCode::OK);
}

#[tokio::test]
async fn missing_unknown_expired_and_revoked_tokens_get_401_with_www_authenticate() {
    let h = harness(true).await;
    let response = h.http.get(h.url("/api/v1/open/me")).send().await.expect("request");
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(response.headers()["www-authenticate"], "Bearer");
    let body: Value = response.json().await.unwrap_or_default();
    assert_eq!(error_code(&body), "OPEN_AGENT_TOKEN_INVALID");

    let expired = h.personal().await;
    let revoked = h.personal().await;
    h.control.expire_token(&expired);
    h.control.revoke_all_tokens();
    for token in ["not-a-token", expired.as_str(), revoked.as_str()] {
        let response = h.http.get(h.url("/api/v1/open/me")).bearer_auth(token).send().await.expect("request");
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
        assert_eq!(response.headers()["www-authenticate"], "Bearer error=\"invalid_token\"");
    }

    let fresh = h.personal().await;
    h.control.advance_clock(Duration::from_secs(604_800));
    assert_eq!(
        h.api_get(&fresh, "/api/v1/open/me").await.0,
        StatusCode::UNAUTHORIZED,
        "tokens live 604800 s"
    );
}

#[tokio::test]
async fn a_missing_scope_is_open_agent_scope_required() {
    let h = harness(true).await;
    let token = h.token("profile", None).await;
    for path in
        ["/api/v1/open/models", "/api/v1/open/balance", "/api/v1/open/usage", "/api/proxy/v1/tts/options"]
    {
        let (status, body) = h.api_get(&token, path).await;
        assert_eq!(
            (status, error_code(&body)),
            (StatusCode::FORBIDDEN, "OPEN_AGENT_SCOPE_REQUIRED"),
            "{path}"
        );
    }
}

#[tokio::test]
async fn personal_tokens_see_all_teams_and_team_tokens_only_their_own() {
    let h = harness(true).await;
    let (_, body) = h.api_get(&h.personal().await, "/api/v1/open/teams").await;
    let teams = data(&body).as_array().cloned().unwrap_or_default();
    assert_eq!(teams.len(), 3);
    let alpha = teams.iter().find(|t| t["teamId"] == TEAM_ALPHA_ID).cloned().unwrap_or_default();
    assert_eq!(alpha["name"], TEAM_ALPHA_NAME);
    assert_eq!(alpha["role"], "owner");
    for field in ["status", "memberId", "memberStatus", "teamContextVersion"] {
        assert!(!alpha[field].is_null(), "{field}");
    }
    let (_, body) = h.api_get(&h.team(TEAM_BETA_ID).await, "/api/v1/open/teams").await;
    let teams = data(&body).as_array().cloned().unwrap_or_default();
    assert_eq!(teams.len(), 1);
    assert_eq!(teams[0]["teamId"], TEAM_BETA_ID);
}

#[tokio::test]
async fn team_routes_need_a_token_for_exactly_that_team() {
    let h = harness(true).await;
    let personal = h.personal().await;
    let alpha = h.team(TEAM_ALPHA_ID).await;
    let beta = h.team(TEAM_BETA_ID).await;
    for suffix in ["context", "models", "balance"] {
        let alpha_path = format!("/api/v1/open/teams/{TEAM_ALPHA_ID}/{suffix}");
        let (status, body) = h.api_get(&personal, &alpha_path).await;
        assert_eq!((status, error_code(&body)), (StatusCode::FORBIDDEN, "TEAM_OAUTH_AUTHORIZATION_REQUIRED"));
        let (status, body) = h.api_get(&beta, &alpha_path).await;
        assert_eq!((status, error_code(&body)), (StatusCode::FORBIDDEN, "TEAM_CONTEXT_MISMATCH"));
        assert_eq!(h.api_get(&alpha, &alpha_path).await.0, StatusCode::OK);
    }
    let (_, body) = h.api_get(&beta, &format!("/api/v1/open/teams/{TEAM_BETA_ID}/context")).await;
    let context = data(&body);
    assert_eq!(context["memberId"], TEAM_BETA_MEMBER_ID);
    assert_eq!(context["role"], "member");
    assert_eq!(context["memberStatus"], "active");
    assert_eq!(context["teamContextVersion"], TEAM_BETA_CONTEXT_VERSION);
}

#[tokio::test]
async fn team_tokens_are_rejected_on_personal_only_routes() {
    let h = harness(true).await;
    let alpha = h.token("profile balance usage model team_read", Some(TEAM_ALPHA_ID)).await;
    for path in ["/api/v1/open/models", "/api/v1/open/balance", "/api/v1/open/usage"] {
        let (status, body) = h.api_get(&alpha, path).await;
        assert_eq!((status, error_code(&body)), (StatusCode::FORBIDDEN, "TEAM_CONTEXT_MISMATCH"), "{path}");
    }
}

#[tokio::test]
async fn personal_catalog_has_every_documented_entry_shape() {
    let h = harness(true).await;
    let (_, body) = h.api_get(&h.personal().await, "/api/v1/open/models").await;
    let items = data(&body).as_array().cloned().unwrap_or_default();
    assert!(items.len() >= 5);
    let by_code = |code: &str| items.iter().find(|m| m["modelCode"] == code).cloned().unwrap_or_default();
    for item in &items {
        assert!(item["displayName"].is_string() && item["modelType"].is_string());
        assert!(item["parameterSchemaVersion"].as_i64().is_some_and(|v| v >= 1));
        assert!(item.get("parameterSpec").is_some(), "parameterSpec is required (maybe null)");
    }
    assert_eq!(by_code(MODEL_CHAT)["structuredOutputMode"], "prompt");
    assert!(by_code(MODEL_CHAT)["parameterSpec"]["temperature"]["maximum"].is_number());
    assert_eq!(by_code(MODEL_VISION)["acceptsImage"], true);
    assert_eq!(by_code(MODEL_VISION)["structuredOutputMode"], "json_object");
    assert_eq!(by_code(MODEL_JSON_SCHEMA)["structuredOutputMode"], "json_schema");
    assert!(by_code(MODEL_JSON_SCHEMA)["parameterSpec"]["reasoning_effort"]["enum"].is_array());
    let legacy = by_code(MODEL_LEGACY);
    assert_eq!(legacy["inputsText"], true);
    assert!(legacy.get("structuredOutputMode").is_none() && legacy["parameterSpec"].is_null());
    assert_eq!(by_code(MODEL_IMAGE)["outputsImage"], true);
    assert_eq!(by_code(MODEL_VIDEO)["modelType"], "video");
    assert_eq!(by_code(MODEL_AUDIO)["modelType"], "audio");
    assert_eq!(by_code(MODEL_AUDIO)["parameterSpec"], serde_json::json!({}));
    assert!(by_code(MODEL_TEAM_ONLY).is_null(), "team-only model is not in the Personal catalog");
}

#[tokio::test]
async fn team_catalogs_are_versioned_and_differ_from_personal() {
    let h = harness(true).await;
    let (_, body) =
        h.api_get(&h.team(TEAM_ALPHA_ID).await, &format!("/api/v1/open/teams/{TEAM_ALPHA_ID}/models")).await;
    let alpha = data(&body).clone();
    assert_eq!(alpha["teamId"], TEAM_ALPHA_ID);
    assert_eq!(alpha["teamContextVersion"], TEAM_ALPHA_CONTEXT_VERSION);
    assert!(alpha["planVersionId"].is_string());
    assert!(alpha["catalogVersion"].as_str().is_some_and(|v| v.starts_with("sha256:")));
    let codes = |catalog: &Value| -> Vec<String> {
        catalog["items"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|m| m["modelCode"].as_str().map(String::from))
            .collect()
    };
    assert!(codes(&alpha).contains(&MODEL_TEAM_ONLY.to_string()));
    assert!(!codes(&alpha).contains(&MODEL_VISION.to_string()));
    let (_, body) =
        h.api_get(&h.team(TEAM_BETA_ID).await, &format!("/api/v1/open/teams/{TEAM_BETA_ID}/models")).await;
    let beta = data(&body).clone();
    assert_ne!(codes(&alpha), codes(&beta));
    assert_ne!(alpha["catalogVersion"], beta["catalogVersion"]);
}

#[tokio::test]
async fn personal_balance_has_the_documented_split() {
    let h = harness(true).await;
    let (_, body) = h.api_get(&h.personal().await, "/api/v1/open/balance").await;
    let balance = data(&body);
    assert_eq!(balance["subscription"], PERSONAL_SUBSCRIPTION_POINTS);
    assert_eq!(balance["gift_card"], PERSONAL_GIFT_CARD_POINTS);
    assert_eq!(balance["recharge"], PERSONAL_RECHARGE_POINTS);
    assert_eq!(
        balance["total"],
        PERSONAL_SUBSCRIPTION_POINTS + PERSONAL_GIFT_CARD_POINTS + PERSONAL_RECHARGE_POINTS
    );
}

#[tokio::test]
async fn team_balances_keep_exact_decimals_and_integers_above_2_pow_53() {
    let h = harness(true).await;
    let alpha = h.team(TEAM_ALPHA_ID).await;
    let response = h
        .http
        .get(h.url(&format!("/api/v1/open/teams/{TEAM_ALPHA_ID}/balance")))
        .bearer_auth(&alpha)
        .send()
        .await
        .expect("balance");
    let raw = response.text().await.unwrap_or_default();
    assert!(raw.contains("\"walletBalancePoints\":9007199254740993"), "{raw}");
    assert!(raw.contains("\"balancePointsDecimal\":\"9007199254740993\""), "{raw}");
    let body: Value = serde_json::from_str(&raw).unwrap_or_default();
    assert!(data(&body)["quotaLimit"].is_null(), "the owner has no member quota");

    let (_, body) =
        h.api_get(&h.team(TEAM_BETA_ID).await, &format!("/api/v1/open/teams/{TEAM_BETA_ID}/balance")).await;
    let beta = data(&body);
    assert_eq!(beta["teamId"], TEAM_BETA_ID);
    assert_eq!(beta["memberId"], TEAM_BETA_MEMBER_ID);
    assert_eq!(beta["role"], "member");
    assert_eq!(beta["balancePointsDecimal"], TEAM_BETA_BALANCE_DECIMAL);
    assert_eq!(beta["balancePoints"], 859);
    assert_eq!(beta["walletBalancePoints"], TEAM_BETA_WALLET_POINTS);
    assert_eq!(beta["quotaLimit"], TEAM_BETA_QUOTA_LIMIT);
    assert_eq!((beta["quotaUsed"].clone(), beta["quotaRemaining"].clone()), (140.into(), 859.into()));
}

#[tokio::test]
async fn a_team_context_version_change_invalidates_its_tokens() {
    let h = harness(true).await;
    let beta = h.team(TEAM_BETA_ID).await;
    let personal = h.personal().await;
    assert!(h.control.bump_team_context_version(TEAM_BETA_ID));
    let (status, body) = h.api_get(&beta, "/api/v1/open/teams").await;
    assert_eq!((status, error_code(&body)), (StatusCode::UNAUTHORIZED, "OPEN_AGENT_TOKEN_INVALID"));
    assert_eq!(h.api_get(&personal, "/api/v1/open/teams").await.0, StatusCode::OK);
}

#[tokio::test]
async fn unknown_paths_answer_like_fastapi() {
    let h = harness(true).await;
    let (status, body) = h.api_get("x", "/api/v1/open/nothing-here").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body, serde_json::json!({ "detail": "Not Found" }));
}

#[tokio::test]
async fn team_information_needs_team_read_and_says_what_a_plain_member_may_not_read() {
    let h = harness(true).await;
    let routes = [
        "overview",
        "members",
        "member-credits",
        "entitlements",
        "membership",
        "membership/orders",
        "membership/plans",
    ];
    let no_read = h.token("profile balance model", Some(TEAM_ALPHA_ID)).await;
    let alpha = h.token("profile team_read", Some(TEAM_ALPHA_ID)).await;
    let beta = h.token("profile team_read", Some(TEAM_BETA_ID)).await;
    for route in routes {
        let path = format!("/api/v1/open/teams/{TEAM_ALPHA_ID}/{route}");
        let (status, body) = h.api_get(&no_read, &path).await;
        assert_eq!(
            (status, error_code(&body)),
            (StatusCode::FORBIDDEN, "OPEN_AGENT_SCOPE_REQUIRED"),
            "{route}"
        );
        assert_eq!(h.api_get(&alpha, &path).await.0, StatusCode::OK, "{route}");
        let (status, body) = h.api_get(&beta, &path).await;
        assert_eq!((status, error_code(&body)), (StatusCode::FORBIDDEN, "TEAM_CONTEXT_MISMATCH"), "{route}");
    }
    let beta_path = |route: &str| format!("/api/v1/open/teams/{TEAM_BETA_ID}/{route}");
    let (status, body) = h.api_get(&beta, &beta_path("membership/orders")).await;
    assert_eq!((status, error_code(&body)), (StatusCode::FORBIDDEN, "TEAM_ROLE_REQUIRED"));
    let (_, body) = h.api_get(&beta, &beta_path("member-credits")).await;
    let items = data(&body)["items"].as_array().cloned().unwrap_or_default();
    assert_eq!(items.len(), 1, "a plain member sees their own row");
    assert_eq!(items[0]["quotaUsed"], TEAM_BETA_QUOTA_USED);

    let (_, body) = h.api_get(&alpha, &format!("/api/v1/open/teams/{TEAM_ALPHA_ID}/entitlements")).await;
    let ent = data(&body);
    assert_eq!((ent["accountType"].as_str(), ent["accountId"].as_str()), (Some("team"), Some(TEAM_ALPHA_ID)));
    assert!(ent["sources"][0]["endsAt"].is_null(), "the base source never ends");

    let gamma = h.token("profile team_read", Some(TEAM_GAMMA_ID)).await;
    let (_, body) = h.api_get(&gamma, &format!("/api/v1/open/teams/{TEAM_GAMMA_ID}/membership")).await;
    assert_eq!(data(&body)["canPurchaseCredits"], false);
}

#[tokio::test]
async fn personal_entitlements_need_the_account_scope_and_a_personal_token() {
    let h = harness(true).await;
    let path = "/api/v1/open/account/entitlements";
    let without = h.personal().await;
    let (status, body) = h.api_get(&without, path).await;
    assert_eq!((status, error_code(&body)), (StatusCode::FORBIDDEN, "OPEN_AGENT_SCOPE_REQUIRED"));
    assert_eq!(body["success"], false, "the platform's error envelope");

    let team = h.token("profile team_read account", Some(TEAM_ALPHA_ID)).await;
    let (status, body) = h.api_get(&team, path).await;
    assert_eq!(
        (status, error_code(&body)),
        (StatusCode::FORBIDDEN, "TEAM_CONTEXT_MISMATCH"),
        "Team tokens can't read Personal"
    );

    let with = h.token("profile balance usage model account", None).await;
    let (status, body) = h.api_get(&with, path).await;
    assert_eq!(status, StatusCode::OK);
    let ent = data(&body);
    assert_eq!(
        (ent["accountType"].as_str(), ent["accountId"].as_str()),
        (Some("personal"), Some(PUBLIC_CLIENT_USER_ID))
    );
    assert_eq!(ent["entitlements"]["storage"]["maxFileBytes"], PERSONAL_MAX_FILE_BYTES);
    assert_eq!(ent["entitlements"]["storage"]["totalBytes"], PERSONAL_TOTAL_BYTES);
    assert_eq!(ent["entitlements"]["byok"], PERSONAL_BYOK);
    let sources = ent["sources"].as_array().cloned().unwrap_or_default();
    assert_eq!(sources.len(), 2);
    assert!(sources[0]["endsAt"].is_null(), "the base source never ends");
    assert_eq!(sources[1]["endsAt"], PERSONAL_MEMBERSHIP_ENDS_AT);
}
