//! Sign-in and the Team list against other readings of the same docs (issue 24, READINGS
//! B7, C3, E1, E2, E3): what the sandbox's default never shows.

use xiaoya_sandbox::{self as sb, Fault, FaultKind, RetryAfter, Route};

use super::super::wire::ContextRequest;
use crate::foundation::error::{ErrorCode, IpcError};
use crate::testing::Rig;

/// Starts a Personal sign-in, has the token endpoint answer `fault` once, and returns what
/// the person is shown of the failure.
async fn sign_in_failing_at_the_token_endpoint(rig: &Rig, fault: FaultKind) -> IpcError {
    rig.core.auth().begin_sign_in(ContextRequest::Personal).await.unwrap();
    rig.control().inject(Fault::once(Route::Token, fault));
    let callback = rig.approve().await;
    let err = rig.core.auth().complete_sign_in(&callback).await.unwrap_err();
    assert!(rig.control().pending_faults().is_empty(), "the code was sent");
    IpcError::from(err)
}

/// READINGS B7: a throttled token exchange says the platform is busy and how long it asked
/// to wait, in its own words, instead of an opaque `http_429`; no session is made, and a
/// sign-in started again afterwards works (the code itself is never sent twice, A8).
#[tokio::test]
async fn a_throttled_token_exchange_says_the_platform_is_busy_and_for_how_long() {
    let rig = Rig::new().await;
    let shown = sign_in_failing_at_the_token_endpoint(
        &rig,
        FaultKind::RawBody {
            status: 429,
            content_type: "application/json",
            body: r#"{"error":"temporarily_unavailable","error_description":"Too many token requests;\nslow down"}"#,
            after: RetryAfter::Seconds(30),
        },
    )
    .await;
    assert_eq!(shown.code, ErrorCode::PlatformBusy);
    assert_eq!(shown.retry_after_secs, Some(30));
    assert_eq!(shown.platform_code.as_deref(), Some("temporarily_unavailable"));
    assert_eq!(shown.message, "Too many token requests; slow down", "capped, no control characters");
    let view = rig.core.auth().sessions_view().await.unwrap();
    assert!(view.sessions.is_empty() && !view.sign_in_pending, "{view:?}");

    // A 503 in the platform envelope, the wait as an HTTP date: busy, with about that wait.
    let shown = sign_in_failing_at_the_token_endpoint(
        &rig,
        FaultKind::StatusRetryAfter { status: 503, after: RetryAfter::DateIn(120) },
    )
    .await;
    assert_eq!(shown.code, ErrorCode::PlatformBusy);
    assert!(shown.retry_after_secs.is_some_and(|s| (110..=121).contains(&s)), "{shown:?}");

    // Started again: signed in.
    rig.sign_in(ContextRequest::Personal).await;
}

/// READINGS C3: the token endpoint's other RFC 6749 error values reach the person as sent
/// (the UI explains the ones people can act on by this code), with the description capped.
#[tokio::test]
async fn other_oauth_error_values_at_the_token_endpoint_are_shown_as_sent() {
    let rig = Rig::new().await;
    for (status, body, error, description) in [
        (
            400,
            r#"{"error":"invalid_scope","error_description":"The scope \"model\" is not available to this client"}"#,
            "invalid_scope",
            Some("The scope \"model\" is not available to this client"),
        ),
        (400, r#"{"error":"invalid_request"}"#, "invalid_request", None),
        (401, r#"{"error":"unauthorized_client","error_description":""}"#, "unauthorized_client", None),
        (
            500,
            r#"{"error":"server_error","error_description":"try again"}"#,
            "server_error",
            Some("try again"),
        ),
    ] {
        let shown = sign_in_failing_at_the_token_endpoint(
            &rig,
            FaultKind::RawBody { status, content_type: "application/json", body, after: RetryAfter::Absent },
        )
        .await;
        assert_eq!(shown.code, ErrorCode::SignInFailed, "{error}");
        assert_eq!(shown.platform_code.as_deref(), Some(error));
        assert_eq!(shown.message, description.unwrap_or(error), "{error}");
        assert!(!rig.core.auth().sessions_view().await.unwrap().sign_in_pending);
    }
}

/// READINGS E1 and E2: the Team list as an object (`{total, items}`), its entries naming
/// the Team `teamName` and its status `teamStatus`: the picker lists the same Teams by name.
#[tokio::test]
async fn the_team_list_in_an_object_with_other_spellings_lists_the_same_teams() {
    let rig = Rig::new().await;
    rig.sign_in(ContextRequest::Personal).await;
    let plain = rig.core.auth().list_teams().await.unwrap();
    assert_eq!(plain.len(), 3);
    rig.control()
        .set_readings([sb::Reading::TeamsInObject, sb::Reading::TeamsOtherSpelling].into_iter().collect());
    let read = rig.core.auth().list_teams().await.unwrap();
    assert_eq!(read, plain);
    let alpha = read.iter().find(|t| t.team_id == sb::TEAM_ALPHA_ID).unwrap();
    assert_eq!((alpha.name.as_str(), alpha.status.as_deref()), (sb::TEAM_ALPHA_NAME, Some("active")));
}

/// READINGS E3: the person's membership of each Team is read apart from the Team's own
/// status, so the picker can say a membership is disabled or only an invitation.
#[tokio::test]
async fn the_team_list_tells_the_membership_apart_from_the_team_status() {
    let rig = Rig::new().await;
    rig.sign_in(ContextRequest::Personal).await;
    rig.control().set_readings([sb::Reading::TeamsMemberNotActive].into_iter().collect());
    let teams = rig.core.auth().list_teams().await.unwrap();
    let read = |id: &str| {
        let team = teams.iter().find(|t| t.team_id == id).unwrap();
        (team.status.as_deref(), team.member_status.as_deref())
    };
    assert_eq!(read(sb::TEAM_ALPHA_ID), (Some("active"), Some("active")));
    assert_eq!(read(sb::TEAM_BETA_ID), (Some("active"), Some("disabled")));
    assert_eq!(read(sb::TEAM_GAMMA_ID), (Some("active"), Some("invited")));
}
