//! Issue 24: a read that meets a busy platform (429 or 503 with `Retry-After`) waits what the
//! platform asked and reads again, announcing the wait; one that stays busy, or asks for
//! longer than the app waits by itself, fails as `PlatformBusy` with the wait, not a generic
//! platform error. Against the sandbox's faults on each read route.

use std::time::{Duration, Instant};

use xiaoya_sandbox::{Fault, FaultKind, RetryAfter, Route};

use super::team;
use crate::auth::wire::ContextRequest;
use crate::foundation::error::{Error, ErrorCode, IpcError};
use crate::testing::Rig;
use crate::wire::AppEvent;

fn busy_waits(rig: &Rig) -> Vec<u32> {
    rig.events
        .take()
        .into_iter()
        .filter_map(|e| match e {
            AppEvent::PlatformBusy { wait_secs, .. } => Some(wait_secs),
            _ => None,
        })
        .collect()
}

fn busy(route: Route, status: u16, after: RetryAfter, times: u32) -> Fault {
    Fault { route, kind: FaultKind::StatusRetryAfter { status, after }, times }
}

#[tokio::test]
async fn every_read_waits_out_one_busy_answer_and_succeeds() {
    let rig = Rig::new().await;
    rig.sign_in(ContextRequest::Personal).await;
    rig.events.take();
    // Balance (429, seconds), usage (503, an HTTP date), the catalog, the TTS options.
    rig.control().inject(busy(Route::Balance, 429, RetryAfter::Seconds(1), 1));
    let started = Instant::now();
    rig.core.billing().refresh_balance().await.expect("the balance is read after the wait");
    assert!(started.elapsed() >= Duration::from_secs(1), "it waited what the platform asked");
    assert_eq!(busy_waits(&rig), vec![1], "the wait was announced once, as asked");

    rig.control().inject(busy(Route::Usage, 503, RetryAfter::DateIn(2), 1));
    rig.core.billing().personal_usage().await.expect("usage is read after the wait");
    let waits = busy_waits(&rig);
    assert!(waits.len() == 1 && (1..=2).contains(&waits[0]), "{waits:?}");

    rig.control().inject(busy(Route::Models, 429, RetryAfter::Seconds(1), 1));
    let catalog = rig.core.models().model_catalog(true).await.expect("the catalog is read after the wait");
    assert!(!catalog.items.is_empty() && catalog.stale.is_none(), "a fresh catalog");
    assert_eq!(busy_waits(&rig), vec![1]);

    rig.control().inject(busy(Route::TtsOptions, 429, RetryAfter::Seconds(1), 1));
    rig.core.tts().tts_catalog().await.expect("the TTS options are read after the wait");
    assert_eq!(busy_waits(&rig), vec![1]);
}

#[tokio::test]
async fn a_team_read_waits_too() {
    let rig = Rig::new().await;
    rig.sign_in(team(xiaoya_sandbox::TEAM_BETA_ID)).await;
    rig.events.take();
    rig.control().inject(busy(Route::Balance, 429, RetryAfter::Seconds(1), 1));
    rig.core.billing().refresh_balance().await.expect("the Team balance is read after the wait");
    assert_eq!(busy_waits(&rig), vec![1]);
}

#[tokio::test]
async fn a_platform_that_stays_busy_ends_as_platform_busy_with_its_wait() {
    let rig = Rig::new().await;
    rig.sign_in(ContextRequest::Personal).await;
    rig.events.take();
    rig.control().inject(busy(Route::Balance, 429, RetryAfter::Seconds(0), 10));
    let err = rig.core.billing().refresh_balance().await.unwrap_err();
    assert!(matches!(err, Error::Busy { status: 429, .. }), "{err:?}");
    assert_eq!(err.code(), ErrorCode::PlatformBusy);
    assert_eq!(busy_waits(&rig).len(), crate::api::READ_RETRIES as usize, "each retry announced");
    let ipc = IpcError::from(&err);
    assert_eq!(ipc.retry_after_secs, Some(0));
    assert!(ipc.platform_code.is_some(), "the platform's own code stays under Details");
}

#[tokio::test]
async fn a_wait_longer_than_the_app_makes_by_itself_is_handed_to_the_person_at_once() {
    let rig = Rig::new().await;
    rig.sign_in(ContextRequest::Personal).await;
    rig.events.take();
    rig.control().inject(busy(Route::Balance, 429, RetryAfter::Seconds(120), 1));
    let started = Instant::now();
    let err = rig.core.billing().refresh_balance().await.unwrap_err();
    assert!(started.elapsed() < Duration::from_secs(60), "it did not wait two minutes");
    assert_eq!(err.code(), ErrorCode::PlatformBusy);
    assert_eq!(IpcError::from(&err).retry_after_secs, Some(120));
    assert!(busy_waits(&rig).is_empty(), "no retry was announced");
    // Once the wait has passed (here: the fault is spent), the same read works.
    rig.core.billing().refresh_balance().await.expect("read again later");
}

/// Readings audit B10: a platform that throttles without `Retry-After`. The read waits the
/// app's own backoff (1 s, then 2 s), announced like a stated wait, and succeeds; it is
/// never read again at once, and never fails on the first busy answer.
#[tokio::test]
async fn a_busy_answer_without_retry_after_waits_the_apps_own_backoff() {
    let rig = Rig::new().await;
    rig.sign_in(ContextRequest::Personal).await;
    rig.events.take();
    rig.control().inject(busy(Route::Balance, 429, RetryAfter::Absent, 2));
    let started = Instant::now();
    rig.core.billing().refresh_balance().await.expect("the balance is read after the backoff");
    assert!(started.elapsed() >= Duration::from_secs(3), "1 s then 2 s: {:?}", started.elapsed());
    assert_eq!(busy_waits(&rig), vec![1, 2], "each wait announced");
}

/// Readings audit B5 and B6: a busy platform at sign-in (`/me`, the Team context) or on the
/// Team list is waited out like any read. Before the reads retried, a 429 there failed the
/// sign-in and revoked the token just issued, and the person had to start again.
#[tokio::test]
async fn sign_in_and_the_team_list_wait_out_a_busy_platform_and_keep_the_new_token() {
    let rig = Rig::new().await;
    rig.control().inject(busy(Route::Me, 429, RetryAfter::Seconds(1), 1));
    let personal = rig.sign_in(ContextRequest::Personal).await;
    assert_eq!(busy_waits(&rig), vec![1], "the wait at sign-in was announced");
    assert_eq!(rig.control().active_token_count(), 1, "the new token was kept, not revoked");

    rig.control().inject(busy(Route::Teams, 503, RetryAfter::Seconds(1), 1));
    let teams = rig.core.auth().list_teams().await.expect("the Team list after the wait");
    assert!(!teams.is_empty());
    assert_eq!(busy_waits(&rig), vec![1]);

    // The Team context read at a Team sign-in (`/teams/{id}/context`).
    rig.control().inject(busy(Route::Teams, 429, RetryAfter::Seconds(1), 1));
    let alpha = rig.sign_in(team(xiaoya_sandbox::TEAM_ALPHA_ID)).await;
    assert_ne!(alpha.id, personal.id);
    assert_eq!(busy_waits(&rig), vec![1]);
    assert_eq!(rig.control().active_token_count(), 2, "both tokens kept");
}

/// Readings audit B12: the docs name no code for a 429. Whatever the platform calls it
/// (`OPEN_AGENT_RATE_LIMITED`, `TOO_MANY_REQUESTS`), a read waits it out by the status, and
/// one that stays busy is `PLATFORM_BUSY` with the platform's own code under Details.
#[tokio::test]
async fn a_429_under_any_code_is_waited_out_by_its_status() {
    let rig = Rig::new().await;
    rig.sign_in(ContextRequest::Personal).await;
    rig.events.take();
    let refusal =
        |code, times| Fault { route: Route::Balance, kind: FaultKind::Refusal { status: 429, code }, times };
    rig.control().inject(refusal("OPEN_AGENT_RATE_LIMITED", 1));
    rig.core.billing().refresh_balance().await.expect("read after the app's own wait");
    assert_eq!(busy_waits(&rig), vec![1], "waited, as for a 429 without Retry-After");

    rig.control().inject(refusal("TOO_MANY_REQUESTS", 10));
    let err = rig.core.billing().refresh_balance().await.unwrap_err();
    assert_eq!(err.code(), ErrorCode::PlatformBusy);
    assert_eq!(IpcError::from(&err).platform_code.as_deref(), Some("TOO_MANY_REQUESTS"));
}
