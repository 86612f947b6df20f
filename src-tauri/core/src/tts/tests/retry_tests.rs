//! H1 for speech: automatic retries only for the listed failures, every retry under the same
//! `X-Request-ID`, an unknown outcome never resent under a new one, and no second charge.

use std::time::{Duration, Instant};

use xiaoya_sandbox::{self as sb, Fault, FaultKind, Route};

use super::{charged, fast_policy, ledger_rows, personal, req, standard};
use crate::foundation::error::ErrorCode;
use crate::tts::send::RetryPolicy;
use crate::tts::wire::ClipStatus;

fn speech_fault(kind: FaultKind, times: u32) -> Fault {
    Fault { route: Route::Speech, kind, times }
}

#[tokio::test]
async fn service_unavailable_is_retried_under_the_same_request_id() {
    let rig = personal().await;
    rig.control().inject(speech_fault(FaultKind::Status(503), 2));
    let started = Instant::now();
    let clip = rig.core.tts().synthesize(standard("Retried twice.")).await.unwrap();
    assert_eq!(clip.status, ClipStatus::Complete);
    assert_eq!(rig.control().speech_request_count(&clip.request_id), 3, "three sends, one id");
    assert_eq!(clip.attempts, 3);
    assert_eq!(charged(&rig, &clip.request_id), 1);
    assert!(started.elapsed() >= Duration::from_secs(2), "Retry-After: 1 was honoured each time");
}

#[tokio::test]
async fn too_many_requests_waits_for_retry_after() {
    let rig = personal().await;
    rig.control().inject(speech_fault(FaultKind::Status(429), 1));
    let started = Instant::now();
    let clip = rig.core.tts().synthesize(standard("Rate limited once.")).await.unwrap();
    assert!(started.elapsed() >= Duration::from_secs(1));
    assert_eq!(clip.status, ClipStatus::Complete);
    assert_eq!(rig.control().speech_request_count(&clip.request_id), 2);
    assert_eq!(charged(&rig, &clip.request_id), 1);
}

#[tokio::test]
async fn bad_gateway_and_gateway_timeout_are_retried() {
    let rig = personal().await;
    rig.control().inject(speech_fault(FaultKind::Status(502), 1));
    rig.control().inject(speech_fault(FaultKind::Status(504), 1));
    let clip = rig.core.tts().synthesize(standard("Two gateway errors.")).await.unwrap();
    assert_eq!(clip.status, ClipStatus::Complete);
    assert_eq!(rig.control().speech_request_count(&clip.request_id), 3);
}

#[tokio::test]
async fn other_server_errors_are_left_to_a_manual_retry() {
    let rig = personal().await;
    rig.control().inject(speech_fault(FaultKind::Status(500), 1));
    let clip = rig.core.tts().synthesize(standard("Internal error.")).await.unwrap();
    assert_eq!(clip.status, ClipStatus::Unknown, "a 5xx may have an unknown result");
    assert!(clip.retryable);
    assert_eq!(rig.control().speech_request_count(&clip.request_id), 1, "no automatic retry");
    let retried = rig.core.tts().retry_clip(&clip.id).await.unwrap();
    assert_eq!(retried.status, ClipStatus::Complete);
    assert_eq!(rig.control().speech_request_count(&clip.request_id), 2);
}

/// Proves H1 (issue 13): a connection reset after the request was sent is neither a connect
/// error nor a timeout: not retried by itself; the person's Retry uses the same id.
#[tokio::test]
async fn a_connection_reset_is_left_to_the_person_and_the_retry_charges_once() {
    let rig = personal().await;
    rig.control().inject(speech_fault(FaultKind::ResetBeforeCommit, 1));
    let clip = rig.core.tts().synthesize(standard("Reset before commit.")).await.unwrap();
    assert_eq!(clip.status, ClipStatus::Unknown, "{:?}", clip.error);
    assert!(clip.retryable);
    assert!(clip.error.as_ref().unwrap().outcome_unknown);
    assert_eq!(rig.control().speech_request_count(&clip.request_id), 1, "not resent by itself");
    let retried = rig.core.tts().retry_clip(&clip.id).await.unwrap();
    assert_eq!(retried.status, ClipStatus::Complete);
    assert!(retried.has_audio);
    assert_eq!(rig.control().speech_request_count(&clip.request_id), 2);
    assert_eq!(charged(&rig, &clip.request_id), 1);
}

#[tokio::test]
async fn a_timeout_is_retried_under_the_same_id() {
    let rig = personal().await;
    rig.core
        .tts()
        .state()
        .set_policy(RetryPolicy { request_timeout: Duration::from_millis(600), ..fast_policy() });
    rig.control().inject(speech_fault(FaultKind::Latency(Duration::from_secs(3)), 1));
    let clip = rig.core.tts().synthesize(standard("Slow platform.")).await.unwrap();
    assert_eq!(clip.status, ClipStatus::Complete, "{:?}", clip.error);
    assert_eq!(rig.control().speech_request_count(&clip.request_id), 2);
    // Let the delayed first request finish inside the sandbox: it must not charge again.
    tokio::time::sleep(Duration::from_millis(2600)).await;
    assert_eq!(charged(&rig, &clip.request_id), 1);
}

#[tokio::test]
async fn an_unknown_outcome_keeps_its_id_and_the_retry_finds_it_settled() {
    let rig = personal().await;
    rig.core.tts().state().set_policy(RetryPolicy { max_attempts: 1, ..fast_policy() });
    rig.control().inject(speech_fault(FaultKind::ResetAfterCommit, 1));
    let clip = rig.core.tts().synthesize(standard("The response is lost.")).await.unwrap();
    assert_eq!(clip.status, ClipStatus::Unknown);
    assert!(clip.retryable);
    assert_eq!(clip.error.as_ref().unwrap().code, ErrorCode::Network);
    assert_eq!(charged(&rig, &clip.request_id), 1, "the platform did charge");
    assert!(ledger_rows(&rig, &clip.request_id).await.is_empty(), "nothing known to record yet");

    let retried = rig.core.tts().retry_clip(&clip.id).await.unwrap();
    assert_eq!(retried.request_id, clip.request_id, "never a new id");
    assert_eq!(retried.status, ClipStatus::SettledNoAudio);
    assert_eq!(retried.error.as_ref().unwrap().platform_code.as_deref(), Some("TTS_REQUEST_ALREADY_SETTLED"));
    assert_eq!(rig.control().speech_request_count(&clip.request_id), 2);
    assert_eq!(charged(&rig, &clip.request_id), 1, "no second charge");
    let rows = ledger_rows(&rig, &clip.request_id).await;
    assert_eq!(rows.len(), 1, "recorded once, amount not reported: {rows:?}");
    assert_eq!(rows[0].3, None);
    assert_eq!(
        rig.core.tts().retry_clip(&clip.id).await.unwrap_err().code(),
        ErrorCode::InvalidInput,
        "settled: no more retries"
    );
}

/// Proves H1 (issue 13): an answer lost after the platform charged is not resent by itself,
/// even with automatic retries left; the person's Retry finds it settled, no second charge.
#[tokio::test]
async fn a_lost_answer_is_not_resent_automatically() {
    let rig = personal().await;
    rig.control().inject(speech_fault(FaultKind::ResetAfterCommit, 1));
    let clip = rig.core.tts().synthesize(standard("Lost, then settled.")).await.unwrap();
    assert_eq!(clip.status, ClipStatus::Unknown);
    assert_eq!(rig.control().speech_request_count(&clip.request_id), 1);
    let retried = rig.core.tts().retry_clip(&clip.id).await.unwrap();
    assert_eq!(retried.status, ClipStatus::SettledNoAudio);
    assert_eq!(rig.control().speech_request_count(&clip.request_id), 2);
    assert_eq!(charged(&rig, &clip.request_id), 1);
}

/// Proves H1 (issue 11): the retry of an unknown outcome answered with a 409 code the docs
/// don't list (the platform is still reconciling) keeps the clip "outcome unknown" with a
/// later retry under the same id; once the platform has reconciled, that retry settles it.
#[tokio::test]
async fn a_reconciling_platform_keeps_the_outcome_unknown_and_a_later_retry_settles_it() {
    let rig = personal().await;
    rig.core.tts().state().set_policy(RetryPolicy { max_attempts: 1, ..fast_policy() });
    rig.control().inject(speech_fault(FaultKind::ResetAfterCommit, 1));
    let clip = rig.core.tts().synthesize(standard("Reconcile me.")).await.unwrap();
    assert_eq!(clip.status, ClipStatus::Unknown);
    rig.control().set_readings([sb::Reading::TtsSettledReconciling].into_iter().collect());
    let again = rig.core.tts().retry_clip(&clip.id).await.unwrap();
    assert_eq!(again.status, ClipStatus::Unknown, "not failed: {:?}", again.error);
    assert!(again.retryable, "a later retry is offered");
    assert_eq!(again.request_id, clip.request_id, "never a new id");
    assert_eq!(
        again.error.as_ref().unwrap().platform_code.as_deref(),
        Some("TTS_REQUEST_RECONCILING"),
        "the platform's answer is shown"
    );
    rig.control().set_readings(Default::default());
    let settled = rig.core.tts().retry_clip(&clip.id).await.unwrap();
    assert_eq!(settled.status, ClipStatus::SettledNoAudio);
    assert_eq!(rig.control().speech_request_count(&clip.request_id), 3);
    assert_eq!(charged(&rig, &clip.request_id), 1, "one charge");
}

/// Proves H3 (issue 13): an audio body that stops arriving is cut after the idle timeout
/// (not the 300 s total) and, being a timeout, retried under the same id.
#[tokio::test]
async fn a_stalled_audio_download_is_cut_by_the_idle_timeout() {
    let rig = personal().await;
    rig.core.tts().state().set_policy(RetryPolicy {
        max_attempts: 1,
        idle_timeout: Duration::from_millis(300),
        ..fast_policy()
    });
    rig.control()
        .inject(speech_fault(FaultKind::BodyStall { after_bytes: 512, pause: Duration::from_secs(4) }, 1));
    let started = Instant::now();
    let clip = rig.core.tts().synthesize(standard("A download that stalls.")).await.unwrap();
    assert!(started.elapsed() < Duration::from_secs(3), "cut long before the stall ends");
    assert_eq!(clip.status, ClipStatus::Unknown, "charged, no audio yet: {:?}", clip.error);
    assert!(clip.error.as_ref().unwrap().message.contains("stalled"), "{:?}", clip.error);
    assert!(!clip.has_audio);
    // With retries left, the stall (a timeout) is retried under the same id and settles.
    rig.core
        .tts()
        .state()
        .set_policy(RetryPolicy { idle_timeout: Duration::from_millis(300), ..fast_policy() });
    rig.control()
        .inject(speech_fault(FaultKind::BodyStall { after_bytes: 512, pause: Duration::from_secs(4) }, 1));
    let clip = rig.core.tts().synthesize(standard("Another download that stalls.")).await.unwrap();
    assert_eq!(clip.status, ClipStatus::SettledNoAudio, "{:?}", clip.error);
    assert_eq!(rig.control().speech_request_count(&clip.request_id), 2);
    assert_eq!(charged(&rig, &clip.request_id), 1);
}

#[tokio::test]
async fn an_activation_in_progress_is_explained_and_not_resubmitted() {
    let rig = personal().await;
    rig.core.tts().state().set_policy(RetryPolicy { max_attempts: 1, ..fast_policy() });
    rig.control().inject(speech_fault(FaultKind::ResetAfterCommit, 1));
    let voice = req(sb::TTS_CONFIG_STANDARD, sb::VOICE_PENDING_CLONE, "First use, response lost.", "mp3");
    let first = rig.core.tts().synthesize(voice.clone()).await.unwrap();
    assert_eq!(first.status, ClipStatus::Unknown);

    let second = rig.core.tts().synthesize(voice).await.unwrap();
    assert_eq!(second.status, ClipStatus::Failed);
    assert_eq!(
        second.error.as_ref().unwrap().platform_code.as_deref(),
        Some("TTS_VOICE_ACTIVATION_IN_PROGRESS")
    );
    assert!(!second.retryable, "no offer to resubmit");
    assert_eq!(rig.core.tts().retry_clip(&second.id).await.unwrap_err().code(), ErrorCode::InvalidInput);
    assert_eq!(charged(&rig, &second.request_id), 0);
    assert_eq!(rig.control().speech_request_count(&second.request_id), 1);
}

#[tokio::test]
async fn a_long_retry_after_stops_automatic_retries() {
    let rig = personal().await;
    rig.core
        .tts()
        .state()
        .set_policy(RetryPolicy { max_retry_after: Duration::from_millis(500), ..fast_policy() });
    rig.control().inject(speech_fault(FaultKind::Status(429), 1));
    let clip = rig.core.tts().synthesize(standard("Come back later.")).await.unwrap();
    assert_eq!(clip.status, ClipStatus::Failed);
    assert!(clip.retryable);
    assert_eq!(rig.control().speech_request_count(&clip.request_id), 1);
}

#[tokio::test]
async fn an_expired_session_ends_only_that_session() {
    let rig = personal().await;
    rig.control().expire_token_of(sb::TokenSelector::Personal);
    let err = rig.core.tts().synthesize(standard("Signed out meanwhile.")).await.unwrap_err();
    assert_eq!(err.code(), ErrorCode::SessionExpired);
    assert!(rig.core.auth().sessions_view().await.unwrap().sessions.is_empty());
}
