//! The Chat Completions gateway with a Team token, insufficient points, and usage.

mod common;

use common::chat::*;
use common::*;
use reqwest::StatusCode;
use xiaoya_sandbox::*;

#[tokio::test]
async fn team_calls_need_the_full_workflow_tuple_and_no_streaming() {
    let h = harness(true).await;
    let beta = h.team(TEAM_BETA_ID).await;
    let plain = body(MODEL_CHAT, "Summarize the knowledge-base update", false);
    let (status, error) = send(post(&h, &beta, Some("t1"), &plain)).await;
    assert_eq!((status, error_code(&error)), (StatusCode::BAD_REQUEST, "TEAM_USAGE_CONTEXT_INCOMPLETE"));
    let (status, error) = send(workflow(post(&h, &beta, Some("t2"), &plain), TEAM_BETA_ID, "7")).await;
    assert_eq!((status, error_code(&error)), (StatusCode::BAD_REQUEST, "TEAM_USAGE_CONTEXT_INCOMPLETE"));
    let (status, error) = send(workflow(post(&h, &beta, Some("t3"), &plain), TEAM_ALPHA_ID, "1")).await;
    assert_eq!((status, error_code(&error)), (StatusCode::FORBIDDEN, "TEAM_CONTEXT_MISMATCH"));
    let (status, error) =
        send(workflow(post(&h, &beta, Some("t4"), &body(MODEL_CHAT, "x", true)), TEAM_BETA_ID, "1")).await;
    assert_eq!((status, error_code(&error)), (StatusCode::BAD_REQUEST, "TEAM_USAGE_STREAMING_UNSUPPORTED"));
    let (status, error) =
        send(workflow(post(&h, &beta, Some("t5"), &body(MODEL_VISION, "x", false)), TEAM_BETA_ID, "1")).await;
    assert_eq!(
        (status, error_code(&error)),
        (StatusCode::NOT_FOUND, "MODEL_NOT_FOUND"),
        "not in Team Beta's catalog"
    );
    assert!(h.control.charges().is_empty());

    let personal = h.personal().await;
    let (status, error) =
        send(post(&h, &personal, Some("t6"), &plain).header("X-Xiaoya-Team-Id", TEAM_BETA_ID)).await;
    assert_eq!((status, error_code(&error)), (StatusCode::FORBIDDEN, "TEAM_OAUTH_AUTHORIZATION_REQUIRED"));
}

#[tokio::test]
async fn team_calls_charge_the_wallet_and_member_quota_in_exact_decimals() {
    let h = harness(true).await;
    let beta = h.team(TEAM_BETA_ID).await;
    let (status, _) = send(workflow(
        post(&h, &beta, Some("team-1"), &body(MODEL_CHAT, "Summarize", false)),
        TEAM_BETA_ID,
        "1",
    ))
    .await;
    assert_eq!(status, StatusCode::OK);
    let charge = h.control.charges_for("team-1").remove(0);
    assert_eq!(
        charge.context,
        ChargeContext::Team { team_id: TEAM_BETA_ID.into(), member_id: TEAM_BETA_MEMBER_ID.into() }
    );
    assert!(!charge.points.is_whole(), "Team amounts are exact, here fractional: {}", charge.points);
    assert_eq!(charge.workflow.as_ref().map(|w| w.attempt), Some(1));
    let after = h.control.team_balance(TEAM_BETA_ID).expect("team");
    assert_eq!(after.wallet, Points::whole(TEAM_BETA_WALLET_POINTS) - charge.points);
    assert_eq!(after.balance(), Points::parse(TEAM_BETA_BALANCE_DECIMAL).unwrap_or_default() - charge.points);
    let (_, body) = h.api_get(&beta, &format!("/api/v1/open/teams/{TEAM_BETA_ID}/balance")).await;
    assert_eq!(data(&body)["balancePointsDecimal"], after.balance().to_string());
    assert_eq!(h.control.personal_balance().subscription, PERSONAL_SUBSCRIPTION_POINTS, "Personal untouched");
}

#[tokio::test]
async fn insufficient_points_is_402_without_a_charge() {
    let h = harness(true).await;
    let token = h.personal().await;
    h.control.set_personal_balance(PersonalBalance { subscription: 0, gift_card: 0, recharge: 0 });
    let (status, error) = send(post(&h, &token, Some("poor"), &body(MODEL_CHAT, "hi", false))).await;
    assert_eq!((status, error_code(&error)), (StatusCode::PAYMENT_REQUIRED, "INSUFFICIENT_POINTS"));
    assert!(h.control.charges().is_empty());
    let beta = h.team(TEAM_BETA_ID).await;
    h.control.set_team_balance(TEAM_BETA_ID, None, Points::parse("1000"));
    let (status, _) =
        send(workflow(post(&h, &beta, Some("poor-team"), &body(MODEL_CHAT, "hi", false)), TEAM_BETA_ID, "1"))
            .await;
    assert_eq!(status, StatusCode::PAYMENT_REQUIRED, "member quota exhausted");
}

#[tokio::test]
async fn usage_is_computed_from_the_ledger() {
    let h = harness(true).await;
    let token = h.personal().await;
    let (_, empty) = h.api_get(&token, "/api/v1/open/usage").await;
    assert_eq!(data(&empty)["modelUsage"]["requestCount"], 0);
    let (_, reply) = send(post(&h, &token, Some("u1"), &body(MODEL_CHAT, "hi", false))).await;
    send(post(&h, &token, Some("u2"), &body(MODEL_LEGACY, "hello again", false))).await;
    let (_, usage) = h.api_get(&token, "/api/v1/open/usage").await;
    let usage = data(&usage);
    let charged: i64 = h.control.charges().iter().map(|c| c.points.floor_whole()).sum();
    assert_eq!(usage["chargedPoints"], charged);
    assert_eq!(usage["refundedPoints"], 0);
    assert_eq!(usage["netPoints"], charged);
    assert_eq!(usage["modelUsage"]["requestCount"], 2);
    assert!(usage["modelUsage"]["inputTokens"].as_u64() > reply["usage"]["prompt_tokens"].as_u64());
    for field in ["outputTokens", "cacheReadTokens", "cacheWriteTokens", "imageCount", "chargedPoints"] {
        assert!(usage["modelUsage"][field].is_number(), "{field}");
    }
}
