//! Checks a clip before it is played: it must decode from start to end, and a file shorter
//! than its own header says (a truncated download) is refused. Corrupt input is an error,
//! never a panic and never a hang (R3): the decoder runs under `catch_unwind`, the sample
//! count is capped, and the caller bounds the time.

use std::collections::HashMap;
use std::fs::File;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;
use std::time::SystemTime;

use rodio::decoder::DecoderBuilder;
use rodio::{Decoder, Source};

/// Longer than any clip the platform makes (9,999 characters at the slowest speed).
const MAX_DURATION: Duration = Duration::from_secs(3 * 60 * 60);
const MAX_BYTES: u64 = 256 * 1024 * 1024;

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Probe {
    pub duration: Duration,
    pub sample_rate: u32,
    pub channels: u16,
}

/// Why a clip cannot be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProbeError {
    #[error("the audio file cannot be read: {0}")]
    Io(String),
    #[error("the audio file is empty")]
    Empty,
    #[error("the audio file is too large")]
    TooLarge,
    #[error("not audio this app can decode: {0}")]
    Unrecognized(String),
    #[error("the audio holds no sound")]
    NoSound,
    #[error("the audio is truncated: {decoded_ms} ms of {declared_ms} ms")]
    Truncated { decoded_ms: u128, declared_ms: u128 },
    #[error("the decoder failed on this audio")]
    DecoderPanicked,
}

/// A decoder for a file, told its length and format so it can seek and know its duration.
pub fn open_decoder(path: &Path, format: &str) -> Result<Decoder<File>, ProbeError> {
    let file = File::open(path).map_err(|e| ProbeError::Io(e.to_string()))?;
    let len = file.metadata().map_err(|e| ProbeError::Io(e.to_string()))?.len();
    if len == 0 {
        return Err(ProbeError::Empty);
    }
    if len > MAX_BYTES {
        return Err(ProbeError::TooLarge);
    }
    let hint = format.to_ascii_lowercase();
    catch_unwind(AssertUnwindSafe(|| {
        DecoderBuilder::new()
            .with_data(file)
            .with_byte_len(len)
            .with_seekable(true)
            .with_gapless(true)
            .with_hint(&hint)
            .build()
    }))
    .map_err(|_| ProbeError::DecoderPanicked)?
    .map_err(|e| ProbeError::Unrecognized(e.to_string()))
}

/// Decodes the whole clip once.
pub fn probe(path: &Path, format: &str) -> Result<Probe, ProbeError> {
    let decoder = open_decoder(path, format)?;
    catch_unwind(AssertUnwindSafe(move || count(decoder))).map_err(|_| ProbeError::DecoderPanicked)?
}

fn count(mut decoder: Decoder<File>) -> Result<Probe, ProbeError> {
    let declared = decoder.total_duration();
    let sample_rate = decoder.sample_rate().get();
    let channels = decoder.channels().get();
    let cap = MAX_DURATION.as_secs() * u64::from(sample_rate) * u64::from(channels);
    let mut samples: u64 = 0;
    for _ in decoder.by_ref() {
        samples += 1;
        if samples > cap {
            return Err(ProbeError::TooLarge);
        }
    }
    if samples == 0 {
        return Err(ProbeError::NoSound);
    }
    let frames = samples / u64::from(channels.max(1));
    let duration = Duration::from_secs_f64(frames as f64 / f64::from(sample_rate.max(1)));
    if let Some(declared) = declared {
        // Allow for encoder padding and rounding; a lost tail is far more than this.
        let tolerance = Duration::from_millis(120).max(declared / 50);
        if duration + tolerance < declared {
            return Err(ProbeError::Truncated {
                decoded_ms: duration.as_millis(),
                declared_ms: declared.as_millis(),
            });
        }
    }
    Ok(Probe { duration, sample_rate, channels })
}

/// What identifies a file's content for the cache: its length and modification time. A
/// file rewritten in any way (a new export over it, a damaged disk block rewritten, a
/// truncation) changes one of them and is decoded again before it plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stamp {
    len: u64,
    modified: Option<SystemTime>,
}

impl Stamp {
    pub fn of(path: &Path) -> Option<Stamp> {
        let meta = std::fs::metadata(path).ok()?;
        Some(Stamp { len: meta.len(), modified: meta.modified().ok() })
    }
}

/// Clips already decoded from start to end, so a replay (the audio ledger, a comparison
/// played in turn) starts without decoding the whole file again. Keyed by path and [`Stamp`].
#[derive(Default)]
pub struct ProbeCache {
    checked: Mutex<HashMap<PathBuf, (Stamp, Probe)>>,
    /// How many full decodes ran (tests read it).
    decodes: std::sync::atomic::AtomicUsize,
}

impl ProbeCache {
    const MAX_ENTRIES: usize = 512;

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<PathBuf, (Stamp, Probe)>> {
        self.checked.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn get(&self, path: &Path, stamp: Stamp) -> Option<Probe> {
        self.lock().get(path).filter(|(s, _)| *s == stamp).map(|(_, p)| *p)
    }

    pub fn put(&self, path: PathBuf, stamp: Stamp, probe: Probe) {
        let mut checked = self.lock();
        if checked.len() >= Self::MAX_ENTRIES {
            checked.clear();
        }
        checked.insert(path, (stamp, probe));
    }

    pub fn count_decode(&self) {
        self.decodes.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    }

    pub fn decodes(&self) -> usize {
        self.decodes.load(std::sync::atomic::Ordering::Relaxed)
    }
}
