//! Secrets never cross IPC, nor reach logs, the database, its WAL or panic messages (T1, T6).

use super::*;
use crate::api::curl::CurlShell;
use crate::copied::RequestCopyTarget;

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
        .chat_send(
            ChatSendInput { conversation_id: Some(conversation_id.clone()), ..chat_input("Again") },
            &sink,
        )
        .await
        .unwrap();
    out.ok(&failed.reply);
    out.answer(rig.core.chat().chat_retry(&failed.reply.id, &sink).await.map(|t| t.reply));
    out.answer(
        rig.core.chat().chat_regenerate(&reply_id, chat_input("x").options, &sink).await.map(|t| t.reply),
    );
    let user_id = failed.reply.parent_id.clone().unwrap_or_default();
    out.answer(
        rig.core
            .chat()
            .chat_edit_resend(&user_id, "Edited".into(), chat_input("x").options, &sink)
            .await
            .map(|t| t.reply),
    );
    out.ok(&rig.core.chat().chat_stop(&reply_id));
    out.answer(rig.core.chat().chat_conversations("").await);
    out.answer(rig.core.chat().chat_conversation(&conversation_id).await);
    for format in [ExportFormat::Markdown, ExportFormat::Json] {
        out.answer(
            rig.core
                .chat()
                .chat_document(&conversation_id, format)
                .await
                .map(|d| String::from_utf8_lossy(&d.bytes).into_owned()),
        );
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

    // Copy as curl (D3): every kind of copied request, in every shell.
    for shell in [CurlShell::Bash, CurlShell::PowerShell, CurlShell::Httpie] {
        for target in [
            RequestCopyTarget::ChatReply { id: reply_id.clone() },
            RequestCopyTarget::Clip { id: clip.id.clone() },
            RequestCopyTarget::CatalogRead,
            RequestCopyTarget::BalanceRead,
        ] {
            let must_copy = !matches!(target, RequestCopyTarget::ChatReply { .. });
            let copied = out.answer(rig.core.copy_request(target, shell).await);
            assert!(copied.is_some() || !must_copy, "a copy failed for {shell:?}");
        }
    }

    // Balances.
    let balance = out.answer(rig.core.billing().refresh_balance().await).unwrap();
    out.ok(&AppEvent::BalanceChanged { balance });
    out.answer(rig.core.billing().last_balance().await);
    out.answer(rig.core.billing().personal_usage().await);
    out.answer(rig.core.billing().team_context().await);
    out.answer(
        rig.core
            .billing()
            .points_ledger(crate::billing::wire::LedgerQuery {
                scope: crate::billing::wire::LedgerScope::AllContexts,
                limit: 50,
                offset: 0,
            })
            .await,
    );
    out.answer(rig.core.billing().balance_changes().await);
    out.answer(
        rig.core
            .billing()
            .spending_chart(crate::billing::wire::SpendingQuery { days: 7, utc_offset_minutes: 480 })
            .await,
    );
    out.answer(rig.core.billing().billing_settings().await);
    out.answer(rig.core.billing().set_low_balance_threshold("5").await);
    out.answer(rig.core.billing().balance_check_refreshing("1").await);
    out.answer(rig.core.auth().set_active_session(&beta.id).await);
    out.answer(rig.core.billing().team_context().await);
    out.answer(rig.core.billing().refresh_balance_of(&beta.id).await);

    // Refused and failed sign-ins, a 401, sign-out, platform changes.
    rig.core.auth().begin_sign_in(ContextRequest::Personal).await.unwrap();
    let refused =
        rig.core.auth().complete_sign_in("xiaoya-companion://oauth/callback?code=forged&state=nope").await;
    out.ok(&AppEvent::SignInFailed { error: IpcError::from(refused.unwrap_err()) });
    let callback = rig.approve().await;
    rig.control().inject(Fault::once(Route::Token, FaultKind::Status(500)));
    out.ok(&AppEvent::SignInFailed {
        error: IpcError::from(rig.core.auth().complete_sign_in(&callback).await.unwrap_err()),
    });
    out.answer(rig.core.auth().cancel_sign_in().await);
    rig.control().expire_token_of(sb::TokenSelector::Team(sb::TEAM_BETA_ID.into()));
    out.answer(rig.core.billing().refresh_balance().await);
    out.answer(rig.core.auth().sessions_view().await);
    out.answer(rig.core.auth().sign_out(&personal.id).await);
    let platform = out.answer(
        rig.core
            .set_platform(PlatformSettingsInput {
                base_url: "https://staging.example.com".into(),
                client_id: "staging".into(),
                redirect_uri: crate::foundation::config::DEFAULT_REDIRECT_URI.into(),
            })
            .await,
    );
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
            tracing::subscriber::set_global_default(logs.clone())
                .expect("no other global subscriber in the core's tests");
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
    let _ =
        rig.core.auth().complete_sign_in("xiaoya-companion://oauth/callback?code=forged&state=nope").await;
    let callback = rig.approve().await;
    rig.control().inject(Fault::once(Route::Token, FaultKind::Status(500)));
    assert!(rig.core.auth().complete_sign_in(&callback).await.is_err());
    rig.control().expire_token_of(sb::TokenSelector::Personal);
    assert!(rig.core.billing().refresh_balance().await.is_err());
    rig.core.auth().sign_out(&beta.id).await.unwrap();

    let secrets = rig.control().issued_secrets();
    assert!(secrets.len() >= 6, "tokens, codes and verifiers were issued: {}", secrets.len());
    let files = files_under(rig.dir.path());
    assert!(
        files.iter().any(|(p, _)| p.ends_with("companion.db-wal")),
        "the live WAL was read: {files:?}",
        files = files.iter().map(|f| &f.0).collect::<Vec<_>>()
    );
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
    use crate::auth::pending::PendingAttempt;
    use crate::foundation::context::RequestedContext;
    use crate::foundation::secret::Sensitive;

    let redirect = Url::parse("xiaoya-companion://oauth/callback").unwrap();
    let callback: Callback =
        parse("xiaoya-companion://oauth/callback?code=code-canary-1&state=s", &redirect).unwrap();
    let attempt = PendingAttempt {
        verifier: Sensitive::new("verifier-canary-2".into()),
        redirect_uri: redirect.clone(),
        origin: Url::parse("http://127.0.0.1:1").unwrap(),
        client_id: "c".into(),
        context: RequestedContext::Personal,
        make_payer: true,
        team_name: None,
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
    // The point is what `unwrap` and `expect` print when they panic on these values.
    #[allow(clippy::unnecessary_literal_unwrap)]
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
