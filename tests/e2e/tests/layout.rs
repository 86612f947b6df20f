//! The window at its smallest (960×620) and on a wide screen (1920×1080), in English and
//! Chinese: the header never overflows (a long Team balance abbreviates, the language
//! switch stays whole), the "Charged to" menu draws over the Voices player and its Team
//! entries can be clicked, and work in progress survives navigation.

use std::time::Duration;

use xiaoya_e2e::xiaoya_sandbox as sb;
use xiaoya_e2e::xscreen::Shot;
use xiaoya_e2e::{AppWindow, Launch, TestResult};
use xiaoya_sample_agents::{Agent, Answers, Sessions};

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
            let over = app.overflow().await?;
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

/// Screenshots of every screen at 960×620, 1280×720 and 1920×1080 in both languages, for
/// `scripts/screenshots.sh` (ignored in the suite: it asserts that every screen opens, the
/// header fits and every shot is a settled, unmixed frame). Each is the window as the X screen
/// shows it, taken once the screen has settled (`AppWindow::settled_shot`).
#[tokio::test(flavor = "multi_thread")]
#[ignore = "run by scripts/screenshots.sh"]
async fn screenshots_of_every_screen() -> TestResult {
    let scratch = tempfile::tempdir()?;
    let app = launch(&scratch).await?;
    let result = every_screen(&app).await;
    app.close().await?;
    result
}

/// Saves a settled shot of `screen` as `target/e2e-screenshots/<name>.png`.
async fn shoot(app: &AppWindow, screen: &str, name: &str, previous: &mut Option<Shot>) -> TestResult {
    // A text field's blinking caret would keep two frames from ever being the same.
    app.client
        .execute(
            "const f = document.activeElement; if (f && f.matches('input, textarea')) f.blur(); return 0;",
            vec![],
        )
        .await?;
    // The pointer away from the controls: one resting on the sidebar shows its tooltip.
    app.park_pointer().await?;
    let shot = app.settled_shot(screen, previous.as_ref()).await?;
    shot.frame.save_png(&xiaoya_e2e::screenshot_dir().join(format!("{name}.png")))?;
    *previous = Some(shot);
    Ok(())
}

async fn every_screen(app: &AppWindow) -> TestResult {
    app.sign_in_personal().await?;
    app.sign_in_team(sb::TEAM_ALPHA_ID).await?;
    pay_with(app, "personal").await?;
    let agent = Agent::launch(0, "good", Answers::Json, Sessions::Stateful)?;
    add_an_agent(app, &agent.url()).await?;
    let screens = ["account", "models", "chat", "voices", "balances", "team", "agents", "check", "settings"];
    let mut previous: Option<Shot> = None;
    for locale in LOCALES {
        app.set_locale(locale).await?;
        // A conversation to show: a question whose answer holds a table.
        app.click("[data-testid=nav-chat]").await?;
        app.find("[data-testid=chat-input]").await?;
        if app.count("[data-testid=chat-new]").await? > 0 {
            app.click("[data-testid=chat-new]").await?;
        }
        let question = if locale == "en" { "Tell me about tea" } else { "介绍一下茶的种类" };
        app.type_into("[data-testid=chat-input]", question).await?;
        app.click("[data-testid=chat-send]").await?;
        app.wait_for_last_attr("[data-testid=chat-message][data-role=assistant]", "data-status", "complete")
            .await?;
        for (w, h) in [(960, 620), (1280, 720), (1920, 1080)] {
            // At the screen's corner, so the whole window is on the X screen (1920×1080).
            app.client.set_window_rect(0, 0, w, h).await?;
            app.size_to(w, h).await?;
            for screen in screens {
                app.click(&format!("[data-testid=nav-{screen}]")).await?;
                app.find("[data-testid=screen-title]").await?;
                let over = app.overflow().await?;
                assert!(over.is_empty(), "{screen} {locale} {w}×{h}: {over:?}");
                shoot(app, screen, &format!("screen-{screen}-{locale}-{w}x{h}"), &mut previous).await?;
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
                    shoot(app, "chat", &format!("screen-chat-options-{locale}-{w}x{h}"), &mut previous)
                        .await?;
                    app.click("[data-testid=chat-options-toggle]").await?;
                }
                if screen == "agents" {
                    // The good sample agent reviewed: the verdicts, as an agent developer sees them.
                    if app.count("[data-testid=agent-counts]").await? == 0 {
                        app.click("[data-testid=agent-review]").await?;
                    }
                    app.find("[data-testid=agent-counts]").await?;
                    app.client
                        .execute(
                            "document.querySelector('[data-testid=agent-summary]')?.scrollIntoView({block: 'start'});",
                            vec![],
                        )
                        .await?;
                    shoot(app, "agents", &format!("screen-agents-review-{locale}-{w}x{h}"), &mut previous)
                        .await?;
                }
                if screen == "voices" && app.count("[data-testid=tts-receipt]").await? == 0 {
                    make_a_clip(app).await?;
                }
                if screen == "voices" {
                    app.client
                        .execute(
                            "document.querySelector('[data-testid=tts-result]')?.scrollIntoView({block: 'start'});",
                            vec![],
                        )
                        .await?;
                    shoot(app, "voices", &format!("screen-voices-clip-{locale}-{w}x{h}"), &mut previous)
                        .await?;
                }
            }
        }
    }
    Ok(())
}

/// Saves the sample agent at `url` on the Agents screen (reviewed later, per locale).
async fn add_an_agent(app: &AppWindow, url: &str) -> TestResult {
    app.click("[data-testid=nav-agents]").await?;
    app.type_into("[data-testid=agent-url]", url).await?;
    app.click("[data-testid=agent-save]").await?;
    app.wait_for_text("[data-testid=agent-list]", url).await?;
    Ok(())
}

/// The screenshot wait refuses a mixed frame: once a shot of Account is taken, a Models
/// screen that still shows Account's heading where it was (planted here as the old screen's
/// paint would linger, the way the frame in #26 item 12 showed one screen over another) is
/// not shot; the real Models screen is.
#[tokio::test(flavor = "multi_thread")]
async fn the_screenshot_wait_refuses_a_frame_that_still_shows_the_previous_screen() -> TestResult {
    let scratch = tempfile::tempdir()?;
    let app = launch(&scratch).await?;
    let result = mixed_frames(&app).await;
    app.close().await?;
    result
}

async fn mixed_frames(app: &AppWindow) -> TestResult {
    app.size_to(1280, 720).await?;
    app.click("[data-testid=nav-account]").await?;
    app.find("[data-testid=screen-account]").await?;
    app.park_pointer().await?;
    let account = app.settled_shot("account", None).await?;
    assert!(account.heading.width > 0 && account.heading.height > 0, "{:?}", account.heading);
    // Where Account's heading is, exactly (CSS pixels, fractions kept), and its words.
    let old = app
        .client
        .execute(
            "const h = document.querySelector('[data-testid=screen-title]'); const r = h.getBoundingClientRect(); \
             return [r.left, r.top, r.width, r.height, h.textContent];",
            vec![],
        )
        .await?;
    app.click("[data-testid=nav-models]").await?;
    app.find("[data-testid=screen-models]").await?;
    app.park_pointer().await?;
    let models = app.settled_shot("models", Some(&account)).await?;
    assert_ne!(models.frame.crop(account.heading), account.frame.crop(account.heading));
    // Back on Account, then Models again with Account's heading painted over its own, where
    // it was, in the same type on the same background.
    app.click("[data-testid=nav-account]").await?;
    app.find("[data-testid=screen-account]").await?;
    app.park_pointer().await?;
    let account = app.settled_shot("account", Some(&models)).await?;
    app.click("[data-testid=nav-models]").await?;
    app.find("[data-testid=screen-models]").await?;
    app.client
        .execute(
            r#"
            const [x, y, w, h, words] = arguments[0];
            const own = document.querySelector('[data-testid=screen-title]');
            const style = getComputedStyle(own);
            let bg = 'rgba(0, 0, 0, 0)';
            for (let n = own; n && (bg === 'rgba(0, 0, 0, 0)' || bg === 'transparent'); n = n.parentElement) {
              bg = getComputedStyle(n).backgroundColor;
            }
            const ghost = document.createElement('div');
            ghost.textContent = words;
            Object.assign(ghost.style, {
              position: 'fixed', left: `${x - 8}px`, top: `${y - 8}px`, width: `${w}px`, height: `${h}px`,
              padding: '8px', margin: '0', boxSizing: 'content-box', background: bg, zIndex: '1000',
              pointerEvents: 'none', color: style.color, fontFamily: style.fontFamily, fontSize: style.fontSize,
              fontWeight: style.fontWeight, fontStyle: style.fontStyle, letterSpacing: style.letterSpacing,
              lineHeight: style.lineHeight, whiteSpace: 'nowrap',
            });
            document.body.appendChild(ghost);
            "#,
            vec![old],
        )
        .await?;
    app.park_pointer().await?;
    let refused = app.settled_shot("models", Some(&account)).await;
    if let Ok(shot) = &refused {
        // What was compared, for the failure report.
        let dir = xiaoya_e2e::screenshot_dir();
        account.frame.crop(account.heading).save_png(&dir.join("mixed-previous-heading.png"))?;
        shot.frame.crop(account.heading).save_png(&dir.join("mixed-planted-heading.png"))?;
    }
    let error = refused.err().map(|e| e.to_string()).unwrap_or_default();
    assert!(error.contains("mixed frame"), "a frame with the previous heading was shot: {error:?}");
    Ok(())
}

/// Where the text box, the estimate and Synthesize are, against the part of the main area a
/// person sees: `(name, top, bottom)` of each, and the visible band `(top, bottom)`.
async fn voices_rects(app: &AppWindow) -> TestResult<(Vec<(String, f64, f64)>, f64, f64)> {
    let found = app
        .client
        .execute(
            r#"
            const main = document.querySelector('[data-testid=main]').getBoundingClientRect();
            const out = [];
            for (const id of ['tts-input', 'tts-estimate', 'tts-synthesize']) {
              const r = document.querySelector(`[data-testid=${id}]`).getBoundingClientRect();
              out.push([id, r.top, r.bottom]);
            }
            return [out, Math.max(main.top, 0), Math.min(main.bottom, window.innerHeight)];
            "#,
            vec![],
        )
        .await?;
    let rects = found
        .get(0)
        .and_then(|v| v.as_array())
        .ok_or("no rectangles")?
        .iter()
        .map(|r| {
            (
                r[0].as_str().unwrap_or_default().to_owned(),
                r[1].as_f64().unwrap_or(f64::NAN),
                r[2].as_f64().unwrap_or(f64::NAN),
            )
        })
        .collect();
    let top = found.get(1).and_then(|v| v.as_f64()).ok_or("no main area")?;
    let bottom = found.get(2).and_then(|v| v.as_f64()).ok_or("no main area")?;
    Ok((rects, top, bottom))
}

/// What of the text box, the estimate and Synthesize lies outside the visible band.
fn outside(rects: &[(String, f64, f64)], top: f64, bottom: f64) -> Vec<String> {
    rects
        .iter()
        .filter(|(_, t, b)| !(*t >= top - 0.5 && *b <= bottom + 0.5))
        .map(|(id, t, b)| format!("{id} at {t:.0}..{b:.0} outside {top:.0}..{bottom:.0}"))
        .collect()
}

/// #26 item 9: on a projector (1280×720) and at the smallest supported window (960×620) the
/// text box, the estimate and Synthesize are in view together as Voices opens, no scrolling,
/// in both languages.
#[tokio::test(flavor = "multi_thread")]
async fn at_1280x720_and_960x620_the_text_box_the_estimate_and_synthesize_are_in_view_together_in_both_languages(
) -> TestResult {
    let scratch = tempfile::tempdir()?;
    let app = launch(&scratch).await?;
    let result = voices_in_view(&app).await;
    if result.is_err() {
        let _ = app.screenshot("layout-voices-in-view-failure").await;
    }
    app.close().await?;
    result
}

async fn voices_in_view(app: &AppWindow) -> TestResult {
    app.sign_in_personal().await?;
    for locale in LOCALES {
        app.set_locale(locale).await?;
        for (w, h) in [(1280, 720), (960, 620)] {
            app.size_to(w, h).await?;
            // Away and back: Voices opens as a person comes to it.
            app.click("[data-testid=nav-account]").await?;
            app.click("[data-testid=nav-voices]").await?;
            let config = format!("[data-testid=tts-config][data-config-id='{}']", sb::TTS_CONFIG_STANDARD);
            app.find(&config).await?;
            if app.attr("[data-testid=tts-selected-voice]", "data-voice-id").await?.as_deref()
                != Some(sb::VOICE_NARRATOR_WARM)
            {
                app.click(&format!("{config} [data-testid=tts-config-pick]")).await?;
                app.click(&format!(
                    "[data-testid=voice-option][data-voice-id='{}']",
                    sb::VOICE_NARRATOR_WARM
                ))
                .await?;
            }
            let text = if locale == "en" {
                "Hello from Xiaoya, on a projector."
            } else {
                "你好，这是投影仪上的小雅。"
            };
            app.type_into("[data-testid=tts-input]", text).await?;
            wait_for_estimate(app).await?;
            // As the screen opens: scrolled to the top, at both sizes.
            app.client
                .execute(
                    "const m = document.querySelector('[data-testid=main]'); m.style.scrollBehavior = 'auto'; \
                     m.scrollTop = 0; m.style.scrollBehavior = ''; return 0;",
                    vec![],
                )
                .await?;
            tokio::time::sleep(Duration::from_millis(300)).await;
            let (rects, top, bottom) = voices_rects(app).await?;
            eprintln!("{locale} {w}×{h}: {rects:?} in {top:.0}..{bottom:.0}");
            app.shot(&format!("layout-voices-in-view-{locale}-{w}x{h}"), None).await?;
            let out = outside(&rects, top, bottom);
            assert!(out.is_empty(), "{locale} {w}×{h}: {out:?}");
        }
    }
    Ok(())
}

/// An sRGB colour `rgb(r, g, b)` / `rgba(r, g, b, a)` as (r, g, b, a), channels 0..=255.
fn parse_colour(css: &str) -> Option<[f64; 4]> {
    let inner =
        css.trim().strip_prefix("rgba(").or_else(|| css.trim().strip_prefix("rgb("))?.strip_suffix(')')?;
    let parts: Vec<f64> = inner.split(',').map(|p| p.trim().parse::<f64>()).collect::<Result<_, _>>().ok()?;
    match parts[..] {
        [r, g, b] => Some([r, g, b, 1.0]),
        [r, g, b, a] => Some([r, g, b, a]),
        _ => None,
    }
}

/// WCAG 2 relative luminance of an opaque sRGB colour.
fn luminance([r, g, b, _]: [f64; 4]) -> f64 {
    let lin = |c: f64| {
        let c = c / 255.0;
        if c <= 0.03928 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
}

/// `over` painted on `under` (both as parsed; `under` opaque).
fn composite(over: [f64; 4], under: [f64; 4]) -> [f64; 4] {
    let a = over[3];
    [
        over[0] * a + under[0] * (1.0 - a),
        over[1] * a + under[1] * (1.0 - a),
        over[2] * a + under[2] * (1.0 - a),
        1.0,
    ]
}

/// The WCAG contrast ratio of the last element matching `css`: its text colour against what
/// is painted under it (the backgrounds of it and its ancestors, composited), and its font
/// size in px.
async fn contrast_of(app: &AppWindow, css: &str) -> TestResult<(f64, f64, String)> {
    let found = app
        .client
        .execute(
            r#"
            const all = document.querySelectorAll(arguments[0]);
            const el = all[all.length - 1];
            if (!el) return null;
            const style = getComputedStyle(el);
            const backgrounds = [];
            let opacity = 1;
            for (let n = el; n; n = n.parentElement) {
              const s = getComputedStyle(n);
              opacity *= parseFloat(s.opacity);
              backgrounds.push(s.backgroundColor);
            }
            backgrounds.push(getComputedStyle(document.documentElement).backgroundColor);
            return [style.color, parseFloat(style.fontSize), opacity, backgrounds];
            "#,
            vec![css.into()],
        )
        .await?;
    let found = found.as_array().ok_or_else(|| format!("no `{css}`"))?;
    let colour = found[0].as_str().unwrap_or_default();
    let size = found[1].as_f64().unwrap_or(0.0);
    let opacity = found[2].as_f64().unwrap_or(0.0);
    let layers: Vec<String> = found[3]
        .as_array()
        .map(|a| a.iter().filter_map(|v| v.as_str().map(str::to_owned)).collect())
        .unwrap_or_default();
    // Paint from the bottom (the page) up to the element itself; white under everything.
    let mut under = [255.0, 255.0, 255.0, 1.0];
    for layer in layers.iter().rev() {
        let c = parse_colour(layer).ok_or_else(|| format!("background {layer:?}"))?;
        under = composite(c, under);
    }
    let mut text = parse_colour(colour).ok_or_else(|| format!("colour {colour:?}"))?;
    text[3] *= opacity;
    let text = composite(text, under);
    let (l1, l2) = (luminance(text), luminance(under));
    let ratio = (l1.max(l2) + 0.05) / (l1.min(l2) + 0.05);
    Ok((ratio, size, format!("{colour} on {under:?}")))
}

/// #26 item 9: chat's token and timing line under a reply and the "Charged to … by usage"
/// note under the composer are readable on a projector: the page's normal size (14 px or
/// more) and WCAG AA contrast (4.5:1 or more) in the light and the dark theme.
#[tokio::test(flavor = "multi_thread")]
async fn chat_usage_and_charge_lines_are_a_normal_size_with_aa_contrast_in_both_themes() -> TestResult {
    let scratch = tempfile::tempdir()?;
    let app = launch(&scratch).await?;
    let result = chat_lines(&app).await;
    if result.is_err() {
        let _ = app.screenshot("layout-chat-lines-failure").await;
    }
    app.close().await?;
    result
}

async fn chat_lines(app: &AppWindow) -> TestResult {
    app.sign_in_personal().await?;
    app.size_to(1280, 720).await?;
    app.click("[data-testid=nav-chat]").await?;
    app.type_into("[data-testid=chat-input]", "How do I plan a small project?").await?;
    app.click("[data-testid=chat-send]").await?;
    app.wait_for_last_attr("[data-testid=chat-message][data-role=assistant]", "data-status", "complete")
        .await?;
    app.find("[data-testid=chat-usage]").await?;
    app.find("[data-testid=chat-cost]").await?;
    let mut failures = Vec::new();
    for theme in ["light", "dark"] {
        app.click("[data-testid=nav-settings]").await?;
        app.click(&format!("[data-testid=theme-{theme}]")).await?;
        app.wait_for_attr("html", "data-theme", theme).await?;
        app.click("[data-testid=nav-chat]").await?;
        app.find("[data-testid=chat-usage]").await?;
        // Let the theme's colour transitions end.
        tokio::time::sleep(Duration::from_millis(600)).await;
        for line in ["chat-usage", "chat-cost"] {
            let (ratio, size, what) = contrast_of(app, &format!("[data-testid={line}]")).await?;
            eprintln!("{theme} {line}: {ratio:.2}:1 at {size} px ({what})");
            if ratio < 4.5 || size < 14.0 {
                failures.push(format!("{theme} {line}: {ratio:.2}:1 at {size} px ({what})"));
            }
        }
        app.shot(&format!("layout-chat-lines-{theme}"), None).await?;
    }
    assert!(failures.is_empty(), "not readable on a projector: {failures:?}");
    Ok(())
}
