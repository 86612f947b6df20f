//! The audio ledger: every clip with what was asked and what it cost; search, filter, replay
//! with no network and no charge, export, delete.

use std::time::Duration;

use xiaoya_sandbox::{self as sb, Fault, FaultKind, Route};

use super::{personal, req, standard};
use crate::audio::engine::AudioEngine;
use crate::audio::fake::fake_opener;
use crate::audio::wire::PlaybackStatus;
use crate::auth::wire::ContextRequest;
use crate::foundation::error::ErrorCode;
use crate::tts::wire::{ClipFilter, ClipStatus};

#[tokio::test]
async fn every_clip_is_kept_with_what_was_asked_and_what_it_cost() {
    let rig = personal().await;
    let clip = rig
        .core
        .tts()
        .synthesize(req(sb::TTS_CONFIG_STANDARD, sb::VOICE_XIAOXIAO, "记账本里的一句话", "wav"))
        .await
        .unwrap();
    let listed = rig.core.tts().tts_clips(ClipFilter::default()).await.unwrap();
    assert_eq!(listed.len(), 1);
    let kept = &listed[0];
    assert_eq!(kept.id, clip.id);
    assert_eq!(kept.input, "记账本里的一句话");
    assert_eq!(
        (kept.tts_config_id.as_str(), kept.voice_id.as_str()),
        (sb::TTS_CONFIG_STANDARD, sb::VOICE_XIAOXIAO)
    );
    assert_eq!(kept.config_name, "Aurora Speech v2");
    assert_eq!(kept.voice_name, "Xiaoxiao (bright)");
    assert_eq!(kept.format, "wav");
    assert_eq!(kept.estimate.total_points.as_deref(), Some("2"));
    assert_eq!(kept.receipt.as_ref().unwrap().charged_points.as_deref(), Some("2"));
    assert_eq!(kept.request_id, clip.request_id);
    assert!(kept.has_audio && kept.completed_at.is_some());
    assert!(
        time::OffsetDateTime::parse(&kept.created_at, &time::format_description::well_known::Rfc3339).is_ok()
    );
}

#[tokio::test]
async fn search_and_filter() {
    let rig = personal().await;
    rig.core.tts().synthesize(standard("The quick brown fox.")).await.unwrap();
    rig.core
        .tts()
        .synthesize(req(sb::TTS_CONFIG_CJK, sb::VOICE_YUNXI, "敏捷的棕色狐狸", "mp3"))
        .await
        .unwrap();
    rig.control().set_personal_balance(sb::PersonalBalance { subscription: 0, gift_card: 0, recharge: 0 });
    rig.core.tts().synthesize(standard("Too poor for 100% of this_one.")).await.unwrap();

    let find = |query: &str| ClipFilter { query: Some(query.into()), ..Default::default() };
    assert_eq!(rig.core.tts().tts_clips(find("quick")).await.unwrap().len(), 1);
    assert_eq!(rig.core.tts().tts_clips(find("狐狸")).await.unwrap().len(), 1);
    assert_eq!(
        rig.core.tts().tts_clips(find("yunxi")).await.unwrap().len(),
        1,
        "voice names, case-insensitive"
    );
    assert_eq!(rig.core.tts().tts_clips(find("100%")).await.unwrap().len(), 1, "% is literal");
    assert_eq!(
        rig.core.tts().tts_clips(find("k_b")).await.unwrap().len(),
        0,
        "_ is literal, not any character"
    );
    let by_status = ClipFilter { status: Some(ClipStatus::Failed), ..Default::default() };
    assert_eq!(rig.core.tts().tts_clips(by_status).await.unwrap().len(), 1);
    let by_config = ClipFilter { tts_config_id: Some(sb::TTS_CONFIG_CJK.into()), ..Default::default() };
    assert_eq!(rig.core.tts().tts_clips(by_config).await.unwrap().len(), 1);
    let all = rig.core.tts().tts_clips(ClipFilter::default()).await.unwrap();
    assert_eq!(all.len(), 3);
    assert!(all[0].created_at >= all[2].created_at, "newest first");
}

#[tokio::test]
async fn clips_of_one_context_are_not_listed_in_another() {
    let rig = personal().await;
    let personal_clip = rig.core.tts().synthesize(standard("Personal only.")).await.unwrap();
    rig.sign_in(ContextRequest::Team { team_id: sb::TEAM_ALPHA_ID.into(), make_payer: true }).await;
    assert!(rig.core.tts().tts_clips(ClipFilter::default()).await.unwrap().is_empty());
    assert_eq!(rig.core.tts().tts_clip(&personal_clip.id).await.unwrap_err().code(), ErrorCode::InvalidInput);
    assert_eq!(
        rig.core.tts().clip_document(&personal_clip.id).await.unwrap_err().code(),
        ErrorCode::InvalidInput
    );
}

#[tokio::test]
async fn replay_and_export_need_no_network_and_charge_nothing() {
    let rig = personal().await;
    rig.core.audio().set_engine(AudioEngine::new(fake_opener(20)));
    let clip = rig.core.tts().synthesize(standard("Replay me offline.")).await.unwrap();
    let charges = rig.control().charges().len();
    // From here on every platform request would fail.
    rig.control().inject(Fault { route: Route::Any, kind: FaultKind::ResetBeforeCommit, times: 1_000 });

    let state = rig.core.tts().play_clip(&clip.id).await.unwrap();
    assert_eq!(state.status, PlaybackStatus::Playing);
    assert_eq!(state.clip_id.as_deref(), Some(clip.id.as_str()));
    let listed = rig.core.tts().tts_clips(ClipFilter::default()).await.unwrap();
    assert_eq!(listed.len(), 1);

    // Saving is the clip's own audio, written exactly where the save dialog said.
    let doc = rig.core.tts().clip_document(&clip.id).await.unwrap();
    assert!(doc.name.ends_with(".mp3"), "{}", doc.name);
    let original = std::fs::read(rig.dir.path().join("audio").join(format!("{}.mp3", clip.id))).unwrap();
    assert_eq!(doc.bytes, original);
    let chosen = tempfile::tempdir().unwrap();
    let saved =
        crate::documents::save(rig.core.db(), &doc, &chosen.path().join("my narrator")).await.unwrap();
    assert_eq!(std::path::PathBuf::from(&saved.path), chosen.path().join("my narrator.mp3"));
    assert_eq!(std::fs::read(&saved.path).unwrap(), original);

    tokio::time::sleep(Duration::from_millis(100)).await;
    assert_eq!(rig.control().charges().len(), charges, "no charge");
    assert_eq!(rig.control().speech_request_count(&clip.request_id), 1, "no request");
}

#[tokio::test]
async fn delete_removes_the_clip_and_its_audio_but_not_the_charge_record() {
    let rig = personal().await;
    let clip = rig.core.tts().synthesize(standard("Delete me.")).await.unwrap();
    let file = rig.dir.path().join("audio").join(format!("{}.mp3", clip.id));
    assert!(file.exists());
    rig.core.tts().delete_clip(&clip.id).await.unwrap();
    assert!(!file.exists());
    assert!(rig.core.tts().tts_clips(ClipFilter::default()).await.unwrap().is_empty());
    assert_eq!(
        super::ledger_rows(&rig, &clip.request_id).await.len(),
        1,
        "the points ledger keeps its history"
    );
    assert_eq!(rig.core.tts().delete_clip(&clip.id).await.unwrap_err().code(), ErrorCode::InvalidInput);
}
