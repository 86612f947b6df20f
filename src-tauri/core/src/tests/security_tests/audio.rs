//! One audio output stream for the life of the app (R2).

use super::*;

// ---- R2: one output stream for the life of the app -------------------------------------

/// Proves R2 ("the output stream lives as long as the app"), which the audio module's own
/// rebuild test leaves open (one open before and one after a device error would also be
/// counted by an engine that opened the device on every play): many plays, pauses, stops
/// and clip changes open the device once; only a device error makes the next play open a
/// new one, which is then kept again.
#[tokio::test]
async fn the_audio_output_is_opened_once_and_only_reopened_after_a_device_error() {
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

    use crate::audio::engine::{AudioEngine, Opener};

    let rig = crate::tts::tests::personal().await;
    let opened = Arc::new(AtomicUsize::new(0));
    let failed_flag: Arc<Mutex<Option<Arc<AtomicBool>>>> = Arc::default();
    let inner = crate::audio::fake::fake_opener(1);
    let opener: Opener = {
        let (opened, failed_flag) = (opened.clone(), failed_flag.clone());
        Arc::new(move |failed| {
            opened.fetch_add(1, Ordering::SeqCst);
            *failed_flag.lock().unwrap() = Some(failed.clone());
            inner(failed)
        })
    };
    rig.core.audio().set_engine(AudioEngine::new(opener));
    let a = rig.core.tts().synthesize(crate::tts::tests::standard("First clip.")).await.unwrap();
    let b = rig.core.tts().synthesize(crate::tts::tests::standard("Second clip.")).await.unwrap();
    for id in [&a.id, &b.id, &a.id] {
        rig.core.tts().play_clip(id).await.unwrap();
        rig.core.audio().pause_playback().await.unwrap();
        rig.core.audio().resume_playback().await.unwrap();
        rig.core.audio().stop_playback().await.unwrap();
    }
    rig.core.tts().play_clip(&b.id).await.unwrap();
    assert_eq!(opened.load(Ordering::SeqCst), 1, "one output for every play, pause and stop");

    failed_flag.lock().unwrap().as_ref().unwrap().store(true, Ordering::SeqCst);
    rig.core.audio().playback_state().await.unwrap();
    rig.core.tts().play_clip(&a.id).await.unwrap();
    rig.core.tts().play_clip(&b.id).await.unwrap();
    assert_eq!(opened.load(Ordering::SeqCst), 2, "rebuilt once after the device error, then kept");
    rig.core.audio().stop_playback().await.unwrap();
}
