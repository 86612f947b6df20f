//! The window at its smallest (960×620) and on a wide screen (1920×1080), in English and
//! Chinese: the header never overflows (a long Team balance abbreviates, the language
//! switch stays whole), the "Charged to" menu draws over the Voices player and its Team
//! entries can be clicked, and work in progress survives navigation.

use std::time::Duration;

use xiaoya_e2e::xiaoya_sandbox as sb;
use xiaoya_e2e::{AppWindow, Launch, TestResult};

const FAKE_BROWSER: &str = env!("CARGO_BIN_EXE_fake-browser");
const SIZES: [(u32, u32); 2] = [(960, 620), (1920, 1080)];
const LOCALES: [&str; 2] = ["en", "zh-CN"];

async fn launch(scratch: &tempfile::TempDir) -> TestResult<AppWindow> {
    let log = scratch.path().join("browser.log");
    AppWindow::launch(Launch::default().with_fake_browser(FAKE_BROWSER, &log, false)).await
}

/// The live value of a field (the property, not the attribute).
async fn value_of(app: &AppWindow, css: &str) -> TestResult<String> {
    let v = app
        .client
        .execute(
            "const el = document.querySelector(arguments[0]); return el ? el.value : null;",
            vec![css.into()],
        )
        .await?;
    Ok(v.as_str().unwrap_or_default().to_owned())
}

/// What overflows the header or the page, if anything (an empty list when it all fits).
async fn overflow(app: &AppWindow) -> TestResult<Vec<String>> {
    let found = app
        .client
        .execute(
            r#"
            const out = [];
            const vw = window.innerWidth;
            const doc = document.documentElement;
            if (doc.scrollWidth > vw) out.push(`page ${doc.scrollWidth} > ${vw}`);
            const header = document.querySelector('[data-testid=app-header]');
            if (header.scrollWidth > header.clientWidth) out.push(`header ${header.scrollWidth} > ${header.clientWidth}`);
            for (const el of header.querySelectorAll('[data-testid=locale-switch], [data-testid=balance-slot], [data-testid=charged-to], [data-testid=platform-label]')) {
              const r = el.getBoundingClientRect();
              if (r.right > vw + 0.5 || r.left < -0.5) out.push(`${el.dataset.testid} at ${r.left}..${r.right} of ${vw}`);
            }
            return out;
            "#,
            vec![],
        )
        .await?;
    Ok(found.as_array().map(|a| a.iter().map(|v| v.to_string()).collect()).unwrap_or_default())
}

/// Synthesizes a short clip in the current (Personal) context, so the player bar shows.
async fn make_a_clip(app: &AppWindow) -> TestResult {
    app.click("[data-testid=nav-voices]").await?;
    let config = format!("[data-testid=tts-config][data-config-id='{}']", sb::TTS_CONFIG_STANDARD);
    app.find(&config).await?;
    if app.attr("[data-testid=tts-selected-voice]", "data-voice-id").await?.as_deref()
        != Some(sb::VOICE_NARRATOR_WARM)
    {
        app.click(&format!("{config} [data-testid=tts-config-pick]")).await?;
        app.click(&format!("[data-testid=voice-option][data-voice-id='{}']", sb::VOICE_NARRATOR_WARM))
            .await?;
    }
    let text = value_of(app, "[data-testid=tts-input]").await?;
    if text.is_empty() {
        // The first estimate arrives a moment after typing stops, often just as the person
        // clicks: nothing under the click may move when it does (it once pushed
        // Synthesize down by a row, and the click landed on nothing).
        let before = top_of(app, "[data-testid=tts-synthesize]").await?;
        // Chinese text on a configuration whose count of Chinese characters no clip has
        // shown yet: the estimate arrives with "possibly up to" and its caveat line, and
        // still nothing moves.
        app.type_into("[data-testid=tts-input]", &"你好".repeat(30)).await?;
        wait_for_estimate(app).await?;
        app.find("[data-testid=tts-estimate-caveat]").await?;
        let after = top_of(app, "[data-testid=tts-synthesize]").await?;
        // Sub-pixel: the rows are 19.5 px line boxes, and WebKit's rounding of them can differ
        // by a pixel between the two states (seen once in ~10 runs: 1.07 px). A pixel can't
        // take a click off a 44 px button; the line-box bug this caught moved it 3 px.
        assert!(
            (before - after).abs() < 2.0,
            "Synthesize moved from {before} to {after} when the estimate with its caveat arrived"
        );
        app.type_into("[data-testid=tts-input]", "Hello from Xiaoya.").await?;
        let deadline = std::time::Instant::now() + Duration::from_secs(20);
        while app
            .client
            .find(xiaoya_e2e::fantoccini::Locator::Css("[data-testid=tts-estimate-caveat]"))
            .await
            .is_ok()
        {
            if std::time::Instant::now() > deadline {
                return Err("the caveat stayed for English text".into());
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        let after = top_of(app, "[data-testid=tts-synthesize]").await?;
        assert!(
            (before - after).abs() < 2.0,
            "Synthesize moved from {before} to {after} when the estimate arrived"
        );
    }
    // A person reads the cost before the charged click.
    wait_for_estimate(app).await?;
    // After a switch of who pays, the catalog of this context loads again first.
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    while app.attr("[data-testid=tts-synthesize]", "disabled").await?.is_some()
        && std::time::Instant::now() < deadline
    {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    app.click("[data-testid=tts-synthesize]").await?;
    app.find("[data-testid=tts-receipt]").await?;
    app.find("[data-testid=player-bar]").await?;
    Ok(())
}

/// Where an element's top is, relative to the scrolled content (so a scroll does not
/// count as a move).
async fn top_of(app: &AppWindow, css: &str) -> TestResult<f64> {
    let top = app
        .client
        .execute(
            "const el = document.querySelector(arguments[0]); const main = document.querySelector('[data-testid=main]'); \
             return el.getBoundingClientRect().top + main.scrollTop;",
            vec![css.into()],
        )
        .await?;
    top.as_f64().ok_or_else(|| format!("no position for `{css}`").into())
}

async fn wait_for_estimate(app: &AppWindow) -> TestResult {
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    while app.attr("[data-testid=tts-estimate]", "data-total").await?.unwrap_or_default().is_empty() {
        if std::time::Instant::now() > deadline {
            return Err("the estimate never appeared".into());
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    Ok(())
}

/// Puts the player bar right under the header (the page grows so it can scroll there),
/// opens the Charged-to menu and returns the entries another layer covers.
async fn covered_menu_items(app: &AppWindow) -> TestResult<(bool, Vec<String>)> {
    app.client
        .execute(
            r#"
            const main = document.querySelector('[data-testid=main]');
            main.style.scrollBehavior = 'auto';
            main.querySelector('.app-main__inner').style.paddingBottom = '3000px';
            const bar = document.querySelector('[data-testid=player-bar]');
            main.scrollTop += bar.getBoundingClientRect().top - 90;
            "#,
            vec![],
        )
        .await?;
    tokio::time::sleep(Duration::from_millis(300)).await;
    app.click("[data-testid=charged-to]").await?;
    app.find("[data-testid=context-menu]").await?;
    let found = app
        .client
        .execute(
            r#"
            const bar = document.querySelector('[data-testid=player-bar]').getBoundingClientRect();
            const covered = [];
            let overlaps = false;
            for (const item of document.querySelectorAll('[data-testid=context-menu] [role^=menuitem]')) {
              const r = item.getBoundingClientRect();
              // Where the entry and the bar overlap, if they do; the entry's middle otherwise.
              const left = Math.max(r.left, bar.left), right = Math.min(r.right, bar.right);
              const top = Math.max(r.top, bar.top), bottom = Math.min(r.bottom, bar.bottom);
              const meet = right - left > 4 && bottom - top > 4;
              if (meet) overlaps = true;
              const x = meet ? (left + right) / 2 : r.left + r.width / 2;
              const y = meet ? (top + bottom) / 2 : r.top + r.height / 2;
              const hit = document.elementFromPoint(x, y);
              if (!hit || hit.closest('[role^=menuitem]') !== item) covered.push(`${item.dataset.testid} under ${hit ? hit.className : 'nothing'}`);
            }
            return [overlaps, covered];
            "#,
            vec![],
        )
        .await?;
    let overlaps = found.get(0).and_then(|v| v.as_bool()).unwrap_or(false);
    let covered = found
        .get(1)
        .and_then(|v| v.as_array())
        .map(|a| a.iter().map(|v| v.to_string()).collect())
        .unwrap_or_default();
    Ok((overlaps, covered))
}

async fn pay_with(app: &AppWindow, kind: &str) -> TestResult {
    if app.attr("[data-testid=charged-to]", "data-context").await?.as_deref() == Some(kind) {
        return Ok(());
    }
    if app.text_of("[data-testid=context-menu]").await?.is_none() {
        app.click("[data-testid=charged-to]").await?;
    }
    app.click(&format!("[data-testid=context-menu] [data-context={kind}]")).await?;
    app.wait_for_attr("[data-testid=charged-to]", "data-context", kind).await?;
    Ok(())
}

#[tokio::test(flavor = "multi_thread")]
async fn the_header_fits_and_the_charged_to_menu_draws_over_the_player_at_both_sizes_in_both_languages(
) -> TestResult {
    let scratch = tempfile::tempdir()?;
    let app = launch(&scratch).await?;
    let result = header_and_menu(&app).await;
    if result.is_err() {
        let _ = app.screenshot("layout-failure").await;
    }
    app.close().await?;
    result
}

async fn header_and_menu(app: &AppWindow) -> TestResult {
    app.sign_in_personal().await?;
    // Team Alpha's balance is 9,007,199,254,740,993 points: the longest the header meets.
    app.sign_in_team(sb::TEAM_ALPHA_ID).await?;
    for locale in LOCALES {
        app.set_locale(locale).await?;
        for (w, h) in SIZES {
            app.size_to(w, h).await?;
            pay_with(app, "team").await?;
            app.wait_for_attr("[data-testid=balance-value]", "data-abbreviated", "true").await?;
            let title = app.attr("[data-testid=balance-slot]", "title").await?.unwrap_or_default();
            assert!(
                title.contains("9,007,199,254,740,993"),
                "the exact balance is in the tooltip: {title:?}"
            );
            let unit = if locale == "en" { "points" } else { "积分" };
            app.wait_for_text("[data-testid=balance-value]", unit).await?;
            let over = overflow(app).await?;
            assert!(over.is_empty(), "{locale} {w}×{h}: {over:?}");
            app.shot(&format!("layout-header-{locale}-{w}x{h}"), None).await?;

            pay_with(app, "personal").await?;
            make_a_clip(app).await?;
            let (overlaps, covered) = covered_menu_items(app).await?;
            app.shot(&format!("layout-menu-over-player-{locale}-{w}x{h}"), None).await?;
            assert!(overlaps, "{locale} {w}×{h}: the menu was not placed over the player bar");
            assert!(covered.is_empty(), "{locale} {w}×{h}: menu entries covered: {covered:?}");
            // A real click on the Team entry over the player switches who pays, and the
            // Personal clip's player goes with the context that was left.
            app.click("[data-testid=context-menu] [data-context=team]").await?;
            app.wait_for_attr("[data-testid=charged-to]", "data-context", "team").await?;
            for _ in 0..30 {
                if app.count("[data-testid=player-bar]").await? == 0 {
                    break;
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            assert_eq!(
                app.count("[data-testid=player-bar]").await?,
                0,
                "no orphan player after a context switch"
            );
            app.client
                .execute(
                    "document.querySelector('.app-main__inner').style.paddingBottom = ''; \
                     document.querySelector('[data-testid=main]').style.scrollBehavior = '';",
                    vec![],
                )
                .await?;
        }
    }
    Ok(())
}

#[tokio::test(flavor = "multi_thread")]
async fn a_draft_survives_navigation_at_both_sizes_in_both_languages() -> TestResult {
    let scratch = tempfile::tempdir()?;
    let app = launch(&scratch).await?;
    let result = drafts(&app).await;
    if result.is_err() {
        let _ = app.screenshot("layout-draft-failure").await;
    }
    app.close().await?;
    result
}

async fn drafts(app: &AppWindow) -> TestResult {
    app.sign_in_personal().await?;
    for locale in LOCALES {
        app.set_locale(locale).await?;
        for (w, h) in SIZES {
            app.size_to(w, h).await?;
            let chat_draft = format!("Unsent question {locale} {w}");
            app.click("[data-testid=nav-chat]").await?;
            app.find("[data-testid=chat-input]").await?;
            app.client
                .execute(
                    "const el = document.querySelector('[data-testid=chat-input]'); el.value = ''; \
                     el.dispatchEvent(new Event('input', { bubbles: true }));",
                    vec![],
                )
                .await?;
            app.type_into("[data-testid=chat-input]", &chat_draft).await?;

            app.click("[data-testid=nav-voices]").await?;
            let config = format!("[data-testid=tts-config][data-config-id='{}']", sb::TTS_CONFIG_STANDARD);
            app.click(&format!("{config} [data-testid=tts-config-pick]")).await?;
            app.click(&format!("[data-testid=voice-option][data-voice-id='{}']", sb::VOICE_NARRATOR_WARM))
                .await?;
            let speech = format!("Text to speak {locale} {w}");
            app.client
                .execute(
                    "const el = document.querySelector('[data-testid=tts-input]'); el.value = ''; \
                     el.dispatchEvent(new Event('input', { bubbles: true }));",
                    vec![],
                )
                .await?;
            app.type_into("[data-testid=tts-input]", &speech).await?;

            // A glance at Balances, then back.
            app.click("[data-testid=nav-balances]").await?;
            app.find("[data-testid=balance-spendable]").await?;
            app.click("[data-testid=nav-chat]").await?;
            app.find("[data-testid=chat-input]").await?;
            let kept = value_of(app, "[data-testid=chat-input]").await?;
            assert_eq!(kept, chat_draft, "{locale} {w}×{h}: the chat draft");
            app.shot(&format!("layout-chat-draft-{locale}-{w}x{h}"), None).await?;

            app.click("[data-testid=nav-voices]").await?;
            app.wait_for_attr("[data-testid=tts-selected-voice]", "data-voice-id", sb::VOICE_NARRATOR_WARM)
                .await?;
            let kept = value_of(app, "[data-testid=tts-input]").await?;
            assert_eq!(kept, speech, "{locale} {w}×{h}: the text to speak");
            app.shot(&format!("layout-voices-draft-{locale}-{w}x{h}"), None).await?;
        }
    }
    Ok(())
}

/// Screenshots of every screen at both sizes in both languages, for `scripts/screenshots.sh`
/// (ignored in the suite: it asserts only that every screen opens and the header fits).
#[tokio::test(flavor = "multi_thread")]
#[ignore = "run by scripts/screenshots.sh"]
async fn screenshots_of_every_screen() -> TestResult {
    let scratch = tempfile::tempdir()?;
    let app = launch(&scratch).await?;
    let result = every_screen(&app).await;
    app.close().await?;
    result
}

async fn every_screen(app: &AppWindow) -> TestResult {
    app.sign_in_personal().await?;
    app.sign_in_team(sb::TEAM_ALPHA_ID).await?;
    pay_with(app, "personal").await?;
    let screens = ["account", "models", "chat", "voices", "balances", "agents", "check", "settings"];
    for locale in LOCALES {
        app.set_locale(locale).await?;
        for (w, h) in SIZES {
            app.size_to(w, h).await?;
            for screen in screens {
                app.click(&format!("[data-testid=nav-{screen}]")).await?;
                app.find("[data-testid=screen-title]").await?;
                tokio::time::sleep(Duration::from_millis(600)).await;
                let over = overflow(app).await?;
                assert!(over.is_empty(), "{screen} {locale} {w}×{h}: {over:?}");
                app.shot(&format!("screen-{screen}-{locale}-{w}x{h}"), None).await?;
                if screen == "chat" {
                    // The options open: the composer's footnote stays inside the card.
                    app.click("[data-testid=chat-options-toggle]").await?;
                    app.find("[data-testid=chat-options]").await?;
                    let spill = app
                        .client
                        .execute(
                            "const card = document.querySelector('.chat-main').getBoundingClientRect(); \
                             const foot = document.querySelector('.chat-composer').getBoundingClientRect(); \
                             return foot.bottom - card.bottom;",
                            vec![],
                        )
                        .await?;
                    assert!(
                        spill.as_f64().unwrap_or(0.0) <= 1.0,
                        "{locale} {w}×{h}: the composer spills {spill} px out of the card"
                    );
                    app.shot(&format!("screen-chat-options-{locale}-{w}x{h}"), None).await?;
                    app.click("[data-testid=chat-options-toggle]").await?;
                }
                if screen == "voices" && app.count("[data-testid=tts-receipt]").await? == 0 {
                    make_a_clip(app).await?;
                    app.shot(
                        &format!("screen-voices-clip-{locale}-{w}x{h}"),
                        Some("[data-testid=tts-result]"),
                    )
                    .await?;
                }
            }
        }
    }
    Ok(())
}
