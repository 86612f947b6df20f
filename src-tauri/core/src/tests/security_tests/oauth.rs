//! Sign-in, callbacks, the OAuth POSTs, 401s, a locked keychain and https (A2–A12, H2, K3).

use super::*;

// ---- A2, A3: a fresh verifier and state per attempt ------------------------------------

/// Proves A2 and A3 through the real flow: every attempt gets its own 43-character verifier
/// (kept only in the keychain) whose S256 challenge is the one sent, and its own state.
#[tokio::test]
async fn every_sign_in_attempt_has_its_own_verifier_and_state() {
    let rig = Rig::new().await;
    rig.core.auth().begin_sign_in(ContextRequest::Personal).await.unwrap();
    rig.core.auth().begin_sign_in(team(sb::TEAM_ALPHA_ID)).await.unwrap();
    let opened = rig.browser.opened.lock().unwrap().clone();
    assert_eq!(opened.len(), 2);
    let (a, b) = (query(&opened[0]), query(&opened[1]));
    assert_ne!(a["state"], b["state"], "a new state per attempt");
    assert_ne!(a["code_challenge"], b["code_challenge"], "a new verifier per attempt");
    let verifiers: Vec<String> = rig
        .keys
        .entries
        .lock()
        .unwrap()
        .iter()
        .filter(|(account, _)| account.starts_with("pending-sign-in "))
        .map(|(_, v)| v.clone())
        .collect();
    assert_eq!(verifiers.len(), 2, "one verifier per pending attempt, in the keychain");
    let challenges: HashSet<String> = verifiers.iter().map(|v| s256_challenge(v)).collect();
    for v in &verifiers {
        assert_eq!(v.len(), 43);
        assert!(v.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'));
    }
    assert_eq!(challenges, HashSet::from([a["code_challenge"].clone(), b["code_challenge"].clone()]));
}

// ---- A6, A7: callbacks ----------------------------------------------------------------

/// Proves A7 (matched by `state` first; `error_uri` never opened) and A6 (nothing taken
/// from a link is opened): an error callback with a forged state is not shown as the
/// platform's answer and leaves the genuine attempt pending; the genuine error callback is
/// reported; no link's URL (nor `error_uri`) ever reaches the browser.
#[tokio::test]
async fn error_callbacks_are_matched_by_state_and_nothing_from_a_link_is_opened() {
    let rig = Rig::new().await;
    rig.core.auth().begin_sign_in(ContextRequest::Personal).await.unwrap();
    let state = query(&rig.last_opened())["state"].clone();
    let callback = |state: &str| {
        let mut url = Url::parse(sb::PUBLIC_CLIENT_REDIRECT_URI).unwrap();
        url.query_pairs_mut()
            .append_pair("error", "access_denied")
            .append_pair("error_description", "Forged or not")
            .append_pair("error_uri", "https://evil.example/help")
            .append_pair("state", state);
        url.to_string()
    };

    let forged = rig.core.auth().complete_sign_in(&callback("forged-state")).await.unwrap_err();
    let ipc = IpcError::from(&forged);
    assert_eq!(ipc.code, ErrorCode::SignInFailed);
    assert_eq!(ipc.platform_code, None, "an unmatched error is not the platform's answer");
    assert!(!ipc.message.contains("Forged"), "its description is not shown: {}", ipc.message);
    assert!(rig.core.auth().sessions_view().await.unwrap().sign_in_pending, "the genuine attempt survives");

    for link in [
        "xiaoya-companion://open?url=https%3A%2F%2Fevil.example%2F",
        "xiaoya-companion://oauth/elsewhere?next=https%3A%2F%2Fevil.example%2F",
        "https://evil.example/oauth/callback?code=a&state=b",
    ] {
        let outcome = rig.core.auth().complete_sign_in(link).await;
        assert!(matches!(outcome, Ok(None)), "{link} is not a sign-in callback: {outcome:?}");
    }

    let genuine = rig.core.auth().complete_sign_in(&callback(&state)).await.unwrap_err();
    let ipc = IpcError::from(&genuine);
    assert_eq!(ipc.platform_code.as_deref(), Some("access_denied"));
    assert!(!rig.core.auth().sessions_view().await.unwrap().sign_in_pending, "the state was used up");
    let opened = rig.browser.opened.lock().unwrap().clone();
    assert_eq!(opened.len(), 1, "only the authorize page was ever opened: {opened:?}");
    assert_eq!(opened[0].path(), "/oauth/authorize");
}

// ---- A8, H2: the OAuth POSTs ----------------------------------------------------------

/// Proves A8 and H2 for `POST /oauth/token`: an exchange answered 503 is sent exactly once
/// (503 is not retried here, whatever H1 allows elsewhere), the code is never sent again —
/// not even when the same callback arrives again — and a new sign-in is needed. A dropped
/// connection (unknown outcome) is not re-sent either.
#[tokio::test]
async fn a_failed_code_exchange_is_never_resent_and_needs_a_new_sign_in() {
    let rig = Rig::new().await;
    rig.core.auth().begin_sign_in(ContextRequest::Personal).await.unwrap();
    let callback = rig.approve().await;
    rig.control().inject(Fault { route: Route::Token, kind: FaultKind::Status(503), times: 2 });
    let err = rig.core.auth().complete_sign_in(&callback).await.unwrap_err();
    assert_eq!(err.code(), ErrorCode::PlatformBusy, "a 503 says the platform is busy (READINGS B7)");
    assert_eq!(pending(&rig, Route::Token), [(FaultKind::Status(503), 1)], "the token POST was sent once");
    let view = rig.core.auth().sessions_view().await.unwrap();
    assert!(view.sessions.is_empty() && !view.sign_in_pending, "a failed exchange needs a new sign-in");
    assert_eq!(
        rig.core.auth().complete_sign_in(&callback).await.unwrap_err().code(),
        ErrorCode::NoPendingSignIn
    );
    assert_eq!(pending(&rig, Route::Token), [(FaultKind::Status(503), 1)], "the code was not sent again");
    rig.control().clear_faults();

    rig.core.auth().begin_sign_in(ContextRequest::Personal).await.unwrap();
    let callback = rig.approve().await;
    rig.control().inject(Fault::once(Route::Token, FaultKind::ResetBeforeCommit));
    rig.control().inject(Fault::once(Route::Token, FaultKind::Status(500))); // tripwire
    assert!(rig.core.auth().complete_sign_in(&callback).await.is_err());
    assert_eq!(
        pending(&rig, Route::Token),
        [(FaultKind::Status(500), 1)],
        "no second send after a dropped connection"
    );
    assert_eq!(rig.control().active_token_count(), 0);
    assert!(rig.keys.entries.lock().unwrap().is_empty());
}

/// Proves H2 for `POST /oauth/revoke`: a revocation answered 500 is sent once, and the
/// session still ends locally.
#[tokio::test]
async fn a_failed_revocation_is_sent_once_and_the_session_still_ends() {
    let rig = Rig::new().await;
    let personal = rig.sign_in(ContextRequest::Personal).await;
    rig.control().inject(Fault { route: Route::Revoke, kind: FaultKind::Status(500), times: 2 });
    let view = rig.core.auth().sign_out(&personal.id).await.unwrap();
    assert!(view.sessions.is_empty());
    assert_eq!(pending(&rig, Route::Revoke), [(FaultKind::Status(500), 1)], "the revoke POST was sent once");
}

// ---- A12: 401 -------------------------------------------------------------------------

/// Proves A12: a 401 on any route (Open API GETs, chat, speech) is answered by ending only
/// that context's session, after exactly one request: no refresh, no retry loop.
#[tokio::test]
async fn a_401_on_any_route_is_sent_once_and_ends_only_that_context() {
    let rig = Rig::new().await;
    rig.control().set_stream_pace(Duration::ZERO);
    let alpha = rig.sign_in(team(sb::TEAM_ALPHA_ID)).await;
    let routes = [
        Route::Teams,
        Route::Balance,
        Route::Models,
        Route::TtsOptions,
        Route::ChatCompletions,
        Route::Speech,
    ];
    for route in routes {
        rig.sign_in(ContextRequest::Personal).await;
        if route == Route::Speech {
            rig.core.tts().tts_catalog().await.unwrap();
        }
        rig.control().inject(Fault { route, kind: FaultKind::Status(401), times: 2 });
        let err = match route {
            Route::Teams => rig.core.auth().list_teams().await.map(|_| ()),
            Route::Balance => rig.core.billing().refresh_balance().await.map(|_| ()),
            Route::Models => rig.core.models().model_catalog(true).await.map(|_| ()),
            Route::TtsOptions => rig.core.tts().tts_catalog().await.map(|_| ()),
            Route::ChatCompletions => {
                rig.core.chat().chat_send(chat_input("Hello"), &|_: ChatEvent| true).await.map(|_| ())
            }
            _ => rig.core.tts().synthesize(crate::tts::tests::standard("Hello.")).await.map(|_| ()),
        }
        .unwrap_err();
        assert_eq!(err.code(), ErrorCode::SessionExpired, "{route:?}");
        assert_eq!(pending(&rig, route), [(FaultKind::Status(401), 1)], "{route:?}: one request, no retry");
        rig.control().clear_faults();
        let view = rig.core.auth().sessions_view().await.unwrap();
        let ids: Vec<_> = view.sessions.iter().map(|s| s.id.as_str()).collect();
        assert_eq!(ids, [alpha.id.as_str()], "{route:?}: only the Personal session ended");
    }
}

// ---- K3: a locked keychain ------------------------------------------------------------

/// Proves K3 after sign-in: when the keychain is locked, calls fail with
/// `KEYCHAIN_UNAVAILABLE` (not as if the token were gone), the session is kept, nothing is
/// written elsewhere, and everything works again once the keychain is unlocked.
#[tokio::test]
async fn a_keychain_locked_after_sign_in_is_a_clear_error_and_the_session_is_kept() {
    let rig = Rig::new().await;
    rig.sign_in(ContextRequest::Personal).await;
    rig.keys.unavailable.store(true, std::sync::atomic::Ordering::SeqCst);
    let err = rig.core.billing().refresh_balance().await.unwrap_err();
    assert_eq!(err.code(), ErrorCode::KeychainUnavailable, "{err}");
    assert!(IpcError::from(&err).message.contains("keychain"), "says what is wrong");
    assert_eq!(rig.core.auth().sessions_view().await.unwrap().sessions.len(), 1, "the session is kept");
    rig.keys.unavailable.store(false, std::sync::atomic::Ordering::SeqCst);
    rig.core.billing().refresh_balance().await.expect("works again once unlocked");
    assert_eq!(rig.keys.entries.lock().unwrap().len(), 1, "the token stayed in the keychain only");
}

// ---- A9: https for non-loopback hosts -------------------------------------------------

/// Proves A9 (HTTPS for non-loopback hosts) where people type it: Settings refuses a plain
/// http origin on any non-loopback host, saves nothing and keeps the current platform.
#[tokio::test]
async fn the_platform_setting_refuses_plain_http_to_a_remote_host() {
    let rig = Rig::new().await;
    let before = rig.core.platform();
    for bad in [
        "http://staging.example.com",
        "http://localhost.example.com",
        "http://10.0.0.1:8080",
        "http://[2001:db8::1]",
        "ws://example.com",
        "ftp://example.com",
    ] {
        let input = PlatformSettingsInput {
            base_url: bad.into(),
            client_id: "staging-client".into(),
            redirect_uri: crate::foundation::config::DEFAULT_REDIRECT_URI.into(),
        };
        assert_eq!(rig.core.set_platform(input).await.unwrap_err().code(), ErrorCode::InvalidInput, "{bad}");
        assert_eq!(rig.core.platform(), before, "{bad}: the platform did not change");
        assert_eq!(
            rig.core.db().stored_platform().await.unwrap(),
            Default::default(),
            "{bad}: nothing saved"
        );
    }
    let ok = PlatformSettingsInput {
        base_url: "https://staging.example.com".into(),
        client_id: "staging-client".into(),
        redirect_uri: crate::foundation::config::DEFAULT_REDIRECT_URI.into(),
    };
    assert_eq!(rig.core.set_platform(ok).await.unwrap().origin, "https://staging.example.com");
}
