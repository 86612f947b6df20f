//! Cross-cutting security and reliability properties, each proven against the sandbox
//! through the test Rig (see `/work/shared/SECURITY_AND_RELIABILITY.md` and
//! `tests/SECURITY_TESTS.md`). Each test names the property it proves in a `Proves …` line.
//!
//! Routes the sandbox does not count per request id (OAuth, the Open API GETs) are counted
//! with its fault queue: a fault injected for `times: 2` (or a second "tripwire" fault queued
//! behind the first) is still pending after the call exactly when the route was hit once.

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde::Serialize;
use url::Url;
use xiaoya_sandbox::{self as sb, Fault, FaultKind, Route};

use crate::api::PlatformClient;
use crate::auth::pkce::s256_challenge;
use crate::auth::wire::ContextRequest;
use crate::chat::wire::{ChatEvent, ChatOptions, ChatSendInput, ExportFormat, ResponseFormatChoice};
use crate::error::{ErrorCode, IpcError, Result};
use crate::testing::Rig;
use crate::wire::{AppEvent, Locale, PlatformSettingsInput, ThemePreference};

fn query(url: &Url) -> HashMap<String, String> {
    url.query_pairs().map(|(k, v)| (k.into_owned(), v.into_owned())).collect()
}

fn team(id: &str) -> ContextRequest {
    ContextRequest::Team { team_id: id.into(), make_payer: true }
}

fn chat_input(text: &str) -> ChatSendInput {
    ChatSendInput {
        conversation_id: None,
        text: text.into(),
        options: ChatOptions {
            model_code: sb::MODEL_CHAT.into(),
            system_prompt: String::new(),
            parameters: Default::default(),
            response_format: ResponseFormatChoice::Text,
        },
    }
}

/// The faults still queued for `route`, as (kind, times left).
fn pending(rig: &Rig, route: Route) -> Vec<(FaultKind, u32)> {
    rig.control().pending_faults().into_iter().filter(|f| f.route == route).map(|f| (f.kind, f.times)).collect()
}

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
    assert_eq!(err.code(), ErrorCode::SignInFailed);
    assert_eq!(pending(&rig, Route::Token), [(FaultKind::Status(503), 1)], "the token POST was sent once");
    let view = rig.core.auth().sessions_view().await.unwrap();
    assert!(view.sessions.is_empty() && !view.sign_in_pending, "a failed exchange needs a new sign-in");
    assert_eq!(rig.core.auth().complete_sign_in(&callback).await.unwrap_err().code(), ErrorCode::NoPendingSignIn);
    assert_eq!(pending(&rig, Route::Token), [(FaultKind::Status(503), 1)], "the code was not sent again");
    rig.control().clear_faults();

    rig.core.auth().begin_sign_in(ContextRequest::Personal).await.unwrap();
    let callback = rig.approve().await;
    rig.control().inject(Fault::once(Route::Token, FaultKind::ResetBeforeCommit));
    rig.control().inject(Fault::once(Route::Token, FaultKind::Status(500))); // tripwire
    assert!(rig.core.auth().complete_sign_in(&callback).await.is_err());
    assert_eq!(pending(&rig, Route::Token), [(FaultKind::Status(500), 1)], "no second send after a dropped connection");
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
    let routes = [Route::Teams, Route::Balance, Route::Models, Route::TtsOptions, Route::ChatCompletions, Route::Speech];
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
            Route::ChatCompletions => rig.core.chat().chat_send(chat_input("Hello"), &|_: ChatEvent| true).await.map(|_| ()),
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
            redirect_uri: crate::config::DEFAULT_REDIRECT_URI.into(),
        };
        assert_eq!(rig.core.set_platform(input).await.unwrap_err().code(), ErrorCode::InvalidInput, "{bad}");
        assert_eq!(rig.core.platform(), before, "{bad}: the platform did not change");
        assert_eq!(rig.core.db().stored_platform().await.unwrap(), Default::default(), "{bad}: nothing saved");
    }
    let ok = PlatformSettingsInput {
        base_url: "https://staging.example.com".into(),
        client_id: "staging-client".into(),
        redirect_uri: crate::config::DEFAULT_REDIRECT_URI.into(),
    };
    assert_eq!(rig.core.set_platform(ok).await.unwrap().origin, "https://staging.example.com");
}

// ---- H3: REST calls that never answer, through the core -------------------------------

async fn network_error<T: std::fmt::Debug>(what: &str, call: impl std::future::Future<Output = Result<T>>) {
    let result = tokio::time::timeout(Duration::from_secs(20), call)
        .await
        .unwrap_or_else(|_| panic!("{what} hung instead of timing out"));
    assert_eq!(result.unwrap_err().code(), ErrorCode::Network, "{what}");
}

/// Proves H3 through the core: every Open API GET the features make (balance, models,
/// Teams, TTS options) ends in a `NETWORK` error when the platform takes longer than the
/// REST timeout, and the session is not touched. (`Core::set_client` swaps in the same
/// client with a 500 ms total timeout; the app uses 30 s.)
#[tokio::test]
async fn feature_calls_to_a_platform_that_never_answers_end_in_a_network_error() {
    let rig = Rig::new().await;
    rig.core.set_client(PlatformClient::with_timeouts(Duration::from_secs(5), Duration::from_millis(500)).unwrap());
    rig.sign_in(ContextRequest::Personal).await;
    let slow = |route| Fault::once(route, FaultKind::Latency(Duration::from_secs(5)));
    rig.control().inject(slow(Route::Balance));
    network_error("balance", rig.core.billing().refresh_balance()).await;
    // A catalog read is retried by itself after a timeout (twice): slow for all three reads,
    // and with no earlier catalog to fall back on, it ends in the network error.
    rig.control().inject(Fault { route: Route::Models, kind: FaultKind::Latency(Duration::from_secs(5)), times: 3 });
    network_error("models", rig.core.models().model_catalog(true)).await;
    rig.control().inject(slow(Route::Teams));
    network_error("teams", rig.core.auth().list_teams()).await;
    rig.control().inject(slow(Route::TtsOptions));
    network_error("tts options", rig.core.tts().tts_catalog()).await;
    assert_eq!(rig.core.auth().sessions_view().await.unwrap().sessions.len(), 1, "a timeout is not a 401");
}

// ---- T1: canary secrets never cross IPC -----------------------------------------------

#[derive(Default)]
struct Payloads(Vec<String>);

impl Payloads {
    fn ok<T: Serialize>(&mut self, value: &T) {
        self.0.push(serde_json::to_string(value).unwrap());
    }

    /// A command's answer as the shell would send it: the value, or the `IpcError`.
    fn answer<T: Serialize>(&mut self, result: Result<T>) -> Option<T> {
        match result {
            Ok(value) => {
                self.ok(&value);
                Some(value)
            }
            Err(err) => {
                self.ok(&IpcError::from(&err));
                None
            }
        }
    }
}

/// Proves T1 for every command family, not only sign-in: the answers (or `IpcError`s) of
/// the app, account, models, chat, voices, audio and balance commands, every chat event and
/// every app event, serialized as the shell sends them, never contain an access token,
/// authorization code or PKCE verifier the sandbox issued or received.
#[tokio::test]
async fn no_command_answer_or_event_carries_a_token_code_or_verifier() {
    let rig = Rig::new().await;
    rig.control().set_stream_pace(Duration::ZERO);
    let mut out = Payloads::default();
    out.answer(rig.core.app_info().await);
    out.answer(rig.core.set_locale(Locale::ZhCn).await);
    out.answer(rig.core.set_theme(ThemePreference::Dark).await);
    out.answer(rig.core.auth().begin_sign_in(ContextRequest::Personal).await);
    let personal = rig.core.auth().complete_sign_in(&rig.approve().await).await.unwrap().unwrap();
    out.ok(&AppEvent::SignedIn { session: personal.clone() });
    let beta = rig.sign_in(team(sb::TEAM_BETA_ID)).await;
    out.ok(&AppEvent::SignedIn { session: beta.clone() });
    let view = out.answer(rig.core.auth().set_active_session(&personal.id).await).unwrap();
    out.ok(&AppEvent::SessionsChanged { view });
    out.answer(rig.core.auth().list_teams().await);
    out.answer(rig.core.auth().sign_in_diagnostics(Some(true)).await);

    // Models.
    out.answer(rig.core.models().model_catalog(false).await);
    out.answer(rig.core.models().model_catalog(true).await);
    out.answer(rig.core.models().model_across_contexts(sb::MODEL_CHAT).await);

    // Chat, with every event of each request.
    let events: Arc<Mutex<Vec<ChatEvent>>> = Arc::default();
    let sink = {
        let events = events.clone();
        move |e: ChatEvent| {
            events.lock().unwrap().push(e);
            true
        }
    };
    out.answer(rig.core.chat().chat_check_options(&chat_input("x").options).await);
    let turn = rig.core.chat().chat_send(chat_input("Hello there"), &sink).await.unwrap();
    out.ok(&turn.reply);
    let reply_id = turn.reply.id.clone();
    let conversation_id = turn.reply.conversation_id.clone();
    rig.control().inject(Fault::once(Route::ChatCompletions, FaultKind::Status(500)));
    let failed = rig
        .core
        .chat()
        .chat_send(ChatSendInput { conversation_id: Some(conversation_id.clone()), ..chat_input("Again") }, &sink)
        .await
        .unwrap();
    out.ok(&failed.reply);
    out.answer(rig.core.chat().chat_retry(&failed.reply.id, &sink).await.map(|t| t.reply));
    out.answer(rig.core.chat().chat_regenerate(&reply_id, chat_input("x").options, &sink).await.map(|t| t.reply));
    let user_id = failed.reply.parent_id.clone().unwrap_or_default();
    out.answer(rig.core.chat().chat_edit_resend(&user_id, "Edited".into(), chat_input("x").options, &sink).await.map(|t| t.reply));
    out.ok(&rig.core.chat().chat_stop(&reply_id));
    out.answer(rig.core.chat().chat_conversations("").await);
    out.answer(rig.core.chat().chat_conversation(&conversation_id).await);
    for format in [ExportFormat::Markdown, ExportFormat::Json] {
        out.answer(rig.core.chat().chat_document(&conversation_id, format).await.map(|d| String::from_utf8_lossy(&d.bytes).into_owned()));
    }
    out.answer(rig.core.chat().chat_settings().await);
    out.answer(rig.core.chat().set_chat_workflow_version("wf-1").await);
    out.answer(rig.core.chat().open_external_link("https://example.com/docs"));
    for event in events.lock().unwrap().iter() {
        out.ok(event);
    }

    // Voices and audio.
    let catalog = out.answer(rig.core.tts().tts_catalog().await).unwrap();
    let request = crate::tts::tests::standard("Canary check.");
    out.answer(rig.core.tts().tts_estimate(request.clone()).await);
    out.answer(rig.core.tts().tts_compare_quote(vec![request.clone()]).await);
    let clip = out.answer(rig.core.tts().synthesize(request.clone()).await).unwrap();
    rig.control().inject(Fault::once(Route::Speech, FaultKind::Status(500)));
    let unknown = out.answer(rig.core.tts().synthesize(request).await).unwrap();
    out.answer(rig.core.tts().retry_clip(&unknown.id).await);
    out.answer(rig.core.tts().tts_clips(Default::default()).await);
    out.answer(rig.core.tts().tts_clip(&clip.id).await);
    out.answer(rig.core.tts().tts_totals().await);
    out.answer(rig.core.tts().clip_document(&clip.id).await.map(|d| d.name));
    if let Some(config) = catalog.configs.first() {
        out.answer(rig.core.tts().open_voice_library(&config.tts_config_id).await);
    }
    out.answer(rig.core.tts().play_clip(&clip.id).await);
    out.answer(rig.core.audio().playback_state().await);
    out.answer(rig.core.audio().stop_playback().await);
    out.answer(rig.core.tts().delete_clip(&unknown.id).await);

    // Balances.
    let balance = out.answer(rig.core.billing().refresh_balance().await).unwrap();
    out.ok(&AppEvent::BalanceChanged { balance });
    out.answer(rig.core.billing().last_balance().await);
    out.answer(rig.core.billing().personal_usage().await);
    out.answer(rig.core.billing().team_context().await);
    out.answer(rig.core.billing().points_ledger(crate::billing::wire::LedgerQuery {
        scope: crate::billing::wire::LedgerScope::AllContexts,
        limit: 50,
        offset: 0,
    })
    .await);
    out.answer(rig.core.billing().balance_changes().await);
    out.answer(rig.core.billing().spending_chart(crate::billing::wire::SpendingQuery { days: 7, utc_offset_minutes: 480 }).await);
    out.answer(rig.core.billing().billing_settings().await);
    out.answer(rig.core.billing().set_low_balance_threshold("5").await);
    out.answer(rig.core.billing().balance_check_refreshing("1").await);
    out.answer(rig.core.auth().set_active_session(&beta.id).await);
    out.answer(rig.core.billing().team_context().await);
    out.answer(rig.core.billing().refresh_balance_of(&beta.id).await);

    // Refused and failed sign-ins, a 401, sign-out, platform changes.
    rig.core.auth().begin_sign_in(ContextRequest::Personal).await.unwrap();
    let refused = rig.core.auth().complete_sign_in("xiaoya-companion://oauth/callback?code=forged&state=nope").await;
    out.ok(&AppEvent::SignInFailed { error: IpcError::from(refused.unwrap_err()) });
    let callback = rig.approve().await;
    rig.control().inject(Fault::once(Route::Token, FaultKind::Status(500)));
    out.ok(&AppEvent::SignInFailed { error: IpcError::from(rig.core.auth().complete_sign_in(&callback).await.unwrap_err()) });
    out.answer(rig.core.auth().cancel_sign_in().await);
    rig.control().expire_token_of(sb::TokenSelector::Team(sb::TEAM_BETA_ID.into()));
    out.answer(rig.core.billing().refresh_balance().await);
    out.answer(rig.core.auth().sessions_view().await);
    out.answer(rig.core.auth().sign_out(&personal.id).await);
    let platform = out.answer(rig.core.set_platform(PlatformSettingsInput {
        base_url: "https://staging.example.com".into(),
        client_id: "staging".into(),
        redirect_uri: crate::config::DEFAULT_REDIRECT_URI.into(),
    })
    .await);
    out.ok(&AppEvent::PlatformChanged { platform: platform.unwrap() });
    out.answer(rig.core.use_sandbox().await);

    let secrets = rig.control().issued_secrets();
    assert!(secrets.len() >= 6, "tokens, codes and verifiers were issued: {}", secrets.len());
    assert!(out.0.len() > 60, "every command family was driven: {}", out.0.len());
    for secret in &secrets {
        for payload in &out.0 {
            assert!(!payload.contains(secret.as_str()), "a secret reached IPC in {payload:.300}");
        }
    }
}

// ---- T6: logs, the database with its WAL, panic messages -------------------------------

/// Records every `tracing` span and event of the app (the sandbox's own are left out: it
/// is the platform, not the app) as text.
#[derive(Clone, Default)]
struct CaptureLogs(Arc<Mutex<String>>);

struct Fields<'a>(&'a mut String);

impl tracing::field::Visit for Fields<'_> {
    fn record_debug(&mut self, field: &tracing::field::Field, value: &dyn std::fmt::Debug) {
        let _ = write!(self.0, " {}={:?}", field.name(), value);
    }
}

impl tracing::Subscriber for CaptureLogs {
    fn enabled(&self, _: &tracing::Metadata<'_>) -> bool {
        true
    }
    fn max_level_hint(&self) -> Option<tracing::level_filters::LevelFilter> {
        Some(tracing::level_filters::LevelFilter::TRACE)
    }
    fn new_span(&self, span: &tracing::span::Attributes<'_>) -> tracing::span::Id {
        let mut text = self.0.lock().unwrap();
        let _ = write!(text, "\nspan {} {}", span.metadata().target(), span.metadata().name());
        span.record(&mut Fields(&mut text));
        tracing::span::Id::from_u64(1)
    }
    fn record(&self, _: &tracing::span::Id, values: &tracing::span::Record<'_>) {
        values.record(&mut Fields(&mut self.0.lock().unwrap()));
    }
    fn record_follows_from(&self, _: &tracing::span::Id, _: &tracing::span::Id) {}
    fn event(&self, event: &tracing::Event<'_>) {
        if event.metadata().target().starts_with("xiaoya_sandbox") {
            return;
        }
        let mut text = self.0.lock().unwrap();
        let _ = write!(text, "\n{} {}", event.metadata().level(), event.metadata().target());
        event.record(&mut Fields(&mut text));
    }
    fn enter(&self, _: &tracing::span::Id) {}
    fn exit(&self, _: &tracing::span::Id) {}
}

/// Every file under `dir`, as lossy text.
fn files_under(dir: &std::path::Path) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if let Ok(bytes) = std::fs::read(&path) {
                out.push((path.display().to_string(), String::from_utf8_lossy(&bytes).into_owned()));
            }
        }
    }
    out
}

/// Proves T6 for the core's logs and SQLite: after sign-ins, chat, speech, a refused
/// callback, a failed exchange, a 401 and a sign-out, neither the app's log output
/// (captured at TRACE, every span field included) nor the database files — read while the
/// app is still running, so the `-wal` file is checked before any checkpoint folds it in —
/// contain a token, code or verifier, or a `Bearer` credential.
#[tokio::test]
async fn logs_the_database_and_its_wal_never_hold_a_token_code_or_verifier() {
    // The process-wide subscriber, not a scoped one: with `set_default` on this thread, other
    // test threads registering callsites at the same moment could leave this thread's
    // events unrecorded (tracing's interest cache), and the check would pass on no logs.
    // Other tests' logs land here too, which only widens the check.
    static CAPTURE: std::sync::OnceLock<CaptureLogs> = std::sync::OnceLock::new();
    let logs = CAPTURE
        .get_or_init(|| {
            let logs = CaptureLogs::default();
            tracing::subscriber::set_global_default(logs.clone()).expect("no other global subscriber in the core's tests");
            logs
        })
        .clone();
    let rig = Rig::new().await;
    rig.control().set_stream_pace(Duration::ZERO);
    rig.sign_in(ContextRequest::Personal).await;
    let beta = rig.sign_in(team(sb::TEAM_BETA_ID)).await;
    let personal_id = rig.core.auth().sessions_view().await.unwrap().sessions[0].id.clone();
    rig.core.auth().set_active_session(&personal_id).await.unwrap();
    rig.core.chat().chat_send(chat_input("Hello"), &|_: ChatEvent| true).await.unwrap();
    rig.core.tts().tts_catalog().await.unwrap();
    rig.core.tts().synthesize(crate::tts::tests::standard("Log check.")).await.unwrap();
    rig.core.billing().refresh_balance().await.unwrap();
    rig.core.auth().begin_sign_in(ContextRequest::Personal).await.unwrap();
    let _ = rig.core.auth().complete_sign_in("xiaoya-companion://oauth/callback?code=forged&state=nope").await;
    let callback = rig.approve().await;
    rig.control().inject(Fault::once(Route::Token, FaultKind::Status(500)));
    assert!(rig.core.auth().complete_sign_in(&callback).await.is_err());
    rig.control().expire_token_of(sb::TokenSelector::Personal);
    assert!(rig.core.billing().refresh_balance().await.is_err());
    rig.core.auth().sign_out(&beta.id).await.unwrap();

    let secrets = rig.control().issued_secrets();
    assert!(secrets.len() >= 6, "tokens, codes and verifiers were issued: {}", secrets.len());
    let files = files_under(rig.dir.path());
    assert!(files.iter().any(|(p, _)| p.ends_with("companion.db-wal")), "the live WAL was read: {files:?}", files = files.iter().map(|f| &f.0).collect::<Vec<_>>());
    let log = logs.0.lock().unwrap().clone();
    assert!(log.lines().count() > 10 && log.contains("signed in"), "the app's logs were captured:\n{log}");
    for secret in &secrets {
        assert!(!log.contains(secret.as_str()), "a secret is in the logs");
        for (path, text) in &files {
            assert!(!text.contains(secret.as_str()), "a secret is in {path}");
        }
    }
    assert!(!log.to_ascii_lowercase().contains("bearer "), "an Authorization header value is in the logs");
}

/// Proves T6 for panic output: a panic whose message formats a callback carrying a code, a
/// pending attempt carrying a verifier, or a token grant (the usual `unwrap`/`expect`
/// messages print them with `{:?}`) shows `[redacted]`, never the secret.
#[test]
fn panic_messages_never_contain_a_token_code_or_verifier() {
    use crate::api::oauth::TokenGrant;
    use crate::auth::callback::{parse, Callback};
    use crate::auth::pending::{PendingAttempt, RequestedContext};
    use crate::auth::secret::Sensitive;

    let redirect = Url::parse("xiaoya-companion://oauth/callback").unwrap();
    let callback: Callback = parse("xiaoya-companion://oauth/callback?code=code-canary-1&state=s", &redirect).unwrap();
    let attempt = PendingAttempt {
        verifier: Sensitive::new("verifier-canary-2".into()),
        redirect_uri: redirect.clone(),
        origin: Url::parse("http://127.0.0.1:1").unwrap(),
        client_id: "c".into(),
        context: RequestedContext::Personal,
        make_payer: true,
    };
    let grant = TokenGrant {
        access_token: Sensitive::new("token-canary-3".into()),
        expires_in: Duration::from_secs(1),
        scopes: vec!["profile".into()],
        team_id: None,
        team_authorization_id: None,
    };
    let quiet = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let messages: Vec<String> = [
        std::panic::catch_unwind(|| Err::<(), _>(callback).unwrap()),
        std::panic::catch_unwind(|| Err::<(), _>(attempt).expect("sign-in")),
        std::panic::catch_unwind(|| panic!("unexpected grant {grant:?}")),
    ]
    .into_iter()
    .map(|r| {
        let payload = r.unwrap_err();
        payload.downcast_ref::<String>().cloned().unwrap_or_default()
    })
    .collect();
    std::panic::set_hook(quiet);
    for message in &messages {
        assert!(message.contains("[redacted]"), "{message}");
        for canary in ["code-canary-1", "verifier-canary-2", "token-canary-3"] {
            assert!(!message.contains(canary), "{message}");
        }
    }
}

// ---- R2: one output stream for the life of the app -------------------------------------

/// Proves R2 ("the output stream lives as long as the app"), which the audio module's own
/// rebuild test leaves open (one open before and one after a device error would also be
/// counted by an engine that opened the device on every play): many plays, pauses, stops
/// and clip changes open the device once; only a device error makes the next play open a
/// new one, which is then kept again.
#[tokio::test]
async fn the_audio_output_is_opened_once_and_only_reopened_after_a_device_error() {
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

    use crate::audio::engine::{AudioEngine, Opener};

    let rig = crate::tts::tests::personal().await;
    let opened = Arc::new(AtomicUsize::new(0));
    let failed_flag: Arc<Mutex<Option<Arc<AtomicBool>>>> = Arc::default();
    let inner = crate::audio::fake::fake_opener(1);
    let opener: Opener = {
        let (opened, failed_flag) = (opened.clone(), failed_flag.clone());
        Arc::new(move |failed| {
            opened.fetch_add(1, Ordering::SeqCst);
            *failed_flag.lock().unwrap() = Some(failed.clone());
            inner(failed)
        })
    };
    rig.core.audio().set_engine(AudioEngine::new(opener));
    let a = rig.core.tts().synthesize(crate::tts::tests::standard("First clip.")).await.unwrap();
    let b = rig.core.tts().synthesize(crate::tts::tests::standard("Second clip.")).await.unwrap();
    for id in [&a.id, &b.id, &a.id] {
        rig.core.tts().play_clip(id).await.unwrap();
        rig.core.audio().pause_playback().await.unwrap();
        rig.core.audio().resume_playback().await.unwrap();
        rig.core.audio().stop_playback().await.unwrap();
    }
    rig.core.tts().play_clip(&b.id).await.unwrap();
    assert_eq!(opened.load(Ordering::SeqCst), 1, "one output for every play, pause and stop");

    failed_flag.lock().unwrap().as_ref().unwrap().store(true, Ordering::SeqCst);
    rig.core.audio().playback_state().await.unwrap();
    rig.core.tts().play_clip(&a.id).await.unwrap();
    rig.core.tts().play_clip(&b.id).await.unwrap();
    assert_eq!(opened.load(Ordering::SeqCst), 2, "rebuilt once after the device error, then kept");
    rig.core.audio().stop_playback().await.unwrap();
}
