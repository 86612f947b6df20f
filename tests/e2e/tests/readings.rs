//! Another reading of the docs in the real window: TTS options in an `{items}` wrapper with
//! upper-case voice states, and one shared voice in a state the app does not know. The
//! voices show up and are selectable, the unknown state is flagged as sent, and the
//! platform decides (here it accepts).

use xiaoya_e2e::xiaoya_sandbox::{self as sb, Reading, Readings};
use xiaoya_e2e::{AppWindow, Launch, TestResult};

const FAKE_BROWSER: &str = env!("CARGO_BIN_EXE_fake-browser");

#[tokio::test(flavor = "multi_thread")]
async fn voices_from_another_wrapper_with_upper_case_states_are_selectable_and_an_unknown_state_is_flagged(
) -> TestResult {
    let scratch = tempfile::tempdir()?;
    let log = scratch.path().join("browser.log");
    let app = AppWindow::launch(Launch::default().with_fake_browser(FAKE_BROWSER, &log, false)).await?;
    let result = journey(&app).await;
    if result.is_err() {
        let _ = app.screenshot("readings-failure").await;
    }
    app.close().await?;
    result
}

fn option(voice: &str) -> String {
    format!("[data-testid=voice-option][data-voice-id='{voice}']")
}

async fn journey(app: &AppWindow) -> TestResult {
    let control = app.sandbox.as_ref().expect("sandbox").control();
    control.set_readings(
        [Reading::TtsOptionsItems, Reading::VoiceStateUpper, Reading::VoiceStateUnlisted]
            .into_iter()
            .collect::<Readings>(),
    );
    app.sign_in_personal().await?;

    app.click("[data-testid=nav-voices]").await?;
    let config = format!("[data-testid=tts-config][data-config-id='{}']", sb::TTS_CONFIG_STANDARD);
    app.click(&format!("{config} [data-testid=tts-config-pick]")).await?;
    app.wait_for_text(&format!("{config} [data-testid=tts-config-price]"), "2 points per 100 characters")
        .await?;

    // `ACTIVE` is active and `PENDING_ACTIVATION` keeps its first-use tariff.
    app.click("[data-testid=voice-filter-own]").await?;
    app.wait_for_text(
        &format!("{} [data-testid=voice-pending]", option(sb::VOICE_PENDING_CLONE)),
        "First use 30 points",
    )
    .await?;
    assert_eq!(app.attr(&option(sb::VOICE_PENDING_CLONE), "data-usable").await?.as_deref(), Some("true"));
    assert_eq!(app.attr(&option(sb::VOICE_EXPIRED_CLONE), "data-usable").await?.as_deref(), Some("false"));
    app.click("[data-testid=voice-filter-all]").await?;

    app.type_into("[data-testid=voice-search]", "narrator").await?;
    app.wait_for_attr(&option(sb::VOICE_NARRATOR_WARM), "data-usable", "true").await?;
    let page = app.page_text().await?;
    assert!(!page.contains("Not available in this app version"), "no voice is turned unusable");

    // The shared voice in an unknown state: shown as sent, flagged, still selectable.
    app.type_into("[data-testid=voice-search]", "xiaoxiao").await?;
    let odd = option(sb::VOICE_XIAOXIAO);
    app.wait_for_text(
        &format!("{odd} [data-testid=voice-state-unrecognised]"),
        "State 'PREVIEW_ONLY' not recognised — the platform decides",
    )
    .await?;
    assert_eq!(app.attr(&odd, "data-usable").await?.as_deref(), Some("true"));
    app.shot("readings-voice-state", Some("[data-testid=voices-board-card]")).await?;
    app.click(&odd).await?;
    app.wait_for_attr("[data-testid=tts-selected-voice]", "data-voice-id", sb::VOICE_XIAOXIAO).await?;
    app.wait_for_text(
        "[data-testid=tts-selected-voice] [data-testid=voice-state-unrecognised]",
        "PREVIEW_ONLY",
    )
    .await?;

    // The platform decides: the sandbox accepts it and charges as usual.
    app.type_into("[data-testid=tts-input]", "Hello from another reading").await?;
    app.wait_for_attr("[data-testid=tts-estimate]", "data-total", "2").await?;
    app.click("[data-testid=tts-synthesize]").await?;
    app.wait_for_text("[data-testid=receipt-charged]", "2 points").await?;
    let request_id = app.text_of("[data-testid=receipt-request-id]").await?.unwrap_or_default();
    assert_eq!(control.charges_for(request_id.trim()).len(), 1);
    Ok(())
}
