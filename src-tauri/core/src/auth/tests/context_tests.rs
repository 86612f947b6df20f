//! Issue 11, items 6 and 7 and the `/me` reading: a Team context that ends (401, or 403 with
//! a context code) ends only that session, with a notice naming it and why; the payer never
//! changes silently; a Team sign-in works where `/me` refuses Team tokens; a refused Team
//! workflow version points at the setting that fixes it.

use std::collections::BTreeMap;

use xiaoya_sandbox::{self as sb, Reading, Readings};

use super::super::wire::{ContextRequest, SessionContext, SessionEndReason};
use crate::chat::wire::{ChatOptions, ChatSendInput, ResponseFormatChoice};
use crate::foundation::error::ErrorCode;
use crate::testing::Rig;
use crate::IpcError;

fn team(id: &str) -> ContextRequest {
    ContextRequest::Team { team_id: id.into(), make_payer: true }
}

fn only(reading: Reading) -> Readings {
    [reading].into_iter().collect()
}

/// Personal and Team Alpha signed in, Team Alpha paying.
async fn alpha_paying(rig: &Rig) -> (String, String) {
    let personal = rig.sign_in(ContextRequest::Personal).await;
    let alpha = rig.sign_in(team(sb::TEAM_ALPHA_ID)).await;
    rig.core.auth().set_active_session(&alpha.id).await.unwrap();
    (personal.id, alpha.id)
}

/// What a person meets after the paying Team context ended at the platform, whichever
/// status the platform used: that session gone with a notice naming it and why, Personal
/// untouched but not paying, and every action refused until the person picks who pays.
async fn the_paying_team_ends(rig: &Rig, platform_code: &str, reason: SessionEndReason) {
    let (personal, alpha) = alpha_paying(rig).await;
    assert_eq!(rig.core.models().model_catalog(false).await.unwrap().context.kind, "team");
    rig.control().bump_team_context_version(sb::TEAM_ALPHA_ID);

    let err = rig.core.models().model_catalog(true).await.unwrap_err();
    assert_eq!(err.code(), ErrorCode::SessionExpired, "{err:?}");
    assert_eq!(IpcError::from(&err).platform_code.as_deref(), Some(platform_code));

    let view = rig.core.auth().sessions_view().await.unwrap();
    let ids: Vec<_> = view.sessions.iter().map(|s| s.id.as_str()).collect();
    assert_eq!(ids, vec![personal.as_str()], "only the Team session ended");
    assert_eq!(view.active_id, None, "nobody pays until the person chooses");
    assert!(view.payer_not_chosen);
    let notice = &view.ended[0];
    assert_eq!(notice.id, alpha);
    let SessionContext::Team { team_name, .. } = &notice.context else { panic!("a Team notice") };
    assert_eq!(team_name, sb::TEAM_ALPHA_NAME, "the notice names the session");
    assert_eq!(notice.reason, reason);
    assert_eq!(notice.platform_code.as_deref(), Some(platform_code), "and says why");
    assert!(notice.was_paying);
    assert_eq!(rig.keys.entries.lock().unwrap().len(), 1, "the Team token left the keychain");

    // No automatic switch to Personal: every action on the active context is refused.
    assert_eq!(rig.core.models().model_catalog(false).await.unwrap_err().code(), ErrorCode::PayerNotChosen);
    assert_eq!(rig.core.billing().refresh_balance().await.unwrap_err().code(), ErrorCode::PayerNotChosen);
    let send = ChatSendInput {
        conversation_id: None,
        text: "hello".into(),
        options: ChatOptions {
            model_code: sb::MODEL_CHAT.into(),
            system_prompt: String::new(),
            parameters: BTreeMap::new(),
            response_format: ResponseFormatChoice::Text,
        },
    };
    let charges = rig.control().charges().len();
    let refused = rig.core.chat().chat_send(send, &|_| true).await.unwrap_err();
    assert_eq!(refused.code(), ErrorCode::PayerNotChosen);
    assert_eq!(rig.control().charges().len(), charges, "nothing was charged to anyone");

    // The person picks Personal; the notice stays until read.
    let view = rig.core.auth().set_active_session(&personal).await.unwrap();
    assert_eq!(view.active_id.as_deref(), Some(personal.as_str()));
    assert!(!view.payer_not_chosen);
    assert_eq!(rig.core.models().model_catalog(false).await.unwrap().context.kind, "personal");
    assert_eq!(view.ended.len(), 1);
    let view = rig.core.auth().dismiss_session_notice(&alpha).await.unwrap();
    assert!(view.ended.is_empty());
}

#[tokio::test]
async fn a_team_context_ended_with_403_ends_only_that_session_and_asks_who_pays() {
    let rig = Rig::new().await;
    rig.control().set_readings(only(Reading::TeamContext403));
    the_paying_team_ends(&rig, "TEAM_CONTEXT_MISMATCH", SessionEndReason::ContextEnded).await;
}

#[tokio::test]
async fn a_team_context_ended_with_401_never_switches_the_payer_silently() {
    let rig = Rig::new().await;
    the_paying_team_ends(&rig, "OPEN_AGENT_TOKEN_INVALID", SessionEndReason::Rejected).await;
}

#[tokio::test]
async fn signing_in_again_replaces_the_notice_and_pays() {
    let rig = Rig::new().await;
    rig.control().set_readings(only(Reading::TeamContext403));
    alpha_paying(&rig).await;
    rig.control().bump_team_context_version(sb::TEAM_ALPHA_ID);
    rig.core.models().model_catalog(true).await.unwrap_err();
    assert!(rig.core.auth().sessions_view().await.unwrap().payer_not_chosen);
    let again = rig.sign_in(team(sb::TEAM_ALPHA_ID)).await;
    let view = rig.core.auth().sessions_view().await.unwrap();
    assert_eq!(
        view.active_id.as_deref(),
        Some(again.id.as_str()),
        "the new sign-in pays, as the window says"
    );
    assert!(!view.payer_not_chosen);
    assert!(view.ended.is_empty(), "the notice about Team Alpha is answered");
}

#[tokio::test]
async fn a_session_that_was_not_paying_ends_with_a_notice_and_the_payer_stays() {
    let rig = Rig::new().await;
    let (personal, alpha) = alpha_paying(&rig).await;
    rig.core.auth().set_active_session(&personal).await.unwrap();
    sqlx::query("UPDATE sessions SET expires_at = 1 WHERE id = ?")
        .bind(&alpha)
        .execute(rig.core.db().pool())
        .await
        .unwrap();
    let view = rig.core.auth().sessions_view().await.unwrap();
    assert_eq!(view.active_id.as_deref(), Some(personal.as_str()));
    assert!(!view.payer_not_chosen);
    assert_eq!(view.ended[0].reason, SessionEndReason::Expired);
    assert!(!view.ended[0].was_paying);
    assert_eq!(rig.core.models().model_catalog(false).await.unwrap().context.kind, "personal");
}

/// A 403 context code from a route that is not the Team's own (`/me`, a Personal route)
/// says nothing about the Team context: the session stays.
#[tokio::test]
async fn a_context_code_outside_the_teams_routes_ends_nothing() {
    let rig = Rig::new().await;
    alpha_paying(&rig).await;
    let session = rig.core.auth().active_session().await.unwrap();
    let token = rig.core.auth().token_for(&session).await.unwrap();
    let origin = url::Url::parse(&session.origin).unwrap();
    let result =
        rig.core.client().get_open::<serde_json::Value>(&origin, "/api/v1/open/balance", &token, None).await;
    let result = rig.core.auth().on_unauthorized(&session, result).await;
    assert_eq!(result.unwrap_err().code(), ErrorCode::Platform);
    assert!(rig.core.auth().active_session().await.is_ok());
    assert!(rig.core.auth().sessions_view().await.unwrap().ended.is_empty());
}

#[tokio::test]
async fn team_sign_in_works_where_me_refuses_team_tokens() {
    let rig = Rig::new().await;
    rig.control().set_readings(only(Reading::MeRefusesTeamTokens));
    let personal = rig.sign_in(ContextRequest::Personal).await;
    assert_eq!(personal.user_id, sb::PUBLIC_CLIENT_USER_ID, "Personal still reads /me");
    rig.core.auth().begin_sign_in(team(sb::TEAM_BETA_ID)).await.unwrap();
    let beta = rig.core.auth().complete_sign_in(&rig.approve().await).await.unwrap().expect("a Team session");
    let SessionContext::Team { team_id, team_name, .. } = &beta.context else { panic!("team") };
    assert_eq!((team_id.as_str(), team_name.as_str()), (sb::TEAM_BETA_ID, sb::TEAM_BETA_NAME));
    // A11: keyed by what the server reported for this token (its Team member).
    assert_eq!(beta.user_id, format!("member:{}", sb::TEAM_BETA_MEMBER_ID));
    // READINGS D2: the name the Personal session learned, not the member id.
    assert_eq!(beta.display_name, personal.display_name);
    assert!(!beta.display_name.contains(sb::TEAM_BETA_MEMBER_ID), "{}", beta.display_name);
    assert_eq!(beta.role.as_deref(), Some(sb::TEAM_BETA_ROLE));
    assert_eq!(rig.keys.entries.lock().unwrap().len(), 2);
    assert_eq!(
        rig.core.models().model_catalog(false).await.unwrap().context.kind,
        "team",
        "and the session works"
    );
}

#[tokio::test]
async fn a_refused_team_workflow_version_points_at_its_setting() {
    refused_workflow_points_at_its_setting(
        Reading::PublishedWorkflowOnly,
        "TEAM_WORKFLOW_VERSION_NOT_PUBLISHED",
    )
    .await;
}

/// Issue 24: the same refusal under the generic context code (400
/// `TEAM_USAGE_CONTEXT_INVALID`), named only by its message, still points at the setting.
#[tokio::test]
async fn a_workflow_refusal_under_the_generic_context_code_points_at_its_setting() {
    refused_workflow_points_at_its_setting(
        Reading::WorkflowRefusedContextInvalid,
        "TEAM_USAGE_CONTEXT_INVALID",
    )
    .await;
}

async fn refused_workflow_points_at_its_setting(reading: Reading, code: &str) {
    let rig = Rig::new().await;
    rig.control().set_stream_pace(std::time::Duration::ZERO);
    rig.control().set_readings(only(reading));
    rig.sign_in(team(sb::TEAM_BETA_ID)).await;
    let send = || ChatSendInput {
        conversation_id: None,
        text: "hello".into(),
        options: ChatOptions {
            model_code: sb::MODEL_CHAT.into(),
            system_prompt: String::new(),
            parameters: BTreeMap::new(),
            response_format: ResponseFormatChoice::Text,
        },
    };
    let turn = rig.core.chat().chat_send(send(), &|_| true).await.unwrap();
    let error = turn.reply.error.expect("refused");
    assert_eq!(error.code, ErrorCode::WorkflowVersionRefused);
    assert_eq!(error.platform_code.as_deref(), Some(code));
    assert!(rig.core.auth().active_session().await.is_ok(), "a workflow refusal ends no session");

    rig.core.chat().set_chat_workflow_version(sb::PUBLISHED_WORKFLOW_VERSION_ID).await.unwrap();
    let turn = rig.core.chat().chat_send(send(), &|_| true).await.unwrap();
    assert!(turn.reply.error.is_none(), "{:?}", turn.reply.error);
}

#[tokio::test]
async fn another_platform_starts_without_the_old_notices_or_a_pending_choice() {
    let rig = Rig::new().await;
    alpha_paying(&rig).await;
    rig.control().bump_team_context_version(sb::TEAM_ALPHA_ID);
    rig.core.models().model_catalog(true).await.unwrap_err();
    let view = rig.core.auth().sessions_view().await.unwrap();
    assert!(view.payer_not_chosen && !view.ended.is_empty());
    rig.core
        .set_platform(crate::wire::PlatformSettingsInput {
            base_url: rig.sandbox.base_url(),
            client_id: "another-client".into(),
            redirect_uri: crate::foundation::config::DEFAULT_REDIRECT_URI.into(),
        })
        .await
        .unwrap();
    let view = rig.core.auth().sessions_view().await.unwrap();
    assert!(view.ended.is_empty(), "those sessions belong to the other platform");
    assert!(!view.payer_not_chosen);
}

/// Issue 24: the docs' own Team-context example has no `name`. A Team chosen from the list
/// keeps the name the person picked (session, "Charged to", Balances), never its id.
#[tokio::test]
async fn a_team_context_without_a_name_keeps_the_name_picked_from_the_list() {
    let rig = Rig::new().await;
    rig.sign_in(ContextRequest::Personal).await;
    rig.control().set_readings(only(Reading::TeamContextDocumented));
    let teams = rig.core.auth().list_teams().await.unwrap();
    let beta = teams.iter().find(|t| t.team_id == sb::TEAM_BETA_ID).expect("Team Beta listed");
    assert_eq!(beta.name, sb::TEAM_BETA_NAME);
    let session =
        rig.sign_in(ContextRequest::Team { team_id: sb::TEAM_BETA_ID.into(), make_payer: true }).await;
    let SessionContext::Team { team_name, .. } = &session.context else { panic!("{session:?}") };
    assert_eq!(team_name, sb::TEAM_BETA_NAME, "the picked name, not the id");
    let balance = rig.core.billing().refresh_balance().await.unwrap();
    assert!(format!("{:?}", balance.context).contains(sb::TEAM_BETA_NAME), "{:?}", balance.context);
}

/// A Team session signed in without a known name (a restart between the list and the
/// sign-in) takes its name from the next Team list; a later sign-in without one keeps it.
#[tokio::test]
async fn a_team_session_without_a_name_takes_it_from_the_next_team_list() {
    let rig = Rig::new().await;
    rig.sign_in(ContextRequest::Personal).await;
    rig.control().set_readings(only(Reading::TeamContextDocumented));
    let team = ContextRequest::Team { team_id: sb::TEAM_ALPHA_ID.into(), make_payer: false };
    let session = rig.sign_in(team.clone()).await;
    let SessionContext::Team { team_name, .. } = &session.context else { panic!("{session:?}") };
    assert_eq!(team_name, sb::TEAM_ALPHA_ID, "nothing named it yet");
    rig.core.auth().list_teams().await.unwrap();
    let view = rig.core.auth().sessions_view().await.unwrap();
    let named = view.sessions.iter().find(|s| s.id == session.id).unwrap();
    let SessionContext::Team { team_name, .. } = &named.context else { panic!() };
    assert_eq!(team_name, sb::TEAM_ALPHA_NAME);
    // Signing in again where the context has no name keeps the one learned.
    let again = rig.sign_in(team).await;
    let SessionContext::Team { team_name, .. } = &again.context else { panic!() };
    assert_eq!(team_name, sb::TEAM_ALPHA_NAME);
}

/// Readings audit F2: `teamContextVersion` as text (`"7"`) in the list, the context answer
/// and the Team catalog. The sign-in succeeds with the version read, the Team context view
/// shows it and the catalog keys on it (a serde `Option<i64>` failed the whole sign-in).
#[tokio::test]
async fn a_team_context_version_sent_as_text_is_read_as_the_number() {
    let rig = Rig::new().await;
    rig.sign_in(ContextRequest::Personal).await;
    rig.control().set_readings(only(Reading::TeamContextVersionText));
    let session =
        rig.sign_in(ContextRequest::Team { team_id: sb::TEAM_ALPHA_ID.into(), make_payer: true }).await;
    let SessionContext::Team { team_context_version, team_name, .. } = &session.context else {
        panic!("{session:?}")
    };
    assert_eq!(*team_context_version, Some(sb::TEAM_ALPHA_CONTEXT_VERSION));
    assert_eq!(team_name, sb::TEAM_ALPHA_NAME);
    let view = rig.core.billing().team_context().await.unwrap();
    assert!(format!("{view:?}").contains(&format!("\"{}\"", sb::TEAM_ALPHA_CONTEXT_VERSION)), "{view:?}");
    assert!(!format!("{view:?}").contains("version_changed: true"), "{view:?}");
    let catalog = rig.core.models().model_catalog(false).await.unwrap();
    assert_eq!(catalog.team_context_version, Some(sb::TEAM_ALPHA_CONTEXT_VERSION));
}
