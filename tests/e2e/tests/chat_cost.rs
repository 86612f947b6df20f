//! Issue 26, item 1, in the real window: a chat reply says what it cost, where a person
//! reads it (the message footer, the receipt, Balances), in both of the sandbox's readings:
//! without `X-Xiaoya-Charged-Points` on chat (the default) the usage counter names the
//! reply's points once the balance is read after it ("from the usage counter"); with the
//! header, the platform's own number. Balances says "Fully explained" only when every amount
//! is known, and the spending chart counts every point the counter shows.

use std::time::Duration;

use xiaoya_e2e::xiaoya_sandbox::{Reading, Readings};
use xiaoya_e2e::{AppWindow, Launch, TestResult};

const FAKE_BROWSER: &str = env!("CARGO_BIN_EXE_fake-browser");
const LAST_REPLY: &str = "[data-testid=chat-message][data-role=assistant]:last-of-type";

async fn send(app: &AppWindow, text: &str) -> TestResult {
    app.type_into("[data-testid=chat-input]", text).await?;
    app.click("[data-testid=chat-send]").await
}

/// The request id of the last reply, from its receipt (the dialog is closed again).
async fn last_request_id(app: &AppWindow) -> TestResult<String> {
    app.click(&format!("{LAST_REPLY} [data-testid=chat-receipt-button]")).await?;
    let id = app.wait_for_text("[data-testid=receipt-request-id]", "-").await?;
    app.click("[data-testid=dialog-close]").await?;
    Ok(id.trim().to_owned())
}

#[tokio::test(flavor = "multi_thread")]
async fn a_chat_reply_says_what_it_cost_with_or_without_the_header() -> TestResult {
    let scratch = tempfile::tempdir()?;
    let log = scratch.path().join("browser.log");
    let app = AppWindow::launch(Launch::default().with_fake_browser(FAKE_BROWSER, &log, false)).await?;
    let result = journey(&app).await;
    if result.is_err() {
        let _ = app.screenshot("chat-cost-failure").await;
    }
    app.close().await?;
    result
}

async fn journey(app: &AppWindow) -> TestResult {
    let control = app.sandbox.as_ref().ok_or("sandbox")?.control();
    control.set_stream_pace(Duration::ZERO);
    app.sign_in_personal().await?;
    app.wait_for_attr("[data-testid=balance-slot]", "data-spendable", "2500").await?;

    // ---- No header on chat (the default reading): the usage counter names the points.
    app.click("[data-testid=nav-chat]").await?;
    send(app, "How do I plan a small project?").await?;
    app.wait_for_last_attr(LAST_REPLY, "data-status", "complete").await?;
    let request_id = last_request_id(app).await?;
    let charged = control.charges_for(&request_id).first().map(|c| c.points.to_string()).ok_or("charged")?;
    let footer = format!("{LAST_REPLY} [data-testid=chat-reply-cost]");
    app.wait_for_attr(&footer, "data-kind", "fromUsageCounter").await?;
    let text = app.wait_for_text(&footer, "from the usage counter").await?;
    assert!(text.starts_with(&charged), "{text} / {charged}");
    app.click(&format!("{LAST_REPLY} [data-testid=chat-receipt-button]")).await?;
    app.wait_for_text("[data-testid=receipt-cost]", "from the usage counter").await?;
    app.shot("chat-cost-usage-counter", None).await?;
    app.click("[data-testid=dialog-close]").await?;

    // Balances: the reply's own amount, "Fully explained", and the chart counts it.
    app.click("[data-testid=nav-balances]").await?;
    app.wait_for_attr("[data-testid=charge-points][data-cost=fromUsageCounter]", "data-value", &charged)
        .await?;
    app.wait_for_attr("[data-testid=interval-verdict]", "data-verdict", "explained").await?;
    app.wait_for_text("[data-testid=spending-chart]", &format!("{charged} point")).await?;
    app.shot("balances-chat-cost", Some("[data-testid=balance-changes]")).await?;

    // ---- The header sent on chat: the platform's own number, at once.
    control.set_readings([Reading::ChatChargedPointsHeader].into_iter().collect::<Readings>());
    app.click("[data-testid=nav-chat]").await?;
    send(app, "Tell me about tea").await?;
    app.wait_for_last_attr(LAST_REPLY, "data-status", "complete").await?;
    let request_id = last_request_id(app).await?;
    let charged = control.charges_for(&request_id).first().map(|c| c.points.to_string()).ok_or("charged")?;
    app.wait_for_attr(&footer, "data-kind", "reported").await?;
    let text = app.wait_for_text(&footer, "point").await?;
    assert!(text.starts_with(&charged) && !text.contains("usage counter"), "{text} / {charged}");
    // Before the next reply, the composer says what recent replies with this model cost here.
    let line = app.wait_for_text("[data-testid=chat-cost]", "cost about").await?;
    assert!(line.contains("point") && !line.contains("tokens"), "{line}");

    // ---- In Chinese, the same words through the glossary.
    app.click("[data-testid=locale-switch-zh-CN]").await?;
    app.wait_for_text(&footer, "积分").await?;
    app.click("[data-testid=locale-switch-en]").await?;
    Ok(())
}
