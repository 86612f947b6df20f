//! The tester's journey step 7 in the real window: Check platform runs every read-only check
//! against the (sandbox) platform with Personal and a Team signed in, says what it could not
//! read, shows the cost of the two billable checks before running them, shows their results
//! and what they charged next to the button that ran them, keeps every run (it is still there
//! after leaving the screen, and reopens from the list), and exports a report for the
//! release ticket.

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
    // Issue 26, item 3: the results land in the card whose button ran them, with what they
    // charged, and not a second time higher up.
    let card = "[data-testid=check-billable] [data-testid=check-billable-result]";
    app.wait_for_attr(&format!("{card} [data-testid=check-item][data-check=speech]"), "data-verdict", "pass")
        .await?;
    assert_eq!(
        app.attr(&format!("{card} [data-testid=check-item][data-check=chat]"), "data-verdict")
            .await?
            .as_deref(),
        Some("pass")
    );
    assert_eq!(app.count("[data-testid=check-item][data-check=chat]").await?, 1, "shown once, in the card");
    assert_eq!(control.charges().len(), charges + 2, "one chat and one speech charge");
    // The Team pays here: the clip's points are the platform's own number; the chat reply's are
    // "not reported by the platform" (no header on chat, no usage counter for a Team).
    let paid = control
        .charges()
        .iter()
        .skip(charges)
        .find(|c| c.kind == sb::ChargeKind::Speech)
        .map(|c| c.points.to_string())
        .ok_or("a speech charge")?;
    app.wait_for_attr(&format!("{card} [data-testid=check-billable-charged]"), "data-unknown", "1").await?;
    app.wait_for_attr(&format!("{card} [data-testid=check-billable-charged]"), "data-known", &paid).await?;
    let charged_line =
        app.text_of(&format!("{card} [data-testid=check-billable-charged]")).await?.unwrap_or_default();
    assert!(charged_line.contains(&format!("Charged: {paid}")), "{charged_line}");
    app.shot("check-billable-result", Some("[data-testid=check-billable]")).await?;

    // Issue 26, item 2: the run is kept: leave the screen and come back, it is still there,
    // listed with its time and verdicts, with what the billable checks charged.
    app.click("[data-testid=nav-balances]").await?;
    app.click("[data-testid=nav-check]").await?;
    app.wait_for_attr(&format!("{card} [data-testid=check-billable-charged]"), "data-known", &paid).await?;
    app.wait_for_text("[data-testid=check-summary]", "Passed").await?;
    let row = "[data-testid=check-run-row][data-shown=true]";
    app.wait_for_text(&format!("{row} [data-testid=check-run-verdicts]"), "Passed").await?;
    app.wait_for_text(&format!("{row} [data-testid=check-run-charged]"), &paid).await?;
    assert_eq!(control.charges().len(), charges + 2, "coming back charged nothing");

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

    // A run is reopened from the list later: a second read-only run, then the first again.
    app.click("[data-testid=check-run]").await?;
    app.wait_for_text("[data-testid=check-run-row]:nth-child(2) [data-testid=check-run-open]", "Open")
        .await?;
    app.click("[data-testid=check-run-row]:nth-child(2) [data-testid=check-run-open]").await?;
    app.wait_for_attr(&format!("{card} [data-testid=check-billable-charged]"), "data-known", &paid).await?;
    for secret in control.issued_secrets() {
        assert!(!text.contains(&secret), "a secret reached the exported report");
    }
    Ok(())
}
