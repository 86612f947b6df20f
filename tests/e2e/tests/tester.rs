//! A tester's bug report, in the real window (journey steps 5 and 6): a Team sign-in fails
//! and the sign-in diagnostics say how and why, copied to the clipboard without a secret;
//! a streamed reply is stopped halfway, regenerated, and its receipt copied for the report.

use std::time::Duration;

use xiaoya_e2e::xiaoya_sandbox::{self as sb, Fault, FaultKind, Route};
use xiaoya_e2e::{clipboard, AppWindow, Launch, TestResult};

const FAKE_BROWSER: &str = env!("CARGO_BIN_EXE_fake-browser");
const LAST_REPLY: &str = "[data-testid=chat-message][data-role=assistant]:last-of-type";

async fn wait_for_clipboard(needle: &str) -> TestResult<String> {
    let mut last = String::new();
    for _ in 0..50 {
        last = clipboard()?;
        if last.contains(needle) {
            return Ok(last);
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    Err(format!("the clipboard never held {needle:?}; it holds {last:?}").into())
}

#[tokio::test(flavor = "multi_thread")]
async fn a_tester_reads_why_a_sign_in_failed_and_copies_receipts_into_a_bug_report() -> TestResult {
    let scratch = tempfile::tempdir()?;
    let log = scratch.path().join("browser.log");
    let app = AppWindow::launch(Launch::default().with_fake_browser(FAKE_BROWSER, &log, false)).await?;
    let result = journey(&app).await;
    if result.is_err() {
        let _ = app.screenshot("tester-failure").await;
    }
    app.close().await?;
    result
}

async fn journey(app: &AppWindow) -> TestResult {
    let control = app.sandbox.as_ref().expect("sandbox").control();
    app.sign_in_personal().await?;

    // ---- A Team sign-in whose code exchange the platform answers with a 500.
    control.inject(Fault::once(Route::Token, FaultKind::Status(500)));
    app.click("[data-testid=sign-in-team]").await?;
    app.click(&format!("[data-testid=team-option-{}]", sb::TEAM_ALPHA_ID)).await?;
    app.click("[data-testid=team-sign-in-confirm]").await?;
    app.find("[data-testid=sign-in-error]").await?;
    assert!(control.pending_faults().is_empty(), "the exchange reached the platform");

    // The diagnostics list the attempts of this run, newest first, with the reason.
    app.click("[data-testid=diag-toggle]").await?;
    app.find("[data-testid=diag-attempts]").await?;
    let first = "[data-testid=diag-attempt]:first-child";
    assert_eq!(app.attr(first, "data-outcome").await?.as_deref(), Some("failed"));
    app.wait_for_text(first, &format!("Team {}", sb::TEAM_ALPHA_ID)).await?;
    app.wait_for_text(&format!("{first} [data-testid=diag-attempt-error]"), "").await?;
    let outcomes = app
        .client
        .execute(
            "return [...document.querySelectorAll('[data-testid=diag-attempt]')].map((e) => e.dataset.outcome);",
            vec![],
        )
        .await?;
    assert_eq!(outcomes, serde_json::json!(["failed", "started", "signedIn", "started"]));
    app.client
        .execute(
            "document.querySelector('[data-testid=diag-attempts]').scrollIntoView({block: 'center'});",
            vec![],
        )
        .await?;
    app.shot("tester-diagnostics", None).await?;

    // Copied for the bug report: the failure is in it, no secret is.
    app.click("[data-testid=diag-copy]").await?;
    let report = wait_for_clipboard("Recent sign-in attempts: 4").await?;
    assert!(report.contains(&format!("failed team {} · SIGN_IN_FAILED", sb::TEAM_ALPHA_ID)), "{report}");
    for secret in control.issued_secrets() {
        assert!(!report.contains(&secret), "a secret reached the copied diagnostics");
    }

    // ---- Chat: a long reply stopped halfway, then regenerated.
    app.click("[data-testid=nav-chat]").await?;
    app.find("[data-testid=chat-input]").await?;
    // Before anything is sent, the composer says how chat is charged (there is no price).
    app.wait_for_text("[data-testid=chat-cost]", "The catalog has no price for this model").await?;
    app.wait_for_text("[data-testid=chat-cost]", "Charged to Personal").await?;
    control.set_stream_pace(Duration::from_millis(60));
    app.type_into("[data-testid=chat-input]", "Write a long, detailed story about a lighthouse keeper")
        .await?;
    app.click("[data-testid=chat-send]").await?;
    app.wait_for_last_attr(LAST_REPLY, "data-status", "streaming").await?;
    // Stop halfway: once some of the reply has arrived.
    let mut shown = 0;
    for _ in 0..100 {
        let text = app
            .text_of(&format!("{LAST_REPLY} [data-testid=chat-message-content]"))
            .await?
            .unwrap_or_default();
        shown = text.len();
        if shown > 40 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(shown > 40, "the reply was streaming when stopped ({shown} characters shown)");
    app.click("[data-testid=chat-stop]").await?;
    app.wait_for_last_attr(LAST_REPLY, "data-status", "stopped").await?;
    app.click(&format!("{LAST_REPLY} [data-testid=chat-receipt-button]")).await?;
    let stopped_id = app.wait_for_text("[data-testid=receipt-request-id]", "-").await?.trim().to_owned();
    app.click("[data-testid=dialog-close]").await?;

    control.set_stream_pace(Duration::ZERO);
    app.click(&format!("{LAST_REPLY} [data-testid=chat-regenerate]")).await?;
    app.wait_for_last_attr(LAST_REPLY, "data-status", "complete").await?;
    app.click(&format!("{LAST_REPLY} [data-testid=chat-receipt-button]")).await?;
    let request_id = app.wait_for_text("[data-testid=receipt-request-id]", "-").await?.trim().to_owned();
    assert_ne!(request_id, stopped_id, "a regenerated reply is a new request with its own id");
    assert_eq!(control.charges_for(&request_id).len(), 1, "the regenerated reply was charged once");
    // Now the composer can say what replies with this model cost here (points where the
    // usage counter settled them, else the tokens they used).
    let line = app.wait_for_text("[data-testid=chat-cost]", "Recent replies with this model here").await?;
    assert!(line.contains("cost about") || line.contains("used about"), "{line}");

    // The receipt goes into the bug report as text.
    app.click("[data-testid=chat-receipt-copy]").await?;
    let receipt = wait_for_clipboard(&request_id).await?;
    assert!(receipt.contains("Personal"), "who paid is in the copied receipt: {receipt}");
    for secret in control.issued_secrets() {
        assert!(!receipt.contains(&secret), "a secret reached the copied receipt");
    }
    app.screenshot("tester-regenerated-receipt").await?;

    // T1 at the webview: after sign-ins (one failed), a chat and receipts, nothing the
    // platform issued or saw — token, code, verifier — is anywhere the page can reach: its
    // DOM (every screen visited leaves its text), its storage, its cookies.
    let reachable = app
        .client
        .execute(
            "const dump = (s) => { const o = {}; for (let i = 0; i < s.length; i++) { const k = s.key(i); o[k] = s.getItem(k); } return JSON.stringify(o); };
             return [document.documentElement.outerHTML, dump(localStorage), dump(sessionStorage), document.cookie].join('\\n');",
            vec![],
        )
        .await?;
    let reachable = reachable.as_str().unwrap_or_default();
    assert!(reachable.len() > 1000, "the page was read");
    let secrets = control.issued_secrets();
    assert!(secrets.len() >= 4, "tokens, codes and verifiers were issued: {}", secrets.len());
    for secret in &secrets {
        assert!(!reachable.contains(secret.as_str()), "a secret reached the webview");
    }
    Ok(())
}
