//! Sign-in in the real window, through the deep-link path the desktop uses: the app
//! opens "the browser" (fake-browser), the sandbox approves, and a second app
//! instance started with the callback URL hands it to the running one.

use std::path::Path;

use xiaoya_e2e::xiaoya_sandbox as sb;
use xiaoya_e2e::{approve_in_sandbox, deliver_deep_link, AppWindow, Launch, TestResult};

const FAKE_BROWSER: &str = env!("CARGO_BIN_EXE_fake-browser");

fn logged_urls(log: &Path) -> Vec<url::Url> {
    std::fs::read_to_string(log).unwrap_or_default().lines().filter_map(|l| url::Url::parse(l).ok()).collect()
}

fn param(url: &url::Url, name: &str) -> String {
    url.query_pairs().find(|(k, _)| k == name).map(|(_, v)| v.into_owned()).unwrap_or_default()
}

async fn wait_for_log(log: &Path, count: usize) -> TestResult<Vec<url::Url>> {
    for _ in 0..100 {
        let urls = logged_urls(log);
        if urls.len() >= count {
            return Ok(urls);
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    Err("the app never opened the browser".into())
}

/// Every file under `dir`, as lossy text.
fn all_files(dir: &Path) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if let Ok(bytes) = std::fs::read(&path) {
                out.push((path.display().to_string(), String::from_utf8_lossy(&bytes).into_owned()));
            }
        }
    }
    out
}

#[tokio::test(flavor = "multi_thread")]
async fn personal_and_team_sessions_side_by_side_with_a_visible_payer() -> TestResult {
    let scratch = tempfile::tempdir()?;
    let log = scratch.path().join("browser.log");
    let data_dir = scratch.path().join("app-data");
    let launch = Launch { data_dir: Some(data_dir.clone()), ..Launch::default() };
    let app = AppWindow::launch(launch.with_fake_browser(FAKE_BROWSER, &log, false)).await?;
    let control = app.sandbox.as_ref().expect("sandbox").control();

    app.click("[data-testid=nav-account]").await?;
    app.click("[data-testid=sign-in-personal]").await?;
    app.wait_for_text(
        "[data-testid=session-card][data-context=personal] [data-testid=session-name]",
        sb::USER_DISPLAY_NAME,
    )
    .await?;
    // A fresh 7-day token. The card's clock ticks once a minute, so right after sign-in it
    // may still read the minute before: "7 d 0 h" or "6 d 23 h".
    let expiry = app
        .wait_for_text(
            "[data-testid=session-card][data-context=personal] [data-testid=session-expiry]",
            " d ",
        )
        .await?;
    assert!(expiry.contains("6 d 23 h") || expiry.contains("7 d 0 h"), "a fresh 7-day token: {expiry}");
    app.wait_for_text("[data-testid=charged-to]", "Personal").await?;
    let scopes = app
        .wait_for_text(
            "[data-testid=session-card][data-context=personal] [data-testid=session-scopes]",
            "Models and voices",
        )
        .await?;
    // Chips read as names ("Models and voices"); the platform's ids are in data-scope.
    let charge = app
        .attr("[data-testid=session-card][data-context=personal] [data-scope=charge]", "data-scope")
        .await?;
    assert_eq!(charge, None, "least privilege: {scopes}");

    let first = &wait_for_log(&log, 1).await?[0];
    assert_eq!(param(first, "scope"), "profile balance usage model");
    assert_eq!(param(first, "code_challenge_method"), "S256");
    assert_eq!(param(first, "redirect_uri"), sb::PUBLIC_CLIENT_REDIRECT_URI);

    // Team Alpha, picked from the list the Personal session can see. Signing in doesn't
    // change who pays: the picker's "Use this Team for charges" starts off.
    app.click("[data-testid=sign-in-team]").await?;
    app.click(&format!("[data-testid=team-option-{}]", sb::TEAM_ALPHA_ID)).await?;
    assert_eq!(app.attr("[data-testid=team-make-payer]", "aria-checked").await?.as_deref(), Some("false"));
    app.wait_for_text("[data-testid=team-picker]", "Requests are charged to Personal now").await?;
    app.screenshot("sign-in-team-picker-payer").await?;
    app.click("[data-testid=team-sign-in-confirm]").await?;
    app.wait_for_text(
        "[data-testid=session-card][data-context=team] [data-testid=session-name]",
        sb::USER_DISPLAY_NAME,
    )
    .await?;
    // The core's answer has arrived once the sessions settle; Personal still pays.
    tokio::time::sleep(std::time::Duration::from_millis(800)).await;
    app.wait_for_text("[data-testid=charged-to]", "Personal").await?;
    assert_eq!(
        app.attr("[data-testid=session-card][data-context=personal]", "data-active").await?.as_deref(),
        Some("true")
    );
    assert_eq!(
        app.attr("[data-testid=session-card][data-context=team]", "data-active").await?.as_deref(),
        Some("false")
    );
    // The person makes the Team pay, from its card.
    app.click("[data-testid=session-card][data-context=team] [data-testid=session-activate]").await?;
    app.wait_for_text("[data-testid=charged-to]", sb::TEAM_ALPHA_NAME).await?;
    let team_url = &wait_for_log(&log, 2).await?[1];
    assert_eq!(param(team_url, "team_id"), sb::TEAM_ALPHA_ID);
    assert_eq!(param(team_url, "scope"), "profile balance model team_read");
    app.screenshot("sign-in-two-sessions").await?;

    // Switch who pays from the header.
    app.click("[data-testid=charged-to]").await?;
    let personal_id = app
        .client
        .execute(
            "return document.querySelector('[data-testid=session-card][data-context=personal]').dataset.sessionId",
            vec![],
        )
        .await?;
    let personal_id = personal_id.as_str().unwrap_or_default().to_owned();
    app.click(&format!("[data-testid=context-option-{personal_id}]")).await?;
    app.wait_for_text("[data-testid=charged-to]", "Personal").await?;

    // Sign out of the Team only.
    app.click("[data-testid=session-card][data-context=team] [data-testid=session-sign-out]").await?;
    app.click("[data-testid=sign-out-confirm]").await?;
    for _ in 0..100 {
        if app.text_of("[data-testid=session-card][data-context=team]").await?.is_none() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(app.text_of("[data-testid=session-card][data-context=team]").await?.is_none(), "Team signed out");
    assert!(
        app.text_of("[data-testid=session-card][data-context=personal]").await?.is_some(),
        "Personal kept"
    );
    assert_eq!(control.active_token_count(), 1, "the Team token was revoked at the platform");

    // A1: the webview never left the app's own origin (the consent page was in the browser).
    let here = app.client.current_url().await?;
    assert_eq!(here.scheme(), "tauri", "the webview stayed on the app: {here}");

    // Canary (T1, T6): no token, code or verifier in the page, the logs or the database.
    let html: String = app.client.source().await?;
    app.close().await?;
    let secrets = control.issued_secrets();
    assert!(secrets.len() >= 4);
    let files = all_files(&data_dir);
    assert!(files.iter().any(|(p, _)| p.ends_with("companion.db")), "the database was checked");
    assert!(files.iter().any(|(p, _)| p.contains("logs")), "the logs were checked");
    for secret in &secrets {
        assert!(!html.contains(secret.as_str()), "a secret is in the page");
        for (path, text) in &files {
            assert!(!text.contains(secret.as_str()), "a secret is in {path}");
        }
    }
    Ok(())
}

#[tokio::test(flavor = "multi_thread")]
async fn a_callback_that_cold_starts_the_app_finishes_the_pending_sign_in() -> TestResult {
    let scratch = tempfile::tempdir()?;
    let log = scratch.path().join("browser.log");
    let data = tempfile::tempdir()?;
    let sandbox = sb::start(sb::SandboxConfig { auto_approve: true, ..Default::default() }).await?;
    let launch = |args: Vec<String>| Launch {
        data_dir: Some(data.path().to_path_buf()),
        external_sandbox: Some(sandbox.base_url()),
        args,
        ..Launch::default().with_fake_browser(FAKE_BROWSER, &log, true)
    };

    let app = AppWindow::launch(launch(vec![])).await?;
    app.click("[data-testid=nav-account]").await?;
    app.click("[data-testid=sign-in-personal]").await?;
    app.find("[data-testid=sign-in-pending]").await?;
    app.close().await?;

    // The person approves in the browser after the app was closed: the desktop starts it with the link.
    let authorize = wait_for_log(&log, 1).await?.remove(0);
    let callback = approve_in_sandbox(authorize.as_str()).await?;
    let app = AppWindow::launch(launch(vec![callback])).await?;
    app.click("[data-testid=nav-account]").await?;
    app.wait_for_text(
        "[data-testid=session-card][data-context=personal] [data-testid=session-name]",
        sb::USER_DISPLAY_NAME,
    )
    .await?;
    app.close().await?;
    sandbox.shutdown().await;
    Ok(())
}

#[tokio::test(flavor = "multi_thread")]
async fn a_code_with_no_pending_sign_in_is_refused_with_an_explanation() -> TestResult {
    let app = AppWindow::launch(Launch::default()).await?;
    app.click("[data-testid=nav-account]").await?;
    deliver_deep_link("xiaoya-companion://oauth/callback?code=from-the-xiaoya-app&state=s1")?;
    let alert = app.find("[data-testid=sign-in-error]").await?;
    assert_eq!(alert.attr("data-error-code").await?.as_deref(), Some("NO_PENDING_SIGN_IN"));
    assert!(app.text_of("[data-testid=session-card]").await?.is_none());
    app.close().await
}

#[tokio::test(flavor = "multi_thread")]
async fn an_oauth_error_is_shown_as_plain_text() -> TestResult {
    let scratch = tempfile::tempdir()?;
    let log = scratch.path().join("browser.log");
    let app = AppWindow::launch(Launch::default().with_fake_browser(FAKE_BROWSER, &log, true)).await?;
    app.click("[data-testid=nav-account]").await?;
    app.click("[data-testid=sign-in-personal]").await?;
    let authorize = wait_for_log(&log, 1).await?.remove(0);
    let mut denied = url::Url::parse(sb::PUBLIC_CLIENT_REDIRECT_URI)?;
    denied
        .query_pairs_mut()
        .append_pair("error", "access_denied")
        .append_pair("error_description", "<img src=x data-injected=1> You declined")
        .append_pair("error_uri", "https://example.invalid/help")
        .append_pair("state", &param(&authorize, "state"));
    deliver_deep_link(denied.as_str())?;
    let text = app.wait_for_text("[data-testid=sign-in-error]", "You declined").await?;
    assert!(text.contains("<img src=x data-injected=1>"), "shown as text: {text}");
    let injected =
        app.client.execute("return document.querySelectorAll('[data-injected]').length", vec![]).await?;
    assert_eq!(injected.as_u64(), Some(0), "no markup from the platform was rendered");
    app.screenshot("sign-in-access-denied").await?;
    app.close().await
}

/// A4 in the real window: while a genuine sign-in waits for the browser, a forged callback
/// (unknown state) arriving through the single-instance channel is refused and noted in the
/// diagnostics (never as a failure of the waiting attempt), and does not cancel the genuine
/// attempt, which then completes.
#[tokio::test(flavor = "multi_thread")]
async fn a_forged_callback_does_not_cancel_the_genuine_sign_in() -> TestResult {
    let scratch = tempfile::tempdir()?;
    let log = scratch.path().join("browser.log");
    let app = AppWindow::launch(Launch::default().with_fake_browser(FAKE_BROWSER, &log, true)).await?;
    app.click("[data-testid=nav-account]").await?;
    app.click("[data-testid=sign-in-personal]").await?;
    let authorize = wait_for_log(&log, 1).await?.remove(0);

    deliver_deep_link("xiaoya-companion://oauth/callback?code=forged-code&state=forged-state")?;
    app.click("[data-testid=diag-toggle]").await?;
    app.wait_for_attr("[data-testid=diag-attempt]:first-child", "data-outcome", "refused").await?;
    app.wait_for_attr("[data-testid=diag-pending]", "data-value", "yes").await?;
    assert!(app.text_of("[data-testid=session-card]").await?.is_none());

    // The genuine callback still completes the attempt it belongs to.
    let callback = approve_in_sandbox(authorize.as_str()).await?;
    assert_eq!(param(&url::Url::parse(&callback)?, "state"), param(&authorize, "state"));
    deliver_deep_link(&callback)?;
    app.find("[data-testid=session-card][data-context=personal]").await?;
    let page = app.page_text().await?;
    assert!(
        !page.contains("forged-code") && !page.contains("forged-state"),
        "nothing from the forged link is shown"
    );
    app.close().await
}

/// K3 in the real window: with no Secret Service on the session bus, signing in says what
/// is missing and what to do, and opens no browser (there is nowhere to keep the verifier).
#[tokio::test(flavor = "multi_thread")]
async fn without_a_keychain_sign_in_says_what_to_do_and_stores_nothing() -> TestResult {
    // A session bus of the app's own with no services on it (no activation either).
    let bus_dir = tempfile::tempdir()?;
    let config = bus_dir.path().join("bus.conf");
    std::fs::write(
        &config,
        format!(
            r#"<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:dir={}</listen>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>"#,
            bus_dir.path().display()
        ),
    )?;
    let mut daemon = std::process::Command::new("dbus-daemon")
        .arg(format!("--config-file={}", config.display()))
        .args(["--nofork", "--print-address"])
        .stdout(std::process::Stdio::piped())
        .spawn()?;
    let mut address = String::new();
    std::io::BufRead::read_line(
        &mut std::io::BufReader::new(daemon.stdout.take().ok_or("dbus-daemon stdout")?),
        &mut address,
    )?;
    let scratch = tempfile::tempdir()?;
    let log = scratch.path().join("browser.log");
    let mut launch = Launch::default().with_fake_browser(FAKE_BROWSER, &log, true);
    launch.env.push(("DBUS_SESSION_BUS_ADDRESS".into(), address.trim().to_owned()));
    let app = AppWindow::launch(launch).await?;
    let result = async {
        app.click("[data-testid=nav-account]").await?;
        app.click("[data-testid=sign-in-personal]").await?;
        let alert = app.find("[data-testid=sign-in-error]").await?;
        assert_eq!(alert.attr("data-error-code").await?.as_deref(), Some("KEYCHAIN_UNAVAILABLE"));
        let text = app.wait_for_text("[data-testid=sign-in-error]", "keychain").await?;
        assert!(
            text.to_lowercase().contains("unlock") || text.to_lowercase().contains("install"),
            "says what to do: {text}"
        );
        app.client
            .execute(
                "document.querySelector('[data-testid=sign-in-error]').scrollIntoView({block: 'center'});",
                vec![],
            )
            .await?;
        app.shot("sign-in-no-keychain", None).await?;
        assert!(logged_urls(&log).is_empty(), "no browser without a place for the verifier");
        assert!(app.text_of("[data-testid=session-card]").await?.is_none());
        TestResult::Ok(())
    }
    .await;
    app.close().await?;
    let _ = daemon.kill();
    let _ = daemon.wait();
    result
}
