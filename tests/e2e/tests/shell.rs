//! The app shell in a real window: the sandbox label, navigation, language switch.

use xiaoya_e2e::{AppWindow, Launch, TestResult};

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
