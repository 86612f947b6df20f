//! Issue #24 in the real window, against sandbox readings the docs allow:
//! - a read that meets `429` with a long `Retry-After` counts down in plain words and reads
//!   again by itself (never the generic "the platform reported an error");
//! - a catalog whose `parameterSpec` is a JSON Schema object under another schema version
//!   gives chat the model's own parameters (temperature, max_tokens, …), not `type`,
//!   `properties` and `additionalProperties`, and a reply sent with one of them completes;
//! - a Team context answer with only the docs' example fields (no `name`) keeps the name
//!   the person picked, in the header's "Charged to", the session card and Balances.

use std::time::{Duration, Instant};

use xiaoya_e2e::xiaoya_sandbox::{self as sb, Fault, FaultKind, Reading, Readings, RetryAfter, Route};
use xiaoya_e2e::{AppWindow, Launch, TestResult};

const FAKE_BROWSER: &str = env!("CARGO_BIN_EXE_fake-browser");

async fn with_app(name: &str, walk: impl AsyncFnOnce(&AppWindow) -> TestResult) -> TestResult {
    let scratch = tempfile::tempdir()?;
    let log = scratch.path().join("browser.log");
    let app = AppWindow::launch(Launch::default().with_fake_browser(FAKE_BROWSER, &log, false)).await?;
    let result = walk(&app).await;
    if result.is_err() {
        let _ = app.screenshot(&format!("{name}-failure")).await;
    }
    app.close().await?;
    result
}

/// The seconds in "… trying again in N s."
fn seconds_left(text: &str) -> Option<u64> {
    text.split("again in ").nth(1)?.split_whitespace().next()?.parse().ok()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_busy_platform_counts_down_and_the_screen_reads_again_by_itself() -> TestResult {
    with_app("busy-countdown", async |app| {
        let control = app.sandbox.as_ref().ok_or("sandbox")?.control();
        control.inject(Fault::once(
            Route::Models,
            FaultKind::StatusRetryAfter { status: 429, after: RetryAfter::Seconds(12) },
        ));
        app.sign_in_personal().await?;
        app.click("[data-testid=nav-models]").await?;
        let message = "[data-testid=error-message][data-error-code=PLATFORM_BUSY]";
        let first = app.wait_for_text(message, "It asked to wait: trying again in").await?;
        let first = seconds_left(&first).ok_or(format!("no seconds in {first:?}"))?;
        assert!((1..=12).contains(&first), "{first}");
        // A pause, not a failure: the title says so too.
        app.wait_for_text("[data-testid=error-title]", "The platform is busy").await?;
        app.shot("busy-countdown", None).await?;
        tokio::time::sleep(Duration::from_secs(2)).await;
        if let Some(later) = app.text_of(message).await? {
            let later = seconds_left(&later).ok_or(format!("no seconds in {later:?}"))?;
            assert!(later < first, "counts down: {first} then {later}");
        }
        // At zero the screen reads again, and the platform answers this time.
        let deadline = Instant::now() + Duration::from_secs(25);
        while app.count(&format!("[data-testid='model-row-{}']", sb::MODEL_CHAT)).await? == 0 {
            assert!(Instant::now() < deadline, "the catalog was never read again");
            tokio::time::sleep(Duration::from_millis(250)).await;
        }
        assert_eq!(app.count("[data-testid=error-state]").await?, 0);
        Ok(())
    })
    .await
}

#[tokio::test(flavor = "multi_thread")]
async fn chat_offers_the_parameters_of_a_json_schema_parameter_spec() -> TestResult {
    with_app("schema-v2-chat", async |app| {
        let control = app.sandbox.as_ref().ok_or("sandbox")?.control();
        control.set_stream_pace(Duration::ZERO);
        control.set_readings([Reading::CatalogParameterSchemaV2].into_iter().collect::<Readings>());
        app.sign_in_personal().await?;
        app.click("[data-testid=nav-chat]").await?;
        app.click("[data-testid=chat-options-toggle]").await?;
        for name in ["temperature", "top_p", "max_tokens", "presence_penalty"] {
            app.find(&format!("[data-testid=chat-param-{name}]")).await?;
        }
        for bogus in ["type", "properties", "additionalProperties"] {
            assert_eq!(app.count(&format!("[data-testid=chat-param-{bogus}]")).await?, 0, "{bogus}");
        }
        app.shot("schema-v2-chat-options", Some("[data-testid=chat-options]")).await?;
        app.type_into("[data-testid=chat-param-temperature] input", "0.4").await?;
        app.type_into("[data-testid=chat-input]", "Hello with a parameter").await?;
        app.click("[data-testid=chat-send]").await?;
        app.wait_for_last_attr(
            "[data-testid=chat-message][data-role=assistant]:last-of-type",
            "data-status",
            "complete",
        )
        .await?;
        Ok(())
    })
    .await
}

#[tokio::test(flavor = "multi_thread")]
async fn a_team_context_without_a_name_keeps_the_name_the_person_picked() -> TestResult {
    with_app("team-context-documented", async |app| {
        let control = app.sandbox.as_ref().ok_or("sandbox")?.control();
        control.set_readings([Reading::TeamContextDocumented].into_iter().collect::<Readings>());
        app.sign_in_personal().await?;
        app.sign_in_team(sb::TEAM_BETA_ID).await?;
        let charged_to = app.wait_for_text("[data-testid=charged-to]", sb::TEAM_BETA_NAME).await?;
        assert!(!charged_to.contains(sb::TEAM_BETA_ID), "{charged_to}");
        let card = format!(
            "[data-testid=session-card][data-team-id='{}'] [data-testid=session-context]",
            sb::TEAM_BETA_ID
        );
        let name = app.wait_for_text(&card, sb::TEAM_BETA_NAME).await?;
        assert!(!name.contains(sb::TEAM_BETA_ID), "{name}");
        app.click("[data-testid=nav-balances]").await?;
        app.wait_for_text("main", sb::TEAM_BETA_NAME).await?;
        let page = app.page_text().await?;
        assert!(!page.contains(sb::TEAM_BETA_ID), "the Team's id is shown where its name is known");
        app.shot("team-context-documented", None).await?;
        Ok(())
    })
    .await
}

/// Readings audit M2, as a person meets it: a max_tokens set in Options cuts the reply, and the
/// reply says "Cut short" with what to do, under the text and in the receipt, in both languages.
#[tokio::test(flavor = "multi_thread")]
async fn a_reply_cut_at_the_token_limit_says_so_in_both_languages() -> TestResult {
    const LAST_REPLY: &str = "[data-testid=chat-message][data-role=assistant]:last-of-type";
    with_app("finish-length", async |app| {
        let control = app.sandbox.as_ref().ok_or("sandbox")?.control();
        control.set_stream_pace(Duration::ZERO);
        app.sign_in_personal().await?;
        app.click("[data-testid=nav-chat]").await?;
        app.click("[data-testid=chat-options-toggle]").await?;
        app.type_into("[data-testid=chat-param-max_tokens] input", "8").await?;
        app.type_into("[data-testid=chat-input]", "Write a detailed story about a lighthouse keeper").await?;
        app.click("[data-testid=chat-send]").await?;
        app.wait_for_last_attr(LAST_REPLY, "data-status", "complete").await?;
        let note =
            app.wait_for_text(&format!("{LAST_REPLY} [data-testid=chat-finish-note]"), "Cut short").await?;
        assert!(note.contains("token limit"), "{note}");
        app.click(&format!("{LAST_REPLY} [data-testid=chat-receipt-button]")).await?;
        app.wait_for_text("[data-testid=receipt-finish]", "token limit").await?;
        app.click("[data-testid=dialog-close]").await?;
        app.set_locale("zh-CN").await?;
        app.wait_for_text(&format!("{LAST_REPLY} [data-testid=chat-finish-note]"), "Token 上限").await?;
        app.shot("chat-finish-length-zh", Some(LAST_REPLY)).await?;
        Ok(())
    })
    .await
}
