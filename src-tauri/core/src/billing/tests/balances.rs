//! Reading balances, usage and the Team context; scopes; sessions ending.

use xiaoya_sandbox::{Scope, TokenSelector};

use super::{sb, team};
use crate::auth::wire::ContextRequest;
use crate::billing::wire::{BalanceDetail, BalanceVerdict, BillingContext, UsageView};
use crate::foundation::error::{Error, ErrorCode};
use crate::testing::Rig;

#[tokio::test]
async fn the_personal_balance_shows_its_breakdown_and_total() {
    let rig = Rig::new().await;
    let session = rig.sign_in(ContextRequest::Personal).await;
    let overview = rig.core.billing().refresh_balance().await.unwrap();
    assert_eq!(overview.session_id, session.id);
    assert_eq!(overview.context, BillingContext::Personal);
    assert_eq!(overview.spendable, "2500");
    assert_eq!(
        overview.detail,
        BalanceDetail::Personal {
            subscription: "800".into(),
            gift_card: "200".into(),
            recharge: "1500".into(),
            total: "2500".into()
        }
    );
    assert!(!overview.low);
    assert_eq!(overview.low_threshold, "100");
}

#[tokio::test]
async fn team_alpha_wallet_above_two_to_the_53_is_exact() {
    let rig = Rig::new().await;
    rig.sign_in(team(sb::TEAM_ALPHA_ID)).await;
    let overview = rig.core.billing().refresh_balance().await.unwrap();
    assert_eq!(overview.spendable, "9007199254740993");
    let BalanceDetail::Team { wallet, quota, role, member_balance, .. } = &overview.detail else {
        panic!("a Team balance: {overview:?}")
    };
    assert_eq!(wallet.as_deref(), Some("9007199254740993"));
    assert_eq!(member_balance, "9007199254740993");
    assert_eq!(*quota, None, "the owner's quota is unlimited");
    assert_eq!(role.as_deref(), Some(sb::TEAM_ALPHA_ROLE));
    // The value that would come back from a float is 9007199254740992.
    let json = serde_json::to_string(&overview).unwrap();
    assert!(json.contains("\"9007199254740993\""), "{json}");
    assert!(!json.contains("9007199254740992"), "{json}");
}

#[tokio::test]
async fn team_beta_member_balance_is_the_exact_decimal_with_a_quota_bar() {
    let rig = Rig::new().await;
    rig.sign_in(team(sb::TEAM_BETA_ID)).await;
    let overview = rig.core.billing().refresh_balance().await.unwrap();
    assert_eq!(overview.spendable, sb::TEAM_BETA_BALANCE_DECIMAL);
    let BalanceDetail::Team { wallet, quota: Some(quota), role, .. } = &overview.detail else {
        panic!("a Team balance with a quota: {overview:?}")
    };
    assert_eq!(wallet.as_deref(), Some("12500"));
    assert_eq!(role.as_deref(), Some("member"));
    assert_eq!(quota.limit, "1000");
    assert_eq!(quota.used, "140", "the platform's whole-point field");
    assert_eq!(quota.used_permille, 140);
}

#[tokio::test]
async fn the_team_context_reports_role_status_and_version() {
    let rig = Rig::new().await;
    rig.sign_in(team(sb::TEAM_BETA_ID)).await;
    let context = rig.core.billing().team_context().await.unwrap();
    assert_eq!(context.team_id, sb::TEAM_BETA_ID);
    assert_eq!(context.team_name, sb::TEAM_BETA_NAME);
    assert_eq!(context.role.as_deref(), Some("member"));
    assert_eq!(context.member_status.as_deref(), Some("active"));
    assert_eq!(context.context_version.as_deref(), Some("3"));
    assert!(!context.version_changed);

    rig.sign_in(ContextRequest::Personal).await;
    assert_eq!(rig.core.billing().team_context().await.unwrap_err().code(), ErrorCode::InvalidInput);
}

#[tokio::test]
async fn without_the_balance_or_usage_scope_nothing_is_requested_and_the_scope_is_named() {
    let rig = Rig::new().await;
    rig.control().set_granted_scopes_override(Some(vec![Scope::Profile, Scope::Model]));
    rig.sign_in(ContextRequest::Personal).await;
    match rig.core.billing().refresh_balance().await {
        Err(Error::ScopeMissing(scope)) => assert_eq!(scope, "balance"),
        other => panic!("expected a missing scope, got {other:?}"),
    }
    match rig.core.billing().personal_usage().await {
        Err(Error::ScopeMissing(scope)) => assert_eq!(scope, "usage"),
        other => panic!("expected a missing scope, got {other:?}"),
    }
    let check = rig.core.billing().balance_check("10").await.unwrap();
    assert_eq!(check.verdict, BalanceVerdict::Unknown, "a warning can't be computed, and nothing is blocked");
    assert_eq!(rig.core.billing().last_balance().await.unwrap(), None);
}

#[tokio::test]
async fn a_team_session_is_never_offered_personal_usage_and_the_platform_agrees() {
    let rig = Rig::new().await;
    // Even a Team token that holds `usage` (the app never asks a Team for it) is refused.
    rig.control().set_granted_scopes_override(Some(vec![
        Scope::Profile,
        Scope::Balance,
        Scope::Usage,
        Scope::TeamRead,
    ]));
    let session = rig.sign_in(team(sb::TEAM_BETA_ID)).await;
    assert!(session.granted_scopes.iter().any(|s| s == "usage"));
    assert_eq!(rig.core.billing().personal_usage().await.unwrap(), UsageView::NotForTeam);

    // The platform rejects a Team token on the Personal routes (why the app never asks).
    let session = rig.core.auth().active_session().await.unwrap();
    let token = rig.core.auth().token_for(&session).await.unwrap();
    let origin = url::Url::parse(&session.origin).unwrap();
    for path in ["/api/v1/open/usage", "/api/v1/open/balance"] {
        match rig.core.client().get_open::<serde_json::Value>(&origin, path, &token, None).await {
            Err(Error::Platform { status, code, .. }) => {
                assert_eq!((status, code.as_str()), (403, "TEAM_CONTEXT_MISMATCH"), "{path}")
            }
            other => panic!("{path}: expected TEAM_CONTEXT_MISMATCH, got {other:?}"),
        }
    }
    assert!(rig.core.auth().active_session().await.is_ok(), "a 403 does not end the session");
}

#[tokio::test]
async fn personal_usage_reports_charged_refunded_net_and_model_usage() {
    let rig = Rig::new().await;
    rig.sign_in(ContextRequest::Personal).await;
    let UsageView::Personal { usage } = rig.core.billing().personal_usage().await.unwrap() else {
        panic!("Personal usage")
    };
    assert_eq!((usage.charged_points.as_str(), usage.net_points.as_str()), ("0", "0"));

    // One chat request at the gateway, then usage counts it.
    let session = rig.core.auth().active_session().await.unwrap();
    let token = rig.core.auth().token_for(&session).await.unwrap();
    let origin = url::Url::parse(&session.origin).unwrap();
    let resp = reqwest::Client::new()
        .post(origin.join("/api/proxy/v1/chat/completions").unwrap())
        .bearer_auth(token.expose())
        .header("X-Request-ID", "usage-test-0001")
        .json(&serde_json::json!({"model": sb::MODEL_CHAT, "messages": [{"role": "user", "content": "hello there"}]}))
        .send()
        .await
        .unwrap();
    assert!(resp.status().is_success(), "chat answered {}", resp.status());
    let charged = rig.control().charges_for("usage-test-0001")[0].points;
    let UsageView::Personal { usage } = rig.core.billing().personal_usage().await.unwrap() else {
        panic!("Personal usage")
    };
    assert_eq!(usage.charged_points, charged.to_string());
    assert_eq!(usage.refunded_points, "0");
    assert_eq!(usage.net_points, charged.to_string());
    let model = usage.model_usage.expect("model usage");
    assert_eq!(model.request_count, "1");
    assert_ne!(model.input_tokens, "0");
}

#[tokio::test]
async fn a_revoked_token_ends_only_that_session() {
    let rig = Rig::new().await;
    let personal = rig.sign_in(ContextRequest::Personal).await;
    let alpha = rig.sign_in(team(sb::TEAM_ALPHA_ID)).await;
    rig.core.auth().set_active_session(&personal.id).await.unwrap();
    rig.control().expire_token_of(TokenSelector::Personal);
    assert_eq!(rig.core.billing().refresh_balance().await.unwrap_err().code(), ErrorCode::SessionExpired);
    let view = rig.core.auth().sessions_view().await.unwrap();
    assert_eq!(view.sessions.len(), 1, "the Team session stays");
    // The paying context ended: the Team pays only once the person chooses it (issue 11).
    assert_eq!(rig.core.billing().refresh_balance().await.unwrap_err().code(), ErrorCode::PayerNotChosen);
    rig.core.auth().set_active_session(&alpha.id).await.unwrap();
    assert_eq!(rig.core.billing().refresh_balance().await.unwrap().spendable, "9007199254740993");
}

#[tokio::test]
async fn a_failed_refresh_falls_back_to_the_last_reading_marked_stale() {
    use xiaoya_sandbox::{Fault, FaultKind, Route};
    let rig = Rig::new().await;
    rig.sign_in(ContextRequest::Personal).await;
    rig.core.billing().refresh_balance().await.unwrap();
    // Age the reading so the check wants a fresh one, and make that refresh fail.
    sqlx::query("UPDATE balance_snapshots SET taken_at = taken_at - ?")
        .bind(crate::billing::STALE_AFTER_MS + 1000)
        .execute(rig.core.db().pool())
        .await
        .unwrap();
    rig.control().inject(Fault { route: Route::Balance, kind: FaultKind::Status(500), times: 3 });
    let check = rig.core.billing().balance_check("3000").await.unwrap();
    assert_eq!((check.verdict, check.stale), (BalanceVerdict::Exceeds, true));
    assert_eq!(check.remaining.as_deref(), Some("2500"));
}
