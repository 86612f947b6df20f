//! Keyboard shortcuts in the real window (issue 30): real key presses through WebDriver.
//! `?` opens the list of shortcuts and Esc closes it with focus back where it was; Ctrl+K
//! opens the palette, a screen's Chinese name finds it and Enter opens it; Ctrl+N from
//! another screen starts a new chat with the caret in the composer; `?` typed there is text
//! and opens nothing; Esc stops a streaming reply, Ctrl+Shift+R regenerates it, Ctrl+Shift+C
//! opens "Charged to"; on Voices `/` searches, Ctrl+Enter
//! synthesizes and k pauses; with single-key shortcuts off, `?` does nothing while Ctrl
//! shortcuts still work. The overlay and the palette are photographed at 1280×720.

use std::time::{Duration, Instant};

use xiaoya_e2e::xiaoya_sandbox as sb;
use xiaoya_e2e::{AppWindow, Launch, TestResult};

const FAKE_BROWSER: &str = env!("CARGO_BIN_EXE_fake-browser");
const LAST_REPLY: &str = "[data-testid=chat-message][data-role=assistant]:last-of-type";

// WebDriver's keys: Control stays down until the null key releases it.
const CTRL: &str = "\u{E009}";
const SHIFT: &str = "\u{E008}";
const RELEASE: &str = "\u{E000}";
const ENTER: &str = "\u{E007}";
const ESCAPE: &str = "\u{E00C}";

/// Presses `keys` on whatever has the focus, as a person types.
async fn press(app: &AppWindow, keys: &str) -> TestResult {
    let el = app.client.active_element().await?;
    el.send_keys(keys).await?;
    Ok(())
}

/// The `data-testid` of the focused element ("" when it has none).
async fn focused(app: &AppWindow) -> TestResult<String> {
    let value = app.client.execute("return document.activeElement?.dataset?.testid ?? '';", vec![]).await?;
    Ok(value.as_str().unwrap_or_default().to_owned())
}

async fn wait_focus(app: &AppWindow, want: &str) -> TestResult {
    let deadline = Instant::now() + Duration::from_secs(10);
    let mut last = String::new();
    while Instant::now() < deadline {
        last = focused(app).await?;
        if last == want {
            return Ok(());
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    Err(format!("focus never reached {want:?}; it is on {last:?}").into())
}

/// Waits until the focus is inside `css` (a menu moves it there once it has drawn).
async fn wait_focus_within(app: &AppWindow, css: &str) -> TestResult {
    let deadline = Instant::now() + Duration::from_secs(10);
    let script = format!("return !!document.activeElement?.closest({css:?});");
    while Instant::now() < deadline {
        if app.client.execute(&script, vec![]).await?.as_bool() == Some(true) {
            return Ok(());
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    Err(format!("the focus never went into `{css}`").into())
}

async fn wait_gone(app: &AppWindow, css: &str) -> TestResult {
    let deadline = Instant::now() + Duration::from_secs(10);
    while Instant::now() < deadline {
        if app.count(css).await? == 0 {
            return Ok(());
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    Err(format!("`{css}` is still there").into())
}

#[tokio::test(flavor = "multi_thread")]
async fn every_shortcut_is_a_real_key_press_and_typing_comes_first() -> TestResult {
    let scratch = tempfile::tempdir()?;
    let log = scratch.path().join("browser.log");
    let app = AppWindow::launch(Launch::default().with_fake_browser(FAKE_BROWSER, &log, false)).await?;
    let result = journey(&app).await;
    if result.is_err() {
        let _ = app.screenshot("shortcuts-failure").await;
    }
    app.close().await?;
    result
}

async fn journey(app: &AppWindow) -> TestResult {
    let control = app.sandbox.as_ref().expect("sandbox").control();
    app.size_to(1280, 720).await?;
    app.sign_in_personal().await?;

    // The sign-in toast would sit over the photographs.
    while app.count("[data-testid=toast-dismiss]").await? > 0 {
        app.click("[data-testid=toast-dismiss]").await?;
    }

    // ---- `?` lists the shortcuts; Esc closes the list and focus goes back.
    let nav = app.find("[data-testid=nav-account]").await?;
    assert_eq!(app.attr("[data-testid=nav-chat]", "aria-keyshortcuts").await?.as_deref(), Some("Control+3"));
    nav.send_keys("?").await?;
    let help = app.wait_for_text("[data-testid=shortcut-help]", "Keyboard shortcuts").await?;
    for line in ["New chat", "Stop the reply", "Synthesize", "Go to Voices", "Switch who is charged", "Ctrl"]
    {
        assert!(help.contains(line), "the list names {line:?}: {help}");
    }
    app.shot("shortcuts-help-en-1280x720", None).await?;
    wait_focus(app, "dialog-close").await?;
    press(app, ESCAPE).await?;
    wait_gone(app, "[data-testid=shortcut-help]").await?;
    wait_focus(app, "nav-account").await?;

    // ---- Ctrl+K in Chinese: a screen's Chinese name finds it, Enter opens it.
    app.set_locale("zh-CN").await?;
    app.find("[data-testid=nav-account]").await?.send_keys(&format!("{CTRL}k{RELEASE}")).await?;
    app.find("[data-testid=command-palette]").await?;
    wait_focus(app, "palette-input").await?;
    app.type_into("[data-testid=palette-input]", "前往音色").await?;
    app.wait_for_text("[data-testid=palette-list]", "前往音色").await?;
    assert_eq!(app.count("[data-testid=palette-list] [role=option]").await?, 1, "one command matches");
    app.shot("shortcuts-palette-zh-1280x720", None).await?;
    press(app, ENTER).await?;
    wait_gone(app, "[data-testid=command-palette]").await?;
    app.wait_for_text("[data-testid=screen-title]", "音色").await?;
    app.set_locale("en").await?;

    // ---- Ctrl+N from Voices: Chat, a new conversation, the caret in the composer.
    press(app, &format!("{CTRL}n{RELEASE}")).await?;
    app.wait_for_text("[data-testid=screen-title]", "Chat").await?;
    wait_focus(app, "chat-input").await?;

    // ---- `?` typed in the composer is a question mark, and opens nothing.
    press(app, "Why?").await?;
    let typed = app
        .client
        .execute("return document.querySelector('[data-testid=chat-input]').value;", vec![])
        .await?;
    assert_eq!(typed.as_str(), Some("Why?"));
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(app.count("[data-testid=shortcut-help]").await?, 0, "typing ? opens no list");

    // ---- Esc stops a streaming reply.
    control.set_stream_pace(Duration::from_millis(80));
    app.type_into("[data-testid=chat-input]", "Write a long, detailed story about a lighthouse keeper")
        .await?;
    press(app, ENTER).await?;
    app.wait_for_last_attr(LAST_REPLY, "data-status", "streaming").await?;
    assert_eq!(app.attr("[data-testid=chat-stop]", "aria-keyshortcuts").await?.as_deref(), Some("Escape"));
    tokio::time::sleep(Duration::from_millis(500)).await;
    press(app, ESCAPE).await?;
    app.wait_for_last_attr(LAST_REPLY, "data-status", "stopped").await?;
    control.set_stream_pace(Duration::ZERO);

    // ---- Ctrl+Shift+R regenerates the last reply, as its button does: a new reply.
    let stopped = app.last_attr(LAST_REPLY, "data-message-id").await?;
    press(app, &format!("{CTRL}{SHIFT}r{RELEASE}")).await?;
    app.wait_for_last_attr(LAST_REPLY, "data-status", "complete").await?;
    let regenerated = app.last_attr(LAST_REPLY, "data-message-id").await?;
    assert_ne!(regenerated, stopped, "Ctrl+Shift+R asked for a new reply");

    // ---- Ctrl+Shift+C opens "Charged to" on the paying context; Esc closes it.
    press(app, &format!("{CTRL}{SHIFT}c{RELEASE}")).await?;
    app.find("[data-testid=context-menu]").await?;
    // The keys go where the focus is, as a person's do: Esc once the menu has taken it.
    wait_focus_within(app, "[data-testid=context-menu]").await?;
    press(app, ESCAPE).await?;
    wait_gone(app, "[data-testid=context-menu]").await?;
    wait_focus(app, "charged-to").await?;

    // ---- Ctrl+N on Chat: a new, empty conversation.
    app.find("[data-testid=chat-send]").await?;
    press(app, &format!("{CTRL}n{RELEASE}")).await?;
    app.wait_for_text("[data-testid=chat-conversation-title]", "New conversation").await?;
    wait_focus(app, "chat-input").await?;
    assert_eq!(app.count("[data-testid=chat-message]").await?, 0, "the new conversation is empty");

    // ---- Voices with Ctrl+4: `/` searches voices, Ctrl+Enter synthesizes, k pauses.
    press(app, &format!("{CTRL}4{RELEASE}")).await?;
    app.wait_for_text("[data-testid=screen-title]", "Voices").await?;
    let config = format!("[data-testid=tts-config][data-config-id='{}']", sb::TTS_CONFIG_STANDARD);
    app.click(&format!("{config} [data-testid=tts-config-pick]")).await?;
    app.find("[data-testid=voice-search]").await?;
    app.find("[data-testid=nav-voices]").await?.send_keys("/").await?;
    wait_focus(app, "voice-search").await?;
    press(app, "narrator").await?;
    app.wait_for_text("[data-testid=voice-count]", "1 of").await?;
    app.click(&format!("[data-testid=voice-option][data-voice-id='{}']", sb::VOICE_NARRATOR_WARM)).await?;
    app.type_into("[data-testid=tts-input]", "Hello from the keyboard").await?;
    app.wait_for_attr("[data-testid=tts-estimate]", "data-total", "2").await?;
    let charges = control.charges().len();
    press(app, &format!("{CTRL}{ENTER}{RELEASE}")).await?;
    app.find("[data-testid=tts-receipt]").await?;
    assert_eq!(control.charges().len(), charges + 1, "Ctrl+Enter synthesized once");
    let mut status = None;
    for _ in 0..100 {
        status = app.attr("[data-testid=player]", "data-status").await?;
        if status.as_deref() == Some("playing") || app.count("[data-testid=audio-unavailable]").await? > 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // No audio device: the window says so and there is nothing to pause.
    eprintln!("the player after Ctrl+Enter: {status:?}");
    if status.as_deref() == Some("playing") {
        app.find("[data-testid=nav-voices]").await?.send_keys("k").await?;
        app.wait_for_attr("[data-testid=player]", "data-status", "paused").await?;
    }

    // ---- Single keys off (Settings, with Ctrl+,): `?` does nothing, Ctrl+K still works.
    app.find("[data-testid=nav-chat]").await?.send_keys(&format!("{CTRL},{RELEASE}")).await?;
    app.wait_for_text("[data-testid=screen-title]", "Settings").await?;
    app.click("[data-testid=settings-single-keys]").await?;
    app.wait_for_attr("[data-testid=settings-single-keys]", "aria-checked", "false").await?;
    app.find("[data-testid=nav-account]").await?.send_keys("?").await?;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(app.count("[data-testid=shortcut-help]").await?, 0, "single keys are off");
    assert_eq!(app.attr("[data-testid=nav-chat]", "aria-keyshortcuts").await?.as_deref(), Some("Control+3"));
    press(app, &format!("{CTRL}k{RELEASE}")).await?;
    app.find("[data-testid=command-palette]").await?;
    wait_focus(app, "palette-input").await?;
    press(app, ESCAPE).await?;
    wait_gone(app, "[data-testid=command-palette]").await?;
    Ok(())
}
