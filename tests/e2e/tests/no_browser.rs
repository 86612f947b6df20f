//! Issue 15 point 8 in the real window: when no browser can be started for the sign-in
//! page, the window says so (not that the platform refused), offers "Copy sign-in link", the
//! diagnostics list a local failure, and the copied link — opened in a browser the person
//! starts — still completes the sign-in.

use std::time::Duration;

use xiaoya_e2e::{approve_in_sandbox, clipboard, deliver_deep_link, AppWindow, Launch, TestResult};

#[tokio::test(flavor = "multi_thread")]
async fn without_a_browser_the_sign_in_link_can_be_copied_and_still_signs_in() -> TestResult {
    let mut launch = Launch::default();
    launch.env.push(("XIAOYA_BROWSER".into(), "/nonexistent/xiaoya-no-browser".into()));
    let app = AppWindow::launch(launch).await?;
    let result = journey(&app).await;
    if result.is_err() {
        let _ = app.screenshot("no-browser-failure").await;
    }
    app.close().await?;
    result
}

async fn journey(app: &AppWindow) -> TestResult {
    app.click("[data-testid=nav-account]").await?;
    app.click("[data-testid=sign-in-personal]").await?;
    app.wait_for_attr("[data-testid=sign-in-error]", "data-error-code", "BROWSER_UNAVAILABLE").await?;
    let said = app.wait_for_text("[data-testid=sign-in-error-explanation]", "browser").await?;
    assert!(said.contains("No web browser could be started"), "{said}");
    assert!(!said.contains("refused"), "the platform is not blamed: {said}");
    app.shot("sign-in-no-browser", Some("[data-testid=sign-in-error]")).await?;

    app.click("[data-testid=sign-in-copy-link]").await?;
    let mut link = String::new();
    for _ in 0..50 {
        link = clipboard()?;
        if link.contains("/oauth/authorize?") {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(link.contains("/oauth/authorize?") && link.contains("code_challenge="), "{link:?}");

    // The diagnostics record a local failure with its code and no platform code.
    app.click("[data-testid=diag-toggle]").await?;
    let first = "[data-testid=diag-attempt]:first-child";
    app.wait_for_attr(first, "data-outcome", "failed").await?;

    // Opened by hand in a browser, the link completes the sign-in in the window.
    let callback = approve_in_sandbox(link.trim()).await?;
    deliver_deep_link(&callback)?;
    app.find("[data-testid=session-card][data-context=personal]").await?;
    Ok(())
}
