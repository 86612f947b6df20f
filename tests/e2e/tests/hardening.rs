//! The hardened shell in a real window: a damaged database is set aside and the window
//! says so; the process writes no core dump and is not dumpable; the window cannot be
//! navigated away from the app or open another one; the webview cannot listen to global
//! events (where the deep-link plugin would put the callback URL).

use std::path::Path;
use std::time::Duration;

use xiaoya_e2e::{app_binary, deliver_deep_link, AppWindow, Launch, TestResult};

/// The app process started for this data folder (found through its environment).
fn app_pid(data_dir: &Path) -> Option<u32> {
    let want_exe = app_binary().canonicalize().ok()?;
    let want_env = format!("XIAOYA_DATA_DIR={}", data_dir.display());
    for entry in std::fs::read_dir("/proc").ok()? {
        let Ok(entry) = entry else { continue };
        let Some(pid) = entry.file_name().to_str().and_then(|n| n.parse::<u32>().ok()) else { continue };
        let Ok(exe) = std::fs::read_link(entry.path().join("exe")) else { continue };
        if exe != want_exe {
            continue;
        }
        let environ = std::fs::read(entry.path().join("environ")).unwrap_or_default();
        if environ.split(|b| *b == 0).any(|kv| kv == want_env.as_bytes()) {
            return Some(pid);
        }
    }
    None
}

#[tokio::test(flavor = "multi_thread")]
async fn the_app_starts_on_a_corrupt_database_and_says_where_the_old_file_is() -> TestResult {
    let data = tempfile::tempdir()?;
    let garbage = b"not a database: what a failed disk left behind. ".repeat(300);
    std::fs::write(data.path().join("companion.db"), &garbage)?;
    let app = AppWindow::launch(Launch { data_dir: Some(data.path().to_path_buf()), ..Launch::default() }).await?;

    let notice = app.wait_for_text("[data-testid=database-notice]", "damaged").await?;
    assert!(notice.contains("Nothing was deleted"), "{notice}");
    let shown = app.text_of("[data-testid=database-notice-path]").await?.unwrap_or_default();
    assert!(shown.contains("companion-damaged-"), "{shown}");
    assert_eq!(std::fs::read(shown.trim())?, garbage, "the old file is where the window says, byte for byte");
    app.shot("hardening-database-set-aside", None).await?;
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
    let opened = app.client.execute("return window.open(arguments[0] + '/') === null;", vec![remote.clone().into()]).await?;
    tokio::time::sleep(Duration::from_millis(1000)).await;
    assert_eq!(app.client.windows().await?.len(), 1, "still one window (window.open gave null: {opened})");
    app.close().await
}
