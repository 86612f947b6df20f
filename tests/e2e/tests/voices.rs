//! The TTS explorer in the real window: sign in, pick a configuration and a voice, see the
//! estimate, synthesize, see the receipt beside it, and playback either starts or says
//! clearly that there is no audio device.

use std::time::Duration;

use xiaoya_e2e::xiaoya_sandbox as sb;
use xiaoya_e2e::{AppWindow, Launch, TestResult};

const FAKE_BROWSER: &str = env!("CARGO_BIN_EXE_fake-browser");

#[tokio::test(flavor = "multi_thread")]
async fn pick_a_voice_see_the_estimate_synthesize_and_read_the_receipt() -> TestResult {
    let scratch = tempfile::tempdir()?;
    let log = scratch.path().join("browser.log");
    let app = AppWindow::launch(Launch::default().with_fake_browser(FAKE_BROWSER, &log, false)).await?;
    let result = journey(&app).await;
    if result.is_err() {
        let _ = app.screenshot("voices-failure").await;
    }
    app.close().await?;
    result
}

async fn journey(app: &AppWindow) -> TestResult {
    let control = app.sandbox.as_ref().expect("sandbox").control();
    app.sign_in_personal().await?;

    app.click("[data-testid=nav-voices]").await?;
    let config = format!("[data-testid=tts-config][data-config-id='{}']", sb::TTS_CONFIG_STANDARD);
    app.find(&config).await?;
    // Every configuration is listed, the one without voices too, with its library link.
    let empty = format!("[data-testid=tts-config][data-config-id='{}']", sb::TTS_CONFIG_EMPTY);
    app.wait_for_text(&format!("{empty} [data-testid=tts-config-voices]"), "No voices").await?;
    app.find(&format!("{empty} [data-testid=tts-config-library]")).await?;
    app.click(&format!("{config} [data-testid=tts-config-pick]")).await?;
    app.wait_for_text(&format!("{config} [data-testid=tts-config-price]"), "2 points per 100 characters")
        .await?;

    // Nothing is pre-selected.
    assert_eq!(app.attr("[data-testid=tts-selected-voice]", "data-voice-id").await?.as_deref(), Some(""));
    app.wait_for_attr("[data-testid=tts-synthesize]", "disabled", "").await?;

    // Own cloned voices: the pending one shows its first-use tariff and deadline.
    app.click("[data-testid=voice-filter-own]").await?;
    let pending = format!("[data-testid=voice-option][data-voice-id='{}']", sb::VOICE_PENDING_CLONE);
    app.wait_for_text(&format!("{pending} [data-testid=voice-pending]"), "First use 30 points").await?;
    app.wait_for_text(&format!("{pending} [data-testid=voice-countdown]"), "left").await?;
    let full = app.attr(&format!("{pending} [data-testid=voice-pending]"), "title").await?;
    assert!(
        full.as_deref().unwrap_or_default().starts_with("First use charges 30 points · use before"),
        "{full:?}"
    );
    let expired = format!("[data-testid=voice-option][data-voice-id='{}']", sb::VOICE_EXPIRED_CLONE);
    assert_eq!(app.attr(&expired, "data-usable").await?.as_deref(), Some("false"));
    app.shot("voices-board-own", Some("[data-testid=voices-board-card]")).await?;
    app.click("[data-testid=voice-filter-all]").await?;

    // Search, then choose the voice whose id has spaces and parentheses.
    app.type_into("[data-testid=voice-search]", "narrator").await?;
    app.wait_for_text("[data-testid=voice-count]", "1 of").await?;
    let narrator = format!("[data-testid=voice-option][data-voice-id='{}']", sb::VOICE_NARRATOR_WARM);
    app.click(&narrator).await?;
    app.wait_for_attr("[data-testid=tts-selected-voice]", "data-voice-id", sb::VOICE_NARRATOR_WARM).await?;

    // A paragraph with Chinese, English and an emoji: the counter counts code points.
    let text = "Hello from Xiaoya, 你好！😀";
    app.type_into("[data-testid=tts-input]", "Hello from Xiaoya, 你好！").await?;
    // WebKitWebDriver can't type characters outside the BMP: the emoji arrives as a paste would.
    app.client
        .execute(
            "const el = document.querySelector('[data-testid=tts-input]'); el.value += arguments[0]; \
             el.dispatchEvent(new Event('input', { bubbles: true }));",
            vec!["😀".into()],
        )
        .await?;
    app.wait_for_attr("[data-testid=tts-counter]", "data-count", &text.chars().count().to_string()).await?;
    app.wait_for_attr("[data-testid=tts-estimate]", "data-total", "2").await?;
    app.wait_for_text("[data-testid=tts-estimate]", "Estimate").await?;
    app.shot("voices-estimate", Some("[data-testid=voices-compose-card]")).await?;

    app.click("[data-testid=tts-synthesize]").await?;
    app.find("[data-testid=tts-receipt]").await?;
    app.wait_for_text("[data-testid=receipt-charged]", "2 points").await?;
    app.wait_for_text("[data-testid=receipt-verdict]", "Matches").await?;
    let request_id = app.text_of("[data-testid=receipt-request-id]").await?.unwrap_or_default();
    assert_eq!(control.charges_for(request_id.trim()).len(), 1, "charged once under the id shown");

    // Playback started, or the window says clearly that there is no audio device.
    let mut seen = None;
    for _ in 0..100 {
        let status = app.attr("[data-testid=player]", "data-status").await?;
        let no_device = app.text_of("[data-testid=audio-unavailable]").await?;
        if no_device.is_some() || matches!(status.as_deref(), Some("playing" | "paused" | "ended")) {
            seen = Some((status, no_device));
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let (status, no_device) = seen.ok_or("neither playback nor a no-device message")?;
    if let Some(message) = no_device {
        assert!(message.contains("No audio output"), "{message}");
    } else {
        assert!(status.is_some());
    }

    app.shot("voices-player", Some("[data-testid=player]")).await?;

    // Compare: the summed estimate first, then each clip with its own cost.
    app.click("[data-testid=compare-toggle]").await?;
    app.type_into("[data-testid=voice-search]", "xiaoxiao").await?;
    app.click(&format!("[data-testid=voice-option][data-voice-id='{}']", sb::VOICE_XIAOXIAO)).await?;
    app.click("[data-testid=compare-toggle]").await?;
    app.click("[data-testid=compare-open]").await?;
    app.wait_for_text("[data-testid=compare-total]", "4 points").await?;
    app.screenshot("voices-compare-quote").await?;
    app.click("[data-testid=compare-confirm]").await?;
    for _ in 0..200 {
        let n = app
            .client
            .execute("return document.querySelectorAll('[data-testid=compare-charged]').length", vec![])
            .await?;
        if n.as_u64() == Some(2) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    app.wait_for_text("[data-testid=compare-list]", "Charged 2").await?;
    app.screenshot("voices-compare-done").await?;
    app.click("[data-testid=compare-close]").await?;

    // The clip is in the audio ledger with its cost.
    app.find("[data-testid=clip-row][data-status=complete]").await?;
    app.wait_for_text("[data-testid=clip-row] [data-testid=clip-charged]", "2").await?;
    app.shot("voices-receipt", Some("[data-testid=tts-last-clip]")).await?;
    app.shot("voices-ledger", Some("[data-testid=audio-ledger]")).await?;
    let rows = app
        .client
        .execute("return document.querySelectorAll('[data-testid=clip-row]').length", vec![])
        .await?;
    assert_eq!(rows.as_u64(), Some(3), "one clip and two compared clips");

    // The same screen in Chinese.
    app.click("[data-testid=locale-switch-zh-CN]").await?;
    app.wait_for_text("[data-testid=audio-ledger]", "音频记录").await?;
    app.wait_for_text("[data-testid=voices-explorer]", "个人 · 语音配置").await?;
    app.shot("voices-zh", Some("[data-testid=voices-explorer]")).await?;
    app.client.execute("document.documentElement.setAttribute('data-theme', 'dark')", vec![]).await?;
    app.shot("voices-zh-dark", Some("[data-testid=voices-board-card]")).await?;
    Ok(())
}

/// Issue 15, point 9, in the real window and in Chinese: on the configuration that counts a
/// Chinese character as 2, the estimate before the first clip says it may cost up to the
/// double and the hint says the count isn't known yet; after one clip, whose receipt shows
/// the count, the same text is estimated at what it was charged, and the hint says the rule.
#[tokio::test(flavor = "multi_thread")]
async fn the_cjk_estimate_learns_the_count_from_the_first_receipt_in_chinese() -> TestResult {
    let scratch = tempfile::tempdir()?;
    let log = scratch.path().join("browser.log");
    let app = AppWindow::launch(Launch::default().with_fake_browser(FAKE_BROWSER, &log, false)).await?;
    let result = cjk(&app).await;
    if result.is_err() {
        let _ = app.screenshot("voices-cjk-failure").await;
    }
    app.close().await?;
    result
}

async fn cjk(app: &AppWindow) -> TestResult {
    app.sign_in_personal().await?;
    app.click("[data-testid=locale-switch-zh-CN]").await?;
    app.wait_for_text("[data-testid=nav-account]", "账户").await?;
    app.click("[data-testid=nav-voices]").await?;
    let config = format!("[data-testid=tts-config][data-config-id='{}']", sb::TTS_CONFIG_CJK);
    app.click(&format!("{config} [data-testid=tts-config-pick]")).await?;
    app.click(&format!("[data-testid=voice-option][data-voice-id='{}']", sb::VOICE_YUNXI)).await?;
    app.wait_for_attr("[data-testid=tts-selected-voice]", "data-voice-id", sb::VOICE_YUNXI).await?;
    // 60 Chinese characters: 60 code points (one 100-character block), 120 as this
    // configuration counts them (two blocks).
    let text = "敏捷的棕色狐狸跳过了那只懒惰的狗".repeat(4);
    let text: String = text.chars().take(60).collect();
    app.client
        .execute(
            "const el = document.querySelector('[data-testid=tts-input]'); el.focus(); el.value = arguments[0]; \
             el.dispatchEvent(new Event('input', { bubbles: true }));",
            vec![text.clone().into()],
        )
        .await?;
    app.wait_for_attr("[data-testid=tts-counter]", "data-count", "60").await?;
    // Before any clip: the code-point estimate, and honestly "possibly up to".
    app.wait_for_text("[data-testid=tts-estimate-bound]", "").await?;
    let before = app.attr("[data-testid=tts-estimate]", "data-total").await?.unwrap_or_default();
    let caveat = app.text_of("[data-testid=tts-estimate-caveat]").await?.unwrap_or_default();
    assert!(!caveat.trim().is_empty(), "the estimate says the count isn't known yet");
    assert_eq!(app.attr("[data-testid=tts-count-hint]", "data-rule").await?.as_deref(), Some("codePoints"));
    app.shot("voices-cjk-estimate-before-zh", Some("[data-testid=voices-compose-card]")).await?;

    app.click("[data-testid=tts-synthesize]").await?;
    let charged = app.wait_for_text("[data-testid=receipt-charged]", "积分").await?;
    let charged: String = charged.chars().filter(char::is_ascii_digit).collect();
    assert_ne!(charged, before, "the code-point estimate was not the charge (else nothing to learn)");

    // The same text again: the estimate is now the charge, and the hint names the rule.
    app.client
        .execute(
            "const el = document.querySelector('[data-testid=tts-input]'); el.value = arguments[0] + '。'; \
             el.dispatchEvent(new Event('input', { bubbles: true })); el.value = arguments[0]; \
             el.dispatchEvent(new Event('input', { bubbles: true }));",
            vec![text.into()],
        )
        .await?;
    app.wait_for_attr("[data-testid=tts-count-hint]", "data-rule", "learned").await?;
    app.wait_for_attr("[data-testid=tts-estimate]", "data-total", &charged).await?;
    let hint = app.text_of("[data-testid=tts-count-hint]").await?.unwrap_or_default();
    assert!(hint.contains('2'), "the hint says a Chinese character counts 2: {hint}");
    assert_eq!(app.count("[data-testid=tts-estimate-caveat]").await?, 0, "no caveat once the rule is known");
    app.shot("voices-cjk-estimate-learned-zh", Some("[data-testid=voices-compose-card]")).await?;
    Ok(())
}
