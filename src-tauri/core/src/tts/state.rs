//! The TTS area's in-memory state and the plain types it holds: catalogs per session
//! (with the prices and library links that never leave the core), requests in flight,
//! running totals, and the retry policy. No service here: the `Tts` service (`service.rs`) owns it.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use url::Url;

use super::wire::{SpeechReceipt, TtsCatalog, TtsConfig};
use crate::billing::points::Points;

/// In-memory TTS state, owned by the `Tts` service: catalogs per session, requests in flight, running totals.
#[derive(Default)]
pub struct TtsState {
    catalogs: Mutex<HashMap<String, Arc<CachedCatalog>>>,
    inflight: Mutex<HashSet<String>>,
    /// Points charged since the app started, per context key.
    session_totals: Mutex<HashMap<String, (Points, u32)>>,
    policy: Mutex<RetryPolicy>,
    /// Audio of charged clips that could not be written to disk (a full disk), with the
    /// receipt it came with, kept for "Save again" until the app stops.
    kept: Mutex<HashMap<String, KeptAudio>>,
}

/// The most audio kept in memory for "Save again", all clips together.
pub const MAX_KEPT_BYTES: usize = 512 * 1024 * 1024;

/// A charged clip's audio that is only in memory, and the receipt it came with.
#[derive(Clone)]
pub struct KeptAudio {
    pub bytes: Arc<[u8]>,
    pub receipt: SpeechReceipt,
}

impl TtsState {
    pub fn remember_catalog(&self, catalog: Arc<CachedCatalog>) {
        let mut map = self.catalogs.lock().unwrap_or_else(PoisonError::into_inner);
        map.insert(catalog.view.session_id.clone(), catalog);
    }

    pub fn catalog_for(&self, session_id: &str) -> Option<Arc<CachedCatalog>> {
        self.catalogs.lock().unwrap_or_else(PoisonError::into_inner).get(session_id).cloned()
    }

    pub fn policy(&self) -> RetryPolicy {
        self.policy.lock().unwrap_or_else(PoisonError::into_inner).clone()
    }

    /// Tests shorten delays and timeouts.
    pub fn set_policy(&self, policy: RetryPolicy) {
        *self.policy.lock().unwrap_or_else(PoisonError::into_inner) = policy;
    }

    /// Marks a clip as being sent by this process; `None` when it already is.
    pub fn claim(self: &Arc<Self>, clip_id: &str) -> Option<InFlight> {
        let mut set = self.inflight.lock().unwrap_or_else(PoisonError::into_inner);
        set.insert(clip_id.to_owned()).then(|| InFlight { state: self.clone(), clip_id: clip_id.to_owned() })
    }

    pub fn add_session_charge(&self, context_key: &str, points: Option<Points>) {
        let mut map = self.session_totals.lock().unwrap_or_else(PoisonError::into_inner);
        let entry = map.entry(context_key.to_owned()).or_insert((Points::ZERO, 0));
        entry.0 = entry.0 + points.unwrap_or(Points::ZERO);
        entry.1 += 1;
    }

    /// Keeps a clip's unsaved audio; `false` (not kept) when that would pass [`MAX_KEPT_BYTES`].
    pub fn keep_audio(&self, clip_id: &str, audio: KeptAudio) -> bool {
        let mut map = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        map.remove(clip_id);
        let held: usize = map.values().map(|k| k.bytes.len()).sum();
        if held.saturating_add(audio.bytes.len()) > MAX_KEPT_BYTES {
            return false;
        }
        map.insert(clip_id.to_owned(), audio);
        true
    }

    pub fn kept_audio(&self, clip_id: &str) -> Option<KeptAudio> {
        self.kept.lock().unwrap_or_else(PoisonError::into_inner).get(clip_id).cloned()
    }

    pub fn forget_kept_audio(&self, clip_id: &str) {
        self.kept.lock().unwrap_or_else(PoisonError::into_inner).remove(clip_id);
    }

    pub fn session_total(&self, context_key: &str) -> (Points, u32) {
        self.session_totals
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(context_key)
            .copied()
            .unwrap_or_default()
    }
}

/// Held while a clip's request is being sent; releases the claim when dropped.
pub struct InFlight {
    state: Arc<TtsState>,
    clip_id: String,
}

impl Drop for InFlight {
    fn drop(&mut self) {
        self.state.inflight.lock().unwrap_or_else(PoisonError::into_inner).remove(&self.clip_id);
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PriceUnit {
    Characters,
    AudioSeconds,
    Other(String),
    /// The price names no unit.
    Missing,
}

/// A price as read: only what the platform actually said. A missing block size stays
/// missing (it is not 1), and a price with no readable amount has `points: None`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Price {
    pub unit: PriceUnit,
    pub unit_size: Option<u64>,
    pub points: Option<Points>,
}

/// A catalog as the core keeps it: the view the UI gets plus what never leaves the core.
#[derive(Debug)]
pub struct CachedCatalog {
    pub view: TtsCatalog,
    pub prices: HashMap<String, Price>,
    pub library_urls: HashMap<String, Url>,
}

impl CachedCatalog {
    pub fn config(&self, id: &str) -> Option<&TtsConfig> {
        self.view.configs.iter().find(|c| c.tts_config_id == id)
    }
}

/// How hard to try before handing the decision to the person.
#[derive(Debug, Clone)]
pub struct RetryPolicy {
    /// Sends per action, the first included.
    pub max_attempts: u32,
    pub base_delay: Duration,
    pub max_delay: Duration,
    /// A longer `Retry-After` stops automatic retries (the person decides when).
    pub max_retry_after: Duration,
    /// Whole request, headers and audio body.
    pub request_timeout: Duration,
    /// Longest pause between two pieces of the audio body before the download counts as
    /// stalled (a timeout: H1 allows an automatic retry under the same id).
    pub idle_timeout: Duration,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        RetryPolicy {
            max_attempts: 4,
            base_delay: Duration::from_millis(500),
            max_delay: Duration::from_secs(8),
            max_retry_after: crate::foundation::retry_after::MAX_AUTOMATIC_WAIT,
            request_timeout: Duration::from_secs(300),
            idle_timeout: Duration::from_secs(30),
        }
    }
}

impl RetryPolicy {
    /// Exponential backoff after attempt `n` (1-based), at least what `Retry-After` asked.
    pub fn delay(&self, attempt: u32, retry_after: Option<Duration>) -> Duration {
        let exp = self.base_delay.saturating_mul(1u32 << attempt.saturating_sub(1).min(16));
        exp.min(self.max_delay).max(retry_after.unwrap_or_default())
    }
}
