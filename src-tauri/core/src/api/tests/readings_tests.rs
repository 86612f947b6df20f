//! Error answers and waits in the other forms the docs, HTTP and the proxies in front of a
//! platform allow (issue 24, READINGS A3, B11), met through a read the person makes: the
//! Team list of the Team picker.

use std::time::{Duration, Instant};

use xiaoya_sandbox::{Fault, FaultKind, RetryAfter, Route};

use super::super::MAX_MESSAGE_CHARS;
use crate::auth::wire::ContextRequest;
use crate::foundation::error::{ErrorCode, IpcError};
use crate::testing::Rig;

async fn signed_in() -> Rig {
    let rig = Rig::new().await;
    rig.sign_in(ContextRequest::Personal).await;
    rig
}

/// The Team list read once with `fault` in the way: what the person is shown.
async fn list_teams_failing(rig: &Rig, fault: FaultKind) -> IpcError {
    rig.control().inject(Fault::once(Route::Teams, fault));
    IpcError::from(rig.core.auth().list_teams().await.unwrap_err())
}

fn raw(status: u16, content_type: &'static str, body: &'static str) -> FaultKind {
    FaultKind::RawBody { status, content_type, body, after: RetryAfter::Absent }
}

/// READINGS A3: an error answer that is no envelope says what it said: a proxy's HTML
/// page by its title, plain text as written, FastAPI's `{"detail": "…"}` by its detail;
/// capped and without control characters, with the status as the code.
#[tokio::test]
async fn an_error_page_plain_text_or_fastapi_detail_says_its_words() {
    let rig = signed_in().await;
    let page = "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>";
    let shown = list_teams_failing(&rig, raw(502, "text/html", page)).await;
    assert_eq!((shown.code, shown.platform_code.as_deref()), (ErrorCode::Platform, Some("HTTP_502")));
    assert_eq!(shown.message, "502 Bad Gateway");
    assert!(shown.outcome_unknown);

    let shown = list_teams_failing(&rig, raw(504, "text/plain", "upstream request timeout\n")).await;
    assert_eq!(shown.message, "upstream request timeout");

    let shown = list_teams_failing(
        &rig,
        raw(500, "application/json", r#"{"detail":"Team listing is paused for maintenance"}"#),
    )
    .await;
    assert_eq!(shown.message, "Team listing is paused for maintenance");

    let noisy: &'static str =
        Box::leak(format!("\u{1b}[31m{}", "Service down. ".repeat(2000)).into_boxed_str());
    let shown = list_teams_failing(&rig, raw(500, "text/plain", noisy)).await;
    assert!(shown.message.starts_with("[31mService down."), "{}", shown.message);
    assert!(shown.message.chars().count() <= MAX_MESSAGE_CHARS);
    assert!(!shown.message.chars().any(char::is_control));

    // The list still reads once the proxy is out of the way.
    assert_eq!(rig.core.auth().list_teams().await.unwrap().len(), 3);
}

/// READINGS B11: a wait written with a fraction, in milliseconds under `Retry-After-Ms`, or
/// as an RFC 850 date is a wait: one too long to wait by itself is handed to the person
/// with its length (not treated as absent and retried at once).
#[tokio::test]
async fn a_wait_in_another_form_is_read_and_handed_on() {
    let rig = signed_in().await;
    for (after, secs) in [(RetryAfter::Raw("90.5"), 91), (RetryAfter::Millis(45_000), 45)] {
        let shown = list_teams_failing(&rig, FaultKind::StatusRetryAfter { status: 429, after }).await;
        assert_eq!(shown.code, ErrorCode::PlatformBusy, "{after:?}");
        assert_eq!(shown.retry_after_secs, Some(secs), "{after:?}");
        assert!(rig.control().pending_faults().is_empty());
    }

    // Short waits are waited out and the list read again: 1.5 s in full, a date in the past
    // (RFC 850 and asctime) not at all.
    rig.control().inject(Fault::once(
        Route::Teams,
        FaultKind::StatusRetryAfter { status: 503, after: RetryAfter::Raw("1.5") },
    ));
    let started = Instant::now();
    assert_eq!(rig.core.auth().list_teams().await.unwrap().len(), 3);
    assert!(started.elapsed() >= Duration::from_millis(1450), "{:?}", started.elapsed());
    for date in ["Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994"] {
        rig.control().inject(Fault::once(
            Route::Teams,
            FaultKind::StatusRetryAfter { status: 429, after: RetryAfter::Raw(date) },
        ));
        let started = Instant::now();
        assert_eq!(rig.core.auth().list_teams().await.unwrap().len(), 3);
        assert!(started.elapsed() < Duration::from_millis(900), "{date}: {:?}", started.elapsed());
    }
}
