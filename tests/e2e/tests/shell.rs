//! The app shell in a real window: the sandbox label, navigation, language switch.

use xiaoya_e2e::xiaoya_sandbox as sb;
use xiaoya_e2e::{AppWindow, Launch, TestResult};

const FAKE_BROWSER: &str = env!("CARGO_BIN_EXE_fake-browser");

const SCREENS: [(&str, &str); 6] = [
    ("nav-account", "Account"),
    ("nav-models", "Models"),
    ("nav-chat", "Chat"),
    ("nav-voices", "Voices"),
    ("nav-balances", "Balances"),
    ("nav-settings", "Settings"),
];

#[tokio::test(flavor = "multi_thread")]
async fn the_window_says_it_runs_on_the_sandbox_and_every_screen_opens() -> TestResult {
    let app = AppWindow::launch(Launch::default()).await?;
    let label = app.wait_for_text("[data-testid=platform-label]", "Sandbox").await?;
    assert!(label.contains("no real points"), "label was {label:?}");

    for (nav, title) in SCREENS {
        app.click(&format!("[data-testid={nav}]")).await?;
        app.wait_for_text("[data-testid=screen-title]", title).await?;
    }
    let charged = app.wait_for_text("[data-testid=charged-to]", "Charged to").await?;
    assert!(!charged.is_empty());
    app.click("[data-testid=nav-account]").await?;
    app.screenshot("shell-account-en").await?;
    app.close().await
}

/// Issue 16: the first frame is the real screen. The shell hands the page the app info and
/// the sessions before any of its script runs (`src-tauri/src/boot.rs`); the page takes
/// them once, never a token, and a reload in the same run asks the core instead.
#[tokio::test(flavor = "multi_thread")]
async fn a_restart_signed_in_hands_the_page_its_sessions_but_no_secret() -> TestResult {
    let sandbox = sb::start(sb::SandboxConfig { auto_approve: true, ..Default::default() }).await?;
    let scratch = tempfile::tempdir()?;
    let log = scratch.path().join("browser.log");
    let launch = || {
        Launch {
            external_sandbox: Some(sandbox.base_url()),
            data_dir: Some(scratch.path().join("app-data")),
            ..Launch::default()
        }
        .with_fake_browser(FAKE_BROWSER, &log, false)
    };
    let app = AppWindow::launch(launch()).await?;
    app.sign_in_personal().await?;
    app.close().await?;

    let app = AppWindow::launch(launch()).await?;
    let handed = app.client.execute("return JSON.stringify(window.__XIAOYA_BOOT__ ?? null);", vec![]).await?;
    let handed = handed.as_str().ok_or("no handed-over state")?.to_owned();
    let state: serde_json::Value = serde_json::from_str(&handed)?;
    assert_eq!(state["sessions"]["sessions"][0]["displayName"], sb::USER_DISPLAY_NAME, "{handed}");
    assert_eq!(state["sessions"]["sessions"][0]["context"]["kind"], "personal");
    assert_eq!(state["appInfo"]["platform"]["mode"], "sandbox");
    // The page took it: its start is remembered for this window.
    let seen = app.client.execute("return sessionStorage.getItem('xiaoya.bootSeen');", vec![]).await?;
    assert_eq!(seen.as_str(), state["bootId"].as_str(), "the page took this start's state");
    app.wait_for_text(
        "[data-testid=session-card][data-context=personal] [data-testid=session-name]",
        sb::USER_DISPLAY_NAME,
    )
    .await?;
    app.wait_for_text("[data-testid=charged-to]", "Personal").await?;
    let secrets = sandbox.control().issued_secrets();
    assert!(!secrets.is_empty());
    for secret in &secrets {
        assert!(!handed.contains(secret.as_str()), "a secret was handed to the page");
    }

    // A reload in the same run: the handed-over state is this start's, already seen, so
    // the page asks the core and shows the same.
    app.client.execute("location.reload(); return null;", vec![]).await?;
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    app.wait_for_text(
        "[data-testid=session-card][data-context=personal] [data-testid=session-name]",
        sb::USER_DISPLAY_NAME,
    )
    .await?;
    app.wait_for_text("[data-testid=charged-to]", "Personal").await?;
    app.close().await
}

#[tokio::test(flavor = "multi_thread")]
async fn the_built_in_sandbox_starts_when_nothing_is_configured() -> TestResult {
    // No sandbox from the test: the app must start its own.
    let app = AppWindow::launch(Launch { sandbox: false, ..Launch::default() }).await?;
    app.wait_for_text("[data-testid=platform-label]", "Sandbox").await?;
    app.click("[data-testid=nav-settings]").await?;
    let text = app.wait_for_text("[data-testid=platform-origin]", "http://127.0.0.1:").await?;
    assert!(!text.contains("claw.zhenhuiai.com"));
    app.close().await
}

#[tokio::test(flavor = "multi_thread")]
async fn switching_to_chinese_changes_the_whole_window_and_is_remembered() -> TestResult {
    let data = tempfile::tempdir()?;
    let launch = || Launch { data_dir: Some(data.path().to_path_buf()), ..Launch::default() };
    let app = AppWindow::launch(launch()).await?;
    app.wait_for_text("[data-testid=nav-account]", "Account").await?;
    app.click("[data-testid=locale-switch-zh-CN]").await?;
    app.wait_for_text("[data-testid=nav-account]", "账户").await?;
    app.wait_for_text("[data-testid=platform-label]", "沙盒 — 模拟平台，不消耗真实积分").await?;
    app.wait_for_text("[data-testid=screen-title]", "账户").await?;
    app.screenshot("shell-account-zh").await?;
    app.close().await?;

    let app = AppWindow::launch(launch()).await?;
    app.wait_for_text("[data-testid=nav-voices]", "音色").await?;
    app.click("[data-testid=locale-switch-en]").await?;
    app.wait_for_text("[data-testid=nav-voices]", "Voices").await?;
    app.close().await
}

#[tokio::test(flavor = "multi_thread")]
async fn a_tester_points_the_app_at_a_staging_platform_and_back_to_the_sandbox() -> TestResult {
    let app = AppWindow::launch(Launch::default()).await?;
    app.click("[data-testid=nav-settings]").await?;
    // A bad origin is refused with an explanation, and nothing changes.
    app.type_into("[data-testid=platform-base-url]", "http://staging.example.com").await?;
    app.type_into("[data-testid=platform-client-id-input]", "staging-client").await?;
    app.click("[data-testid=platform-save]").await?;
    app.find("[data-testid=platform-base-url][aria-invalid=true]").await?;
    let why = app.wait_for_text(".field.has-error .field__error", "https").await?;
    assert!(!why.is_empty());
    app.wait_for_text("[data-testid=platform-label]", "Sandbox").await?;

    app.type_into("[data-testid=platform-base-url]", "https://staging.example.com").await?;
    app.click("[data-testid=platform-save]").await?;
    app.wait_for_text("[data-testid=platform-label]", "staging.example.com").await?;
    app.wait_for_text("[data-testid=platform-client-id]", "staging-client").await?;
    app.screenshot("settings-staging-platform").await?;

    app.click("[data-testid=use-sandbox]").await?;
    app.wait_for_text("[data-testid=platform-label]", "Sandbox").await?;
    app.close().await
}
