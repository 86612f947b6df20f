//! #26, the sandbox demos at a pace its settings change, from the app itself: a person in the
//! no-account mode (the app's own built-in sandbox, its consent page and all) sets Settings →
//! Sandbox reply speed. At Instant a long reply is there at once; at Slow the same reply
//! visibly grows look after look with Stop on screen, and Stop ends it mid-reply.

use std::time::{Duration, Instant};

use xiaoya_e2e::{AppWindow, Launch, TestResult};

const FAKE_BROWSER: &str = env!("CARGO_BIN_EXE_fake-browser");
const LAST_REPLY: &str = "[data-testid=chat-message][data-role=assistant]:last-of-type";
const PROMPT: &str = "Tell me about tea, in detail";

/// The rendered text of the newest reply ('' before it exists).
async fn reply_text(app: &AppWindow) -> TestResult<String> {
    let value = app
        .client
        .execute(
            "const all = document.querySelectorAll(arguments[0]); const el = all[all.length - 1]; return el ? el.innerText : '';",
            vec![format!("{LAST_REPLY} [data-testid=chat-message-content]").into()],
        )
        .await?;
    Ok(value.as_str().unwrap_or_default().to_owned())
}

/// Whether Stop is on screen (displayed and enabled), as a person would press it.
async fn stop_shown(app: &AppWindow) -> TestResult<bool> {
    let value = app
        .client
        .execute(
            "const b = document.querySelector('[data-testid=chat-stop]'); \
             if (!b || b.disabled) return false; const r = b.getBoundingClientRect(); \
             return r.width > 0 && r.height > 0 && r.bottom <= window.innerHeight && r.top >= 0;",
            vec![],
        )
        .await?;
    Ok(value.as_bool().unwrap_or(false))
}

async fn choose_speed(app: &AppWindow, speed: &str) -> TestResult {
    app.click("[data-testid=nav-settings]").await?;
    let option = format!("[data-testid=settings-sandbox-speed-{speed}]");
    app.click(&option).await?;
    app.wait_for_attr(&option, "aria-checked", "true").await?;
    app.click("[data-testid=nav-chat]").await?;
    app.find("[data-testid=chat-input]").await?;
    Ok(())
}

async fn send(app: &AppWindow, text: &str) -> TestResult {
    app.type_into("[data-testid=chat-input]", text).await?;
    app.click("[data-testid=chat-send]").await
}

#[tokio::test(flavor = "multi_thread")]
async fn the_sandbox_reply_speed_set_in_settings_streams_slowly_enough_to_stop_mid_reply() -> TestResult {
    let scratch = tempfile::tempdir()?;
    let log = scratch.path().join("browser.log");
    // No test sandbox: the app starts its own, as for a person without an account.
    let launch = Launch { sandbox: false, ..Launch::default() }.with_fake_browser(FAKE_BROWSER, &log, false);
    let app = AppWindow::launch(launch).await?;
    let result = demo(&app).await;
    if result.is_err() {
        let _ = app.screenshot("sandbox-speed-failure").await;
    }
    app.close().await?;
    result
}

async fn demo(app: &AppWindow) -> TestResult {
    app.sign_in_personal().await?;
    app.click("[data-testid=nav-settings]").await?;
    app.find("[data-testid=settings-sandbox-speed]").await?;
    assert_eq!(
        app.attr("[data-testid=settings-sandbox-speed-normal]", "aria-checked").await?.as_deref(),
        Some("true"),
        "a sandbox starts at the normal pace"
    );
    app.shot("sandbox-speed-settings", Some("[data-testid=settings-sandbox-speed]")).await?;

    // Instant: the whole long reply is there almost as soon as it is sent.
    choose_speed(app, "instant").await?;
    let sent = Instant::now();
    send(app, PROMPT).await?;
    app.wait_for_last_attr(LAST_REPLY, "data-status", "complete").await?;
    let instant = sent.elapsed();
    let whole = reply_text(app).await?;
    eprintln!("instant: {} characters in {instant:?}", whole.chars().count());
    assert!(whole.contains("Summary"), "the whole reply: {whole:?}");
    assert!(instant < Duration::from_secs(4), "at Instant the reply took {instant:?}");

    // Slow: the same reply grows look after look while Stop is on screen.
    choose_speed(app, "slow").await?;
    send(app, PROMPT).await?;
    app.wait_for_last_attr(LAST_REPLY, "data-status", "streaming").await?;
    let deadline = Instant::now() + Duration::from_secs(10);
    while reply_text(app).await?.is_empty() {
        if Instant::now() > deadline {
            return Err("no text arrived within 10 s".into());
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let mut lengths = vec![reply_text(app).await?.chars().count()];
    let mut stop_seen = 0;
    for _ in 0..6 {
        tokio::time::sleep(Duration::from_millis(400)).await;
        lengths.push(reply_text(app).await?.chars().count());
        stop_seen += usize::from(stop_shown(app).await?);
    }
    eprintln!("slow: {lengths:?} characters, 400 ms apart");
    let grew = lengths.windows(2).filter(|w| w[1] > w[0]).count();
    assert!(grew >= 4, "the text grew at only {grew} of 6 looks: {lengths:?}");
    assert_eq!(stop_seen, 6, "Stop was on screen at every look");
    assert!(
        lengths[6] < whole.chars().count() / 4,
        "after 2.4 s at Slow only a small part is there: {lengths:?} of {}",
        whole.chars().count()
    );
    assert_eq!(app.last_attr(LAST_REPLY, "data-status").await?.as_deref(), Some("streaming"));
    app.shot("sandbox-speed-slow-streaming", None).await?;

    app.click("[data-testid=chat-stop]").await?;
    app.wait_for_last_attr(LAST_REPLY, "data-status", "stopped").await?;
    let stopped = reply_text(app).await?;
    assert!(stopped.starts_with("Tea comes in six families"), "the partial reply is kept: {stopped:?}");
    assert!(!stopped.contains("Summary"), "stopped well before the end: {stopped:?}");
    tokio::time::sleep(Duration::from_secs(1)).await;
    assert_eq!(reply_text(app).await?, stopped, "nothing is added after Stop");
    Ok(())
}
