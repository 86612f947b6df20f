//! After a crash or kill mid-request the next start resumes with the same request id (H1,
//! S4): a journaled request is sent under its id, and a request the platform already
//! settled uses the audio saved when it arrived.

use xiaoya_sandbox as sb;

use super::{charged, fast_policy, personal, standard};
use crate::host::Core;
use crate::testing::Rig;
use crate::tts::wire::{ClipFilter, ClipStatus};

/// A second start of the app on the same data folder and keychain.
async fn restart(rig: &Rig) -> Core {
    let core = rig.second_start().await;
    core.tts().state().set_policy(fast_policy());
    core
}

#[tokio::test]
async fn a_request_journaled_before_a_crash_is_sent_on_the_next_start_under_its_id() {
    let rig = personal().await;
    // The app stops right after journaling, before the first send.
    let (_, row) = rig.core.tts().journal_speech(standard("Journaled, then the app died.")).await.unwrap();
    let clip_id = row.id;
    let journaled = rig.core.tts().tts_clip(&clip_id).await.unwrap();
    assert_eq!(journaled.status, ClipStatus::Pending);
    assert_eq!(rig.control().speech_request_count(&journaled.request_id), 0);

    let next = restart(&rig).await;
    assert_eq!(next.tts().resume_tts_clips().await.unwrap(), 1);
    let done = next.tts().tts_clip(&clip_id).await.unwrap();
    assert_eq!(done.status, ClipStatus::Complete);
    assert_eq!(done.request_id, journaled.request_id);
    assert_eq!(rig.control().speech_request_count(&journaled.request_id), 1);
    assert_eq!(charged(&rig, &journaled.request_id), 1);
    assert_eq!(next.tts().resume_tts_clips().await.unwrap(), 0, "nothing left to resume");
}

#[tokio::test]
async fn a_settled_request_found_on_resume_uses_the_audio_saved_before_the_crash() {
    let rig = personal().await;
    let clip = rig.core.tts().synthesize(standard("Saved, but the ledger never heard.")).await.unwrap();
    let audio = rig.dir.path().join("audio").join(format!("{}.mp3", clip.id));
    let bytes = std::fs::read(&audio).unwrap();
    // The crash came after the atomic write and before the ledger marked the clip complete.
    sqlx::query(
        "UPDATE tts_clips SET status = 'pending', audio_file = NULL, audio_bytes = NULL WHERE id = ?",
    )
    .bind(&clip.id)
    .execute(rig.core.db().pool())
    .await
    .unwrap();
    // A leftover partial file from the crash is swept, never mistaken for audio.
    std::fs::write(rig.dir.path().join("audio").join(format!(".{}.mp3.dead.part", clip.id)), b"half")
        .unwrap();

    let next = restart(&rig).await;
    assert_eq!(next.tts().resume_tts_clips().await.unwrap(), 1);
    let done = next.tts().tts_clip(&clip.id).await.unwrap();
    assert_eq!(done.status, ClipStatus::Complete, "TTS_REQUEST_ALREADY_SETTLED: the saved audio is the clip");
    assert!(done.has_audio);
    assert_eq!(std::fs::read(&audio).unwrap(), bytes);
    assert_eq!(
        done.receipt.as_ref().unwrap().charged_points.as_deref(),
        Some("2"),
        "the receipt kept before the crash"
    );
    assert_eq!(rig.control().speech_request_count(&clip.request_id), 2);
    assert_eq!(charged(&rig, &clip.request_id), 1, "no second charge");
    assert_eq!(super::ledger_rows(&rig, &clip.request_id).await.len(), 1);
    let leftovers: Vec<_> = std::fs::read_dir(rig.dir.path().join("audio"))
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().ends_with(".part"))
        .collect();
    assert!(leftovers.is_empty());
}

#[tokio::test]
async fn a_clip_whose_context_is_signed_out_waits_for_that_context() {
    let rig = personal().await;
    let clip_id = rig.core.tts().journal_speech(standard("Waiting for Personal.")).await.unwrap().1.id;
    let id = rig.core.auth().sessions_view().await.unwrap().active_id.unwrap();
    rig.core.auth().sign_out(&id).await.unwrap();
    let team = rig
        .sign_in(crate::auth::wire::ContextRequest::Team {
            team_id: sb::TEAM_ALPHA_ID.into(),
            make_payer: true,
        })
        .await;
    assert_eq!(
        rig.core.tts().resume_tts_clips().await.unwrap(),
        0,
        "never sent on another context's account"
    );
    assert!(rig.control().charges().is_empty());
    assert!(rig.core.tts().tts_clips(ClipFilter::default()).await.unwrap().is_empty());
    let _ = (team, clip_id);
}

#[tokio::test]
async fn the_audio_integrity_survives_a_restart() {
    let rig = personal().await;
    let clip = rig.core.tts().synthesize(standard("Integrity check.")).await.unwrap();
    drop(restart(&rig).await);
    let ok: String =
        sqlx::query_scalar("PRAGMA integrity_check").fetch_one(rig.core.db().pool()).await.unwrap();
    assert_eq!(ok, "ok");
    assert_eq!(rig.core.tts().tts_clip(&clip.id).await.unwrap().status, ClipStatus::Complete);
}

/// Proves H1 (issue 13): a clip whose last answer was a 500 (outcome unknown, "the person
/// decides") is not re-sent by a restart; it still offers Retry under its id.
#[tokio::test]
async fn a_clip_left_to_the_person_is_not_resent_on_the_next_start() {
    let rig = personal().await;
    rig.control().inject(sb::Fault::once(sb::Route::Speech, sb::FaultKind::Status(500)));
    let clip = rig.core.tts().synthesize(standard("A 500, then a restart.")).await.unwrap();
    assert_eq!(clip.status, ClipStatus::Unknown);
    assert_eq!(rig.control().speech_request_count(&clip.request_id), 1);

    let next = restart(&rig).await;
    assert_eq!(next.tts().resume_tts_clips().await.unwrap(), 0, "not re-sent by itself");
    assert_eq!(rig.control().speech_request_count(&clip.request_id), 1);
    let after = next.tts().tts_clip(&clip.id).await.unwrap();
    assert_eq!(after.status, ClipStatus::Unknown);
    assert!(after.retryable);
    let retried = next.tts().retry_clip(&clip.id).await.unwrap();
    assert_eq!(retried.status, ClipStatus::Complete);
    assert_eq!(retried.request_id, clip.request_id);
}
