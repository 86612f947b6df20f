//! The tester's journey step 4 in the real window: one model compared between Personal
//! and a Team — what differs is marked, nothing changes who pays.

use xiaoya_e2e::xiaoya_sandbox as sb;
use xiaoya_e2e::{AppWindow, Launch, TestResult};

const FAKE_BROWSER: &str = env!("CARGO_BIN_EXE_fake-browser");

async fn texts(app: &AppWindow, css: &str) -> TestResult<Vec<String>> {
    let value = app
        .client
        .execute(
            "return [...document.querySelectorAll(arguments[0])].map((el) => el.textContent.trim());",
            vec![css.into()],
        )
        .await?;
    Ok(serde_json::from_value(value)?)
}

#[tokio::test(flavor = "multi_thread")]
async fn the_same_model_is_compared_between_personal_and_a_team() -> TestResult {
    let scratch = tempfile::tempdir()?;
    let log = scratch.path().join("browser.log");
    let app = AppWindow::launch(Launch::default().with_fake_browser(FAKE_BROWSER, &log, false)).await?;
    let result = journey(&app).await;
    if result.is_err() {
        let _ = app.screenshot("models-compare-failure").await;
    }
    app.close().await?;
    result
}

async fn journey(app: &AppWindow) -> TestResult {
    app.sign_in_personal().await?;
    app.click("[data-testid=nav-models]").await?;
    app.click(&format!("[data-testid='model-row-{}']", sb::MODEL_CHAT)).await?;
    // One context only: nothing to compare with, so no button.
    app.find("[data-testid=model-chat-button]").await?;
    assert!(app.text_of("[data-testid=model-compare-button]").await?.is_none());

    app.sign_in_team(sb::TEAM_BETA_ID).await?;
    app.wait_for_text("[data-testid=charged-to]", sb::TEAM_BETA_NAME).await?;
    app.click("[data-testid=nav-models]").await?;
    app.click(&format!("[data-testid='model-row-{}']", sb::MODEL_CHAT)).await?;
    app.click("[data-testid=model-compare-button]").await?;

    // Team Beta's plan offers Othan 2.0 with an empty parameterSpec (schema version 1).
    let summary = app.wait_for_text("[data-testid=compare-summary]", "Differs in").await?;
    assert!(summary.contains("Parameter schema version") && summary.contains("Parameters"), "{summary}");
    let columns = texts(app, "[data-testid=compare-context]").await?;
    assert_eq!(columns.len(), 2, "{columns:?}");
    assert!(columns[0].starts_with(sb::TEAM_BETA_NAME) && columns[0].contains("Charged now"), "{columns:?}");
    assert!(columns[1].starts_with("Personal") && !columns[1].contains("Charged now"), "{columns:?}");

    let temperature = "[data-testid=compare-param-temperature]";
    assert_eq!(app.attr(temperature, "data-differs").await?.as_deref(), Some("true"));
    let cells = texts(app, &format!("{temperature} td")).await?;
    assert_eq!(cells[0], "not declared", "{cells:?}");
    assert!(cells[1].contains("0 – 2") && cells[1].contains("default 0.7"), "{cells:?}");
    assert_eq!(
        app.attr("[data-testid=compare-row-modelType]", "data-differs").await?.as_deref(),
        Some("false")
    );
    assert_eq!(
        app.attr("[data-testid=compare-row-parameterSchemaVersion]", "data-differs").await?.as_deref(),
        Some("true")
    );
    app.shot("models-compare", None).await?;

    // A Team-only model: Personal's catalog doesn't have it.
    app.click("[data-testid=compare-close]").await?;
    app.click(&format!("[data-testid='model-row-{}']", sb::MODEL_TEAM_ONLY)).await?;
    app.click("[data-testid=model-compare-button]").await?;
    app.wait_for_text("[data-testid=compare-summary]", "Which catalogs offer it").await?;
    app.wait_for_text("[data-testid=compare-not-offered]", "Not in this catalog").await?;

    // The same dialog in Chinese.
    app.click("[data-testid=compare-close]").await?;
    app.click("[data-testid=locale-switch-zh-CN]").await?;
    app.click("[data-testid=model-compare-button]").await?;
    app.wait_for_text("[data-testid=compare-summary]", "不同之处").await?;
    let columns = texts(app, "[data-testid=compare-context]").await?;
    assert!(columns[1].starts_with("个人"), "the Personal column in Chinese: {columns:?}");
    app.shot("models-compare-zh", None).await?;
    app.click("[data-testid=compare-close]").await?;

    // Looking at Personal's catalog did not change who pays.
    app.wait_for_text("[data-testid=charged-to]", sb::TEAM_BETA_NAME).await?;
    Ok(())
}
