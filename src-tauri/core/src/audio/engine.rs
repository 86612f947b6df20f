//! The audio output lives on ONE dedicated thread, driven through a channel: it opens the
//! default output device on the first play (`DeviceSinkBuilder::open_default_sink()` when the
//! default device with an error callback does not open), plays one clip at a time through a
//! `Player` on its mixer, and drops and rebuilds the output after a device error (R2).
//! Seeking rebuilds the player at the new position instead of blocking on `Player::try_seek`,
//! which waits for the device callback and would hang this thread if the device stalled.

use std::any::Any;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use rodio::mixer::Mixer;
use rodio::{DeviceSinkBuilder, Player, Source};
use tokio::sync::oneshot;

use super::probe::open_decoder;
use super::stream_errors::StreamErrors;
use super::wire::{AudioDevice, PlaybackState, PlaybackStatus};
use crate::foundation::emitter::Emitter;

/// An open output: the mixer clips are added to, and whatever keeps the device alive.
pub struct Output {
    pub mixer: Mixer,
    _keep: Box<dyn Any>,
}

impl Output {
    pub fn new(mixer: Mixer, keep: impl Any) -> Self {
        Output { mixer, _keep: Box::new(keep) }
    }
}

/// Opens the output; the flag is raised from the device's error callback.
pub type Opener = Arc<dyn Fn(Arc<AtomicBool>) -> Result<Output, AudioError> + Send + Sync>;

/// The system's default output device.
pub fn system_opener() -> Opener {
    Arc::new(|failed: Arc<AtomicBool>| {
        let mut errors = StreamErrors::default();
        let with_callback = DeviceSinkBuilder::from_default_device().and_then(|builder| {
            builder
                .with_error_callback(move |err| {
                    if errors.is_fatal(err.kind(), std::time::Instant::now()) {
                        tracing::warn!(error = %err, "audio device error");
                        failed.store(true, Ordering::SeqCst);
                    } else {
                        tracing::debug!(error = %err, "audio glitch, the stream goes on");
                    }
                })
                .open_sink_or_fallback()
        });
        let mut sink = match with_callback {
            Ok(sink) => sink,
            Err(_) => {
                DeviceSinkBuilder::open_default_sink().map_err(|e| AudioError::Unavailable(e.to_string()))?
            }
        };
        sink.log_on_drop(false);
        let mixer = sink.mixer().clone();
        Ok(Output::new(mixer, sink))
    })
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AudioError {
    #[error("audio output is unavailable: {0}")]
    Unavailable(String),
    #[error("{0}")]
    Unreadable(String),
}

type Reply = oneshot::Sender<Result<PlaybackState, AudioError>>;

enum Command {
    Play { clip_id: String, path: PathBuf, format: String, duration: Duration, reply: Reply },
    Pause(Reply),
    Resume(Reply),
    Stop(Reply),
    Seek(Duration, Reply),
    Volume(f32, Reply),
    State(Reply),
    StopIf(String),
}

/// The handle on the audio thread, cheap to share. The thread starts on first use.
pub struct AudioEngine {
    opener: Opener,
    tx: Mutex<Option<mpsc::Sender<Command>>>,
    /// Where the audio thread says what playback does: every change, and the position
    /// every [`TICK`] while a clip plays (the page is told, it never asks on a timer).
    listener: Mutex<Emitter<PlaybackState>>,
}

/// How often the audio thread looks at its device and, while a clip plays, announces the
/// position.
const TICK: Duration = Duration::from_millis(200);

impl AudioEngine {
    pub fn new(opener: Opener) -> Self {
        AudioEngine { opener, tx: Mutex::new(None), listener: Mutex::new(Emitter::none()) }
    }

    /// Where playback changes are announced, from the next start of the audio thread.
    pub fn announce_to(&self, listener: Emitter<PlaybackState>) {
        *self.listener.lock().unwrap_or_else(PoisonError::into_inner) = listener;
    }

    fn send(&self, command: Command) -> Result<(), AudioError> {
        let mut slot = self.tx.lock().unwrap_or_else(PoisonError::into_inner);
        let command = match slot.as_ref() {
            Some(tx) => match tx.send(command) {
                Ok(()) => return Ok(()),
                Err(mpsc::SendError(command)) => command,
            },
            None => command,
        };
        // No thread yet, or it ended: start one.
        let (tx, rx) = mpsc::channel();
        let opener = self.opener.clone();
        let listener = self.listener.lock().unwrap_or_else(PoisonError::into_inner).clone();
        std::thread::Builder::new()
            .name("xiaoya-audio".into())
            .spawn(move || Engine::new(opener, listener).run(rx))
            .map_err(|e| AudioError::Unavailable(format!("cannot start the audio thread: {e}")))?;
        tx.send(command).map_err(|_| AudioError::Unavailable("the audio thread stopped".into()))?;
        *slot = Some(tx);
        Ok(())
    }

    async fn ask(&self, make: impl FnOnce(Reply) -> Command) -> Result<PlaybackState, AudioError> {
        let (reply, answer) = oneshot::channel();
        self.send(make(reply))?;
        match tokio::time::timeout(Duration::from_secs(10), answer).await {
            Ok(Ok(result)) => result,
            Ok(Err(_)) => Err(AudioError::Unavailable("the audio thread stopped".into())),
            Err(_) => Err(AudioError::Unavailable("the audio thread did not answer".into())),
        }
    }

    pub async fn play(
        &self,
        clip_id: String,
        path: PathBuf,
        format: String,
        duration: Duration,
    ) -> Result<PlaybackState, AudioError> {
        self.ask(|reply| Command::Play { clip_id, path, format, duration, reply }).await
    }

    pub async fn pause(&self) -> Result<PlaybackState, AudioError> {
        self.ask(Command::Pause).await
    }

    pub async fn resume(&self) -> Result<PlaybackState, AudioError> {
        self.ask(Command::Resume).await
    }

    pub async fn stop(&self) -> Result<PlaybackState, AudioError> {
        self.ask(Command::Stop).await
    }

    pub async fn seek(&self, to: Duration) -> Result<PlaybackState, AudioError> {
        self.ask(|reply| Command::Seek(to, reply)).await
    }

    pub async fn set_volume(&self, volume: f32) -> Result<PlaybackState, AudioError> {
        self.ask(|reply| Command::Volume(volume, reply)).await
    }

    pub async fn state(&self) -> Result<PlaybackState, AudioError> {
        self.ask(Command::State).await
    }

    /// Stops playback if this clip is playing (it is being deleted). Fire and forget.
    pub fn stop_if(&self, clip_id: &str) {
        let _ = self.send(Command::StopIf(clip_id.to_owned()));
    }
}

struct Current {
    clip_id: String,
    path: PathBuf,
    format: String,
    duration: Duration,
    /// Where the current player started in the clip (after a seek).
    base: Duration,
    paused: bool,
}

struct Engine {
    opener: Opener,
    output: Option<Output>,
    failed: Arc<AtomicBool>,
    device: AudioDevice,
    device_message: Option<String>,
    player: Option<Player>,
    current: Option<Current>,
    volume: f32,
    listener: Emitter<PlaybackState>,
    /// What was announced last (nothing is announced twice).
    announced: Option<PlaybackState>,
}

impl Engine {
    fn new(opener: Opener, listener: Emitter<PlaybackState>) -> Self {
        Engine {
            listener,
            announced: None,
            opener,
            output: None,
            failed: Arc::new(AtomicBool::new(false)),
            device: AudioDevice::NotOpened,
            device_message: None,
            player: None,
            current: None,
            volume: 1.0,
        }
    }

    fn run(mut self, rx: mpsc::Receiver<Command>) {
        loop {
            match rx.recv_timeout(TICK) {
                Ok(command) => self.handle(command),
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => break,
            }
            self.check_device();
            self.announce();
        }
    }

    /// Announces the state when it differs from the last one announced: a new status,
    /// clip, volume or device; while playing, the position (so once per tick); otherwise a
    /// position moved by a seek, not the few milliseconds a paused output still settles by.
    fn announce(&mut self) {
        let now = self.state();
        let told = match &self.announced {
            None => true,
            Some(last) => {
                let moved = last.position_ms.abs_diff(now.position_ms);
                PlaybackState { position_ms: now.position_ms, ..last.clone() } != now
                    || (now.status == PlaybackStatus::Playing && moved > 0)
                    || moved >= 100
            }
        };
        if told {
            self.listener.emit(now.clone());
            self.announced = Some(now);
        }
    }

    fn handle(&mut self, command: Command) {
        self.check_device();
        let (reply, result) = match command {
            Command::Play { clip_id, path, format, duration, reply } => {
                let result = self.play(Current {
                    clip_id,
                    path,
                    format,
                    duration,
                    base: Duration::ZERO,
                    paused: false,
                });
                (reply, result)
            }
            Command::Pause(reply) => {
                if let (Some(player), Some(cur)) = (&self.player, &mut self.current) {
                    player.pause();
                    cur.paused = true;
                }
                (reply, Ok(()))
            }
            Command::Resume(reply) => (reply, self.resume()),
            Command::Stop(reply) => {
                self.stop();
                (reply, Ok(()))
            }
            Command::Seek(to, reply) => (reply, self.seek(to)),
            Command::Volume(v, reply) => {
                self.volume = if v.is_finite() { v.clamp(0.0, 1.0) } else { 1.0 };
                if let Some(player) = &self.player {
                    player.set_volume(self.volume);
                }
                (reply, Ok(()))
            }
            Command::State(reply) => (reply, Ok(())),
            Command::StopIf(id) => {
                if self.current.as_ref().is_some_and(|c| c.clip_id == id) {
                    self.stop();
                }
                return;
            }
        };
        let _ = reply.send(result.map(|()| self.state()));
    }

    /// After a device error the output is dropped; the next play opens a new one. The clip
    /// stays paused where the device stopped pulling it (not at its start), so the position
    /// shown is where it was cut off and Resume goes on from there.
    fn check_device(&mut self) {
        if self.failed.swap(false, Ordering::SeqCst) {
            let cut_at = self.position();
            self.player = None;
            self.output = None;
            self.device = AudioDevice::Unavailable;
            self.device_message = Some("the audio device stopped working".into());
            if let Some(cur) = &mut self.current {
                cur.base = cut_at;
                cur.paused = true;
            }
        }
    }

    fn ensure_output(&mut self) -> Result<(), AudioError> {
        if self.output.is_some() {
            return Ok(());
        }
        self.failed = Arc::new(AtomicBool::new(false));
        let opener = self.opener.clone();
        let failed = self.failed.clone();
        let opened = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| opener(failed)))
            .unwrap_or_else(|_| Err(AudioError::Unavailable("opening the audio device failed".into())));
        match opened {
            Ok(output) => {
                self.output = Some(output);
                self.device = AudioDevice::Ready;
                self.device_message = None;
                Ok(())
            }
            Err(err) => {
                let message = match err {
                    AudioError::Unavailable(m) | AudioError::Unreadable(m) => m,
                };
                tracing::warn!(%message, "no audio output");
                self.device = AudioDevice::Unavailable;
                self.device_message = Some(message.clone());
                Err(AudioError::Unavailable(message))
            }
        }
    }

    /// Starts `cur` at `cur.base`, replacing whatever played before.
    fn play(&mut self, cur: Current) -> Result<(), AudioError> {
        self.player = None;
        self.ensure_output()?;
        let mut decoder =
            open_decoder(&cur.path, &cur.format).map_err(|e| AudioError::Unreadable(e.to_string()))?;
        if !cur.base.is_zero() {
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| decoder.try_seek(cur.base)))
                .map_err(|_| AudioError::Unreadable("seeking failed".into()))?
                .map_err(|e| AudioError::Unreadable(format!("seeking failed: {e}")))?;
        }
        let Some(output) = &self.output else {
            return Err(AudioError::Unavailable("no output".into()));
        };
        let player = Player::connect_new(&output.mixer);
        player.set_volume(self.volume);
        if cur.paused {
            player.pause();
        }
        // Test-only hook: the audio benchmark times the first sample the device pulls.
        #[cfg(test)]
        let decoder = super::bench::Tap::armed_for(&cur.path, decoder);
        player.append(decoder);
        self.player = Some(player);
        self.current = Some(cur);
        Ok(())
    }

    fn ended(&self) -> bool {
        self.player.as_ref().is_some_and(Player::empty)
    }

    fn resume(&mut self) -> Result<(), AudioError> {
        let Some(cur) = &self.current else {
            return Ok(());
        };
        if self.player.is_none() || self.ended() {
            // After the end (or a device error): start again from the beginning / position.
            let base = if self.ended() { Duration::ZERO } else { self.position() };
            let cur = Current {
                base,
                paused: false,
                clip_id: cur.clip_id.clone(),
                path: cur.path.clone(),
                format: cur.format.clone(),
                duration: cur.duration,
            };
            return self.play(cur);
        }
        if let (Some(player), Some(cur)) = (&self.player, &mut self.current) {
            player.play();
            cur.paused = false;
        }
        Ok(())
    }

    fn seek(&mut self, to: Duration) -> Result<(), AudioError> {
        let Some(cur) = &self.current else {
            return Ok(());
        };
        let to = to.min(cur.duration);
        let paused = cur.paused || self.ended();
        let next = Current {
            base: to,
            paused,
            clip_id: cur.clip_id.clone(),
            path: cur.path.clone(),
            format: cur.format.clone(),
            duration: cur.duration,
        };
        self.play(next)
    }

    fn stop(&mut self) {
        if let Some(player) = self.player.take() {
            player.stop();
        }
        self.current = None;
    }

    fn position(&self) -> Duration {
        match (&self.current, &self.player) {
            (Some(cur), Some(player)) => (cur.base + player.get_pos()).min(cur.duration),
            (Some(cur), None) => cur.base,
            _ => Duration::ZERO,
        }
    }

    fn state(&self) -> PlaybackState {
        let ms = |d: Duration| u32::try_from(d.as_millis()).unwrap_or(u32::MAX);
        let (status, position) = match &self.current {
            None => (PlaybackStatus::Idle, Duration::ZERO),
            Some(cur) if self.ended() => (PlaybackStatus::Ended, cur.duration),
            Some(cur) if cur.paused || self.player.is_none() => (PlaybackStatus::Paused, self.position()),
            Some(_) => (PlaybackStatus::Playing, self.position()),
        };
        PlaybackState {
            clip_id: self.current.as_ref().map(|c| c.clip_id.clone()),
            status,
            position_ms: ms(position),
            duration_ms: self.current.as_ref().map(|c| ms(c.duration)),
            volume: self.volume,
            device: self.device,
            device_message: self.device_message.clone(),
        }
    }
}
