//! Readings audit K5 and K6 (issue #24) in the real window: a price per 1,000 characters in
//! another vocabulary (`billingMode` + `pointsPer1kCharacters`) is read as a rate, not shown
//! as raw JSON; the docs don't say how a part of a block is charged, so the first estimate is
//! a range with why; the first receipt (prorated, 1 point) is "within the estimated range",
//! not "differs by −19"; from then on the estimate is exact and names the rule it learned, in
//! both languages.

use xiaoya_e2e::xiaoya_sandbox::{self as sb, Reading, Readings};
use xiaoya_e2e::{AppWindow, Launch, TestResult};

const FAKE_BROWSER: &str = env!("CARGO_BIN_EXE_fake-browser");

#[tokio::test(flavor = "multi_thread")]
async fn the_estimate_is_a_range_until_a_receipt_shows_the_rounding_then_exact() -> TestResult {
    let scratch = tempfile::tempdir()?;
    let log = scratch.path().join("browser.log");
    let app = AppWindow::launch(Launch::default().with_fake_browser(FAKE_BROWSER, &log, false)).await?;
    let result = journey(&app).await;
    if result.is_err() {
        let _ = app.screenshot("price-rounding-failure").await;
    }
    app.close().await?;
    result
}

async fn journey(app: &AppWindow) -> TestResult {
    let control = app.sandbox.as_ref().ok_or("sandbox")?.control();
    control
        .set_readings([Reading::TtsPricePer1k, Reading::TtsPriceProrated].into_iter().collect::<Readings>());
    app.sign_in_personal().await?;

    app.click("[data-testid=nav-voices]").await?;
    let config = format!("[data-testid=tts-config][data-config-id='{}']", sb::TTS_CONFIG_STANDARD);
    app.click(&format!("{config} [data-testid=tts-config-pick]")).await?;
    let price = app
        .wait_for_text(&format!("{config} [data-testid=tts-config-price]"), "20 points per 1000 characters")
        .await?;
    assert!(!price.contains('{'), "read as a rate, not shown as sent: {price}");
    app.type_into("[data-testid=voice-search]", "narrator").await?;
    let narrator = format!("[data-testid=voice-option][data-voice-id='{}']", sb::VOICE_NARRATOR_WARM);
    app.click(&narrator).await?;
    app.wait_for_attr("[data-testid=tts-selected-voice]", "data-voice-id", sb::VOICE_NARRATOR_WARM).await?;

    // Nothing learned yet: the range, and why.
    app.type_into("[data-testid=tts-input]", "A short line for the audience.").await?;
    app.wait_for_attr("[data-testid=tts-estimate-total]", "data-lowest", "1").await?;
    app.wait_for_text("[data-testid=tts-estimate-total]", "≈ 1–20 points").await?;
    app.wait_for_attr("[data-testid=tts-estimate-rounding]", "data-rounding", "unknown").await?;
    app.wait_for_text("[data-testid=tts-estimate-rounding]", "Rounding unknown until the first clip").await?;
    let why = app.attr("[data-testid=tts-estimate-rounding]", "title").await?.unwrap_or_default();
    assert!(why.contains("The first clip with this configuration shows which"), "{why}");
    app.shot("price-rounding-range", Some("[data-testid=voices-compose-card]")).await?;

    // The receipt: 1 point, inside the range.
    app.click("[data-testid=tts-synthesize]").await?;
    app.wait_for_text("[data-testid=receipt-charged]", "1 point").await?;
    app.wait_for_text("[data-testid=receipt-verdict]", "Within the estimated range").await?;
    let receipt = app.text_of("[data-testid=tts-receipt]").await?.unwrap_or_default();
    assert!(!receipt.contains("Differs"), "{receipt}");

    // Learned: one number, and the rule with the clip that showed it.
    app.type_into("[data-testid=tts-input]", "Another short line.").await?;
    app.wait_for_attr("[data-testid=tts-estimate-rounding]", "data-rounding", "prorated").await?;
    app.wait_for_attr("[data-testid=tts-estimate]", "data-total", "1").await?;
    app.wait_for_attr("[data-testid=tts-estimate-total]", "data-lowest", "").await?;
    app.wait_for_text("[data-testid=tts-estimate-total]", "≈ 1 point · per character used").await?;
    let why = app.attr("[data-testid=tts-estimate-rounding]", "title").await?.unwrap_or_default();
    assert!(why.starts_with("Charged for the characters used, as the clip of"), "{why}");
    app.shot("price-rounding-learned", Some("[data-testid=voices-compose-card]")).await?;
    app.set_locale("zh-CN").await?;
    app.wait_for_text("[data-testid=tts-estimate-rounding]", "按实际字符计").await?;
    app.wait_for_text("[data-testid=tts-estimate-total]", "约 1 积分").await?;
    app.set_locale("en").await?;
    Ok(())
}
