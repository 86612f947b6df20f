//! The sign-in history in the diagnostics view: how each attempt of this run ended and
//! why, against the sandbox; never a secret.

use std::collections::HashMap;

use xiaoya_sandbox::{self as sb, Fault, FaultKind, Route};

use super::super::attempts::SignInOutcome;
use super::super::wire::ContextRequest;
use crate::foundation::error::ErrorCode;
use crate::testing::Rig;

fn query(url: &url::Url) -> HashMap<String, String> {
    url.query_pairs().into_owned().collect()
}

#[tokio::test]
async fn each_attempt_is_listed_newest_first_with_how_it_ended() {
    let rig = Rig::new().await;
    rig.sign_in(ContextRequest::Personal).await;

    // A Team sign-in whose code exchange the platform answers with a 500.
    rig.core
        .auth()
        .begin_sign_in(ContextRequest::Team { team_id: sb::TEAM_ALPHA_ID.into(), make_payer: true })
        .await
        .unwrap();
    rig.control().inject(Fault::once(Route::Token, FaultKind::Status(500)));
    let callback = rig.approve().await;
    assert!(rig.core.auth().complete_sign_in(&callback).await.is_err());

    // A forged link while a genuine attempt is pending: refused, the attempt kept (A4).
    rig.core.auth().begin_sign_in(ContextRequest::Personal).await.unwrap();
    let forged = format!("{}?code=forged-code&state=forged-state", sb::PUBLIC_CLIENT_REDIRECT_URI);
    assert!(rig.core.auth().complete_sign_in(&forged).await.is_err());
    assert!(rig.core.auth().sessions_view().await.unwrap().sign_in_pending);

    // The person says no in the browser.
    let state = query(&rig.last_opened())["state"].clone();
    let mut denied = url::Url::parse(sb::PUBLIC_CLIENT_REDIRECT_URI).unwrap();
    denied
        .query_pairs_mut()
        .append_pair("error", "access_denied")
        .append_pair("error_description", "The user said no")
        .append_pair("state", &state);
    assert!(rig.core.auth().complete_sign_in(denied.as_str()).await.is_err());
    rig.core.auth().cancel_sign_in().await.unwrap();

    let recent = rig.core.auth().sign_in_diagnostics(None).await.unwrap().recent;
    let outcomes: Vec<_> = recent.iter().map(|e| e.outcome).collect();
    assert_eq!(
        outcomes,
        [
            SignInOutcome::Cancelled,
            SignInOutcome::Failed,
            SignInOutcome::Refused,
            SignInOutcome::Started,
            SignInOutcome::Failed,
            SignInOutcome::Started,
            SignInOutcome::SignedIn,
            SignInOutcome::Started,
        ]
    );
    let denied = &recent[1];
    assert_eq!(denied.context_kind.as_deref(), Some("personal"));
    assert_eq!(denied.error_code, Some(ErrorCode::SignInFailed));
    assert_eq!(denied.platform_code.as_deref(), Some("access_denied"));
    assert_eq!(denied.detail.as_deref(), Some("The user said no"));
    let refused = &recent[2];
    assert!(refused.context_kind.is_none(), "a forged link belongs to no attempt");
    let exchange = &recent[4];
    assert_eq!(
        (exchange.context_kind.as_deref(), exchange.team_id.as_deref()),
        (Some("team"), Some(sb::TEAM_ALPHA_ID))
    );
    assert_eq!(exchange.error_code, Some(ErrorCode::SignInFailed));
    assert!(exchange.platform_code.is_some(), "the platform's code is kept: {exchange:?}");
    assert!(exchange.detail.is_none(), "no description: the code alone says it, not twice");
    assert!(recent.iter().all(|e| e.at.ends_with('Z')), "RFC 3339 UTC");

    // T1: nothing the sandbox issued or saw (codes, tokens, verifiers) is in the view.
    let json = serde_json::to_string(&rig.core.auth().sign_in_diagnostics(None).await.unwrap()).unwrap();
    for secret in rig.control().issued_secrets() {
        assert!(!json.contains(&secret), "a secret reached the diagnostics");
    }
    assert!(!json.contains("forged-code") && !json.contains("forged-state"), "nothing from a link is kept");
}

#[tokio::test]
async fn the_history_keeps_the_last_ten_and_caps_platform_text() {
    let rig = Rig::new().await;
    for _ in 0..12 {
        rig.core.auth().begin_sign_in(ContextRequest::Personal).await.unwrap();
    }
    let state = query(&rig.last_opened())["state"].clone();
    let mut denied = url::Url::parse(sb::PUBLIC_CLIENT_REDIRECT_URI).unwrap();
    denied
        .query_pairs_mut()
        .append_pair("error", "access_denied")
        .append_pair("error_description", &"x".repeat(2000))
        .append_pair("state", &state);
    let _ = rig.core.auth().complete_sign_in(denied.as_str()).await;
    let recent = rig.core.auth().sign_in_diagnostics(None).await.unwrap().recent;
    assert_eq!(recent.len(), 10);
    assert!(recent[0].detail.as_ref().is_some_and(|d| d.chars().count() == 300), "capped");
}
