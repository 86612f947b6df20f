//! Playback: real sandbox mp3 and wav decoded with rodio, controls through the one audio
//! thread, no device (R1), device errors (R2), corrupt and truncated audio (R3).

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use xiaoya_sandbox as sb;

use super::engine::{AudioEngine, Opener};
use super::fake::fake_opener;
use super::probe::{probe, ProbeError};
use super::wire::{AudioDevice, PlaybackStatus};
use crate::foundation::error::ErrorCode;
use crate::testing::Rig;
use crate::tts::tests::{personal, req, standard};
use crate::tts::wire::{Clip, ClipStatus};

const TEXT: &str = "Xiaoya reads this sentence aloud so the player has something to chew on for a while.";

async fn clip(rig: &Rig, format: &str) -> Clip {
    let clip = rig
        .core
        .tts()
        .synthesize(req(sb::TTS_CONFIG_STANDARD, sb::VOICE_NEWS_ANCHOR, TEXT, format))
        .await
        .unwrap();
    assert_eq!(clip.status, ClipStatus::Complete);
    clip
}

fn audio_path(rig: &Rig, clip: &Clip) -> std::path::PathBuf {
    rig.dir.path().join("audio").join(format!("{}.{}", clip.id, clip.format))
}

#[tokio::test]
async fn real_mp3_and_wav_from_the_platform_decode_to_their_reported_length() {
    let rig = personal().await;
    for format in ["mp3", "wav"] {
        let clip = clip(&rig, format).await;
        let p = probe(&audio_path(&rig, &clip), format).unwrap();
        let reported: u64 =
            clip.receipt.as_ref().unwrap().audio_duration_ms.as_deref().unwrap().parse().unwrap();
        let decoded = p.duration.as_millis() as u64;
        assert!(
            decoded.abs_diff(reported) <= reported / 20 + 60,
            "{format}: decoded {decoded} ms, reported {reported} ms"
        );
        assert!(p.sample_rate > 0 && p.channels > 0);
    }
}

#[tokio::test]
async fn corrupt_or_truncated_audio_is_an_error_never_a_panic_or_hang() {
    let rig = personal().await;
    let dir = tempfile::tempdir().unwrap();
    for format in ["mp3", "wav"] {
        let clip = clip(&rig, format).await;
        let bytes = std::fs::read(audio_path(&rig, &clip)).unwrap();
        let half = dir.path().join(format!("half.{format}"));
        std::fs::write(&half, &bytes[..bytes.len() / 2]).unwrap();
        assert!(matches!(probe(&half, format), Err(ProbeError::Truncated { .. })), "{format} cut in half");
        let mut scrambled = bytes.clone();
        for (i, b) in scrambled.iter_mut().enumerate().skip(64) {
            *b = b.wrapping_mul(31).wrapping_add(i as u8);
        }
        let garbage = dir.path().join(format!("garbage.{format}"));
        std::fs::write(&garbage, &scrambled).unwrap();
        let started = std::time::Instant::now();
        let _ = probe(&garbage, format); // an error or a (noisy) decode, but it returns
        assert!(started.elapsed() < Duration::from_secs(20));
    }
    let noise = dir.path().join("noise.mp3");
    std::fs::write(
        &noise,
        (0..50_000u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 24) as u8).collect::<Vec<_>>(),
    )
    .unwrap();
    assert!(probe(&noise, "mp3").is_err());
    let empty = dir.path().join("empty.wav");
    std::fs::write(&empty, b"").unwrap();
    assert_eq!(probe(&empty, "wav"), Err(ProbeError::Empty));
    let header_only = dir.path().join("header.wav");
    std::fs::write(&header_only, b"RIFF\x24\x00\x00\x00WAVEfmt ").unwrap();
    assert!(probe(&header_only, "wav").is_err());
}

#[tokio::test]
async fn playing_a_damaged_clip_reports_it_and_the_player_keeps_working() {
    let rig = personal().await;
    rig.core.audio().set_engine(AudioEngine::new(fake_opener(20)));
    let damaged = clip(&rig, "mp3").await;
    let path = audio_path(&rig, &damaged);
    let bytes = std::fs::read(&path).unwrap();
    std::fs::write(&path, &bytes[..bytes.len() / 3]).unwrap();
    let err = rig.core.tts().play_clip(&damaged.id).await.unwrap_err();
    assert_eq!(err.code(), ErrorCode::AudioUnreadable);
    let good = clip(&rig, "wav").await;
    assert_eq!(rig.core.tts().play_clip(&good.id).await.unwrap().status, PlaybackStatus::Playing);
}

/// A replay of an unchanged clip starts without decoding it again; a clip whose file
/// changed after it was checked is decoded again, so damage is still caught (R3).
#[tokio::test]
async fn a_replay_skips_the_decode_check_until_the_file_changes() {
    let rig = personal().await;
    rig.core.audio().set_engine(AudioEngine::new(fake_opener(20)));
    let clip = clip(&rig, "mp3").await;
    let decodes = || rig.core.audio().probes().decodes();
    assert_eq!(decodes(), 0);
    rig.core.tts().play_clip(&clip.id).await.unwrap();
    assert_eq!(decodes(), 1, "checked before its first play");
    rig.core.audio().stop_playback().await.unwrap();
    rig.core.tts().play_clip(&clip.id).await.unwrap();
    rig.core.tts().play_clip(&clip.id).await.unwrap();
    assert_eq!(decodes(), 1, "replays use the earlier check");
    rig.core.audio().stop_playback().await.unwrap();

    // The file is damaged after it was checked: it is decoded again and refused.
    let path = audio_path(&rig, &clip);
    let bytes = std::fs::read(&path).unwrap();
    std::fs::write(&path, &bytes[..bytes.len() / 3]).unwrap();
    let err = rig.core.tts().play_clip(&clip.id).await.unwrap_err();
    assert_eq!(err.code(), ErrorCode::AudioUnreadable);
    assert_eq!(decodes(), 2);
}

#[tokio::test]
async fn without_an_audio_device_playback_says_so_and_clips_stay_saved_and_exportable() {
    let rig = personal().await;
    rig.core.audio().set_engine(AudioEngine::new(Arc::new(|_| {
        Err(super::engine::AudioError::Unavailable("no default output device".to_owned()))
    })));
    let clip = rig.core.tts().synthesize(standard("No speakers here.")).await.unwrap();
    assert_eq!(clip.status, ClipStatus::Complete, "synthesis does not need a device");
    let err = rig.core.tts().play_clip(&clip.id).await.unwrap_err();
    assert_eq!(err.code(), ErrorCode::AudioUnavailable);
    let state = rig.core.audio().playback_state().await.unwrap();
    assert_eq!(state.device, AudioDevice::Unavailable);
    assert!(state.device_message.is_some());
    // Without a device the clip can still be saved.
    let doc = rig.core.tts().clip_document(&clip.id).await.unwrap();
    assert!(!doc.bytes.is_empty());
}

#[tokio::test]
async fn play_pause_seek_volume_stop_and_the_end() {
    let rig = personal().await;
    rig.core.audio().set_engine(AudioEngine::new(fake_opener(4)));
    let clip = clip(&rig, "mp3").await;
    let state = rig.core.tts().play_clip(&clip.id).await.unwrap();
    assert_eq!(state.status, PlaybackStatus::Playing);
    assert_eq!(state.device, AudioDevice::Ready);
    let duration = state.duration_ms.unwrap();
    assert!(duration > 2_000, "a clip long enough to steer: {duration} ms");

    tokio::time::sleep(Duration::from_millis(150)).await;
    let paused = rig.core.audio().pause_playback().await.unwrap();
    assert_eq!(paused.status, PlaybackStatus::Paused);
    assert!(paused.position_ms > 0, "it advanced");
    tokio::time::sleep(Duration::from_millis(150)).await;
    let still = rig.core.audio().playback_state().await.unwrap();
    assert!(still.position_ms.abs_diff(paused.position_ms) < 60, "paused stays put");

    let sought = rig.core.audio().seek_playback(duration / 2).await.unwrap();
    assert_eq!(sought.status, PlaybackStatus::Paused, "seeking keeps it paused");
    assert!(sought.position_ms.abs_diff(duration / 2) < 100, "{} vs {}", sought.position_ms, duration / 2);
    let loud = rig.core.audio().set_playback_volume(0.25).await.unwrap();
    assert_eq!(loud.volume, 0.25);
    assert_eq!(rig.core.audio().set_playback_volume(3.0).await.unwrap_err().code(), ErrorCode::InvalidInput);
    assert_eq!(rig.core.audio().resume_playback().await.unwrap().status, PlaybackStatus::Playing);

    // At 4× speed the rest plays out quickly.
    let mut ended = false;
    for _ in 0..100 {
        tokio::time::sleep(Duration::from_millis(100)).await;
        let s = rig.core.audio().playback_state().await.unwrap();
        if s.status == PlaybackStatus::Ended {
            assert_eq!(s.position_ms, duration);
            ended = true;
            break;
        }
    }
    assert!(ended, "playback reached the end");
    assert_eq!(
        rig.core.audio().resume_playback().await.unwrap().status,
        PlaybackStatus::Playing,
        "play again from the start"
    );
    let stopped = rig.core.audio().stop_playback().await.unwrap();
    assert_eq!((stopped.status, stopped.clip_id), (PlaybackStatus::Idle, None));
}

#[tokio::test]
async fn the_output_is_rebuilt_after_a_device_error() {
    let rig = personal().await;
    let opened = Arc::new(AtomicUsize::new(0));
    let flag: Arc<Mutex<Option<Arc<AtomicBool>>>> = Arc::default();
    let inner = fake_opener(4);
    let opener: Opener = {
        let (opened, flag) = (opened.clone(), flag.clone());
        Arc::new(move |failed| {
            opened.fetch_add(1, Ordering::SeqCst);
            *flag.lock().unwrap() = Some(failed.clone());
            inner(failed)
        })
    };
    rig.core.audio().set_engine(AudioEngine::new(opener));
    let clip = clip(&rig, "wav").await;
    rig.core.tts().play_clip(&clip.id).await.unwrap();
    // The device reports an error (unplugged, server restarted …).
    flag.lock().unwrap().as_ref().unwrap().store(true, Ordering::SeqCst);
    let state = rig.core.audio().playback_state().await.unwrap();
    assert_eq!(state.device, AudioDevice::Unavailable);
    assert_eq!(state.status, PlaybackStatus::Paused);
    let again = rig.core.tts().play_clip(&clip.id).await.unwrap();
    assert_eq!((again.status, again.device), (PlaybackStatus::Playing, AudioDevice::Ready));
    assert_eq!(opened.load(Ordering::SeqCst), 2, "a new output was opened");
}

#[tokio::test]
async fn deleting_the_playing_clip_stops_it() {
    let rig = personal().await;
    rig.core.audio().set_engine(AudioEngine::new(fake_opener(1)));
    let clip = clip(&rig, "mp3").await;
    rig.core.tts().play_clip(&clip.id).await.unwrap();
    rig.core.tts().delete_clip(&clip.id).await.unwrap();
    let state = rig.core.audio().playback_state().await.unwrap();
    assert_eq!(state.status, PlaybackStatus::Idle);
}

#[tokio::test]
async fn the_system_output_either_plays_or_says_clearly_that_there_is_none() {
    let rig = personal().await;
    let clip = clip(&rig, "wav").await;
    let started = std::time::Instant::now();
    match rig.core.tts().play_clip(&clip.id).await {
        Ok(state) => assert_eq!((state.status, state.device), (PlaybackStatus::Playing, AudioDevice::Ready)),
        Err(err) => assert_eq!(err.code(), ErrorCode::AudioUnavailable, "{err}"),
    }
    assert!(started.elapsed() < Duration::from_secs(15), "no hang on a missing device");
    let _ = rig.core.audio().stop_playback().await;
}
