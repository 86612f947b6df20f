//! "Copy as curl" in the real window (issue 29): a tester copies a chat reply's request from
//! its receipt; the X clipboard holds a command with `$XIAOYA_TOKEN` and none of the secrets
//! the platform issued, and that command, run by bash with real `curl` and the session's
//! token in `XIAOYA_TOKEN`, gets the reply again from the platform's idempotency record
//! without a second charge. PowerShell is a choice in the same place.

use std::time::Duration;

use xiaoya_e2e::{clipboard, AppWindow, Launch, TestResult};

const FAKE_BROWSER: &str = env!("CARGO_BIN_EXE_fake-browser");
const LAST_REPLY: &str = "[data-testid=chat-message][data-role=assistant]:last-of-type";
const CURL: &str = "[data-testid=chat-receipt-curl]";

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

/// Runs `script` with bash and `XIAOYA_TOKEN` set; its standard output.
async fn run(script: String, token: String) -> TestResult<String> {
    let out = tokio::task::spawn_blocking(move || {
        std::process::Command::new("bash").arg("-c").arg(script).env("XIAOYA_TOKEN", token).output()
    })
    .await??;
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

#[tokio::test(flavor = "multi_thread")]
async fn a_receipt_copies_as_curl_without_the_token_and_replays_without_a_second_charge() -> TestResult {
    let scratch = tempfile::tempdir()?;
    let log = scratch.path().join("browser.log");
    let app = AppWindow::launch(Launch::default().with_fake_browser(FAKE_BROWSER, &log, false)).await?;
    let result = journey(&app).await;
    if result.is_err() {
        let _ = app.screenshot("copy-as-curl-failure").await;
    }
    app.close().await?;
    result
}

async fn journey(app: &AppWindow) -> TestResult {
    let control = app.sandbox.as_ref().expect("sandbox").control();
    app.sign_in_personal().await?;
    control.set_stream_pace(Duration::ZERO);
    app.click("[data-testid=nav-chat]").await?;
    app.type_into("[data-testid=chat-input]", "It's a \"test\": $HOME and 你好").await?;
    app.click("[data-testid=chat-send]").await?;
    app.wait_for_last_attr(LAST_REPLY, "data-status", "complete").await?;
    app.click(&format!("{LAST_REPLY} [data-testid=chat-receipt-button]")).await?;
    let request_id = app.wait_for_text("[data-testid=receipt-request-id]", "-").await?.trim().to_owned();

    // Bash by default: the request as sent, the token as a variable, the receipt on top.
    app.wait_for_attr(CURL, "data-ready", "bash").await?;
    app.click("[data-testid=chat-receipt-curl-copy]").await?;
    let copied = wait_for_clipboard("curl -sS -N -X POST").await?;
    assert!(copied.starts_with(&format!("# Xiaoya request {request_id} · sent ")), "{copied}");
    assert!(copied.contains("charged to Personal"), "{copied}");
    assert!(copied.contains("\"Authorization: Bearer $XIAOYA_TOKEN\""), "{copied}");
    assert!(copied.contains(&format!("-H 'X-Request-ID: {request_id}'")), "{copied}");
    assert!(copied.contains("-H 'Accept: text/event-stream'"), "{copied}");
    let secrets = control.issued_secrets();
    for secret in &secrets {
        assert!(!copied.contains(secret), "a secret the platform issued reached the clipboard");
    }
    app.shot("copy-as-curl-receipt", Some(CURL)).await?;

    // Run as a tester would, with the session's token (one of the secrets issued: the
    // access token is the one the platform answers).
    let mut answer = None;
    for secret in secrets {
        let out = run(copied.clone(), secret).await?;
        if out.contains("[DONE]") {
            answer = Some(out);
            break;
        }
    }
    let answer = answer.ok_or("the copied command got no reply with any token the platform issued")?;
    assert!(answer.contains("\"content\""), "{answer}");
    assert_eq!(control.chat_request_count(&request_id), 2, "curl's request reached the platform");
    assert_eq!(control.charges_for(&request_id).len(), 1, "no second charge");

    // PowerShell is a choice beside the button; the copy follows it.
    app.client
        .execute(
            "const s = document.querySelector('select[data-testid=chat-receipt-curl-shell]');
             s.value = 'powerShell'; s.dispatchEvent(new Event('change', { bubbles: true }));",
            vec![],
        )
        .await?;
    app.wait_for_attr(CURL, "data-ready", "powerShell").await?;
    app.click("[data-testid=chat-receipt-curl-copy]").await?;
    let copied = wait_for_clipboard("Invoke-WebRequest").await?;
    assert!(copied.contains("\"Bearer $env:XIAOYA_TOKEN\""), "{copied}");
    for secret in control.issued_secrets() {
        assert!(!copied.contains(&secret), "a secret the platform issued reached the clipboard");
    }
    Ok(())
}
