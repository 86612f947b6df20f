//! Playback of saved clips in Rust (rodio 0.23). Clips are checked (decoded once) before they
//! reach the device, so a corrupt or truncated file is an error, never a panic or a hang.
//! Without an audio device playback says so clearly; the clips stay saved and exportable.

pub mod engine;
#[cfg(test)]
pub mod fake;
pub mod probe;
pub mod stream_errors;
pub mod wire;

#[cfg(test)]
mod bench;
#[cfg(test)]
mod tests;

use std::time::Duration;

use engine::AudioError;
use wire::PlaybackState;

use crate::foundation::error::{Error, Result};

/// Bounds the one-time decode of a clip before playback.
const PROBE_TIMEOUT: Duration = Duration::from_secs(30);

impl From<AudioError> for Error {
    fn from(err: AudioError) -> Self {
        match err {
            AudioError::Unavailable(m) => Error::AudioUnavailable(m),
            AudioError::Unreadable(m) => Error::AudioUnreadable(m),
        }
    }
}

/// Decodes a file once on a blocking thread, within a time limit.
pub async fn check_audio(path: std::path::PathBuf, format: String) -> Result<probe::Probe> {
    let task = tokio::task::spawn_blocking(move || probe::probe(&path, &format));
    match tokio::time::timeout(PROBE_TIMEOUT, task).await {
        Ok(Ok(Ok(probe))) => Ok(probe),
        Ok(Ok(Err(e))) => Err(Error::AudioUnreadable(e.to_string())),
        Ok(Err(_)) => Err(Error::AudioUnreadable("the decoder failed".into())),
        Err(_) => Err(Error::AudioUnreadable("decoding took too long".into())),
    }
}

/// The `Audio` service: the one output thread and the clips already decoded once. It knows
/// files, not clips: `Tts::play_clip` finds a clip's audio and hands it here.
pub struct Audio {
    /// Behind a lock only so tests can play through a simulated device (`set_engine`).
    engine: std::sync::RwLock<std::sync::Arc<engine::AudioEngine>>,
    probes: probe::ProbeCache,
    /// The clip last started and the session that was paying when it started: when another
    /// session starts paying (or none does), that clip stops (`follow_payer`).
    started_for: std::sync::Mutex<Option<StartedFor>>,
    /// Where playback changes are announced, kept for an engine a test puts in its place
    /// (`set_engine`); the app's one engine is given it at the start.
    #[cfg(test)]
    listener: crate::foundation::emitter::Emitter<wire::PlaybackState>,
}

struct StartedFor {
    clip_id: String,
    session_id: String,
}

impl Audio {
    pub fn new(
        engine: engine::AudioEngine,
        listener: crate::foundation::emitter::Emitter<wire::PlaybackState>,
    ) -> Self {
        engine.announce_to(listener.clone());
        Audio {
            engine: std::sync::RwLock::new(std::sync::Arc::new(engine)),
            probes: probe::ProbeCache::default(),
            started_for: std::sync::Mutex::default(),
            #[cfg(test)]
            listener,
        }
    }

    fn audio(&self) -> std::sync::Arc<engine::AudioEngine> {
        self.engine.read().unwrap_or_else(|p| p.into_inner()).clone()
    }

    /// Tests play through a simulated device (or none).
    #[cfg(test)]
    pub fn set_engine(&self, engine: engine::AudioEngine) {
        engine.announce_to(self.listener.clone());
        *self.engine.write().unwrap_or_else(|p| p.into_inner()) = std::sync::Arc::new(engine);
    }

    /// Clips already decoded before playback (see `probe::ProbeCache`).
    pub fn probes(&self) -> &probe::ProbeCache {
        &self.probes
    }

    /// The clip decoded from start to end once (R3), or the earlier result when the file is
    /// unchanged since (same length and modification time).
    async fn checked_audio(&self, path: &std::path::Path, format: &str) -> Result<probe::Probe> {
        let stamp = probe::Stamp::of(path);
        if let Some(hit) = stamp.and_then(|s| self.probes.get(path, s)) {
            return Ok(hit);
        }
        self.probes.count_decode();
        let checked = check_audio(path.to_path_buf(), format.to_owned()).await?;
        // Only if the file did not change while it was being decoded.
        if let Some(stamp) = stamp.filter(|s| probe::Stamp::of(path) == Some(*s)) {
            self.probes.put(path.to_path_buf(), stamp, checked);
        }
        Ok(checked)
    }

    /// Plays a saved clip's file from the start, checked first. No network, no charge.
    /// `paying_session` is the session paying when it starts: the clip belongs to its context.
    pub async fn play_file(
        &self,
        clip_id: String,
        path: std::path::PathBuf,
        format: String,
        paying_session: String,
    ) -> Result<PlaybackState> {
        let probe = self.checked_audio(&path, &format).await?;
        let started = StartedFor { clip_id: clip_id.clone(), session_id: paying_session };
        let state = self.audio().play(clip_id, path, format, probe.duration).await?;
        *self.started_for.lock().unwrap_or_else(|p| p.into_inner()) = Some(started);
        Ok(state)
    }

    /// No orphan player: when the paying session is no longer the one a clip was started
    /// under (another context pays, the person signed out, or the payer ended and none is
    /// chosen), that clip stops, and the stop is announced like any other. Any other change
    /// of the sessions leaves it playing.
    pub fn follow_payer(&self, paying_session: Option<&str>) {
        let mut started = self.started_for.lock().unwrap_or_else(|p| p.into_inner());
        let left = started.as_ref().is_some_and(|s| Some(s.session_id.as_str()) != paying_session);
        if left {
            if let Some(s) = started.take() {
                self.audio().stop_if(&s.clip_id);
            }
        }
    }

    pub async fn pause_playback(&self) -> Result<PlaybackState> {
        Ok(self.audio().pause().await?)
    }

    pub async fn resume_playback(&self) -> Result<PlaybackState> {
        Ok(self.audio().resume().await?)
    }

    pub async fn stop_playback(&self) -> Result<PlaybackState> {
        Ok(self.audio().stop().await?)
    }

    pub async fn seek_playback(&self, position_ms: u32) -> Result<PlaybackState> {
        Ok(self.audio().seek(Duration::from_millis(u64::from(position_ms))).await?)
    }

    /// 0.0–1.0.
    pub async fn set_playback_volume(&self, volume: f32) -> Result<PlaybackState> {
        if !volume.is_finite() || !(0.0..=1.0).contains(&volume) {
            return Err(Error::InvalidInput("volume is from 0 to 1".into()));
        }
        Ok(self.audio().set_volume(volume).await?)
    }

    pub async fn playback_state(&self) -> Result<PlaybackState> {
        Ok(self.audio().state().await?)
    }

    pub(crate) fn stop_if_playing(&self, clip_id: &str) {
        self.audio().stop_if(clip_id);
    }
}
