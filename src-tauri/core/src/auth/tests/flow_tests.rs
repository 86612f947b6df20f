//! Sign-in against the sandbox: the whole flow, and each way it can go wrong.

use std::collections::HashMap;

use xiaoya_sandbox as sb;

use super::super::flow::{PERSONAL_SCOPES, TEAM_SCOPES};
use super::super::wire::{ContextRequest, SessionContext};
use crate::foundation::error::{Error, ErrorCode};
use crate::testing::Rig;

fn query(url: &url::Url) -> HashMap<String, String> {
    url.query_pairs().map(|(k, v)| (k.into_owned(), v.into_owned())).collect()
}

fn team(id: &str) -> ContextRequest {
    ContextRequest::Team { team_id: id.into(), make_payer: true }
}

#[tokio::test]
async fn personal_sign_in_sends_the_documented_authorize_request_and_keeps_the_token_in_the_keychain() {
    let rig = Rig::new().await;
    let view = rig.core.auth().begin_sign_in(ContextRequest::Personal).await.unwrap();
    assert!(view.sign_in_pending);
    let url = rig.last_opened();
    let q = query(&url);
    assert_eq!(url.path(), "/oauth/authorize");
    assert_eq!(q["response_type"], "code");
    assert_eq!(q["client_id"], sb::PUBLIC_CLIENT_ID);
    assert_eq!(q["redirect_uri"], sb::PUBLIC_CLIENT_REDIRECT_URI);
    assert_eq!(q["scope"], PERSONAL_SCOPES);
    assert_eq!(q["code_challenge_method"], "S256");
    assert_eq!(q["code_challenge"].len(), 43);
    assert!(q["state"].len() >= 22);
    assert!(!q.contains_key("team_id"));

    let callback = rig.approve().await;
    let session = rig.core.auth().complete_sign_in(&callback).await.unwrap().unwrap();
    assert_eq!(session.display_name, sb::USER_DISPLAY_NAME);
    assert_eq!(session.user_id, sb::PUBLIC_CLIENT_USER_ID);
    assert_eq!(session.context, SessionContext::Personal);
    assert_eq!(session.granted_scopes.join(" "), PERSONAL_SCOPES);
    assert!(session.expires_in_secs > 604_700 && session.expires_in_secs <= 604_800);

    let entries = rig.keys.entries.lock().unwrap().clone();
    assert_eq!(entries.len(), 1, "one keychain entry: the session's token (the verifier is gone)");
    let view = rig.core.auth().sessions_view().await.unwrap();
    assert_eq!(view.active_id.as_deref(), Some(session.id.as_str()));
    assert!(!view.sign_in_pending);
}

#[tokio::test]
async fn team_sign_in_binds_the_exact_team_and_sits_beside_personal() {
    let rig = Rig::new().await;
    let personal = rig.sign_in(ContextRequest::Personal).await;
    rig.core.auth().begin_sign_in(team(sb::TEAM_BETA_ID)).await.unwrap();
    let q = query(&rig.last_opened());
    assert_eq!(q["team_id"], sb::TEAM_BETA_ID);
    assert_eq!(q["scope"], TEAM_SCOPES);
    let team_session = rig.core.auth().complete_sign_in(&rig.approve().await).await.unwrap().unwrap();
    let SessionContext::Team { team_id, team_name, .. } = &team_session.context else {
        panic!("team context")
    };
    assert_eq!(team_id, sb::TEAM_BETA_ID);
    assert_eq!(team_name, sb::TEAM_BETA_NAME);
    assert_eq!(team_session.role.as_deref(), Some(sb::TEAM_BETA_ROLE));

    let view = rig.core.auth().sessions_view().await.unwrap();
    assert_eq!(view.sessions.len(), 2);
    assert_eq!(view.sessions[0].id, personal.id, "Personal is listed first");
    assert_eq!(view.active_id.as_deref(), Some(team_session.id.as_str()), "the new session pays");
    let view = rig.core.auth().set_active_session(&personal.id).await.unwrap();
    assert_eq!(view.active_id.as_deref(), Some(personal.id.as_str()));
    assert_eq!(rig.keys.entries.lock().unwrap().len(), 2, "one keychain entry per context");
}

#[tokio::test]
async fn the_teams_list_comes_from_the_personal_session() {
    let rig = Rig::new().await;
    assert_eq!(rig.core.auth().list_teams().await.unwrap_err().code(), ErrorCode::NotSignedIn);
    rig.sign_in(ContextRequest::Personal).await;
    let teams = rig.core.auth().list_teams().await.unwrap();
    let ids: Vec<_> = teams.iter().map(|t| t.team_id.as_str()).collect();
    assert!(ids.contains(&sb::TEAM_ALPHA_ID) && ids.contains(&sb::TEAM_BETA_ID), "{ids:?}");
}

#[tokio::test]
async fn a_callback_without_a_pending_sign_in_is_refused() {
    let rig = Rig::new().await;
    let err = rig
        .core
        .auth()
        .complete_sign_in("xiaoya-companion://oauth/callback?code=from-the-xiaoya-app&state=whatever")
        .await
        .unwrap_err();
    assert_eq!(err.code(), ErrorCode::NoPendingSignIn);
}

#[tokio::test]
async fn unrelated_deep_links_are_ignored() {
    let rig = Rig::new().await;
    rig.core.auth().begin_sign_in(ContextRequest::Personal).await.unwrap();
    assert!(rig.core.auth().complete_sign_in("xiaoya-companion://open/voices").await.unwrap().is_none());
    assert!(rig.core.auth().sessions_view().await.unwrap().sign_in_pending);
}

#[tokio::test]
async fn a_forged_state_is_ignored_and_the_genuine_callback_still_completes() {
    let rig = Rig::new().await;
    rig.core.auth().begin_sign_in(ContextRequest::Personal).await.unwrap();
    let genuine = rig.approve().await;
    let forged = "xiaoya-companion://oauth/callback?code=attacker-code&state=forged-state-value";
    assert_eq!(rig.core.auth().complete_sign_in(forged).await.unwrap_err().code(), ErrorCode::SignInFailed);
    assert!(rig.core.auth().sessions_view().await.unwrap().sign_in_pending, "the genuine attempt survives");
    assert!(rig.core.auth().complete_sign_in(&genuine).await.unwrap().is_some());
}

fn failures(events: &[crate::wire::AppEvent]) -> usize {
    events.iter().filter(|e| matches!(e, crate::wire::AppEvent::SignInFailed { .. })).count()
}

/// Proves A4 for deep links (issue 25, the sibling of the loopback port sweep): forged
/// callbacks delivered as deep links while a sign-in waits (an unknown state, an error with
/// an unknown state, a duplicate state, no state) are refused to the caller but announced
/// never: no `signInFailed` (the window would tie it to the waiting attempt) and no other
/// event; the diagnostics hold one entry for the run, tied to no attempt; the attempt stays
/// pending and its genuine callback signs in.
#[tokio::test]
async fn a_forged_deep_link_while_signing_in_is_noted_in_the_diagnostics_only() {
    use super::super::attempts::SignInOutcome;

    let rig = Rig::new().await;
    rig.core.auth().begin_sign_in(ContextRequest::Personal).await.unwrap();
    rig.events.take();
    let forged = [
        "xiaoya-companion://oauth/callback?code=x&state=unknown",
        "xiaoya-companion://oauth/callback?error=access_denied&state=unknown",
        "xiaoya-companion://oauth/callback?code=a&state=s&state=t",
        "xiaoya-companion://oauth/callback?code=x",
    ];
    for link in forged {
        let err = rig.core.auth().complete_sign_in(link).await.unwrap_err();
        assert_eq!(err.code(), ErrorCode::SignInFailed, "{link}");
    }
    let events = rig.events.take();
    assert_eq!(failures(&events), 0, "a refusal is never announced: {events:?}");
    assert!(events.is_empty(), "nothing changed, so nothing is announced: {events:?}");
    let recent = rig.core.auth().sign_in_diagnostics(None).await.unwrap().recent;
    let outcomes: Vec<_> = recent.iter().map(|e| e.outcome).collect();
    assert_eq!(outcomes, [SignInOutcome::Refused, SignInOutcome::Started], "one entry for the run");
    assert!(recent[0].detail.as_deref().unwrap_or_default().ends_with("(4 refused in a row)"), "{recent:?}");
    assert!(recent[0].context_kind.is_none(), "tied to no attempt");
    assert!(rig.core.auth().sessions_view().await.unwrap().sign_in_pending);

    let genuine = rig.approve().await;
    assert!(rig.core.auth().complete_sign_in(&genuine).await.unwrap().is_some());
    let events = rig.events.take();
    assert_eq!(failures(&events), 0);
    assert!(events.iter().any(|e| matches!(e, crate::wire::AppEvent::SignedIn { .. })));
}

/// Proves A3/A4 (issue 25): the genuine link of an attempt that lapsed (past 10 minutes)
/// arriving while a newer attempt waits is said by the lapse notice and the diagnostics,
/// never as a `signInFailed` the window would tie to the attempt waiting now; the newer
/// attempt stays pending and signs in.
#[tokio::test]
async fn a_lapsed_attempts_late_link_is_not_said_as_the_waiting_attempts_failure() {
    use super::super::attempts::SignInOutcome;

    let rig = Rig::new().await;
    rig.core.auth().begin_sign_in(ContextRequest::Personal).await.unwrap();
    let late = rig.approve().await;
    rig.core.auth().begin_sign_in(ContextRequest::Personal).await.unwrap();
    let waiting = rig.approve().await;
    // The first attempt (the older row) is now past its 10 minutes.
    sqlx::query(
        "UPDATE pending_sign_ins SET started_at = started_at - 601 WHERE rowid = (SELECT MIN(rowid) FROM pending_sign_ins)",
    )
    .execute(rig.core.db().pool())
    .await
    .unwrap();
    rig.events.take();

    assert_eq!(rig.core.auth().complete_sign_in(&late).await.unwrap_err().code(), ErrorCode::SignInFailed);
    let events = rig.events.take();
    assert_eq!(failures(&events), 0, "the waiting attempt did not fail: {events:?}");
    let view = rig.core.auth().sessions_view().await.unwrap();
    assert!(view.sign_in_pending, "the newer attempt still waits");
    assert_eq!(view.expired_sign_in.expect("the lapse is said").context_kind, "personal");
    let recent = rig.core.auth().sign_in_diagnostics(None).await.unwrap().recent;
    assert_eq!(recent[0].outcome, SignInOutcome::Expired, "{recent:?}");
    assert!(!recent.iter().any(|e| e.outcome == SignInOutcome::Failed), "{recent:?}");

    assert!(rig.core.auth().complete_sign_in(&waiting).await.unwrap().is_some());
}

#[tokio::test]
async fn a_replayed_callback_is_refused_and_the_code_is_not_sent_again() {
    let rig = Rig::new().await;
    rig.core.auth().begin_sign_in(ContextRequest::Personal).await.unwrap();
    let callback = rig.approve().await;
    rig.core.auth().complete_sign_in(&callback).await.unwrap();
    let tokens = rig.control().active_token_count();
    let err = rig.core.auth().complete_sign_in(&callback).await.unwrap_err();
    assert_eq!(err.code(), ErrorCode::NoPendingSignIn);
    // A second attempt pending: the old state still matches nothing.
    rig.core.auth().begin_sign_in(ContextRequest::Personal).await.unwrap();
    assert_eq!(
        rig.core.auth().complete_sign_in(&callback).await.unwrap_err().code(),
        ErrorCode::SignInFailed
    );
    assert_eq!(rig.control().active_token_count(), tokens, "no new token was issued");
}

#[tokio::test]
async fn a_reused_code_is_shown_as_the_platforms_invalid_grant() {
    let rig = Rig::new().await;
    rig.core.auth().begin_sign_in(ContextRequest::Personal).await.unwrap();
    let first = url::Url::parse(&rig.approve().await).unwrap();
    let code = query(&first)["code"].clone();
    rig.core.auth().complete_sign_in(first.as_str()).await.unwrap();
    // A new attempt whose callback carries the already-used code.
    rig.core.auth().begin_sign_in(ContextRequest::Personal).await.unwrap();
    let state = query(&rig.last_opened())["state"].clone();
    let mut reused = url::Url::parse(sb::PUBLIC_CLIENT_REDIRECT_URI).unwrap();
    reused.query_pairs_mut().append_pair("code", &code).append_pair("state", &state);
    let err = rig.core.auth().complete_sign_in(reused.as_str()).await.unwrap_err();
    let Error::OAuth { error, description } = &err else { panic!("expected an OAuth error, got {err:?}") };
    assert_eq!(error, "invalid_grant");
    assert!(description.as_deref().is_some_and(|d| !d.is_empty()));
    assert!(
        !rig.core.auth().sessions_view().await.unwrap().sign_in_pending,
        "a failed exchange needs a new sign-in"
    );
}

#[tokio::test]
async fn an_access_denied_callback_is_matched_by_state_and_reported() {
    let rig = Rig::new().await;
    rig.core.auth().begin_sign_in(ContextRequest::Personal).await.unwrap();
    let state = query(&rig.last_opened())["state"].clone();
    let mut denied = url::Url::parse(sb::PUBLIC_CLIENT_REDIRECT_URI).unwrap();
    denied
        .query_pairs_mut()
        .append_pair("error", "access_denied")
        .append_pair("error_description", "<b>The user said no</b>")
        .append_pair("state", &state);
    let err = rig.core.auth().complete_sign_in(denied.as_str()).await.unwrap_err();
    let ipc = crate::IpcError::from(&err);
    assert_eq!(ipc.code, ErrorCode::SignInFailed);
    assert_eq!(ipc.platform_code.as_deref(), Some("access_denied"));
    assert!(
        ipc.message.contains("<b>The user said no</b>"),
        "kept as text for the UI to escape: {}",
        ipc.message
    );
}

#[tokio::test]
async fn narrower_granted_scopes_are_what_the_session_records() {
    let rig = Rig::new().await;
    rig.control().set_granted_scopes_override(Some(vec![sb::Scope::Profile, sb::Scope::Model]));
    let session = rig.sign_in(ContextRequest::Personal).await;
    assert_eq!(session.granted_scopes, vec!["profile", "model"]);
}

#[tokio::test]
async fn sign_out_revokes_and_removes_only_that_context() {
    let rig = Rig::new().await;
    let personal = rig.sign_in(ContextRequest::Personal).await;
    let alpha = rig.sign_in(team(sb::TEAM_ALPHA_ID)).await;
    let before = rig.control().active_token_count();
    let view = rig.core.auth().sign_out(&alpha.id).await.unwrap();
    assert_eq!(rig.control().active_token_count(), before - 1, "revoked at the platform");
    assert_eq!(view.sessions.len(), 1);
    assert_eq!(view.sessions[0].id, personal.id);
    assert_eq!(rig.keys.entries.lock().unwrap().len(), 1);
    assert!(rig.core.auth().list_teams().await.is_ok(), "Personal still works");
}

#[tokio::test]
async fn sign_out_completes_locally_when_revocation_fails() {
    let rig = Rig::new().await;
    let personal = rig.sign_in(ContextRequest::Personal).await;
    rig.control().inject(sb::Fault { route: sb::Route::Revoke, kind: sb::FaultKind::Status(503), times: 1 });
    let view = rig.core.auth().sign_out(&personal.id).await.unwrap();
    assert!(view.sessions.is_empty());
    assert!(rig.keys.entries.lock().unwrap().is_empty());
}

#[tokio::test]
async fn a_401_ends_only_that_session() {
    let rig = Rig::new().await;
    let personal = rig.sign_in(ContextRequest::Personal).await;
    let alpha = rig.sign_in(team(sb::TEAM_ALPHA_ID)).await;
    rig.control().expire_tokens_of(sb::TokenSelector::Personal);
    let err = rig.core.auth().list_teams().await.unwrap_err();
    assert_eq!(err.code(), ErrorCode::SessionExpired);
    let view = rig.core.auth().sessions_view().await.unwrap();
    assert_eq!(view.sessions.len(), 1);
    assert_eq!(view.sessions[0].id, alpha.id);
    assert_ne!(view.sessions[0].id, personal.id);
}

#[tokio::test]
async fn an_expired_session_ends_when_next_looked_at() {
    let rig = Rig::new().await;
    let personal = rig.sign_in(ContextRequest::Personal).await;
    sqlx::query("UPDATE sessions SET expires_at = 1 WHERE id = ?")
        .bind(&personal.id)
        .execute(rig.core.db().pool())
        .await
        .unwrap();
    let view = rig.core.auth().sessions_view().await.unwrap();
    assert!(view.sessions.is_empty());
    assert!(rig.keys.entries.lock().unwrap().is_empty(), "its token left the keychain");
}

/// The window's first frame (`Core::boot_state`) is read before the page can hear an event,
/// so it changes and announces nothing: an expired session is left out, not ended. The
/// page's first `sessions` call ends it, with its notice and event.
#[tokio::test]
async fn the_first_frame_leaves_an_expired_session_out_without_ending_it() {
    let rig = Rig::new().await;
    let personal = rig.sign_in(ContextRequest::Personal).await;
    let alpha = rig.sign_in(team(sb::TEAM_ALPHA_ID)).await;
    sqlx::query("UPDATE sessions SET expires_at = 1 WHERE id = ?")
        .bind(&alpha.id)
        .execute(rig.core.db().pool())
        .await
        .unwrap();
    rig.events.take();

    let boot = rig.core.boot_state().await.unwrap();
    let ids: Vec<_> = boot.sessions.sessions.iter().map(|s| s.id.as_str()).collect();
    assert_eq!(ids, [personal.id.as_str()]);
    assert!(boot.sessions.ended.is_empty(), "no end recorded: {:?}", boot.sessions.ended);
    assert!(rig.events.take().is_empty(), "nothing announced");
    assert_eq!(rig.keys.entries.lock().unwrap().len(), 2, "the expired token is still there to revoke");
    assert_eq!(boot.app_info.platform.mode, crate::wire::PlatformMode::Sandbox);
    let again = rig.core.boot_state().await.unwrap();
    assert_ne!(again.boot_id, boot.boot_id, "each start's state is its own");

    let view = rig.core.auth().sessions_view().await.unwrap();
    assert_eq!(view.sessions.len(), 1);
    assert_eq!(view.ended.len(), 1, "the page's first call ends it");
    assert!(rig.events.take().iter().any(|e| matches!(e, crate::wire::AppEvent::SessionEnded { .. })));
    assert_eq!(rig.keys.entries.lock().unwrap().len(), 1);
}

/// When the context that pays expires, the next call fails with SESSION_EXPIRED instead
/// of quietly charging another signed-in context, and nothing is charged to anyone until
/// the person chooses who pays next.
#[tokio::test]
async fn an_expired_paying_context_is_never_replaced_silently() {
    let rig = Rig::new().await;
    let personal = rig.sign_in(ContextRequest::Personal).await;
    let alpha = rig.sign_in(team(sb::TEAM_ALPHA_ID)).await;
    rig.core.auth().set_active_session(&alpha.id).await.unwrap();
    sqlx::query("UPDATE sessions SET expires_at = 1 WHERE id = ?")
        .bind(&alpha.id)
        .execute(rig.core.db().pool())
        .await
        .unwrap();
    let err = rig.core.models().model_catalog(false).await.unwrap_err();
    assert_eq!(err.code(), ErrorCode::SessionExpired);
    let view = rig.core.auth().sessions_view().await.unwrap();
    assert_eq!(view.sessions.len(), 1, "the Team session ended");
    assert_eq!(view.active_id, None, "Personal does not start paying by itself");
    assert!(view.payer_not_chosen);
    assert_eq!(rig.core.models().model_catalog(false).await.unwrap_err().code(), ErrorCode::PayerNotChosen);
    // Once the person picks Personal, calls go there.
    rig.core.auth().set_active_session(&personal.id).await.unwrap();
    assert_eq!(rig.core.models().model_catalog(false).await.unwrap().context.kind, "personal");
}

#[tokio::test]
async fn a_locked_keychain_is_a_clear_error_and_nothing_is_stored_elsewhere() {
    let rig = Rig::new().await;
    rig.keys.unavailable.store(true, std::sync::atomic::Ordering::SeqCst);
    let err = rig.core.auth().begin_sign_in(ContextRequest::Personal).await.unwrap_err();
    assert_eq!(err.code(), ErrorCode::KeychainUnavailable);
    assert!(rig.browser.opened.lock().unwrap().is_empty(), "no browser without a place for the verifier");
    assert!(!rig.core.auth().sessions_view().await.unwrap().sign_in_pending);
}

#[tokio::test]
async fn team_ids_are_validated_before_the_browser_opens() {
    let rig = Rig::new().await;
    let err = rig.core.auth().begin_sign_in(team("  ")).await.unwrap_err();
    assert_eq!(err.code(), ErrorCode::InvalidInput);
    assert!(rig.browser.opened.lock().unwrap().is_empty());
}

#[tokio::test]
async fn a_team_token_bound_to_another_team_is_discarded() {
    let rig = Rig::new().await;
    rig.control().set_team_binding_override(Some(sb::TEAM_BETA_ID.into()));
    rig.core.auth().begin_sign_in(team(sb::TEAM_ALPHA_ID)).await.unwrap();
    let err = rig.core.auth().complete_sign_in(&rig.approve().await).await.unwrap_err();
    assert_eq!(err.code(), ErrorCode::SignInFailed);
    assert!(rig.core.auth().sessions_view().await.unwrap().sessions.is_empty());
    assert!(rig.keys.entries.lock().unwrap().is_empty(), "nothing kept");
    assert_eq!(rig.control().active_token_count(), 0, "and the stray token was revoked");
}

/// T1/T6 at the core boundary: everything a command can return or an event can carry,
/// serialized, never contains a token, code or verifier the sandbox issued or saw.
#[tokio::test]
async fn no_secret_reaches_ipc_payloads_or_the_database() {
    let rig = Rig::new().await;
    let personal = rig.sign_in(ContextRequest::Personal).await;
    let beta = rig.sign_in(team(sb::TEAM_BETA_ID)).await;
    // A refused callback too, carrying a forged code.
    rig.core.auth().begin_sign_in(ContextRequest::Personal).await.unwrap();
    let refused =
        rig.core.auth().complete_sign_in("xiaoya-companion://oauth/callback?code=forged&state=nope").await;

    let mut payloads = vec![
        serde_json::to_string(&rig.core.app_info().await.unwrap()).unwrap(),
        serde_json::to_string(&rig.core.auth().sessions_view().await.unwrap()).unwrap(),
        serde_json::to_string(&rig.core.auth().set_active_session(&personal.id).await.unwrap()).unwrap(),
        serde_json::to_string(&rig.core.auth().list_teams().await.unwrap()).unwrap(),
        serde_json::to_string(&rig.core.auth().sign_in_diagnostics(Some(true)).await.unwrap()).unwrap(),
        serde_json::to_string(&crate::wire::AppEvent::SignedIn { session: beta.clone() }).unwrap(),
        serde_json::to_string(&crate::IpcError::from(refused.unwrap_err())).unwrap(),
        serde_json::to_string(&rig.core.auth().cancel_sign_in().await.unwrap()).unwrap(),
        serde_json::to_string(&rig.core.auth().sign_out(&beta.id).await.unwrap()).unwrap(),
    ];
    rig.core.db().close().await;
    for entry in std::fs::read_dir(rig.dir.path()).unwrap() {
        let path = entry.unwrap().path();
        if path.is_file() {
            payloads.push(String::from_utf8_lossy(&std::fs::read(&path).unwrap()).into_owned());
        }
    }
    let secrets = rig.control().issued_secrets();
    assert!(secrets.len() >= 6, "tokens, codes and verifiers were issued: {}", secrets.len());
    for secret in &secrets {
        for payload in &payloads {
            assert!(!payload.contains(secret.as_str()), "a secret leaked into {payload:.200}");
        }
    }
}

/// Issue 15 point 8: when no browser can be started, the sign-in says so (not "the platform
/// refused"), the diagnostics record a local failure, the attempt stays pending, and its link
/// — copied and opened by hand — completes the sign-in.
#[tokio::test]
async fn when_no_browser_starts_the_link_can_be_copied_and_still_signs_in() {
    let rig = Rig::new().await;
    rig.browser.missing.store(true, std::sync::atomic::Ordering::SeqCst);
    let err = rig.core.auth().begin_sign_in(ContextRequest::Personal).await.unwrap_err();
    assert_eq!(err.code(), ErrorCode::BrowserUnavailable);
    let last = rig.core.auth().sign_in_history().recent().into_iter().next().unwrap();
    assert_eq!(last.outcome, super::super::attempts::SignInOutcome::Failed);
    assert_eq!(last.error_code, Some(ErrorCode::BrowserUnavailable));
    assert!(last.platform_code.is_none(), "nothing came from the platform");
    assert!(rig.core.auth().sessions_view().await.unwrap().sign_in_pending, "the attempt waits");

    let link = rig.core.auth().sign_in_link().await.unwrap().expect("a link to copy");
    let link = url::Url::parse(&link).unwrap();
    assert_eq!(link.path(), "/oauth/authorize");
    assert_eq!(query(&link)["client_id"], sb::PUBLIC_CLIENT_ID);
    // The person opens it in a browser they started: the sandbox (auto-approve) redirects back.
    let client = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let resp = client.get(link).send().await.unwrap();
    let callback = resp.headers().get("location").unwrap().to_str().unwrap().to_owned();
    let session = rig.core.auth().complete_sign_in(&callback).await.unwrap().expect("signed in");
    assert!(matches!(session.context, SessionContext::Personal));
    assert_eq!(rig.core.auth().sign_in_link().await.unwrap(), None, "the link is gone once used");
}
