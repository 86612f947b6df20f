//! Issue 11 in the real window: a Team context the platform ends (with 403
//! `TEAM_CONTEXT_MISMATCH`, or with 401) leaves a notice that names it and says why, and
//! the payer does not switch to Personal by itself; and a sign-in through a loopback
//! redirect (RFC 8252 §7.3) end to end, set up in Settings as a tester would.

use std::path::Path;

use xiaoya_e2e::xiaoya_sandbox as sb;
use xiaoya_e2e::{AppWindow, Launch, TestResult};

const FAKE_BROWSER: &str = env!("CARGO_BIN_EXE_fake-browser");

/// Personal and Team Alpha signed in (Team Alpha pays, as a new sign-in does), then the
/// platform ends Team Alpha's context and the Models screen asks for its catalog.
async fn the_paying_team_context_ends(readings: sb::Readings, reason: &str, shot: &str) -> TestResult {
    let scratch = tempfile::tempdir()?;
    let log = scratch.path().join("browser.log");
    let app = AppWindow::launch(Launch::default().with_fake_browser(FAKE_BROWSER, &log, false)).await?;
    let control = app.sandbox.as_ref().expect("sandbox").control();
    control.set_readings(readings);

    app.sign_in_personal().await?;
    app.sign_in_team(sb::TEAM_ALPHA_ID).await?;
    app.wait_for_text("[data-testid=charged-to]", sb::TEAM_ALPHA_NAME).await?;

    control.bump_team_context_version(sb::TEAM_ALPHA_ID);
    app.click("[data-testid=nav-models]").await?;

    let notice = "[data-testid=session-ended][data-context=team]";
    app.wait_for_text(notice, &format!("{} sign-in ended", sb::TEAM_ALPHA_NAME)).await?;
    app.wait_for_attr(notice, "data-reason", reason).await?;
    let text = app.text_of(notice).await?.unwrap_or_default();
    assert!(text.contains("Nothing is charged until you choose who pays next"), "{text}");
    assert!(text.contains(&format!("Sign in to {} again", sb::TEAM_ALPHA_NAME)), "{text}");

    // The payer did not move to Personal by itself.
    app.wait_for_attr("[data-testid=charged-to]", "data-context", "unchosen").await?;
    app.wait_for_text("[data-testid=charged-to]", "choose who pays").await?;
    app.find("[data-testid=choose-payer]").await?;
    app.find("[data-testid=choose-payer-first]").await?;
    assert_eq!(
        app.count("[data-testid=sign-in-first]").await?,
        0,
        "still signed in: the screen says to choose who pays"
    );
    assert_eq!(app.count("[data-testid=choose-payer-team]").await?, 0, "only the Team session ended");
    assert_eq!(app.count("[data-testid=choose-payer-personal]").await?, 1, "Personal is still signed in");
    app.shot(shot, Some("[data-testid=session-notices]")).await?;

    // The person chooses Personal; the notice stays until dismissed.
    app.click("[data-testid=choose-payer-personal]").await?;
    app.wait_for_attr("[data-testid=charged-to]", "data-context", "personal").await?;
    app.find(notice).await?;
    app.click("[data-testid=session-ended-dismiss]").await?;
    for _ in 0..50 {
        if app.count(notice).await? == 0 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(app.count(notice).await?, 0, "dismissed");
    app.close().await?;
    Ok(())
}

#[tokio::test(flavor = "multi_thread")]
async fn a_team_context_ended_with_403_is_named_and_nobody_pays_until_chosen() -> TestResult {
    let readings: sb::Readings = [sb::Reading::TeamContext403].into_iter().collect();
    the_paying_team_context_ends(readings, "contextEnded", "team-context-ended-403").await
}

#[tokio::test(flavor = "multi_thread")]
async fn a_team_context_ended_with_401_is_named_and_the_payer_is_not_switched_silently() -> TestResult {
    the_paying_team_context_ends(sb::Readings::default(), "rejected", "team-context-ended-401").await
}

fn page_of(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_loopback_sign_in_end_to_end() -> TestResult {
    let scratch = tempfile::tempdir()?;
    let log = scratch.path().join("browser.log");
    let page = scratch.path().join("page.html");
    let mut launch = Launch::default().with_fake_browser(FAKE_BROWSER, &log, false);
    launch.env.push(("FAKE_BROWSER_PAGE".into(), page.display().to_string()));
    let app = AppWindow::launch(launch).await?;
    let sandbox = app.sandbox.as_ref().expect("sandbox");
    sandbox.control().set_readings([sb::Reading::LoopbackRedirect].into_iter().collect());

    // A platform that registers only a loopback redirect for desktop clients.
    app.click("[data-testid=nav-settings]").await?;
    app.type_into("[data-testid=platform-base-url]", &sandbox.base_url()).await?;
    app.type_into("[data-testid=platform-client-id-input]", sb::PUBLIC_CLIENT_ID).await?;
    app.type_into("[data-testid=platform-redirect-uri-input]", sb::PUBLIC_CLIENT_LOOPBACK_REDIRECT_URI)
        .await?;
    app.click("[data-testid=platform-save]").await?;
    app.wait_for_text("[data-testid=platform-redirect-uri]", sb::PUBLIC_CLIENT_LOOPBACK_REDIRECT_URI).await?;

    app.sign_in_personal().await?;
    app.wait_for_text(
        "[data-testid=session-card][data-context=personal] [data-testid=session-name]",
        sb::USER_DISPLAY_NAME,
    )
    .await?;

    let authorize = std::fs::read_to_string(&log)?;
    let authorize = url::Url::parse(authorize.lines().next().unwrap_or_default())?;
    let sent = authorize
        .query_pairs()
        .find(|(k, _)| k == "redirect_uri")
        .map(|(_, v)| v.into_owned())
        .unwrap_or_default();
    let sent = url::Url::parse(&sent)?;
    assert_eq!((sent.scheme(), sent.host_str(), sent.path()), ("http", Some("127.0.0.1"), "/oauth/callback"));
    assert!(sent.port().is_some_and(|p| p != 0), "a port chosen for this sign-in: {sent}");

    let answer = page_of(&page);
    assert!(answer.starts_with("200"), "{answer}");
    assert!(
        answer.contains("You can return to Xiaoya Companion") && answer.contains("您可以返回小雅助手了"),
        "{answer}"
    );
    // The listener closed with its attempt.
    let port = sent.port().unwrap_or_default();
    assert!(std::net::TcpStream::connect(("127.0.0.1", port)).is_err(), "nothing listens on {port} any more");
    app.shot("loopback-sign-in", Some("[data-testid=session-card][data-context=personal]")).await?;
    app.close().await?;
    Ok(())
}
