//! The hardened shell in a real window: a damaged database is set aside and the window
//! says so; the process writes no core dump and is not dumpable; the window cannot be
//! navigated away from the app or open another one; the webview cannot listen to global
//! events (where the deep-link plugin would put the callback URL).

use std::time::Duration;

use xiaoya_e2e::{app_pid, deliver_deep_link, AppWindow, Launch, TestResult};

#[tokio::test(flavor = "multi_thread")]
async fn the_app_starts_on_a_corrupt_database_and_says_where_the_old_file_is() -> TestResult {
    let data = tempfile::tempdir()?;
    let garbage = b"not a database: what a failed disk left behind. ".repeat(300);
    std::fs::write(data.path().join("companion.db"), &garbage)?;
    let app =
        AppWindow::launch(Launch { data_dir: Some(data.path().to_path_buf()), ..Launch::default() }).await?;

    let notice = app.wait_for_text("[data-testid=database-notice]", "damaged").await?;
    assert!(notice.contains("Nothing was deleted"), "{notice}");
    let shown = app.text_of("[data-testid=database-notice-path]").await?.unwrap_or_default();
    assert!(shown.contains("companion-damaged-"), "{shown}");
    assert_eq!(std::fs::read(shown.trim())?, garbage, "the old file is where the window says, byte for byte");
    app.shot("hardening-database-set-aside", None).await?;
    // Issue 25: closed before it was read, the notice is said again on the next start.
    app.close().await?;
    let app =
        AppWindow::launch(Launch { data_dir: Some(data.path().to_path_buf()), ..Launch::default() }).await?;
    app.wait_for_text("[data-testid=database-notice]", "damaged").await?;
    let again = app.text_of("[data-testid=database-notice-path]").await?.unwrap_or_default();
    assert_eq!(again.trim(), shown.trim(), "the same old file");
    // The app works on its fresh database.
    app.click("[data-testid=locale-switch-zh-CN]").await?;
    app.wait_for_text("[data-testid=database-notice]", "没有删除任何内容").await?;
    app.click("[data-testid=database-notice-dismiss]").await?;
    app.wait_for_text("[data-testid=nav-account]", "账户").await?;

    // No core dump, not dumpable: from outside (the kernel's limits for the process) and
    // as the process reported it about itself at start.
    let pid = app_pid(data.path()).ok_or("the app process was not found")?;
    let limits = std::fs::read_to_string(format!("/proc/{pid}/limits"))?;
    let core = limits.lines().find(|l| l.starts_with("Max core file size")).ok_or("no core limit line")?;
    let fields: Vec<&str> = core.split_whitespace().collect();
    assert_eq!(&fields[4..6], ["0", "0"], "{core}");
    let mut logged = String::new();
    for entry in std::fs::read_dir(data.path().join("logs"))? {
        logged.push_str(&std::fs::read_to_string(entry?.path()).unwrap_or_default());
    }
    assert!(logged.contains("dumpable=0") && logged.contains("core_soft=0"), "{logged}");
    app.close().await?;

    // Read ("知道了"): the next start says nothing, and the old file is still there.
    let app =
        AppWindow::launch(Launch { data_dir: Some(data.path().to_path_buf()), ..Launch::default() }).await?;
    app.wait_for_text("[data-testid=nav-account]", "账户").await?;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(app.count("[data-testid=database-notice]").await?, 0, "not said again once read");
    assert_eq!(std::fs::read(shown.trim())?, garbage, "the old file stays");
    app.close().await
}

/// A start that fails for a reason that is not the database file (here the data folder
/// is a plain file) opens the window and says why, instead of exiting with a panic.
#[tokio::test(flavor = "multi_thread")]
async fn a_start_that_fails_says_why_in_the_window() -> TestResult {
    let scratch = tempfile::tempdir()?;
    let not_a_folder = scratch.path().join("plain-file");
    std::fs::write(&not_a_folder, b"x")?;
    let launch = Launch {
        env: vec![("XIAOYA_DATA_DIR".into(), not_a_folder.join("data").display().to_string())],
        ..Launch::default()
    };
    let app = AppWindow::launch(launch).await?;
    app.find("[data-testid=boot-error]").await?;
    app.wait_for_attr("[data-testid=boot-error] [data-testid=error-message]", "data-error-code", "STORAGE")
        .await?;
    let text = app.wait_for_text("[data-testid=boot-error]", "couldn't start").await?;
    assert!(text.contains("local data"), "{text}");
    app.shot("hardening-start-failed", None).await?;
    app.close().await
}

#[tokio::test(flavor = "multi_thread")]
async fn the_window_stays_on_the_app_and_cannot_listen_to_global_events() -> TestResult {
    let app = AppWindow::launch(Launch::default()).await?;
    app.wait_for_text("[data-testid=platform-label]", "Sandbox").await?;
    let home = app.client.current_url().await?;
    assert_eq!(home.scheme(), "tauri", "{home}");

    // The webview may call the app's commands, but not listen to a global event — so not
    // to `deep-link://new-url`, which would carry the authorization code.
    let listen = app
        .client
        .execute_async(
            r#"const done = arguments[arguments.length - 1];
               const ipc = window.__TAURI_INTERNALS__;
               const handler = ipc.transformCallback(() => { window.__heard = (window.__heard || 0) + 1; });
               ipc.invoke('plugin:event|listen', { event: 'deep-link://new-url', target: { kind: 'Any' }, handler })
                 .then(() => done('allowed'), (e) => done('refused: ' + String(e)));"#,
            vec![],
        )
        .await?;
    let listen = listen.as_str().unwrap_or_default().to_owned();
    assert!(listen.starts_with("refused"), "listen was {listen:?}");
    assert!(listen.contains("not allowed"), "refused by the capability: {listen}");
    let command = app
        .client
        .execute_async(
            r#"const done = arguments[arguments.length - 1];
               window.__TAURI_INTERNALS__.invoke('app_info').then((i) => done('ok ' + i.version), (e) => done('failed ' + String(e)));"#,
            vec![],
        )
        .await?;
    assert!(command.as_str().unwrap_or_default().starts_with("ok "), "{command:?}");

    // Navigation away from the app is refused, whichever way the page tries — here to the
    // sandbox, a page that is really there. A marker in the page's JS state shows the
    // document was never replaced. (Origins are compared by scheme and host: `tauri:` is
    // not a special scheme, so its `Url::origin()` is opaque.)
    let remote = app.sandbox.as_ref().ok_or("a sandbox")?.base_url();
    let at = |u: &url::Url| (u.scheme().to_owned(), u.host_str().map(str::to_owned));
    app.client.execute("window.__marker = 'still-the-app';", vec![]).await?;
    for script in [
        "location.href = arguments[0] + '/oauth/authorize';",
        "location.assign(arguments[0] + '/');",
        "const a = document.createElement('a'); a.href = arguments[0] + '/x'; document.body.append(a); a.click();",
    ] {
        app.client.execute(script, vec![remote.clone().into()]).await?;
        tokio::time::sleep(Duration::from_millis(1500)).await;
        let now = app.client.current_url().await?;
        assert_eq!(at(&now), at(&home), "after {script:?} the window is at {now}");
        let marker = app.client.execute("return window.__marker || null;", vec![]).await?;
        assert_eq!(marker, serde_json::json!("still-the-app"), "after {script:?} the page was replaced");
        app.wait_for_text("[data-testid=platform-label]", "Sandbox").await?;
    }
    // A callback URL with a canary code arrives through a second instance: the app
    // handles it in Rust (no sign-in is pending, so it is refused) and says so through the
    // `app_events` channel — which still works after the refused navigations above — and
    // nothing in the page heard the URL.
    app.click("[data-testid=nav-account]").await?;
    deliver_deep_link("xiaoya-companion://oauth/callback?code=code_canary_e2e_1&state=st_canary")?;
    let alert = app.find("[data-testid=sign-in-error]").await?;
    assert_eq!(alert.attr("data-error-code").await?.as_deref(), Some("NO_PENDING_SIGN_IN"));
    let heard = app.client.execute("return window.__heard || 0;", vec![]).await?;
    assert_eq!(heard, serde_json::json!(0));
    let html = app.client.source().await?;
    assert!(!html.contains("code_canary_e2e_1") && !html.contains("st_canary"), "the URL is not in the page");

    // And no page opens another window.
    let opened = app
        .client
        .execute("return window.open(arguments[0] + '/') === null;", vec![remote.clone().into()])
        .await?;
    tokio::time::sleep(Duration::from_millis(1000)).await;
    assert_eq!(app.client.windows().await?.len(), 1, "still one window (window.open gave null: {opened})");
    app.close().await
}

/// Subscribes, inside the page, a channel of its own to the app-wide events (the same
/// `app_events` hub the UI's channel is fed from) and keeps every message.
const RECORDER: &str = r#"
const rec = (window.__rec = { events: [], answers: [] });
const ipc = window.__TAURI_INTERNALS__;
const id = ipc.transformCallback((m) => rec.events.push(JSON.stringify(m)), false);
return ipc.invoke('app_events', { onEvent: '__CHANNEL__:' + id }).then(() => 'subscribed', (e) => 'failed ' + String(e));
"#;

/// Calls commands through the page's IPC bridge, as the UI does, and keeps every answer,
/// error and channel message.
const CALLS: &str = r#"
const done = arguments[arguments.length - 1];
const ipc = window.__TAURI_INTERNALS__;
const rec = window.__rec;
const keep = (cmd) => [(v) => rec.answers.push(cmd + ' ' + JSON.stringify(v)), (e) => rec.answers.push(cmd + ' failed ' + JSON.stringify(e))];
(async () => {
  for (const [cmd, args] of [['app_info', {}], ['sessions', {}], ['sign_in_diagnostics', {}], ['last_balance', {}],
                             ['personal_usage', {}], ['billing_settings', {}], ['chat_conversations', { query: '' }]]) {
    await ipc.invoke(cmd, args).then(...keep(cmd));
  }
  const chat = ipc.transformCallback((m) => rec.answers.push('chat_send channel ' + JSON.stringify(m)), false);
  const input = { conversationId: null, text: 'Say hello in three words',
                  options: { modelCode: arguments[0], systemPrompt: '', parameters: {}, responseFormat: { kind: 'text' } } };
  await ipc.invoke('chat_send', { input, onEvent: '__CHANNEL__:' + chat }).then(...keep('chat_send'));
  const view = await ipc.invoke('sessions', {});
  for (const s of view.sessions || []) {
    await ipc.invoke('sign_out', { id: s.id }).then(...keep('sign_out'));
  }
  done('done');
})().catch((e) => done('threw ' + String(e)));
"#;

/// T1 at the real IPC and event bridge: through a sign-in (in the window), then commands
/// called through the page's bridge — a streamed chat reply on its channel, diagnostics,
/// balances, a sign-out — no command answer, channel message or app event that reaches the
/// page holds a token, code or verifier the platform issued or saw.
#[tokio::test(flavor = "multi_thread")]
async fn nothing_that_crosses_the_ipc_bridge_carries_a_secret() -> TestResult {
    const FAKE_BROWSER: &str = env!("CARGO_BIN_EXE_fake-browser");
    let scratch = tempfile::tempdir()?;
    let log = scratch.path().join("browser.log");
    let app = AppWindow::launch(Launch::default().with_fake_browser(FAKE_BROWSER, &log, false)).await?;
    app.wait_for_text("[data-testid=platform-label]", "Sandbox").await?;
    let subscribed = app.client.execute(RECORDER, vec![]).await?;
    assert_eq!(subscribed, serde_json::json!("subscribed"));

    app.sign_in_personal().await?;
    let calls = app.client.execute_async(CALLS, vec![xiaoya_e2e::xiaoya_sandbox::MODEL_CHAT.into()]).await?;
    assert_eq!(calls, serde_json::json!("done"));
    app.wait_for_text("[data-testid=charged-to]", "not signed in").await?;

    let rec = app.client.execute("return window.__rec;", vec![]).await?;
    let events: Vec<String> = serde_json::from_value(rec["events"].clone())?;
    let answers: Vec<String> = serde_json::from_value(rec["answers"].clone())?;
    let count = |list: &[String], needle: &str| list.iter().filter(|e| e.contains(needle)).count();
    assert!(
        count(&events, "\"signedIn\"") >= 1 && count(&events, "\"sessionsChanged\"") >= 2,
        "events: {events:?}"
    );
    assert!(count(&answers, "chat_send channel") >= 2, "the reply's channel messages: {answers:?}");
    assert!(answers.iter().any(|a| a.starts_with("chat_send {")), "the reply: {answers:?}");
    assert!(answers.iter().any(|a| a.starts_with("sign_out {")), "the sign-out: {answers:?}");
    let secrets = app.sandbox.as_ref().ok_or("a sandbox")?.control().issued_secrets();
    assert!(secrets.len() >= 3, "a token, a code and a verifier were issued or seen: {}", secrets.len());
    for secret in &secrets {
        for crossed in events.iter().chain(&answers) {
            assert!(!crossed.contains(secret.as_str()), "a secret crossed the bridge: {crossed}");
        }
    }
    eprintln!(
        "bridge: {} events and {} answers recorded, none with any of {} secrets",
        events.len(),
        answers.len(),
        secrets.len()
    );
    app.close().await
}
