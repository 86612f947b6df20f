//! The Personal entitlements against the sandbox, as a person meets them: without `account`
//! nothing is asked; asking for access signs in again with the granted scopes plus
//! `account`, leaves who pays alone, and then the entitlements read; a refused consent
//! keeps the session as it was; a Team session never reads Personal.

use std::collections::HashMap;

use xiaoya_sandbox as sb;
use xiaoya_sandbox::Scope;

use super::wire::PersonalEntitlements;
use crate::auth::wire::ContextRequest;
use crate::foundation::error::{Error, ErrorCode};
use crate::teams::wire::{TeamRead, TeamRefusalKind};
use crate::testing::Rig;

fn query(url: &url::Url) -> HashMap<String, String> {
    url.query_pairs().into_owned().collect()
}

/// Asks for access and lets the sandbox approve it (the browser comes back).
async fn consent(rig: &Rig) {
    rig.core.auth().begin_account_access().await.expect("consent starts");
    let callback = rig.approve().await;
    rig.core.auth().complete_sign_in(&callback).await.expect("consent completes").expect("a session");
}

#[tokio::test]
async fn without_account_nothing_is_asked_and_after_consent_the_entitlements_read() {
    let rig = Rig::new().await;
    let personal = rig.sign_in(ContextRequest::Personal).await;
    assert!(!query(&rig.last_opened())["scope"].split(' ').any(|s| s == "account"), "never at first sign-in");
    assert!(!personal.granted_scopes.iter().any(|s| s == "account"));
    let team =
        rig.sign_in(ContextRequest::Team { team_id: sb::TEAM_ALPHA_ID.into(), make_payer: true }).await;
    let payer = rig.core.auth().sessions_view().await.unwrap().active_id;
    assert_eq!(payer.as_deref(), Some(team.id.as_str()), "the Team pays");

    let before = rig.core.account().entitlements().await.unwrap();
    assert_eq!(before, PersonalEntitlements::NotGranted { session_id: personal.id.clone() });

    consent(&rig).await;
    let asked = query(&rig.last_opened());
    assert_eq!(asked["scope"], "profile balance usage model account", "what was granted, plus account");
    assert!(!asked.contains_key("team_id"));

    let view = rig.core.auth().sessions_view().await.unwrap();
    assert_eq!(view.active_id, payer, "who pays did not change");
    assert_eq!(view.sessions.len(), 2, "the same Personal session, renewed");
    let renewed = view.sessions.iter().find(|s| s.id == personal.id).expect("same session id");
    assert!(renewed.granted_scopes.iter().any(|s| s == "account"));

    let PersonalEntitlements::Asked { session_id, read } = rig.core.account().entitlements().await.unwrap()
    else {
        panic!("asked")
    };
    assert_eq!(session_id, personal.id);
    let TeamRead::Read { value: ent, report, raw } = *read else { panic!("a read answer") };
    assert!(report.is_clean(), "{report:?}");
    assert_eq!(ent.account_type.as_deref(), Some("personal"));
    assert_eq!(ent.account_id.as_deref(), Some(sb::PUBLIC_CLIENT_USER_ID));
    assert_eq!(
        (ent.max_file_bytes, ent.total_bytes),
        (Some(sb::PERSONAL_MAX_FILE_BYTES), Some(sb::PERSONAL_TOTAL_BYTES))
    );
    assert_eq!(ent.byok, Some(true));
    assert_eq!(ent.member_limit, None);
    assert_eq!(ent.sources.len(), 2);
    assert!(ent.sources[0].open_ended, "a null end: no expiry");
    assert_eq!(ent.sources[1].ends_at.as_deref(), Some(sb::PERSONAL_MEMBERSHIP_ENDS_AT));
    assert!(!ent.sources[1].open_ended);
    assert!(raw.contains("\"byok\""), "the answer as sent: {raw}");
}

#[tokio::test]
async fn a_refused_consent_keeps_the_personal_session_as_it_was() {
    let rig = Rig::new().await;
    let personal = rig.sign_in(ContextRequest::Personal).await;
    rig.core.auth().begin_account_access().await.unwrap();
    let state = query(&rig.last_opened())["state"].clone();
    let mut denied = url::Url::parse(sb::PUBLIC_CLIENT_REDIRECT_URI).unwrap();
    denied.query_pairs_mut().append_pair("error", "access_denied").append_pair("state", &state);
    let err = rig.core.auth().complete_sign_in(denied.as_str()).await.unwrap_err();
    assert_eq!(crate::IpcError::from(&err).platform_code.as_deref(), Some("access_denied"));

    let view = rig.core.auth().sessions_view().await.unwrap();
    let same = |s: &crate::auth::wire::SessionSummary| {
        (s.id.clone(), s.granted_scopes.clone(), s.expires_at.clone())
    };
    assert_eq!(view.sessions.iter().map(same).collect::<Vec<_>>(), vec![same(&personal)], "unchanged");
    assert_eq!(view.active_id.as_deref(), Some(personal.id.as_str()));
    assert!(rig.core.billing().refresh_balance().await.is_ok(), "its token still works");
    assert!(matches!(
        rig.core.account().entitlements().await.unwrap(),
        PersonalEntitlements::NotGranted { .. }
    ));

    rig.core.auth().begin_account_access().await.unwrap();
    rig.core.auth().cancel_sign_in().await.unwrap();
    let view = rig.core.auth().sessions_view().await.unwrap();
    assert_eq!(
        view.sessions.iter().map(same).collect::<Vec<_>>(),
        vec![same(&personal)],
        "cancelled: unchanged"
    );
}

#[tokio::test]
async fn the_token_a_granted_consent_replaces_is_revoked() {
    let rig = Rig::new().await;
    let personal = rig.sign_in(ContextRequest::Personal).await;
    let call = rig.core.auth().personal_call().await.unwrap();
    let old = call.token.clone();
    consent(&rig).await;
    let call = rig.core.auth().personal_call().await.unwrap();
    assert_eq!(call.session.id, personal.id);
    assert_ne!(call.token.expose(), old.expose(), "a new token with account");
    let client = reqwest::Client::new();
    let me = |token: &str| {
        client.get(format!("{}/api/v1/open/me", rig.sandbox.base_url())).bearer_auth(token.to_owned()).send()
    };
    assert_eq!(me(old.expose()).await.unwrap().status(), 401, "the replaced token no longer works");
    assert_eq!(me(call.token.expose()).await.unwrap().status(), 200);
}

#[tokio::test]
async fn a_consent_answered_by_another_account_renews_nothing() {
    let rig = Rig::new().await;
    let personal = rig.sign_in(ContextRequest::Personal).await;
    // The Personal session here belongs to someone else than the browser's account.
    sqlx::query("UPDATE sessions SET subject = 'oau_someone_else' WHERE id = ?")
        .bind(&personal.id)
        .execute(rig.core.db().pool())
        .await
        .unwrap();
    rig.core.auth().begin_account_access().await.unwrap();
    let callback = rig.approve().await;
    let err = rig.core.auth().complete_sign_in(&callback).await.unwrap_err();
    assert_eq!(err.code(), ErrorCode::SignInFailed, "{err:?}");
    let view = rig.core.auth().sessions_view().await.unwrap();
    assert_eq!(view.sessions.len(), 1, "no second Personal session");
    assert!(!view.sessions[0].granted_scopes.iter().any(|s| s == "account"));
    assert!(matches!(
        rig.core.account().entitlements().await.unwrap(),
        PersonalEntitlements::NotGranted { .. }
    ));
}

#[tokio::test]
async fn a_team_session_cannot_read_personal_entitlements() {
    let rig = Rig::new().await;
    rig.control().set_granted_scopes_override(Some(vec![Scope::Profile, Scope::TeamRead, Scope::Account]));
    rig.sign_in(ContextRequest::Team { team_id: sb::TEAM_ALPHA_ID.into(), make_payer: true }).await;
    let err = rig.core.account().entitlements().await.unwrap_err();
    assert!(matches!(err, Error::NotSignedIn), "no Personal session: {err:?}");
    assert!(rig.core.auth().begin_account_access().await.is_err(), "nothing to ask for without Personal");

    // The platform refuses a Team token on the route itself (403), read as a refusal.
    let call = rig.core.auth().context_call(None).await.unwrap();
    let result = rig.core.auth().context_get_exact(&call, super::PERSONAL_ENTITLEMENTS).await;
    let read = crate::teams::answer(result, crate::teams::read::read_entitlements);
    let TeamRead::Refused { refusal } = read else { panic!("refused: {read:?}") };
    assert_eq!((refusal.status, refusal.platform_code.as_deref()), (403, Some("TEAM_CONTEXT_MISMATCH")));
    assert_eq!(refusal.kind, TeamRefusalKind::RoleRequired);
    assert_eq!(ErrorCode::NotSignedIn, Error::NotSignedIn.code());
}

/// One reader for both: a Personal answer is not missing a Team's `memberLimit` or
/// `planFeatures`, but is missing `byok` when it lacks it; a Team answer never misses `byok`.
#[test]
fn the_shared_reader_expects_what_each_account_type_documents() {
    use crate::teams::read::read_entitlements;
    use serde_json::json;
    let storage = json!({"maxFileBytes": 1024, "totalBytes": 2048});
    let (ent, report) = read_entitlements(&json!({
        "accountType": "personal", "accountId": "oau_1",
        "entitlements": {"storage": storage, "quotaBoost": 2}, "sources": []
    }));
    assert_eq!(report.missing, vec!["entitlements.byok"], "{report:?}");
    assert_eq!(ent.byok, None);
    assert!(ent.other.iter().any(|f| f.key == "entitlements.quotaBoost" && f.value == "2"), "kept as sent");
    let (ent, report) = read_entitlements(&json!({
        "accountType": "personal", "accountId": "oau_1",
        "entitlements": {"storage": storage, "byok": "false"}, "sources": []
    }));
    assert!(report.is_clean(), "{report:?}");
    assert_eq!(ent.byok, Some(false));
    let (_, report) = read_entitlements(&json!({
        "accountType": "team", "accountId": "t",
        "entitlements": {"storage": storage, "memberLimit": 3, "planFeatures": []}, "sources": []
    }));
    assert!(report.is_clean(), "a Team answer without byok is whole: {report:?}");
}
