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
        let clip = rig.core.synthesize(standard(&format!("Status {status}."))).await.unwrap();
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
    let clip = rig.core.synthesize(standard("Always a bad gateway.")).await.unwrap();
    assert_ne!(clip.status, ClipStatus::Complete);
    assert!(clip.retryable, "the person may retry, under the same id");
    assert_eq!(rig.control().speech_request_count(&clip.request_id), cap, "capped at {cap} sends");
    assert_eq!(rig.control().pending_faults()[0].times, 10 - cap);
    assert_eq!(charged(&rig, &clip.request_id), 0);
    rig.control().clear_faults();
}

/// S4 ("no half-recorded charge"), the step after the audio: a clip is marked complete
/// (`complete_clip`) and its charge written to the points ledger (`record_charge`) as two
/// separate writes, and the next start only resumes `pending`/`unknown` clips. A kill between
/// the two writes therefore leaves a settled charge that the ledger ("why did my balance
/// change") never shows. This test recreates exactly that state and expects the next start
/// to heal it; it FAILS today, so it is ignored until the production code records both in
/// one transaction or reconciles complete clips without a ledger row on start.
/// Run it with `cargo test -p xiaoya-core s4_gap -- --ignored`.
#[tokio::test]
#[ignore = "S4 gap, fails today: clip completion and its ledger row are not atomic (see tests/SECURITY_TESTS.md)"]
async fn s4_gap_a_kill_between_completing_a_clip_and_recording_its_charge_is_healed_on_the_next_start() {
    let rig = personal().await;
    let clip = rig.core.synthesize(standard("Charged, then killed.")).await.unwrap();
    assert_eq!(clip.status, ClipStatus::Complete);
    assert_eq!(super::ledger_rows(&rig, &clip.request_id).await.len(), 1);
    // The state a SIGKILL right after `complete_clip` leaves: complete, no ledger row.
    sqlx::query("DELETE FROM points_ledger WHERE request_id = ?")
        .bind(&clip.request_id)
        .execute(rig.core.db().pool())
        .await
        .unwrap();
    let base = rig.sandbox.base_url();
    let next = crate::host::Core::start(crate::host::CoreOptions {
        data_dir: rig.dir.path().to_path_buf(),
        env: Box::new(move |k| (k == crate::config::ENV_SANDBOX_URL).then(|| base.clone())),
        version: "test".into(),
        keychain: rig.keys.clone(),
        browser: rig.browser.clone(),
    })
    .await
    .unwrap();
    next.resume_tts_clips().await.unwrap();
    assert_eq!(charged(&rig, &clip.request_id), 1, "the platform charged once");
    assert_eq!(
        super::ledger_rows(&rig, &clip.request_id).await.len(),
        1,
        "the charge the platform settled is in the local ledger after the restart"
    );
}
