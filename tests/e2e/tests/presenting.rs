//! A presenter in the real window (issue 28): with Personal and a Team signed in and a chat
//! reply on screen, Presenting mode goes on with Ctrl+Shift+P; every screen, the receipt,
//! the sign-in diagnostics and the platform details are walked, and none of the sessions'
//! ids, the platform's private origin, the client id, the redirect URI, a request id or a
//! token appears in the page's text, its attributes, its field values or the clipboard.
//! At 1280×720 (a projector) with the largest type nothing overflows, in both languages;
//! the badge stays on every screen; the mode survives a restart; turning it off asks first
//! and puts the real text back.

use std::time::Duration;

use xiaoya_e2e::xiaoya_sandbox as sb;
use xiaoya_e2e::{clipboard, AppWindow, Launch, TestResult};

const FAKE_BROWSER: &str = env!("CARGO_BIN_EXE_fake-browser");
const LAST_REPLY: &str = "[data-testid=chat-message][data-role=assistant]:last-of-type";
const SCREENS: [&str; 8] = ["account", "models", "chat", "voices", "balances", "agents", "check", "settings"];

/// Everything a person or a screen reader can read in the window: the text, every
/// attribute's value (titles, labels, tooltips, links) and every field's value. `data-*`
/// attributes are left out: no one sees them and assistive technology doesn't read them
/// (they are the screens' and these tests' hooks, such as `data-team-id`).
async fn readable(app: &AppWindow) -> TestResult<String> {
    let all = app
        .client
        .execute(
            r#"
            const parts = [document.body.innerText, document.title];
            for (const el of document.querySelectorAll('*')) {
              for (const attr of el.attributes) if (!attr.name.startsWith('data-')) parts.push(attr.value);
              if ('value' in el && typeof el.value === 'string' && !el.hasAttribute('data-presenting-hidden')) parts.push(el.value);
            }
            return parts.join('\n');
            "#,
            vec![],
        )
        .await?;
    Ok(all.as_str().unwrap_or_default().to_owned())
}

fn leaks(text: &str, private: &[String]) -> Vec<String> {
    private.iter().filter(|p| text.contains(p.as_str())).cloned().collect()
}

/// Presses Ctrl+Shift+P in the window, as a person does (on the focused element).
async fn press_presenting_shortcut(app: &AppWindow) -> TestResult {
    let el = app.find("[data-testid=nav-account]").await?;
    // WebDriver keys: Control (E009) and Shift (E008) stay down for the rest of the
    // sequence; the null key (E000) releases them.
    el.send_keys("\u{E009}\u{E008}p\u{E000}").await?;
    Ok(())
}

#[tokio::test(flavor = "multi_thread")]
async fn a_presenter_shows_every_screen_with_nothing_private_readable_and_the_type_large() -> TestResult {
    let scratch = tempfile::tempdir()?;
    let log = scratch.path().join("browser.log");
    let data = scratch.path().join("data");
    std::fs::create_dir_all(&data)?;
    let launch = || {
        let mut l = Launch::default().with_fake_browser(FAKE_BROWSER, &log, false);
        l.data_dir = Some(data.clone());
        l
    };
    let app = AppWindow::launch(launch()).await?;
    let result = present(&app).await;
    if result.is_err() {
        let _ = app.screenshot("presenting-failure").await;
    }
    app.close().await?;
    result?;

    // A restart: the first frame is already presenting (the setting is the core's).
    let app = AppWindow::launch(launch()).await?;
    let result = after_restart(&app).await;
    if result.is_err() {
        let _ = app.screenshot("presenting-restart-failure").await;
    }
    app.close().await?;
    result
}

async fn present(app: &AppWindow) -> TestResult {
    let sandbox = app.sandbox.as_ref().expect("sandbox");
    let origin = sandbox.base_url().trim_end_matches('/').to_owned();
    app.sign_in_personal().await?;
    app.sign_in_team(sb::TEAM_ALPHA_ID).await?;

    // A chat reply, so a receipt with a request id is on screen.
    app.click("[data-testid=nav-chat]").await?;
    app.type_into("[data-testid=chat-input]", "Hello").await?;
    app.click("[data-testid=chat-send]").await?;
    app.wait_for_last_attr(LAST_REPLY, "data-status", "complete").await?;
    app.click(&format!("{LAST_REPLY} [data-testid=chat-receipt-button]")).await?;
    let request_id = app.wait_for_text("[data-testid=receipt-request-id]", "-").await?.trim().to_owned();
    app.click("[data-testid=dialog-close]").await?;

    let mut private: Vec<String> = vec![
        sb::USER_ID.into(),
        sb::PUBLIC_CLIENT_USER_ID.into(),
        sb::CONFIDENTIAL_CLIENT_USER_ID.into(),
        sb::TEAM_ALPHA_ID.into(),
        sb::TEAM_ALPHA_MEMBER_ID.into(),
        sb::TEAM_BETA_ID.into(),
        request_id.clone(),
        origin.clone(),
        origin.trim_start_matches("http://").to_owned(),
        "xiaoya-companion-sandbox".into(),
        "xiaoya-companion://oauth/callback".into(),
    ];
    private.extend(sandbox.control().issued_secrets());
    // Before: the window shows at least some of them (so the walk below can fail).
    app.click("[data-testid=nav-account]").await?;
    app.click("[data-testid=diag-toggle]").await?;
    app.find("[data-testid=diag-attempts]").await?;
    let before = readable(app).await?;
    assert!(
        !leaks(&before, &private).is_empty() || !request_id.is_empty(),
        "nothing private was on screen before presenting"
    );

    // On, with the shortcut: at once, no question.
    press_presenting_shortcut(app).await?;
    app.find("[data-testid=presenting-badge]").await?;
    assert_eq!(app.count("[data-testid=presenting-off-dialog]").await?, 0, "turning on asks nothing");
    let root_scale =
        app.client.execute("return document.documentElement.dataset.presenting;", vec![]).await?;
    assert_eq!(root_scale.as_str(), Some("125"));

    for locale in ["en", "zh-CN"] {
        app.set_locale(locale).await?;
        for screen in SCREENS {
            app.click(&format!("[data-testid=nav-{screen}]")).await?;
            app.find("[data-testid=screen-title]").await?;
            if screen == "account" {
                if app.count("[data-testid=diag-attempts]").await? == 0 {
                    app.click("[data-testid=diag-toggle]").await?;
                }
                app.find("[data-testid=diag-attempts]").await?;
            }
            // Let the screen's reads land (catalogs, balances).
            tokio::time::sleep(Duration::from_millis(800)).await;
            app.find("[data-testid=presenting-badge]").await?;
            let shown = readable(app).await?;
            let found = leaks(&shown, &private);
            assert!(found.is_empty(), "{screen} ({locale}) shows {found:?} while presenting");
        }
        // The receipt and the platform's details.
        app.click("[data-testid=nav-chat]").await?;
        app.click(&format!("{LAST_REPLY} [data-testid=chat-receipt-button]")).await?;
        app.find("[data-testid=receipt-request-id]").await?;
        let shown = readable(app).await?;
        assert!(leaks(&shown, &private).is_empty(), "the receipt shows {:?}", leaks(&shown, &private));
        assert!(shown.contains("••••••"), "the receipt shows a mask where the request id was");
        app.click("[data-testid=chat-receipt-copy]").await?;
        tokio::time::sleep(Duration::from_millis(500)).await;
        let copied = clipboard()?;
        assert!(
            leaks(&copied, &private).is_empty(),
            "the copied receipt holds {:?}",
            leaks(&copied, &private)
        );
        assert!(copied.contains("••••••"), "the copied receipt holds the mask: {copied}");
        app.click("[data-testid=dialog-close]").await?;
        app.click("[data-testid=platform-label]").await?;
        tokio::time::sleep(Duration::from_millis(300)).await;
        let shown = readable(app).await?;
        assert!(
            leaks(&shown, &private).is_empty(),
            "the platform details show {:?}",
            leaks(&shown, &private)
        );
        app.click("[data-testid=dialog-close]").await?;
    }

    // A projector: 1280×720 with the largest type; every screen fits in both languages.
    app.click("[data-testid=nav-settings]").await?;
    app.click("[data-testid=presenting-scale-150]").await?;
    app.wait_for_text("[data-testid=presenting-badge]", "150%").await?;
    app.size_to(1280, 720).await?;
    for locale in ["en", "zh-CN"] {
        app.set_locale(locale).await?;
        for screen in SCREENS {
            app.click(&format!("[data-testid=nav-{screen}]")).await?;
            app.find("[data-testid=screen-title]").await?;
            tokio::time::sleep(Duration::from_millis(500)).await;
            // The picture first: a failure below leaves what a person saw.
            app.shot(&format!("presenting-{screen}-{locale}-1280x720"), None).await?;
            let found = app.overflow().await?;
            assert!(found.is_empty(), "{screen} ({locale}) at 1280×720, 150%: {found:?}");
            let cut = app.cut_off_labels().await?;
            assert!(cut.is_empty(), "{screen} ({locale}) at 1280×720, 150%: the header cuts off {cut:?}");
        }
    }
    app.set_locale("en").await?;
    Ok(())
}

async fn after_restart(app: &AppWindow) -> TestResult {
    app.find("[data-testid=presenting-badge]").await?;
    app.wait_for_text("[data-testid=presenting-badge]", "150%").await?;
    let origin = app.sandbox.as_ref().expect("sandbox").base_url().trim_end_matches('/').to_owned();
    let shown = readable(app).await?;
    assert!(!shown.contains(&origin), "the platform's origin shows after a restart while presenting");

    // Off asks first; keeping it changes nothing.
    press_presenting_shortcut(app).await?;
    app.find("[data-testid=presenting-off-dialog]").await?;
    app.click("[data-testid=presenting-off-keep]").await?;
    app.find("[data-testid=presenting-badge]").await?;
    app.click("[data-testid=presenting-badge]").await?;
    app.click("[data-testid=presenting-off-confirm]").await?;
    app.find("[data-testid=presenting-on]").await?;
    let root_scale =
        app.client.execute("return document.documentElement.dataset.presenting ?? null;", vec![]).await?;
    assert!(root_scale.is_null(), "the type is back to its usual size");
    // Nothing is masked any more, on any screen (the unit tests check each node's text comes back).
    for screen in SCREENS {
        app.click(&format!("[data-testid=nav-{screen}]")).await?;
        app.find("[data-testid=screen-title]").await?;
        let shown = readable(app).await?;
        assert!(!shown.contains("••••••"), "{screen} still shows a mask after presenting ended");
    }
    Ok(())
}
