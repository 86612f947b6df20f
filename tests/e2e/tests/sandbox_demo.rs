//! The sandbox demos chat (#26 item 6), in the real window. At the pace a sandbox starts with
//! (40 tokens a second), a long reply visibly streams: its text grows look after look, at a
//! rate a person can read, far below a burst. Stop mid-reply ends it with the partial text
//! kept and nothing added afterwards. A different question, in Chinese, gets a different,
//! Chinese answer with code.

use std::time::{Duration, Instant};

use xiaoya_e2e::xiaoya_sandbox::ReplyPace;
use xiaoya_e2e::{AppWindow, Launch, TestResult};

const FAKE_BROWSER: &str = env!("CARGO_BIN_EXE_fake-browser");
const LAST_REPLY: &str = "[data-testid=chat-message][data-role=assistant]:last-of-type";

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

async fn send(app: &AppWindow, text: &str) -> TestResult {
    app.type_into("[data-testid=chat-input]", text).await?;
    app.click("[data-testid=chat-send]").await
}

#[tokio::test(flavor = "multi_thread")]
async fn a_sandbox_reply_streams_visibly_stops_with_its_text_kept_and_varies_with_the_prompt() -> TestResult {
    let scratch = tempfile::tempdir()?;
    let log = scratch.path().join("browser.log");
    // The sandbox as it starts for a person: no pace set by the test.
    let launch = Launch { reply_pace: ReplyPace::default(), ..Launch::default() }.with_fake_browser(
        FAKE_BROWSER,
        &log,
        false,
    );
    let app = AppWindow::launch(launch).await?;
    let result = demo(&app).await;
    if result.is_err() {
        let _ = app.screenshot("sandbox-demo-failure").await;
    }
    app.close().await?;
    result
}

async fn demo(app: &AppWindow) -> TestResult {
    let control = app.sandbox.as_ref().ok_or("the test's sandbox")?.control();
    assert_eq!(control.reply_pace(), ReplyPace::TokensPerSecond(40), "the pace a sandbox starts with");
    app.sign_in_personal().await?;
    app.click("[data-testid=nav-chat]").await?;
    app.find("[data-testid=chat-input]").await?;

    send(app, "Tell me about tea, in detail").await?;
    app.wait_for_last_attr(LAST_REPLY, "data-status", "streaming").await?;
    let deadline = Instant::now() + Duration::from_secs(10);
    while reply_text(app).await?.is_empty() {
        if Instant::now() > deadline {
            return Err("no text arrived within 10 s".into());
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // Eight looks, 400 ms apart: the text grows at nearly every one, and the reply is still
    // streaming at the last.
    let started = Instant::now();
    let mut lengths = vec![reply_text(app).await?.chars().count()];
    for _ in 0..8 {
        tokio::time::sleep(Duration::from_millis(400)).await;
        lengths.push(reply_text(app).await?.chars().count());
    }
    let watched = started.elapsed().as_secs_f64();
    let grew = lengths.windows(2).filter(|w| w[1] > w[0]).count();
    assert!(grew >= 6, "the text grew at only {grew} of 8 looks: {lengths:?}");
    let rate = (lengths[8] - lengths[0]) as f64 / watched;
    eprintln!("visible pace: {lengths:?} characters over {watched:.1} s, {rate:.0} characters a second");
    // 40 tokens a second is about 150 characters of English a second; a burst is thousands.
    assert!((40.0..=400.0).contains(&rate), "{rate:.0} characters a second: {lengths:?}");
    assert_eq!(app.last_attr(LAST_REPLY, "data-status").await?.as_deref(), Some("streaming"));
    app.shot("sandbox-demo-streaming", None).await?;

    // Stop mid-reply: the text so far stays, and nothing more is added.
    let before_stop = reply_text(app).await?;
    app.click("[data-testid=chat-stop]").await?;
    app.wait_for_last_attr(LAST_REPLY, "data-status", "stopped").await?;
    let stopped = reply_text(app).await?;
    assert!(stopped.starts_with("Tea comes in six families"), "the partial reply is kept: {stopped:?}");
    // (Markdown can re-render the last line as more arrives, so compare lengths loosely.)
    assert!(
        stopped.chars().count() + 40 >= before_stop.chars().count(),
        "the kept text is what was shown: {before_stop:?} → {stopped:?}"
    );
    assert!(!stopped.contains("Summary"), "stopped well before the end: {stopped:?}");
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(reply_text(app).await?, stopped, "nothing is added after Stop");
    app.wait_for_text(&format!("{LAST_REPLY} [data-testid=chat-status-badge]"), "Stopped").await?;
    app.shot("sandbox-demo-stopped", None).await?;

    // Another question, in Chinese: another answer, in Chinese, with code (quickly now).
    control.set_reply_pace(ReplyPace::FAST);
    send(app, "写一个去掉重复项的函数").await?;
    app.wait_for_last_attr(LAST_REPLY, "data-status", "complete").await?;
    app.find(&format!("{LAST_REPLY} [data-testid=md-code-block]")).await?;
    let chinese = reply_text(app).await?;
    assert!(chinese.starts_with("下面是一个用 Python 写的小函数"), "{chinese:?}");
    assert!(!chinese.contains("Tea comes"), "{chinese:?}");
    app.shot("sandbox-demo-chinese", None).await?;
    Ok(())
}
