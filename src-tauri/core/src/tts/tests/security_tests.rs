//! Speech against H1 and H2 with the sandbox's fault injection and its per-`X-Request-ID`
//! request counter: a definite error is sent once, automatic retries stop at the cap.

use xiaoya_sandbox::{Fault, FaultKind, Route};

use super::{charged, fast_policy, personal, standard};
use crate::tts::wire::ClipStatus;

/// Proves H2: a speech POST answered with a definite error (500 and 501 included) is sent
/// exactly once; the clip waits for the person (or is refused) instead of a generic retry.
#[tokio::test]
async fn a_speech_post_answered_with_a_definite_error_is_sent_exactly_once() {
    let rig = personal().await;
    for status in [400, 402, 403, 404, 409, 422, 500, 501] {
        rig.control().inject(Fault::once(Route::Speech, FaultKind::Status(status)));
        let clip = rig.core.tts().synthesize(standard(&format!("Status {status}."))).await.unwrap();
        assert!(rig.control().pending_faults().is_empty(), "{status}: the fault was hit");
        assert_ne!(clip.status, ClipStatus::Complete, "{status}");
        assert_eq!(rig.control().speech_request_count(&clip.request_id), 1, "{status}: sent exactly once");
        assert_eq!(charged(&rig, &clip.request_id), 0, "{status}");
    }
}

/// Proves H1 (the cap): a retryable failure that keeps coming stops after
/// `max_attempts` sends, all under one `X-Request-ID`, and the clip is left for a manual retry.
#[tokio::test]
async fn automatic_speech_retries_stop_at_the_cap() {
    let rig = personal().await;
    let cap = fast_policy().max_attempts;
    rig.control().inject(Fault { route: Route::Speech, kind: FaultKind::Status(502), times: 10 });
    let clip = rig.core.tts().synthesize(standard("Always a bad gateway.")).await.unwrap();
    assert_ne!(clip.status, ClipStatus::Complete);
    assert!(clip.retryable, "the person may retry, under the same id");
    assert_eq!(rig.control().speech_request_count(&clip.request_id), cap, "capped at {cap} sends");
    assert_eq!(rig.control().pending_faults()[0].times, 10 - cap);
    assert_eq!(charged(&rig, &clip.request_id), 0);
    rig.control().clear_faults();
}

/// Proves S4 ("no half-recorded charge"), the step after the audio: settling a clip and
/// writing its charge to the points ledger are one transaction. Here the ledger write fails
/// (a trigger stands in for a full disk or a kill at that moment): the clip is then NOT
/// marked complete either, so the next start resumes it under the same request id, finds it
/// settled at the platform, keeps the saved audio, and records the charge exactly once.
#[tokio::test]
async fn a_clip_is_never_complete_without_its_ledger_row_and_the_next_start_heals_it() {
    let rig = personal().await;
    sqlx::query(
        "CREATE TRIGGER s4_ledger_fails BEFORE INSERT ON points_ledger
         BEGIN SELECT RAISE(ABORT, 'the ledger write failed'); END",
    )
    .execute(rig.core.db().pool())
    .await
    .unwrap();
    let failed = rig.core.tts().synthesize(standard("Charged, then the ledger write failed.")).await;
    assert!(failed.is_err(), "the failed ledger write is reported: {failed:?}");
    let (id, request_id, status): (String, String, String) =
        sqlx::query_as("SELECT id, request_id, status FROM tts_clips")
            .fetch_one(rig.core.db().pool())
            .await
            .unwrap();
    assert_ne!(status, "complete", "the clip was rolled back with its ledger row");
    assert_eq!(charged(&rig, &request_id), 1, "the platform did charge");
    assert!(super::ledger_rows(&rig, &request_id).await.is_empty());
    // The audio was written before the rows: it stays for the next start.
    assert!(rig.dir.path().join("audio").join(format!("{id}.mp3")).is_file(), "the audio file stays");

    sqlx::query("DROP TRIGGER s4_ledger_fails").execute(rig.core.db().pool()).await.unwrap();
    let base = rig.sandbox.base_url();
    let next = crate::host::Core::start(crate::host::CoreOptions {
        data_dir: rig.dir.path().to_path_buf(),
        env: Box::new(move |k| (k == crate::foundation::config::ENV_SANDBOX_URL).then(|| base.clone())),
        version: "test".into(),
        keychain: rig.keys.clone(),
        browser: rig.browser.clone(),
        events: std::sync::Arc::new(crate::events::NoEvents),
    })
    .await
    .unwrap();
    assert_eq!(next.tts().resume_tts_clips().await.unwrap(), 1);
    let status: String = sqlx::query_scalar("SELECT status FROM tts_clips WHERE id = ?")
        .bind(&id)
        .fetch_one(rig.core.db().pool())
        .await
        .unwrap();
    assert_eq!(status, "complete");
    assert_eq!(charged(&rig, &request_id), 1, "resumed under the same id: no second charge");
    assert_eq!(rig.control().speech_request_count(&request_id), 2, "the same X-Request-ID sent again");
    assert_eq!(super::ledger_rows(&rig, &request_id).await.len(), 1, "the charge is in the ledger once");
}
