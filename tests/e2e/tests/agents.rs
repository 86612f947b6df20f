//! Agent check (#27) in the real window: an agent developer adds the good sample agent of
//! `tests/agents/` (the official Python MCP SDK) with an API key, reviews it, calls a tool
//! that is not read-only after confirming its price and that it is destructive, reviews the
//! agent's next release on the same URL, compares the two snapshots and exports the review.
//! The API key is never in the page, the transcript or the exported file.
//!
//! Like the core's agent tests, this fails (never skips) without the sample agents' venv
//! (`scripts/agents-venv.sh`).

use xiaoya_e2e::{AppWindow, Launch, TestResult};
use xiaoya_sample_agents::{Agent, Answers, Sessions};

const API_KEY: &str = "e2e-agent-key-5f3a9c";

#[tokio::test(flavor = "multi_thread")]
async fn an_agent_developer_reviews_calls_compares_and_exports() -> TestResult {
    let good = Agent::launch(0, "good", Answers::Json, Sessions::Stateful)?;
    let app = AppWindow::launch(Launch::default()).await?;
    let result = journey(&app, good).await;
    if result.is_err() {
        let _ = app.screenshot("agents-failure").await;
    }
    app.close().await?;
    result
}

/// Picks an option of a `<select>` by its value, as the keyboard would, and tells Preact.
async fn choose(app: &AppWindow, css: &str, value: &str) -> TestResult {
    app.find(css).await?;
    app.client
        .execute(
            "const el = document.querySelector(arguments[0]); el.focus(); el.value = arguments[1]; \
             el.dispatchEvent(new Event('change', { bubbles: true }));",
            vec![serde_json::json!(css), serde_json::json!(value)],
        )
        .await?;
    Ok(())
}

async fn attrs(app: &AppWindow, css: &str, name: &str) -> TestResult<Vec<String>> {
    let value = app
        .client
        .execute(
            "return [...document.querySelectorAll(arguments[0])].map((e) => e.getAttribute(arguments[1]));",
            vec![serde_json::json!(css), serde_json::json!(name)],
        )
        .await?;
    Ok(serde_json::from_value(value)?)
}

async fn journey(app: &AppWindow, good: Agent) -> TestResult {
    let url = good.url();
    app.click("[data-testid=nav-agents]").await?;
    app.wait_for_text("[data-testid=screen-title]", "Agents").await?;
    app.find("[data-testid=agents-empty]").await?;

    // The endpoint, http on loopback: the window says so before anything is saved.
    app.type_into("[data-testid=agent-url]", &url).await?;
    app.wait_for_attr("[data-testid=agent-url-note]", "data-note", "loopbackHttp").await?;
    app.click("[data-testid=agent-add-header]").await?;
    app.type_into("[data-testid=agent-header-name]", "X-Api-Key").await?;
    app.type_into("[data-testid=agent-header-value]", API_KEY).await?;
    app.click("[data-testid=agent-save]").await?;
    app.wait_for_text("[data-testid=agent-list]", &url).await?;
    app.find("[data-testid=agent-dev-warning]").await?;

    // The review: protocol lines, one line per rule per tool, verdicts with their rule ids.
    app.click("[data-testid=agent-review]").await?;
    let counts = app.wait_for_text("[data-testid=agent-counts]", "Failed: 0").await?;
    assert!(counts.contains("Warnings: 1"), "http on loopback warns: {counts}");
    let https =
        attrs(app, "[data-testid=agent-protocol-rules] [data-rule='protocol.https']", "data-verdict").await?;
    assert_eq!(https, ["warn"]);
    let protocol = app.text_of("[data-testid=agent-protocol]").await?.unwrap_or_default();
    assert!(protocol.contains("2025-03-26 → 2025-03-26"), "{protocol}");
    assert_eq!(app.count("[data-testid=agent-tool]").await?, 4);
    let tool_rules = attrs(app, "[data-testid=agent-tool] [data-testid=agent-rule]", "data-verdict").await?;
    assert!(tool_rules.len() >= 4 * 11 && tool_rules.iter().all(|v| v == "pass"), "{tool_rules:?}");
    let weight = app.text_of("[data-testid=agent-token-weight]").await?.unwrap_or_default();
    assert!(weight.contains("model tokens for 4 tools"), "{weight}");
    app.shot("agents-review", Some("[data-testid=agent-summary]")).await?;

    // A tool that is not read-only: the form, then the confirmation naming price and damage.
    app.click("[data-testid=agent-tool-call][data-tool=delete_draft]").await?;
    app.find("[data-testid=agent-call-form]").await?;
    app.type_into("[data-field='/draftId']", "draft_old_notes").await?;
    choose(app, "[data-field='/reason']", "0").await?;
    app.click("[data-testid=agent-call-send]").await?;
    let price = app.wait_for_text("[data-testid=agent-confirm-price]", "points").await?;
    assert!(price.contains('5'), "{price}");
    app.wait_for_attr("[data-testid=agent-confirm-destructive]", "data-destructive", "true").await?;
    app.shot("agents-confirm", Some("[data-testid=agent-call-dialog]")).await?;
    app.click("[data-testid=agent-call-confirm]").await?;
    app.wait_for_text("[data-testid=agent-envelope-summary]", "Deleted draft_old_notes").await?;
    let status = app.text_of("[data-testid=agent-envelope-status]").await?.unwrap_or_default();
    assert_eq!(status.trim(), "completed");
    let call_rules =
        attrs(app, "[data-testid=agent-call-rules] [data-testid=agent-rule]", "data-verdict").await?;
    assert!(!call_rules.is_empty() && call_rules.iter().all(|v| v == "pass"), "{call_rules:?}");
    app.click("[data-testid=agent-call-close]").await?;

    // The agent's next release on the same URL: a second review, and the two compared.
    let port = good.port;
    drop(good);
    let _changed = Agent::launch(port, "changed", Answers::Json, Sessions::Stateful)?;
    app.click("[data-testid=agent-review]").await?;
    app.wait_for_text("[data-testid=agent-changes-last]", "Need a fresh review").await?;
    assert_eq!(app.count("[data-testid=agent-snapshot]").await?, 2);
    app.click("[data-testid=agent-compare]").await?;
    app.find("[data-testid=agent-compare-result] [data-testid=agent-change]").await?;
    let fresh = attrs(app, "[data-testid=agent-compare-result] [data-fresh=true]", "data-change").await?;
    for change in ["removed", "price-increased", "sync-to-async", "scopes-expanded"] {
        assert!(fresh.iter().any(|c| c == change), "{change} needs a fresh review: {fresh:?}");
    }
    let harmless = attrs(app, "[data-testid=agent-compare-result] [data-fresh=false]", "data-change").await?;
    assert!(harmless.iter().any(|c| c == "harmless"), "the reworded title is harmless: {harmless:?}");
    app.shot("agents-compare", Some("[data-testid=agent-snapshots]")).await?;

    // The transcript masks the key; the page never holds it.
    let headers = app.text_of("[data-testid=agent-transcript]").await?.unwrap_or_default();
    assert!(!headers.is_empty());
    let page = app.client.source().await?;
    assert!(!page.contains(API_KEY), "the API key reached the page");

    // The review, exported for the release checklist, where the save dialog says.
    let folder = tempfile::tempdir()?;
    let path = folder.path().join("agent-review.json");
    app.click("[data-testid=agent-export-json]").await?;
    let (title, suggested) = app.answer_save_dialog(&path).await?;
    assert_eq!(title, "Save as JSON");
    assert!(
        suggested.starts_with("agent-review-127.0.0.1-") && suggested.ends_with(".json"),
        "{suggested:?}"
    );
    app.wait_for_text("[data-testid=toast-success]", "Saved agent-review.json").await?;
    let text = std::fs::read_to_string(&path)?;
    let report: serde_json::Value = serde_json::from_str(&text)?;
    assert_eq!(report["url"], url.as_str());
    let names: Vec<String> = serde_json::from_value(report["headerNames"].clone())?;
    assert_eq!(names.iter().map(|n| n.to_ascii_lowercase()).collect::<Vec<_>>(), ["x-api-key"]);
    assert!(report["changes"].as_array().is_some_and(|c| !c.is_empty()), "{}", report["changes"]);
    assert!(!text.contains(API_KEY), "the API key reached the export");
    Ok(())
}
