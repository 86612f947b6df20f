//! Issue 11, item 7 in the real window: a platform that accepts only published Team
//! workflow versions refuses a Team chat; the reply says which setting fixes it and its
//! button opens that setting, where the published version makes the next chat work.

use xiaoya_e2e::xiaoya_sandbox as sb;
use xiaoya_e2e::{AppWindow, Launch, TestResult};

const FAKE_BROWSER: &str = env!("CARGO_BIN_EXE_fake-browser");
const LAST_REPLY: &str = "[data-testid=chat-message][data-role=assistant]:last-of-type";

#[tokio::test(flavor = "multi_thread")]
async fn a_refused_team_workflow_version_links_to_the_setting_that_fixes_it() -> TestResult {
    let scratch = tempfile::tempdir()?;
    let log = scratch.path().join("browser.log");
    let app = AppWindow::launch(Launch::default().with_fake_browser(FAKE_BROWSER, &log, false)).await?;
    let control = app.sandbox.as_ref().expect("sandbox").control();
    control.set_readings([sb::Reading::PublishedWorkflowOnly].into_iter().collect());
    app.sign_in_personal().await?;
    app.sign_in_team(sb::TEAM_ALPHA_ID).await?;

    app.click("[data-testid=nav-chat]").await?;
    app.wait_for_text("[data-testid=chat-mode]", "not streamed").await?;
    app.type_into("[data-testid=chat-input]", "Summarize the knowledge-base update").await?;
    app.click("[data-testid=chat-send]").await?;
    let error =
        app.wait_for_text(&format!("{LAST_REPLY} [data-testid=chat-error]"), "Team workflow version").await?;
    assert!(error.contains("TEAM_WORKFLOW_VERSION_NOT_PUBLISHED"), "{error}");
    assert!(control.charges().is_empty(), "nothing was charged");
    let retries = app.count(&format!("{LAST_REPLY} [data-testid=chat-retry]")).await?;
    assert_eq!(retries, 0, "a retry would repeat the refused version");
    app.shot("team-workflow-refused", Some(LAST_REPLY)).await?;

    app.click(&format!("{LAST_REPLY} [data-testid=chat-open-workflow-setting]")).await?;
    app.find("[data-testid=chat-workflow-input]").await?;
    let mut focused = String::new();
    for _ in 0..30 {
        let value = app
            .client
            .execute("return document.activeElement?.getAttribute('data-testid') ?? '';", vec![])
            .await?;
        focused = value.as_str().unwrap_or_default().to_owned();
        if focused == "chat-workflow-input" {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(focused, "chat-workflow-input", "the button leads to the setting");

    app.type_into("[data-testid=chat-workflow-input]", sb::PUBLISHED_WORKFLOW_VERSION_ID).await?;
    app.click("[data-testid=chat-workflow-save]").await?;
    app.type_into("[data-testid=chat-input]", "And now?").await?;
    app.click("[data-testid=chat-send]").await?;
    app.wait_for_last_attr(LAST_REPLY, "data-status", "complete").await?;
    let charge = control.charges().pop().expect("the published version was charged once");
    assert_eq!(
        charge.workflow.map(|w| w.workflow_version_id).as_deref(),
        Some(sb::PUBLISHED_WORKFLOW_VERSION_ID)
    );
    app.close().await?;
    Ok(())
}
