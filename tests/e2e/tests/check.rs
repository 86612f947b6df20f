//! The tester's journey step 7 in the real window: Check platform runs every read-only check
//! against the (sandbox) platform with Personal and a Team signed in, says what it could not
//! read, shows the cost of the two billable checks before running them, and exports a report
//! for the release ticket.

use xiaoya_e2e::xiaoya_sandbox as sb;
use xiaoya_e2e::{AppWindow, Launch, TestResult};

const FAKE_BROWSER: &str = env!("CARGO_BIN_EXE_fake-browser");

#[tokio::test(flavor = "multi_thread")]
async fn a_tester_checks_the_platform_and_exports_the_report() -> TestResult {
    let scratch = tempfile::tempdir()?;
    let log = scratch.path().join("browser.log");
    let app = AppWindow::launch(Launch::default().with_fake_browser(FAKE_BROWSER, &log, false)).await?;
    let result = journey(&app).await;
    if result.is_err() {
        let _ = app.screenshot("check-failure").await;
    }
    app.close().await?;
    result
}

async fn verdicts(app: &AppWindow) -> TestResult<Vec<(String, String, String)>> {
    let value = app
        .client
        .execute(
            "return [...document.querySelectorAll('[data-testid=check-item]')].map((e) => [e.dataset.check, e.dataset.context, e.dataset.verdict]);",
            vec![],
        )
        .await?;
    Ok(serde_json::from_value(value)?)
}

async fn journey(app: &AppWindow) -> TestResult {
    let control = app.sandbox.as_ref().ok_or("sandbox")?.control();
    app.sign_in_personal().await?;
    app.sign_in_team(sb::TEAM_ALPHA_ID).await?;

    app.click("[data-testid=nav-check]").await?;
    app.wait_for_text("[data-testid=screen-title]", "Check platform").await?;
    let charges = control.charges().len();
    app.click("[data-testid=check-run]").await?;
    let summary = app.wait_for_text("[data-testid=check-summary]", "Passed").await?;
    assert!(summary.contains("Failed: 0"), "{summary}");

    let rows = verdicts(app).await?;
    let verdict = |check: &str, context: &str| {
        rows.iter().find(|(c, x, _)| c == check && x == context).map(|(_, _, v)| v.clone())
    };
    for check in ["profile", "teams", "models", "balance", "usage", "ttsOptions"] {
        assert_eq!(verdict(check, "Personal").as_deref(), Some("pass"), "{check}: {rows:?}");
    }
    for check in ["teamContext", "models", "balance", "ttsOptions"] {
        assert_eq!(verdict(check, sb::TEAM_ALPHA_NAME).as_deref(), Some("pass"), "Team {check}: {rows:?}");
    }
    assert_eq!(control.charges().len(), charges, "read-only checks charge nothing");

    // The published OpenAPI is compared field by field with what the app reads.
    let openapi = app.wait_for_text("[data-testid=check-openapi]", "ModelCatalogItem.inputsText").await?;
    assert!(openapi.contains("read by the app, not declared"), "{openapi}");

    // How a check was read, with its request id and the raw answer, on demand.
    app.click("[data-testid=check-item][data-check=models] [data-testid=check-details]").await?;
    let request_id = app
        .text_of("[data-testid=check-item][data-check=models] [data-testid=check-request-id]")
        .await?
        .unwrap_or_default();
    assert!(request_id.starts_with("req_"), "{request_id}");
    app.shot("check-report", Some("[data-testid=check-summary]")).await?;

    // Billable checks: the cost first, then one chat and one clip, charged to the payer.
    app.click("[data-testid=check-billable-review]").await?;
    let payer = app.wait_for_text("[data-testid=check-quote-payer]", "").await?;
    let header = app.text_of("[data-testid=charged-to]").await?.unwrap_or_default();
    assert!(
        !payer.trim().is_empty() && header.contains(payer.trim()),
        "the header's payer pays: {payer:?} / {header:?}"
    );
    let cost = app.wait_for_text("[data-testid=check-quote-speech]", "points").await?;
    assert!(cost.contains("estimated"), "{cost}");
    assert_eq!(control.charges().len(), charges, "nothing charged before the confirmation");
    app.shot("check-billable-quote", None).await?;
    app.click("[data-testid=check-billable-confirm]").await?;
    app.wait_for_attr("[data-testid=check-item][data-check=speech]", "data-verdict", "pass").await?;
    assert_eq!(
        app.attr("[data-testid=check-item][data-check=chat]", "data-verdict").await?.as_deref(),
        Some("pass")
    );
    assert_eq!(control.charges().len(), charges + 2, "one chat and one speech charge");

    // The report goes into a file for the release ticket, where the save dialog says.
    let reports = tempfile::tempdir()?;
    let path = reports.path().join("release-check.md");
    app.click("[data-testid=check-export-markdown]").await?;
    let (title, suggested) = app.answer_save_dialog(&path).await?;
    assert_eq!(title, "Save as Markdown");
    assert!(suggested.starts_with("platform-check-") && suggested.ends_with(".md"), "{suggested:?}");
    app.wait_for_text("[data-testid=toast-success]", "Saved release-check.md").await?;
    let text = std::fs::read_to_string(&path)?;
    assert!(text.starts_with("# Xiaoya platform check"), "{text}");
    assert!(text.contains(&format!("| PASS | Speech | {} |", payer.trim())), "{text}");
    for secret in control.issued_secrets() {
        assert!(!text.contains(&secret), "a secret reached the exported report");
    }
    Ok(())
}
